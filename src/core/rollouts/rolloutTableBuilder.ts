import { Growable } from '../growable'
import type { CompletionRecord } from './completionRecord'
import { FORMAT_NAMES, type RolloutFormat } from './formats'
import { characterCount, keptText } from './keptText'
import { MAX_COMPLETIONS, MAX_COMPONENTS } from './limits'
import { shownValue } from './recordFields'
import { groupsOf } from './rolloutGroups'
import { RolloutInputError } from './rolloutInputError'
import type { RolloutTable } from './rolloutTable'
import { textKey } from './textKey'

/*
 * The table built one completion at a time, from however many sources (a folder's files), keeping
 * only numbers and the start of each text. A field is a component when the first value it has is a
 * number (or a boolean, 1 or 0); from then on it must be a number, or null where it does not apply,
 * on every record. A field whose first value is text is text, and is not kept. One input holds one
 * format.
 */

interface Column {
  values: Growable<Float64Array>
  /** Where the field first held a number, for the message when it later holds text. */
  firstPlace: string
}

export class RolloutTableBuilder {
  private format: RolloutFormat | null = null
  private formatPlace = ''
  private readonly sources: string[] = []
  private readonly names: string[] = []
  /** Each field seen: its column, or 'text'. */
  private readonly kinds = new Map<string, Column | 'text'>()
  private readonly columns: Column[] = []
  private count = 0
  private readonly steps: (number | null)[] = []
  private readonly stepIndex = new Map<number | null, number>()
  private readonly groupIndex = new Map<string, number>()
  private readonly groupStep = new Growable(Int32Array)
  private readonly groupSize = new Growable(Int32Array)
  private readonly groupLabels: string[] = []
  private readonly stepOf = new Growable(Int32Array)
  private readonly groupOf = new Growable(Int32Array)
  private readonly indexInGroup = new Growable(Int32Array)
  private readonly lines = new Growable(Int32Array)
  private readonly sourceOf = new Growable(Int32Array)
  private readonly lengths = new Growable(Int32Array)
  private readonly tokenLengths = new Growable(Int32Array)
  private anyTokens = false
  private readonly texts: string[] = []
  private readonly logged = new Growable(Float64Array)
  private anyLogged = false

  /** A new source (a file, "" for a single input); its index tags its completions. */
  addSource(name: string): number {
    this.sources.push(name)
    return this.sources.length - 1
  }

  /** One completion, read at `line` of source `source`; `fileStep` stands in for a record with no step. */
  add(record: CompletionRecord, source: number, line: number, fileStep: number | null): void {
    const sourceName = this.sources[source]
    const place = sourceName === '' ? `line ${line}` : `${sourceName} line ${line}`
    if (this.format === null) {
      this.format = record.format
      this.formatPlace = place
    } else if (record.format !== this.format) {
      throw new RolloutInputError(sourceName, line, `the record is ${FORMAT_NAMES[record.format]}'s, but ${this.formatPlace} was ${FORMAT_NAMES[this.format]}'s; one input holds one format`)
    }
    if (this.count >= MAX_COMPLETIONS) throw new RolloutInputError(sourceName, line, `more than ${MAX_COMPLETIONS.toLocaleString('en-US')} completions, the most one input may hold; read fewer steps`)

    const stepValue = record.step ?? fileStep
    let step = this.stepIndex.get(stepValue)
    if (step === undefined) {
      step = this.steps.length
      this.steps.push(stepValue)
      this.stepIndex.set(stepValue, step)
    }
    const key = `${step} ${textKey(record.groupKey)}`
    let group = this.groupIndex.get(key)
    if (group === undefined) {
      group = this.groupLabels.length
      this.groupIndex.set(key, group)
      this.groupStep.push(step)
      this.groupSize.push(0)
      this.groupLabels.push(keptText(record.groupLabel))
    }
    const i = this.count
    for (const column of this.columns) column.values.push(NaN)
    for (const [name, value] of record.fields) this.readField(name, value, i, sourceName, line, place)

    this.stepOf.push(step)
    this.groupOf.push(group)
    this.indexInGroup.push(this.groupSize.get(group))
    this.groupSize.set(group, this.groupSize.get(group) + 1)
    this.lines.push(line)
    this.sourceOf.push(source)
    this.lengths.push(characterCount(record.text))
    // −1: the record gives no length in tokens.
    this.tokenLengths.push(record.tokens ?? -1)
    if (record.tokens !== null) this.anyTokens = true
    this.texts.push(keptText(record.text))
    this.logged.push(record.loggedAdvantage ?? NaN)
    if (record.loggedAdvantage !== null) this.anyLogged = true
    this.count++
  }

  /** The table of everything added; an input with no completion is refused. */
  finish(): RolloutTable {
    if (this.format === null) throw new RolloutInputError(this.sources.length === 1 ? this.sources[0] : '', null, 'the input holds no completion')
    const base = {
      format: this.format,
      sources: this.sources.slice(),
      names: this.names.slice(),
      count: this.count,
      values: this.columns.map((column) => column.values.view().slice()),
      steps: this.steps.slice(),
      stepOf: this.stepOf.view().slice(),
      groupOf: this.groupOf.view().slice(),
      indexInGroup: this.indexInGroup.view().slice(),
      line: this.lines.view().slice(),
      sourceOf: this.sourceOf.view().slice(),
      lengths: this.lengths.view().slice(),
      tokenLengths: this.anyTokens ? this.tokenLengths.view().slice() : null,
      texts: this.texts,
      loggedAdvantages: this.anyLogged ? this.logged.view().slice() : null,
    }
    const { groups, leftOut } = groupsOf(base, this.groupStep.view(), this.groupLabels)
    return { ...base, groups, leftOut }
  }

  private readField(name: string, value: unknown, i: number, source: string, line: number, place: string): void {
    const kind = this.kinds.get(name)
    if (value === null || value === undefined) return
    if (typeof value === 'number' || typeof value === 'boolean') {
      const number = typeof value === 'boolean' ? (value ? 1 : 0) : value
      if (!Number.isFinite(number)) throw new RolloutInputError(source, line, `${JSON.stringify(name)} is ${number}, not a finite number; a reward is finite (write null, or an empty CSV cell, where it does not apply)`)
      if (kind === 'text') return
      const column = kind ?? this.newColumn(name, i, source, line, place)
      column.values.set(i, number)
      return
    }
    if (kind !== undefined && kind !== 'text') {
      throw new RolloutInputError(source, line, `${JSON.stringify(name)} is ${shownValue(value)}, but ${kind.firstPlace} gave it a number; a reward component is a number on every record (null where it does not apply)`)
    }
    this.kinds.set(name, 'text')
  }

  private newColumn(name: string, i: number, source: string, line: number, place: string): Column {
    if (this.columns.length >= MAX_COMPONENTS) throw new RolloutInputError(source, line, `${JSON.stringify(name)} would be reward component ${MAX_COMPONENTS + 1}; an input holds at most ${MAX_COMPONENTS}`)
    const values = new Growable(Float64Array, Math.max(256, i + 1))
    // The completions before this one had no value: it does not apply to them.
    for (let j = 0; j <= i; j++) values.push(NaN)
    const column = { values, firstPlace: place }
    this.columns.push(column)
    this.names.push(name)
    this.kinds.set(name, column)
    return column
  }
}
