import { create } from 'zustand'
import { errorMessage } from '../../core/errorMessage'
import type { LabelerBias } from '../../core/preferences/biasedLabeler'
import { FEATURED_ENVIRONMENTS } from '../../core/preferences/completionFeatures'
import { MAX_PREFERENCE_PAIRS } from '../../core/preferences/limits'
import { tokenPairRecord } from '../../core/preferences/tokenPairRecord'
import { segmentPairRecord } from '../../core/preferences/segmentPairRecord'
import { rewardModelFeaturesFor } from '../../core/preferences/rewardModelFeatures'
import { TOKEN_FEATURE_NAMES } from '../../core/preferences/tokenFeatures'
import { hasFeatures, labelsToGoldPairs, labelsToJsonl, readLabelsJsonlInChunks } from '../../storage/labelFile'
import { openRunLibrary, type LabelListing, type RunLibrary } from '../../storage/runLibrary'
import type { LabelChoice, LabelSource, SavedLabel, SavedLabelRecord, UnlabelledPair } from '../../storage/savedLabel'
import { isSegmentPair, type DrawnPair, type FitOptions, type FittedRewardModel } from '../../worker/protocol'
import { fitInWorker } from './rewardModelFitClient'
import { usePlayground } from '../run/store'
import { drawPairsFromWorker } from '../run/trainingClient'

/*
 * The Label pairs panel's live side: the labelled pairs (kept in the library's labels store, read
 * back on load), the pairs waiting for a person's choice (drawn by the training worker from the
 * run's policy, or the start policy before any training), the simulated labeler, import and
 * export as the command line's pairs file, and the fit of a reward model in a worker of its own.
 */

/** Pairs drawn for a person at a time: enough to label for a while, few enough to come at once. */
export const PAIRS_PER_PAGE = 16

export interface FitState {
  status: 'idle' | 'fitting' | 'done' | 'failed'
  /** When the fit now under way began (performance.now()). */
  startedAt: number
  result: FittedRewardModel | null
  options: FitOptions | null
  problem: string | null
}

export interface LabelsState {
  /** 'opening' until the library answers; 'off' where the browser keeps nothing (labels then last until the page closes). */
  storage: 'opening' | 'ready' | 'off'
  labels: SavedLabel[]
  damaged: LabelListing['damaged']
  /** Pairs waiting for a person's choice, the one shown first. */
  queue: DrawnPair[]
  /** Which policy wrote the pairs in the queue. */
  queueSource: 'current' | 'start' | null
  drawing: boolean
  /** One message for the user: what went wrong, or what the last action did. */
  message: string | null
  fit: FitState
  /** A file's pairs being imported: read and checked, then kept, so many of how many. */
  importing: ImportProgress | null
  /** Kept labels read back so far while the library is read ('opening'). */
  readBack: number
}

export interface ImportProgress {
  phase: 'reading' | 'keeping'
  done: number
  total: number
}

const IDLE_FIT: FitState = { status: 'idle', startedAt: 0, result: null, options: null, problem: null }

export const useLabels = create<LabelsState>()(() => ({ storage: 'opening', labels: [], damaged: [], queue: [], queueSource: null, drawing: false, message: null, fit: IDLE_FIT, importing: null, readBack: 0 }))

let library: Promise<RunLibrary | null> | null = null
/** Labels kept only in memory (no storage) are numbered from here down, apart from the store's keys. */
let memoryKey = 0

/** Open the library and read the labels (once); later calls wait for the same opening. */
export function openLabels(): Promise<RunLibrary | null> {
  library ??= (async () => {
    const opened = await openRunLibrary({ closed: ({ error }) => useLabels.setState({ storage: 'off', message: `Labels are not kept after the page closes: ${error.message}` }) })
    if (!opened.ok) {
      useLabels.setState({ storage: 'off', message: `Labels are not kept after the page closes: ${opened.error.message}` })
      return null
    }
    try {
      // Read in pages, so a library of 100,000 labels never blocks the page at once.
      const listing = await opened.library.listLabels({ onProgress: (read) => useLabels.setState({ readBack: read }) })
      useLabels.setState({ storage: 'ready', labels: listing.labels, damaged: listing.damaged, readBack: listing.labels.length + listing.damaged.length })
    } catch (error) {
      useLabels.setState({ storage: 'off', message: `The labels could not be read: ${errorMessage(error)}` })
      return null
    }
    return opened.library
  })()
  return library
}

