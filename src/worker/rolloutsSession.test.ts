import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../core/credit/estimatorSchema'
import type { FromRolloutsWorker } from './rolloutsProtocol'
import { createRolloutsSession } from './rolloutsSession'

const jsonl = (records: object[]): string => `${records.map((record) => JSON.stringify(record)).join('\n')}\n`

// verl's lines, two steps of one group of two; score is the run's reward, acc a part of it.
const STEP_1 = jsonl([
  { input: '1+1=', output: '2 end', score: 1, acc: 1 },
  { input: '1+1=', output: '3 end', score: 0, acc: 0 },
])
const STEP_2 = jsonl([
  { input: '2+2=', output: '4 end', score: 0.5, acc: 1 },
  { input: '2+2=', output: '4 4 4 end', score: 0.5, acc: 0 },
])

/** A file as a folder input gives it: its path from the chosen folder's name. */
function folderFile(name: string, text: string, path = `dump/${name}`): File {
  const file = new File([text], name)
  Object.defineProperty(file, 'webkitRelativePath', { value: path })
  return file
}

function session() {
  const posted: FromRolloutsWorker[] = []
  const transfers: Transferable[][] = []
  const handle = createRolloutsSession({
    post: (message, transfer = []) => {
      posted.push(message)
      transfers.push(transfer)
    },
    now: () => 0,
  })
  return { posted, transfers, handle, last: () => posted[posted.length - 1] }
}

const DESIGN = { components: { score: { weight: 1 } }, estimator: GroupEstimatorSchema.parse({ scale: 'none' }) }

