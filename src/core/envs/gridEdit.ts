import { cellChar, GRID_CELL_TYPES, parseLayoutText, START } from './grid'
import type { GridCells } from './types'
import { errorMessage } from '../errorMessage'

/*
 * Pure helpers for the level editor: a level is the grid world's `layout` text (rows joined by
 * "/", one character per cell), so an edited level is a parameter like any other and round-trips
 * through the URL. Every edit either returns a valid layout or throws, keeping the last one valid.
 */

export interface EditableCell {
  /** The character the layout text uses. */
  char: string
  label: string
  description: string
}

/** The cell types a user may paint with, in palette order. Painting S moves the start. */
export const EDITABLE_CELLS: EditableCell[] = GRID_CELL_TYPES.map(({ char, label, description }) => ({
  char,
  label,
  description: char === 'S' ? `${description} Painting it moves the start here.` : description,
}))

/** A grid's cells as layout text: "S..../.#.../....G". */
export function layoutToText(grid: GridCells): string {
  const rows: string[] = []
  for (let row = 0; row < grid.rows; row++) {
    let line = ''
    for (let col = 0; col < grid.cols; col++) line += cellChar(grid.cells[row * grid.cols + col])
    rows.push(line)
  }
  return rows.join('/')
}

/** Why a layout text would be refused, or null when it is a valid level. */
export function layoutError(text: string): string | null {
  try {
    parseLayoutText(text)
    return null
  } catch (error) {
    return errorMessage(error)
  }
}

/**
 * The layout with cell (row, col) painted as `cellChar`; painting S moves the start there. Throws
 * a message naming the edit and the rule it would break (no start, no goal, goal cut off, …).
 */
export function setCell(text: string, row: number, col: number, cellCharToPaint: string): string {
  const before = layoutError(text)
  if (before !== null) throw new Error(`the layout cannot be edited because it is not valid: ${before}`)
  const rows = text.trim().split('/')
  if (!Number.isInteger(row) || row < 0 || row >= rows.length) throw new Error(`row must be an integer from 0 to ${rows.length - 1}, got ${row}`)
  const cols = rows[0].length
  if (!Number.isInteger(col) || col < 0 || col >= cols) throw new Error(`column must be an integer from 0 to ${cols - 1}, got ${col}`)
  if (!EDITABLE_CELLS.some((cell) => cell.char === cellCharToPaint)) {
    throw new Error(`cannot paint "${cellCharToPaint}"; accepted: ${EDITABLE_CELLS.map((cell) => `${cell.char} ${cell.label}`).join(', ')}`)
  }
  const current = rows[row][col]
  if (current === cellCharToPaint) return rows.join('/')
  const startChar = cellChar(START)
  if (current === startChar) {
    throw new Error(`cannot paint ${paintName(cellCharToPaint)} over the start at row ${row}, column ${col}: a layout needs exactly one start; paint the start on another cell to move it`)
  }
  const edited = rows.map((line) => (cellCharToPaint === startChar ? line.replace(startChar, '.') : line))
  edited[row] = edited[row].slice(0, col) + cellCharToPaint + edited[row].slice(col + 1)
  const result = edited.join('/')
  const after = layoutError(result)
  if (after !== null) throw new Error(`cannot paint ${paintName(cellCharToPaint)} at row ${row}, column ${col}: ${after}`)
  return result
}

function paintName(char: string): string {
  const cell = EDITABLE_CELLS.find((c) => c.char === char)
  return cell ? `${cell.label} (${char})` : `"${char}"`
}
