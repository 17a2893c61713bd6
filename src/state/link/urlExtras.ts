import type { LINK, PageKey } from '../../model/linkKeys'

/**
 * Page settings the URL keeps beside the design: the forced backend, the open lesson, classroom
 * mode, the views shown. Each feature owns its keys: it reads its value from the link it was opened
 * with (`initialUrlExtra`) and sets it here when it changes; the URL sync writes them with the design.
 * The keys are the page's keys of the one table of link keys (model/linkKeys.ts).
 * Values are plain strings; nothing read from them is executed or injected as HTML.
 */
const extras = new Map<PageKey, string>()
/** The link the page was opened with, read before the URL sync first rewrites it. */
const OPENED_WITH = typeof window === 'undefined' ? '' : window.location.search
const listeners = new Set<() => void>()

/** The value a key had in the link the page was opened with (null when absent). */
export function initialUrlExtra(key: (typeof LINK)[keyof typeof LINK], search: string = OPENED_WITH): string | null {
  return new URLSearchParams(search).get(key)
}

/** Keep `key=value` in the URL (null removes it). */
export function setUrlExtra(key: PageKey, value: string | null): void {
  const previous = extras.get(key) ?? null
  if (previous === value) return
  if (value === null) extras.delete(key)
  else extras.set(key, value)
  for (const listener of listeners) listener()
}

export function getUrlExtra(key: PageKey): string | null {
  return extras.get(key) ?? null
}

/** Every extra, in the order they were first set. */
export function urlExtras(): URLSearchParams {
  return new URLSearchParams([...extras])
}

export function onUrlExtrasChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
