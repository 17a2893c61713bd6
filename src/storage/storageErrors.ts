/** What went wrong with the library, as the panel tells it. */
export type LibraryErrorKind =
  /** The browser's quota for this site is used up. */
  | 'full'
  /** No storage at all (a private window, blocked site data, an older tab holding the library). */
  | 'off'
  /** A name or record that the library refuses. */
  | 'invalid'
  /** The run is not (or no longer) in the library. */
  | 'missing'
  /** Anything else the browser reported. */
  | 'failed'

/** An error of the run library with one clear message for the user. */
export class LibraryError extends Error {
  constructor(
    readonly kind: LibraryErrorKind,
    message: string,
  ) {
    super(message)
    this.name = 'LibraryError'
  }
}

export const STORAGE_FULL_MESSAGE =
  "storage is full: delete saved runs you no longer need (or free space in the browser's site data); the current run is not saved until there is room"

/** "saving is off: <reason>": the app keeps working, nothing is saved. */
export function savingOff(reason: string): LibraryError {
  return new LibraryError('off', `saving is off: ${reason}`)
}

/**
 * Map what IndexedDB threw while `doing` something ("save the run") to one message: a full quota,
 * storage the browser refuses (private windows), a library from a newer app, or the browser's own words.
 */
export function libraryError(error: unknown, doing: string): LibraryError {
  if (error instanceof LibraryError) return error
  const name = error !== null && typeof error === 'object' && 'name' in error ? String(error.name) : ''
  const detail = error instanceof Error || (error !== null && typeof error === 'object' && 'message' in error) ? String((error as { message: unknown }).message) : String(error)
  switch (name) {
    case 'QuotaExceededError':
      return new LibraryError('full', STORAGE_FULL_MESSAGE)
    case 'InvalidStateError':
    case 'SecurityError':
    case 'NotAllowedError':
      return savingOff(`the browser refuses this site storage (${name}: ${detail}); private windows and blocked site data do this. The app works as usual, but runs are not kept after the page closes`)
    case 'VersionError':
      return savingOff('the saved runs were written by a newer version of the app; open the app in its newest version to see them')
    default:
      return new LibraryError('failed', `could not ${doing}: ${name ? `${name}: ` : ''}${detail}`)
  }
}
