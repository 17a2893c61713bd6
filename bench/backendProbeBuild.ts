import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'vite'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The folder inside the built app that the probe is written to: same origin, not part of the app. */
export const PROBE_FOLDER = 'bench-probe'
const UNUSED_URL = '\0bench-unused-wasm-url'

/**
 * The probe passes initBackend the app's own wasmPaths, so src/learn/wasmPaths.ts's `?url`
 * imports are never read; a library build would inline each binary as base64 instead.
 */
const stubWasmUrls: Plugin = {
  name: 'bench-stub-wasm-urls',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.wasm?url') ? UNUSED_URL : null),
  load: (id) => (id === UNUSED_URL ? 'export default ""' : null),
}

/**
 * Bundle bench/backendProbe.ts (TensorFlow.js and the app's initBackend) into `<appDir>/bench-probe/`
 * beside a blank page that loads it. Returns the page's path under the app's URL and the path of
 * the app's wasmPaths chunk (assets/wasmPaths-*.js), which the probe imports for the binaries.
 */
export async function buildBackendProbe(appDir: string): Promise<{ pagePath: string; wasmPathsModule: string }> {
  const assets = await readdir(path.join(appDir, 'assets'))
  const wasmPathsChunk = assets.find((name) => /^wasmPaths-.*\.js$/.test(name))
  if (wasmPathsChunk === undefined) throw new Error(`the built app has no assets/wasmPaths-*.js chunk (found ${assets.join(', ')})`)
  const outDir = path.join(appDir, PROBE_FOLDER)
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [stubWasmUrls],
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 8192,
      lib: { entry: path.join(ROOT, 'bench/backendProbe.ts'), formats: ['es'], fileName: 'backendProbe' },
      // A slow plugin on a busy machine is no news here: keep the bench's stderr to its progress.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  })
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html>\n<meta charset="utf-8">\n<title>backend probe</title>\n<link rel="icon" href="data:,">\n<script type="module" src="./backendProbe.js"></script>\n')
  return { pagePath: `${PROBE_FOLDER}/index.html`, wasmPathsModule: `assets/${wasmPathsChunk}` }
}