/** Keep new labels (in the library where there is one); what cannot be stored stays for this page, with the reason. */
async function keepLabels(records: SavedLabelRecord[], onProgress?: (done: number) => void): Promise<void> {
  const opened = await openLabels()
  let kept: SavedLabel[]
  try {
    kept = opened === null ? records.map((record) => ({ ...record, id: --memoryKey })) : await opened.addLabels(records, { onProgress })
  } catch (error) {
    kept = records.map((record) => ({ ...record, id: --memoryKey }))
    useLabels.setState({ message: `Labels kept for this page only (not after a reload): ${errorMessage(error)}` })
  }
  useLabels.setState((state) => ({ labels: [...state.labels, ...kept] }))
}

function pairOf(drawn: DrawnPair): UnlabelledPair {
  const { label: _label, ...pair } = isSegmentPair(drawn) ? segmentPairRecord(drawn.env, drawn.featureNames, drawn.a, drawn.b, 'a', drawn.label?.probability) : tokenPairRecord(drawn.a, drawn.b, 'a', drawn.label?.probability)
  return pair
}

/** The feature names of the page's environment's pairs: its segments' on CartPole and the grid worlds, else the token task's. */
export function pageFeatureNames(): readonly string[] {
  const declared = rewardModelFeaturesFor(usePlayground.getState().spec)
  return declared?.kind === 'step' ? declared.names : TOKEN_FEATURE_NAMES
}

/** The kept labels of the page's environment's pairs (the store keeps every environment's). */
export function labelsHere(labels: readonly SavedLabel[], names: readonly string[] = pageFeatureNames()): SavedLabel[] {
  return labels.filter((label) => hasFeatures(label.pair, names))
}

function recordOf(pair: UnlabelledPair, choice: LabelChoice, source: LabelSource): SavedLabelRecord {
  return { version: 1, createdAt: Date.now(), source, choice, pair }
}

/** Where drawn pairs came from, in words: the run's latest batch (completions) or steps (segments), else the start policy. */
export function pairSourceText(source: 'current' | 'start' | null, segments: boolean): string {
  if (source === 'current') return segments ? "the run's latest steps (its current policy)" : "the run's latest batch"
  return segments ? "the random start policy's walk" : 'the start policy'
}

/** Draw a page of pairs for a person to label (from the run's latest batch or steps where it has them). */
export async function drawPairsToLabel(count = PAIRS_PER_PAGE): Promise<void> {
  if (useLabels.getState().drawing) return
  useLabels.setState({ drawing: true })
  try {
    const { design } = usePlayground.getState()
    const drawn = await drawPairsFromWorker({ source: 'current', params: design.params, seed: design.seed, count, env: design.envId })
    useLabels.setState((state) => ({ queue: [...state.queue, ...drawn.pairs], queueSource: drawn.source, drawing: false }))
  } catch (error) {
    useLabels.setState({ drawing: false, message: `No pairs could be drawn: ${errorMessage(error)}` })
  }
}

/** The person's choice for the pair shown (a, b, a tie, or skip), and the next pair; more are drawn as the queue runs low. */
export function pick(choice: LabelChoice | 'skip'): void {
  const [shown, ...rest] = useLabels.getState().queue
  if (!shown) return
  useLabels.setState({ queue: rest })
  if (rest.length === 0) void drawPairsToLabel()
  if (choice === 'skip') return
  if (useLabels.getState().labels.length >= MAX_PREFERENCE_PAIRS) {
    useLabels.setState({ message: `${MAX_PREFERENCE_PAIRS} pairs are labelled, the most a fit takes; export them and clear some to label more` })
    return
  }
  void keepLabels([recordOf(pairOf(shown), choice, 'user')])
}

/** Label `count` fresh pairs with the simulated labeler (Bradley–Terry over the gold at `temperature`, with `biases`). */
export async function labelBySimulation(count: number, temperature: number, biases: LabelerBias[]): Promise<void> {
  const room = MAX_PREFERENCE_PAIRS - useLabels.getState().labels.length
  if (count > room) {
    useLabels.setState({ message: `${count} more pairs would pass the ${MAX_PREFERENCE_PAIRS} a fit takes (${room} more fit); label fewer, or clear the labels` })
    return
  }
  if (useLabels.getState().drawing) return
  useLabels.setState({ drawing: true, message: null })
  try {
    const { design } = usePlayground.getState()
    const drawn = await drawPairsFromWorker({ source: 'current', params: design.params, seed: design.seed, count, labeler: { temperature, biases }, env: design.envId })
    await keepLabels(drawn.pairs.map((pair) => recordOf(pairOf(pair), pair.label?.label ?? 'a', 'simulated')))
    const segments = !FEATURED_ENVIRONMENTS.includes(design.envId)
    const from = pairSourceText(drawn.source, segments)
    const fewer = drawn.pairs.length < count ? ` (${segments ? 'the latest steps hold' : 'the batch holds'} ${drawn.pairs.length}; train on, or label again, for more)` : ''
    useLabels.setState({ drawing: false, message: `The simulated labeler labelled ${drawn.pairs.length} pairs from ${from}${fewer}.` })
  } catch (error) {
    useLabels.setState({ drawing: false, message: `The simulated labeler could not label: ${errorMessage(error)}` })
  }
}

