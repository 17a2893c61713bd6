import { escapeControls, truncate } from '../core/truncate'
import { summariseProblems } from '../model/problemList'
import { MAX_LISTED, MAX_MESSAGE_LENGTH, MAX_WORD_LENGTH } from './limits'

/*
 * Messages quote what they were given (a flag's value, a key, an expression), and those can be
 * any length: the command line's one line on stderr stays short whatever the input.
 */

/**
 * At most MAX_LISTED problems joined by "; ", then how many more there are (the page's notices
 * follow the same rule). Each problem stays whole here: messageLine bounds what it quotes.
 */
export function listProblems(problems: readonly string[]): string {
  return summariseProblems(problems, MAX_LISTED, Infinity)
}

const QUOTED = /"[^"]*"/g
/** A list of more than MAX_LISTED quoted values ("k0", "k1", …), as an unknown-keys message writes it. */
const QUOTED_LIST = new RegExp(`"[^"]*"(?:, "[^"]*"){${MAX_LISTED},}`, 'g')
const LONG_WORD = new RegExp(`\\S{${MAX_WORD_LENGTH + 1},}`, 'g')

/**
 * A message as the command line prints it, whoever wrote it (the CLI or core/): on one line; every
 * "quoted" value cut to 40 characters and "…"; a list of quoted values to MAX_LISTED and a count;
 * every control character escaped (escapeControls: a file name, a flag's value, a JSON key or stdin
 * cannot drive the terminal); an unquoted word to MAX_WORD_LENGTH; and the whole to
 * MAX_MESSAGE_LENGTH. A value that itself holds a quote can shift which stretches count as quoted;
 * the line stays short all the same.
 */
export function messageLine(message: string): string {
  let line = message.replace(/\s*\n\s*/g, ' ')
  line = line.replace(QUOTED, (quoted) => `"${truncate(quoted.slice(1, -1))}"`)
  line = line.replace(QUOTED_LIST, (list) => {
    const values = list.match(QUOTED) ?? []
    return `${values.slice(0, MAX_LISTED).join(', ')}, and ${values.length - MAX_LISTED} more`
  })
  line = escapeControls(line)
  line = line.replace(LONG_WORD, (word) => `${word.slice(0, MAX_WORD_LENGTH)}…`)
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH)}…` : line
}

/** Text for stderr line by line: each line's control characters escaped, the line breaks kept. */
export function terminalText(text: string): string {
  return text.split('\n').map(escapeControls).join('\n')
}
