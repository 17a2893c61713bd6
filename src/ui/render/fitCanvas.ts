/**
 * The canvas's pixel buffer sized to its CSS box at the device pixel ratio, width = round(css × ratio)
 * (at least 1), set only when it changed (setting it clears the canvas); its pixel size and the ratio.
 */
export function fitCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): { width: number; height: number; ratio: number } {
  const ratio = window.devicePixelRatio || 1
  const width = Math.max(1, Math.round(cssWidth * ratio))
  const height = Math.max(1, Math.round(cssHeight * ratio))
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width
    canvas.height = height
  }
  return { width, height, ratio }
}
