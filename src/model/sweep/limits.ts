/*
 * The bounds a sweep definition is held to, in one place, so that messages, docs/sweeps.md and the
 * checks say the same numbers.
 */

/** The most axes: a figure against one axis is a curve, against two a heat map; three have no picture. */
export const MAX_SWEEP_AXES = 2

/**
 * The most runs (points × seeds) one sweep trains. At a second a run, 10,000 runs are hours on a
 * laptop and minutes on a cluster; beyond that a definition is more likely a typo than a plan.
 */
export const MAX_SWEEP_RUNS = 10_000

/** The most environment steps per run: `train --steps`' own bound (a test holds the two equal). */
export const MAX_SWEEP_STEPS = 1_000_000_000

/** Significant digits a range's points keep, so that 0.01:1:3:log is 0.01, 0.1, 1 and not 0.09999999999999999. */
export const RANGE_DIGITS = 12

/**
 * The most runs the page's sweep panel trains: it keeps every run's record in IndexedDB and draws
 * every point, focusable, in its charts. At CliffWalking's fraction of a second a run that is
 * minutes on two cores; bigger sweeps belong to the command line (sweep --shard).
 */
export const MAX_PAGE_SWEEP_RUNS = 1000

/**
 * The most bytes of a definition file the page's Sweep panel imports: a setup file's own bound
 * (setupFile.ts, 256 KiB) for its config, and as much again for the axes (the page's 1000 runs
 * listed one by one are under 30 KB). A bigger file is more likely the wrong file than a sweep.
 */
export const MAX_DEFINITION_FILE_BYTES = 512 * 1024

/**
 * The most characters of the link's sweep= value. Its axes are written as typed (a range stays
 * lo:hi:N), so a sweep is a few dozen characters; 2000 still lists 200 values, and keeps the whole
 * link under the 8 KB many servers and chat tools cut links at. A longer sweep travels as its file.
 */
export const MAX_SWEEP_LINK_CHARS = 2000
