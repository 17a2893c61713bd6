import { errorMessage } from '../core/errorMessage'
import { RolloutSourceReader } from '../core/rollouts/rolloutSourceReader'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { RolloutTableBuilder } from '../core/rollouts/rolloutTableBuilder'
import { stepFiles } from '../core/rollouts/stepFiles'
import { shownText } from '../core/truncate'
import type { RolloutInput } from './rolloutsProtocol'

/*
 * An input read into a rollout table in the worker: one file, a folder's `<step>.jsonl` files (by
 * step number, as stepFiles orders them; other names and files in sub-folders are not read), or the
 * example's files by address. Each source is streamed (bytes → TextDecoderStream → the core's
 * reader), so no file is ever one string; the bytes read are counted for the progress bar, and a
 * cancelled read stops at the next chunk. A bad record throws the reader's RolloutInputError,
 * whose message names the file, the line and the problem.
 */

export interface RolloutSource {
  /** The name messages give the source. */
  name: string
  /** The step of a record that has none (a folder's file), or null. */
  step: number | null
  /** Its size in bytes, where known before reading. */
  size: number | null
  open(): Promise<ReadableStream<Uint8Array<ArrayBuffer>>>
}

export type ReadResult = { table: RolloutTable } | { cancelled: true }

/** The sources of an input, in reading order; a folder without a step file is refused in words. */
export async function sourcesOf(input: RolloutInput, fetchUrl: typeof fetch): Promise<RolloutSource[]> {
  if (input.kind === 'files') {
    if (input.files.length === 1) {
      const file = input.files[0]
      return [{ name: shownText(file.name), step: null, size: file.size, open: async () => file.stream() }]
    }
    // A folder: only the files directly in it (webkitRelativePath "folder/5.jsonl").
    const direct = input.files.filter((file) => (file.webkitRelativePath ?? '').split('/').length <= 2)
    const byName = new Map(direct.map((file) => [file.name, file]))
    const steps = stepFiles([...byName.keys()])
    if (steps.length === 0) throw new Error(`the folder holds no <step>.jsonl file (verl's rollout dump names each step's file by its number, 1.jsonl, 2.jsonl, …); open such a folder, or one file`)
    return steps.map(({ name, step }) => {
      const file = byName.get(name)!
      return { name, step, size: file.size, open: async () => file.stream() }
    })
  }
  const names = input.urls.map((url) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''))
  const byName = new Map(names.map((name, j) => [name, input.urls[j]]))
  return stepFiles(names).map(({ name, step }) => ({
    name,
    step,
    size: null,
    open: async () => {
      const response = await fetchUrl(byName.get(name)!)
      if (!response.ok || response.body === null) throw new Error(`${name}: the example could not be fetched (HTTP ${response.status})`)
      return response.body
    },
  }))
}

/** Read every source into one table; `onBytes` hears each chunk's bytes, `cancelled` is asked before each chunk. */
export async function readSources(sources: readonly RolloutSource[], onBytes: (bytes: number) => void, cancelled: () => boolean): Promise<ReadResult> {
  const builder = new RolloutTableBuilder()
  for (const source of sources) {
    const reader = new RolloutSourceReader(builder, source.name, { format: null, fileStep: source.step })
    let stream: ReadableStream<Uint8Array<ArrayBuffer>>
    try {
      stream = await source.open()
    } catch (error) {
      throw new Error(`${source.name}: cannot be read (${errorMessage(error)})`)
    }
    const counted = stream.pipeThrough(
      new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
        transform(chunk, controller) {
          onBytes(chunk.byteLength)
          controller.enqueue(chunk)
        },
      }),
    )
    const text = counted.pipeThrough(new TextDecoderStream()).getReader()
    try {
      for (;;) {
        if (cancelled()) {
          await text.cancel()
          return { cancelled: true }
        }
        const { done, value } = await text.read()
        if (done) break
        reader.push(value)
      }
    } catch (error) {
      await text.cancel().catch(() => undefined)
      throw error
    }
    reader.end()
  }
  return { table: builder.finish() }
}
