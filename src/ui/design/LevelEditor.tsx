import { useId, useState } from 'react'
import { EDITABLE_CELLS, layoutToText, setCell } from '../../core/envs/gridEdit'
import { cellChar } from '../../core/envs/grid'
import type { GridCells } from '../../core/envs/types'
import { usePlayground } from '../../state/run/store'
import { changeParams } from '../../state/run/trainingClient'
import { errorMessage } from '../../core/errorMessage'

/**
 * The level editor: pick a cell type, then click (or press Enter on) cells to paint them. The
 * level is the grid world's `layout` parameter, so an edited level travels in the link. An edit
 * that would break the level (no start, goal cut off) is refused with the reason.
 */
export function LevelEditor({ grid }: { grid: GridCells }) {
  const layout = usePlayground((state) => state.design.params.layout)
  const [paint, setPaint] = useState('#')
  const [error, setError] = useState<string | null>(null)
  const paletteId = useId()
  const paintCell = (row: number, col: number) => {
    const params = usePlayground.getState().design.params
    const text = typeof params.layout === 'string' && params.layout !== '' ? params.layout : layoutToText(grid)
    try {
      setError(changeParams({ ...params, layout: setCell(text, row, col, paint) }))
    } catch (refusal) {
      setError(errorMessage(refusal))
    }
  }
  const label = (code: number) => EDITABLE_CELLS.find((cell) => cell.char === cellChar(code))?.label ?? 'unknown'
  return (
    <div className="level-editor">
      <div className="editor-toolbar">
        <label htmlFor={paletteId}>Paint with</label>
        <select id={paletteId} value={paint} onChange={(event) => setPaint(event.target.value)}>
          {EDITABLE_CELLS.map((cell) => (
            <option key={cell.char} value={cell.char} title={cell.description}>
              {cell.label}
            </option>
          ))}
        </select>
        <button type="button" disabled={!layout} onClick={() => setError(changeParams({ ...usePlayground.getState().design.params, layout: '' }))}>
          Back to the map
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="editor-area">
      <div
        className="editor-grid"
        role="grid"
        aria-label="Level"
        style={{ gridTemplateColumns: `repeat(${grid.cols}, 1fr)`, gridTemplateRows: `repeat(${grid.rows}, 1fr)`, aspectRatio: `${grid.cols} / ${grid.rows}` }}
      >
        {Array.from({ length: grid.rows }, (_, row) => (
          <div role="row" key={row} className="editor-row">
            {Array.from({ length: grid.cols }, (_, col) => {
              const code = grid.cells[row * grid.cols + col]
              return (
                <button
                  key={col}
                  type="button"
                  role="gridcell"
                  className={`editor-cell cell-${label(code)}`}
                  aria-label={`row ${row}, column ${col}: ${label(code)}`}
                  onClick={() => paintCell(row, col)}
                >
                  {cellChar(code) === '.' ? '' : cellChar(code)}
                </button>
              )
            })}
          </div>
        ))}
      </div>
      </div>
    </div>
  )
}
