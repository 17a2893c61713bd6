/*
 * Every key a link may hold, in one table: what it carries, which file reads it and which writes it.
 * The link code takes its keys from here (LINK.<name>), so a key cannot be read under one spelling
 * and written under another, and docs/links.md is checked against this table.
 *
 * A key ending in "." is a prefix: `p.gravity`, `w.alive`, `ws.alive`, `l.learningRate`.
 * The design's keys are read and written by model/ (the design as search parameters); the page's
 * own settings beside the design ("extras") by state/, through state/link/urlExtras.ts.
 */

export interface LinkKeyEntry {
  /** The key as it appears in the address; a trailing "." makes it a prefix. */
  key: string
  /** What its value carries, with an example. */
  meaning: string
  /** 'design' keys make the design; 'page' keys are the page's settings kept beside it. */
  part: 'design' | 'page'
  /** The file (under src/) that reads the key from a link. */
  readBy: string
  /** The file (under src/) that writes the key into the address. */
  writtenBy: string
}

export const LINK = {
  env: 'env',
  seed: 'seed',
  param: 'p.',
  weight: 'w.',
  schedule: 'ws.',
  constraint: 'wc.',
  learner: 'l',
  learnerField: 'l.',
  reward: 'r',
  rewardCompressed: 'rz',
  views: 'v',
  classroom: 'c',
  presenter: 'present',
  lesson: 'lesson',
  sweep: 'sweep',
  seeds: 'seeds',
  backend: 'backend',
  rollouts: 'rollouts',
} as const

export type LinkKeyName = keyof typeof LINK
/** A page setting's key: those state/link/urlExtras.ts keeps beside the design. */
export type PageKey = (typeof LINK)['views' | 'classroom' | 'presenter' | 'lesson' | 'sweep' | 'seeds' | 'backend' | 'rollouts']

export const LINK_KEYS: Record<LinkKeyName, LinkKeyEntry> = {
  env: { key: LINK.env, part: 'design', meaning: 'the environment id, e.g. env=mountaincar', readBy: 'model/designLink.ts', writtenBy: 'model/designLink.ts' },
  seed: { key: LINK.seed, part: 'design', meaning: 'the run seed, a whole number, e.g. seed=3', readBy: 'model/designLink.ts', writtenBy: 'model/designLink.ts' },
  param: { key: LINK.param, part: 'design', meaning: 'an environment parameter off its default, e.g. p.slippery=false', readBy: 'model/designLink.ts', writtenBy: 'model/designLink.ts' },
  weight: { key: LINK.weight, part: 'design', meaning: "a component's weight off its default, e.g. w.alive=0.5", readBy: 'model/designLink.ts', writtenBy: 'model/designLink.ts' },
  schedule: { key: LINK.schedule, part: 'design', meaning: "a weight's schedule, kind_from_to_steps, e.g. ws.alive=linear_1_0_10000", readBy: 'model/scheduleLink.ts', writtenBy: 'model/scheduleLink.ts' },
  constraint: { key: LINK.constraint, part: 'design', meaning: "a cost's budget, budget_stepSize_initial, its weight −λ, e.g. wc.work=10_0.01_0", readBy: 'model/constraintLink.ts', writtenBy: 'model/constraintLink.ts' },
  learner: { key: LINK.learner, part: 'design', meaning: 'the learner kind, e.g. l=ppo', readBy: 'model/learnerCodec.ts', writtenBy: 'model/learnerCodec.ts' },
  learnerField: { key: LINK.learnerField, part: 'design', meaning: "a learner option off its default, e.g. l.learningRate=0.001 (a DPO run's pairs as l.preferences JSON)", readBy: 'model/learnerCodec.ts', writtenBy: 'model/learnerCodec.ts' },
  reward: { key: LINK.reward, part: 'design', meaning: 'the reward extras (terms, shaping, bonuses, transforms, reward models) as JSON', readBy: 'model/designLink.ts', writtenBy: 'model/designLink.ts' },
  rewardCompressed: { key: LINK.rewardCompressed, part: 'design', meaning: 'the same JSON deflated and base64url-coded, written instead of r when shorter', readBy: 'state/link/readLink.ts', writtenBy: 'state/link/rewardLink.ts' },
  views: { key: LINK.views, part: 'page', meaning: 'the open views and their settings', readBy: 'state/link/readLink.ts', writtenBy: 'state/link/readLink.ts' },
  classroom: { key: LINK.classroom, part: 'page', meaning: "classroom mode: the controls a teacher's link shows", readBy: 'state/link/readLink.ts', writtenBy: 'state/link/classroom.ts' },
  presenter: { key: LINK.presenter, part: 'page', meaning: 'the presenter layout, present=1', readBy: 'state/link/readLink.ts', writtenBy: 'state/link/classroom.ts' },
  lesson: { key: LINK.lesson, part: 'page', meaning: 'the open lesson, e.g. lesson=reward-hacking', readBy: 'state/lessons/lessonSession.ts', writtenBy: 'state/lessons/lessonSession.ts' },
  sweep: { key: LINK.sweep, part: 'page', meaning: "a sweep's axes, seeds and steps to fill the Sweep panel with", readBy: 'state/link/readLink.ts', writtenBy: 'state/sweep/sweepFields.ts' },
  seeds: { key: LINK.seeds, part: 'page', meaning: 'how many seeds train at once, e.g. seeds=3', readBy: 'state/run/seedFleet.ts', writtenBy: 'state/run/seedFleet.ts' },
  backend: { key: LINK.backend, part: 'page', meaning: 'a forced TensorFlow.js backend: webgpu, wasm, webgl or cpu', readBy: 'state/link/urlSync.ts', writtenBy: 'state/link/urlSync.ts' },
  rollouts: { key: LINK.rollouts, part: 'page', meaning: "the Your rollouts panel's design: weights and transforms by component name, combine, estimator and loss aggregation (never the file's data)", readBy: 'state/rollouts/rollouts.ts', writtenBy: 'state/rollouts/rollouts.ts' },
}
