import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  // Relative asset paths so the built app also works from a sub-folder (a static host, a file share).
  base: './',
  worker: { format: 'es' },
  // Bundle TensorFlow.js up front: otherwise the dev server reloads the page the first time a
  // worker imports it, which interrupts a run that just started.
  optimizeDeps: {
    include: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', '@tensorflow/tfjs-backend-webgpu', 'react', 'react-dom', 'recharts', 'zustand', 'zod'],
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
})
