/*
 * SVG path data for the chart kit: one `d` string per series, with gaps where values are missing.
 */

type Scale = (value: number) => number

/** A coordinate to one decimal: short strings, no visible loss. */
function coordinate(value: number): string {
  return String(Math.round(value * 10) / 10)
}

/**
 * A polyline through (xs[i], ys[i]) as SVG path data; a point whose x or y is not finite is not
 * drawn and breaks the line (the next finite point starts a new piece). '' when nothing is drawn.
 */
export function linePath(xs: ArrayLike<number>, ys: ArrayLike<number>, x: Scale, y: Scale): string {
  const parts: string[] = []
  let drawing = false
  const count = Math.min(xs.length, ys.length)
  for (let i = 0; i < count; i++) {
    const xi = xs[i]
    const yi = ys[i]
    if (!Number.isFinite(xi) || !Number.isFinite(yi)) {
      drawing = false
      continue
    }
    parts.push(`${drawing ? 'L' : 'M'}${coordinate(x(xi))},${coordinate(y(yi))}`)
    drawing = true
  }
  return parts.join('')
}

/**
 * A band between `lows` and `highs` as closed SVG path pieces (along the highs, back along the
 * lows); points where either bound is not finite break the band. '' when nothing is drawn.
 */
export function bandPath(xs: ArrayLike<number>, lows: ArrayLike<number>, highs: ArrayLike<number>, x: Scale, y: Scale): string {
  const pieces: string[] = []
  let run: number[] = []
  const close = () => {
    if (run.length > 0) {
      const top = run.map((i, k) => `${k === 0 ? 'M' : 'L'}${coordinate(x(xs[i]))},${coordinate(y(highs[i]))}`)
      const bottom = [...run].reverse().map((i) => `L${coordinate(x(xs[i]))},${coordinate(y(lows[i]))}`)
      pieces.push(`${top.join('')}${bottom.join('')}Z`)
    }
    run = []
  }
  const count = Math.min(xs.length, lows.length, highs.length)
  for (let i = 0; i < count; i++) {
    if (Number.isFinite(xs[i]) && Number.isFinite(lows[i]) && Number.isFinite(highs[i])) run.push(i)
    else close()
  }
  close()
  return pieces.join('')
}
