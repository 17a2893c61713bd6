// `npm test`: unit tests (vitest), a smoke of `lesson check` on one quick lesson, and end-to-end
// tests (Playwright in real Chromium against the built app), then one closing line
// "N passed, N failed" over all of them.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync } from 'node:fs'
import { findChromium } from './chromium.mjs'
import { lessonSmoke, SMOKE_LESSON } from './lessonSmoke.mjs'

const RESULTS = 'test-results'
mkdirSync(RESULTS, { recursive: true })

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null
}

let passed = 0
let failed = 0

// Unit tests.
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}/unit.json`])
const unit = readJson(`${RESULTS}/unit.json`)
if (unit) {
  passed += unit.numPassedTests
  failed += unit.numFailedTests + (unit.numTotalTestSuites > 0 && unit.success === false && unit.numFailedTests === 0 ? 1 : 0)
} else {
  console.error('vitest wrote no results: counting the unit suite as one failure')
  failed += 1
}

// The lesson checker on one quick lesson, counted as one test.
const smoke = lessonSmoke()
if (smoke.problems.length === 0) {
  console.log(`lesson check ${SMOKE_LESSON} smoke passed (${smoke.seconds.toFixed(1)} s)`)
  passed += 1
} else {
  console.error(`lesson check ${SMOKE_LESSON} smoke failed (${smoke.seconds.toFixed(1)} s): ${smoke.problems.join('; ')}`)
  failed += 1
}

// End-to-end tests.
let chromiumPath = null
try {
  chromiumPath = findChromium()
} catch (error) {
  console.error(error.message)
  failed += 1
}
if (chromiumPath) {
  const buildStatus = process.env.SKIP_BUILD === '1' ? 0 : run('npx', ['vite', 'build', '--logLevel', 'warn'])
  if (buildStatus !== 0) {
    console.error('the app did not build, so the end-to-end tests could not run')
    failed += 1
  } else {
    run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromiumPath })
    const e2e = readJson(`${RESULTS}/e2e.json`)
    if (e2e) {
      passed += e2e.stats.expected + e2e.stats.flaky
      failed += e2e.stats.unexpected
      if (e2e.errors?.length) failed += e2e.errors.length
    } else {
      console.error('Playwright wrote no results: counting the end-to-end suite as one failure')
      failed += 1
    }
  }
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 && passed > 0 ? 0 : 1)
