// Find a Chromium for the end-to-end tests: $CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own install; if none exists, try Playwright's installer (works where the internet
// is open) and otherwise explain how to get one.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { chromium } from 'playwright'

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

function playwrightChromium() {
  try {
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : null
  } catch {
    return null
  }
}

export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist; set it to a Chromium or Chrome executable`)
  }
  const system = SYSTEM_PATHS.find((path) => existsSync(path))
  if (system) return system
  const bundled = playwrightChromium()
  if (bundled) return bundled
  if (install) {
    console.error('No Chromium found; trying `npx playwright install chromium`…')
    spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
    const installed = playwrightChromium()
    if (installed) return installed
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium` (Debian/Ubuntu) ' +
      'or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  )
}
