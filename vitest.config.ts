import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/** The folders whose modules keep state of their own (stores, the link's extras, the worker's session): each test file gets fresh ones. */
const STATEFUL = ['src/state/**/*.test.ts', 'src/storage/**/*.test.ts', 'src/worker/**/*.test.ts', 'src/ui/**/*.test.ts']

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // One test file per core (Vitest's default leaves one core free): the suite is CPU-bound, and on
    // a 2-core machine the default runs one file at a time while the second core idles.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // The pure layers' test files share their worker's modules: importing TensorFlow.js and the
        // app's modules once per worker, not once per file, more than halves the suite's time. A file
        // that changes shared state (the tf backend) puts it back in its afterAll.
        test: { name: 'shared', include: ['src/**/*.test.ts', 'bench/**/*.test.ts'], exclude: STATEFUL, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: STATEFUL, isolate: true } },
    ],
  },
})
