import { useEffect, useRef, useState } from 'react'
import type { EnvSpec } from '../../core/envs/types'
import type { DrawnSegment } from '../../worker/protocol'
import { rendererFor } from '../render'
import { fitCanvas } from '../render/fitCanvas'

/** Whether the person asked the system for less motion: the replay then waits for Play. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * One segment of a pair as a short replay: the environment's picture (the renderer EnvView draws
 * with) of each kept state in turn, at the environment's replay speed, looping; Play/Pause, and
 * a still first picture where reduced motion is asked for.
 */
export function SegmentReplay({ spec, segment, name }: { spec: EnvSpec; segment: DrawnSegment; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())
  const [frame, setFrame] = useState(0)
  const renderer = rendererFor(spec)
  const frames = segment.states.length
  useEffect(() => setFrame(0), [segment])
  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => setFrame((shown) => (shown + 1) % frames), 1000 / renderer.stepsPerSecond)
    return () => clearInterval(timer)
  }, [playing, frames, renderer])
  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const { width, height, ratio } = fitCanvas(canvas, canvas.clientWidth, canvas.clientHeight)
    const fontSize = (parseFloat(getComputedStyle(canvas).fontSize) || 13) * ratio
    renderer.draw(ctx, segment.states[Math.min(frame, frames - 1)], 0, width, height, 1, fontSize)
  }, [frame, frames, renderer, segment])
  const steps = segment.actions.length
  return (
    <div className="segment-replay">
      <canvas ref={canvasRef} role="img" aria-label={`${name}: ${steps} ${steps === 1 ? 'step' : 'steps'}, picture ${Math.min(frame, frames - 1) + 1} of ${frames}`} />
      <button type="button" aria-label={`${playing ? 'Pause' : 'Play'} the ${name.toLowerCase()} replay`} onClick={() => setPlaying((on) => !on)}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <span className="hint">
        {' '}
        {steps} {steps === 1 ? 'step' : 'steps'}
      </span>
    </div>
  )
}
