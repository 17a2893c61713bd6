import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { onCleanup } from './cleanup'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Build the app with Vite into a fresh temporary folder (never touching dist/, which others use);
 * the folder is removed by the returned `remove` or at the bench's cleanup.
 */
export async function buildApp(): Promise<{ dir: string; seconds: number; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reward-playground-bench-'))
  const remove = onCleanup(() => rm(dir, { recursive: true, force: true }))
  const started = performance.now()
  await new Promise<void>((resolve, reject) => {
    // Vite's own output goes to stderr so that `--json` keeps stdout clean.
    const child = spawn('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 2, 2] })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`))))
  })
  return { dir, seconds: (performance.now() - started) / 1000, remove }
}
