import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileKind, readFailure, writeFailure } from './file-errors'
import { UsageError } from './usage'

/**
 * DIR (given as `flag`) as a real folder: the nearest part of it that exists must be a folder, and each missing
 * one is made by itself (a recursive mkdir loops on a path such as /proc/self/x).
 */
export function makeFolder(dir: string, flag: string, advice: string): void {
  const missing: string[] = []
  let at = resolve(dir)
  for (;;) {
    let stats
    try {
      stats = statSync(at)
    } catch (error) {
      const parent = dirname(at)
      const code = (error as NodeJS.ErrnoException).code
      // ENOTDIR: a part above is a file, which the walk up names.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === at) throw new UsageError(`cannot use ${flag} "${dir}": ${readFailure(error)}; ${advice}`)
      missing.push(at)
      at = parent
      continue
    }
    if (stats.isDirectory()) break
    const what = at === resolve(dir) ? 'it is' : `"${at}" is`
    throw new UsageError(`cannot use ${flag} "${dir}": ${what} ${fileKind(stats)}, not a folder; ${advice}`)
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && statSync(folder).isDirectory()) continue
      throw new UsageError(`cannot use ${flag} "${dir}": cannot make "${folder}": ${writeFailure(error)}; ${advice}`)
    }
  }
}