/** The labels as JSONL (the command line's pairs file, ties and who labelled each included), and how many are ties. */
export function exportLabels(): { text: string; ties: number } {
  return labelsToJsonl(labelsHere(useLabels.getState().labels))
}

/**
 * Read a pairs file and keep its pairs as labels; a bad file changes nothing and is named by its
 * first problem. Read and kept in chunks, the panel saying how far it got, so the page stays
 * responsive at the documented 100,000 pairs.
 */
export async function importLabels(text: string): Promise<void> {
  if (useLabels.getState().importing !== null) return
  useLabels.setState({ importing: { phase: 'reading', done: 0, total: 0 }, message: null })
  try {
    const read = await readLabelsJsonlInChunks(text, MAX_PREFERENCE_PAIRS - useLabels.getState().labels.length, pageFeatureNames(), usePlayground.getState().design.envId, (done, total) =>
      useLabels.setState({ importing: { phase: 'reading', done, total } }),
    )
    if (!read.ok) {
      useLabels.setState({ message: `The file was not imported: ${read.problem}` })
      return
    }
    const total = read.pairs.length
    useLabels.setState({ importing: { phase: 'keeping', done: 0, total } })
    await keepLabels(
      read.pairs.map(({ pair, choice, source }) => recordOf(pair, choice, source)),
      (done) => useLabels.setState({ importing: { phase: 'keeping', done, total } }),
    )
    useLabels.setState((state) => ({ message: state.message ?? `Imported ${total} labelled pairs.` }))
  } finally {
    useLabels.setState({ importing: null })
  }
}

/** The import's progress in words: "Importing pairs: 40,000 of 100,000 read". */
export function importProgressText({ phase, done, total }: ImportProgress): string {
  const count = (n: number) => n.toLocaleString('en-US')
  return total === 0 ? 'Importing pairs: reading the file…' : `Importing pairs: ${count(done)} of ${count(total)} ${phase === 'reading' ? 'read' : 'kept'}`
}

/** Remove kept labels (damaged ones included) by their keys, from the library and the page; the others stay. */
export async function removeLabels(keys: readonly IDBValidKey[], what: string): Promise<void> {
  const opened = await openLabels()
  const storedKeys = keys.filter((key) => !(typeof key === 'number' && key < 0))
  try {
    if (storedKeys.length > 0) await opened?.deleteLabels(storedKeys)
  } catch (error) {
    useLabels.setState({ message: `${capitalised(what)} could not be removed: ${errorMessage(error)}` })
    return
  }
  const removed = new Set(keys)
  useLabels.setState((state) => ({
    labels: state.labels.filter((label) => !removed.has(label.id)),
    damaged: state.damaged.filter((record) => !removed.has(record.key)),
    message: `Removed ${what}.`,
  }))
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Forget every label (and every damaged record). */
export async function clearLabels(): Promise<void> {
  const opened = await openLabels()
  try {
    await opened?.deleteLabels()
    useLabels.setState({ labels: [], damaged: [], message: 'The labels were cleared.' })
  } catch (error) {
    useLabels.setState({ message: `The labels could not be cleared: ${errorMessage(error)}` })
  }
}

/** Fit a reward model to the decided labels in a worker of its own. */
export async function fitRewardModel(options: FitOptions): Promise<void> {
  const input = labelsToGoldPairs(useLabels.getState().labels, pageFeatureNames())
  if (input === null) {
    useLabels.setState({ fit: { ...IDLE_FIT, status: 'failed', problem: 'there are no labelled pairs to fit (ties say nothing to a fit); label some first' } })
    return
  }
  useLabels.setState({ fit: { ...IDLE_FIT, status: 'fitting', startedAt: performance.now(), options } })
  try {
    const result = await fitInWorker(input.featureNames, input.pairs, options)
    useLabels.setState((state) => ({ fit: { ...state.fit, status: 'done', result } }))
  } catch (error) {
    useLabels.setState((state) => ({ fit: { ...state.fit, status: 'failed', problem: errorMessage(error) } }))
  }
}

export function dismissLabelMessage(): void {
  useLabels.setState({ message: null })
}