describe('the rollouts worker session', () => {
  it('reads a folder by step number, answers views and the advantages file', async () => {
    const { handle, posted, last } = session()
    // 10.jsonl comes after 2.jsonl; notes.txt and a file in a sub-folder are not read.
    const nested = folderFile('3.jsonl', 'not read', 'dump/old/3.jsonl')
    await handle({ type: 'open', openId: 1, input: { kind: 'files', files: [folderFile('10.jsonl', STEP_2), folderFile('2.jsonl', STEP_1), folderFile('notes.txt', 'x'), nested] } })
    expect(posted[0]).toEqual({ type: 'progress', openId: 1, bytesRead: 0, totalBytes: STEP_1.length + STEP_2.length })
    const opened = posted[posted.length - 2]
    if (opened.type !== 'opened') throw new Error(JSON.stringify(opened))
    expect([opened.opened.label, opened.opened.names, opened.opened.steps, opened.opened.count]).toEqual(['2 step files', ['score', 'acc'], [2, 10], 4])

    await handle({ type: 'views', requestId: 7, design: DESIGN })
    const views = last()
    if (views.type !== 'views') throw new Error(JSON.stringify(views))
    // Step 2: A = ±½; step 10: both 0.5, a silent group, A = 0.
    expect(views.views.steps.map(({ step, figures }) => [step, figures.silentGroups, figures.zeroAdvantageShare])).toEqual([
      [2, 0, 0],
      [10, 1, 1],
    ])
    expect([views.views.whole.histogram.positives, views.views.whole.histogram.negatives, views.views.whole.histogram.zeros]).toEqual([1, 1, 2])
    // Every histogram binned over the file's reach ½.
    expect(views.views.steps[1].histogram.edges[0]).toBe(-0.5)

    await handle({ type: 'download', requestId: 8, design: { ...DESIGN, components: { acc: { weight: 1 } } } })
    const file = last()
    if (file.type !== 'advantagesFile') throw new Error(JSON.stringify(file))
    expect((await file.file.text()).split('\n')).toEqual([
      '{"step":2,"group":0,"index":0,"reward":1,"advantage":0.5}',
      '{"step":2,"group":0,"index":1,"reward":0,"advantage":-0.5}',
      '{"step":10,"group":0,"index":0,"reward":1,"advantage":0.5}',
      '{"step":10,"group":0,"index":1,"reward":0,"advantage":-0.5}',
      '',
    ])
  })

  it('names the file, line and problem of a bad file, and keeps the table opened before', async () => {
    const { handle, last } = session()
    await handle({ type: 'open', openId: 1, input: { kind: 'files', files: [new File([STEP_1], 'good.jsonl')] } })
    await handle({ type: 'open', openId: 2, input: { kind: 'files', files: [new File([`${STEP_1}{"input": "x", "output": "y", "score": "high"}\n`], 'bad.jsonl')] } })
    expect(last()).toEqual({ type: 'openFailed', openId: 2, message: 'bad.jsonl line 3: "score" is text ("high"); verl\'s score is the reward, a number (null where it does not apply)' })
    await handle({ type: 'views', requestId: 3, design: DESIGN })
    const views = last()
    expect(views.type === 'views' && views.views.whole.figures.completions).toBe(2)
  })

  it('refuses a folder with no step file, and weights naming a component the table lacks', async () => {
    const { handle, last } = session()
    await handle({ type: 'open', openId: 1, input: { kind: 'files', files: [folderFile('a.jsonl', STEP_1), folderFile('b.jsonl', STEP_2)] } })
    expect(last()).toMatchObject({ type: 'openFailed', message: expect.stringContaining('the folder holds no <step>.jsonl file') })
    await handle({ type: 'open', openId: 2, input: { kind: 'files', files: [new File([STEP_1], 'one.jsonl')] } })
    await handle({ type: 'views', requestId: 4, design: { ...DESIGN, components: { judge: { weight: 1 } } } })
    expect(last()).toEqual({ type: 'requestFailed', requestId: 4, message: 'the input has no component "judge"; its components: "score", "acc"' })
  })

  it('posts a table read whole for the page to keep, its buffers handed over, and opens it back with the same views', async () => {
    const reader = session()
    await reader.handle({ type: 'open', openId: 1, input: { kind: 'files', files: [folderFile('2.jsonl', STEP_1), folderFile('10.jsonl', STEP_2)] } })
    const keep = reader.last()
    if (keep.type !== 'keep') throw new Error(JSON.stringify(keep))
    expect([keep.openId, keep.label, keep.bytes, keep.kept.count]).toEqual([1, '2 step files', STEP_1.length + STEP_2.length, 4])
    // values (2 columns), 6 index columns and the groups' steps: 9 buffers, none of them the worker's own.
    expect(reader.transfers[reader.transfers.length - 1]).toHaveLength(9)
    await reader.handle({ type: 'views', requestId: 2, design: DESIGN })
    const readViews = reader.last()

    const loader = session()
    await loader.handle({ type: 'load', openId: 3, label: '2 step files', bytes: keep.bytes, kept: keep.kept })
    expect(loader.last()).toMatchObject({ type: 'opened', openId: 3, opened: { label: '2 step files', count: 4, steps: [2, 10], names: ['score', 'acc'], fromKept: true } })
    // Opened from the browser, it is not posted to keep again.
    expect(loader.posted.some((message) => message.type === 'keep')).toBe(false)
    await loader.handle({ type: 'views', requestId: 2, design: DESIGN })
    expect(loader.last()).toEqual(readViews)
  })

  it('names a damaged kept table and keeps the table opened before', async () => {
    const { handle, last } = session()
    await handle({ type: 'open', openId: 1, input: { kind: 'files', files: [new File([STEP_1], 'good.jsonl')] } })
    const keep = last()
    if (keep.type !== 'keep') throw new Error(JSON.stringify(keep))
    keep.kept.groupOf[1] = 5
    await handle({ type: 'load', openId: 2, label: 'old.jsonl', bytes: 10, kept: keep.kept })
    expect(last()).toEqual({ type: 'openFailed', openId: 2, message: 'the kept rollout file "old.jsonl" is damaged and was not opened: groupOf holds 5 at 1; accepted: 0 to 0' })
    await handle({ type: 'views', requestId: 3, design: DESIGN })
    const views = last()
    expect(views.type === 'views' && views.views.whole.figures.completions).toBe(2)
  })

  it('stops a read that is cancelled, and leaves no table', async () => {
    const { handle, posted, last } = session()
    const opening = handle({ type: 'open', openId: 5, input: { kind: 'files', files: [new File([STEP_1], 'one.jsonl')] } })
    await handle({ type: 'cancel', openId: 5 })
    await opening
    expect(last()).toEqual({ type: 'openCancelled', openId: 5 })
    expect(posted.some((message) => message.type === 'opened')).toBe(false)
    await handle({ type: 'views', requestId: 6, design: DESIGN })
    expect(last()).toEqual({ type: 'requestFailed', requestId: 6, message: 'no rollouts are open' })
  })
})
