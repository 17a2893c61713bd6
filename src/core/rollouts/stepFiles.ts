/*
 * The files of a rollout folder, as verl names them (`<step>.jsonl`, the step a whole number), in
 * the order of their steps: 5 before 10, not as the names sort. Other names are not read.
 */

const STEP_FILE = /^(\d+)\.jsonl$/

export interface StepFile {
  name: string
  step: number
}

/** The names that are `<step>.jsonl`, by step; two names of one step (5.jsonl, 05.jsonl) are refused. */
export function stepFiles(names: readonly string[]): StepFile[] {
  const files: StepFile[] = []
  for (const name of names) {
    const match = STEP_FILE.exec(name)
    if (match !== null && Number.isSafeInteger(Number(match[1]))) files.push({ name, step: Number(match[1]) })
  }
  files.sort((a, b) => a.step - b.step)
  for (let j = 1; j < files.length; j++) {
    if (files[j].step === files[j - 1].step) throw new Error(`"${files[j - 1].name}" and "${files[j].name}" are both step ${files[j].step}; keep one file per step`)
  }
  return files
}
