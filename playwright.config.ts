import { defineConfig } from '@playwright/test'

// Flags measured to run Debian's Chromium headless on a closed network (see the README).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const executablePath = process.env.CHROMIUM_PATH || undefined
// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT) || 4173

export default defineConfig({
  testDir: 'e2e',
  // Training is CPU-heavy: one browser at a time keeps a 2-core machine honest.
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 720 },
    // No trace: recording one for every test (to keep it on failure) costs a third of the suite's time;
    // a failure's screenshot is kept instead.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /webgpu\.spec\.ts/,
      use: { browserName: 'chromium', launchOptions: { executablePath, args: CHROMIUM_ARGS } },
    },
    {
      // A machine without a GPU has only SwiftShader's software adapter, and only with this flag.
      name: 'chromium-webgpu',
      testMatch: /webgpu\.spec\.ts/,
      use: { browserName: 'chromium', launchOptions: { executablePath, args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] } },
    },
  ],
})
