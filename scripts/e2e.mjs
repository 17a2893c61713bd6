// `npm run test:e2e [-- SPEC …]`: the end-to-end tests alone (Playwright in real Chromium against
// the built app). Builds the app first unless SKIP_BUILD=1; any arguments go to `playwright test`.
import { spawnSync } from 'node:child_process'
import { findChromium } from './chromium.mjs'

function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
}

let chromiumPath
try {
  chromiumPath = findChromium()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
if (process.env.SKIP_BUILD !== '1' && run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  console.error('the app did not build, so the end-to-end tests could not run')
  process.exit(1)
}
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)], { CHROMIUM_PATH: chromiumPath }))
