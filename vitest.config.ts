import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // The test files of a worker share its modules: importing TensorFlow.js and the app's modules once
    // per worker, not once per file, more than halves the suite's time. A file that changes shared
    // state (the tf backend) puts it back in its afterAll.
    isolate: false,
  },
})
