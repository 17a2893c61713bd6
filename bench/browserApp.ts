import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { BACKEND_NAMES } from '../src/learn/chooseBackend'
import { buildApp } from './buildApp'
import { onCleanup } from './cleanup'
import { chromiumPath } from './machine'
import { serveStatic } from './staticServer'
import { progress } from './stats'

/** The flags measured to run Debian's Chromium headless on a closed network (docs/references.md). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const PROBE_SCRIPT = fileURLToPath(new URL('./pageProbe.js', import.meta.url))

/**
 * Build the app, serve it and launch headless Chromium; `use` gets the browser, the app's URL and
 * the build folder (a temporary one: a section may add files beside the app there). The browser,
 * the server and the build folder are removed afterwards, or by the bench's own signal handler
 * (Playwright's would exit the process before those). `extraChromiumArgs` add to the usual flags
 * (`--enable-unsafe-webgpu` for the WebGPU adapter).
 */
export async function withBuiltApp<T>(
  use: (browser: Browser, url: string, buildSeconds: number, buildDir: string) => Promise<T>,
  extraChromiumArgs: readonly string[] = [],
): Promise<T> {
  const executablePath = chromiumPath()
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}; install one (sudo apt-get install chromium) or set CHROMIUM_PATH`)
  }
  progress('building the app with Vite…')
  const build = await buildApp()
  progress(`built in ${build.seconds.toFixed(1)} s`)
  const server = await serveStatic(build.dir)
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraChromiumArgs], handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false })
  const closeBrowser = onCleanup(() => browser.close())
  try {
    return await use(browser, server.url, build.seconds, build.dir)
  } finally {
    await closeBrowser()
    await server.close()
    await build.remove()
  }
}

/**
 * The app with `query` in a fresh browser context (a profile of its own), or as one more tab of
 * `context` (tabs of one profile share its storage and see each other's broadcasts), once the
 * worker has reported its backend.
 */
export async function openApp(browser: Browser, baseUrl: string, query: URLSearchParams, context?: BrowserContext): Promise<{ page: Page; backendUsed: string | null; backendText: string; close: () => Promise<void> }> {
  const own = context ?? (await newAppContext(browser))
  const page = await own.newPage()
  const close = onCleanup(() => (context ? page.close() : own.close()))
  await page.addInitScript({ path: PROBE_SCRIPT })
  await page.goto(`${baseUrl}?${query}`)
  // Start once the worker reports its backend, so the cap does not count backend start-up.
  await page.waitForFunction(`/Backend: (?!…)\\S/.test(document.querySelector('[aria-label="Compute backend"]')?.textContent ?? '')`, undefined, { timeout: 60_000 })
  const backendText = (await page.getByRole('status', { name: 'Compute backend' }).textContent()) ?? ''
  // The status reads "Backend: wasm" followed directly by the reason.
  const backendUsed = new RegExp(`Backend: (${[...BACKEND_NAMES, 'none'].join('|')})`).exec(backendText)?.[1] ?? null
  return { page, backendUsed, backendText, close }
}

/** A browser context (a profile) at the bench's window size. */
export function newAppContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 720 } })
}

/** A run figure as the status bar shows it ("204,288"), by its name ("Steps", "Steps/s"). */
export async function runFigureText(page: Page, name: string): Promise<string | null> {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]').textContent()
}
