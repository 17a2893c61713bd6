import { useEffect, useRef, useState } from 'react'
import type { IterationReport } from '../core/run/trainer'
import { usePlayground } from '../state/store'
import { rendererFor } from './render'
import { LevelEditor } from './LevelEditor'

/**
 * The environment playing the current policy: the worker sends copy 0's states of the latest
 * rollout, and this view replays them at the environment's own speed, taking the newest rollout
 * whenever the previous one has been shown.
 */
export function EnvView() {
  const spec = usePlayground((state) => state.spec)
  const demo = usePlayground((state) => state.run.latest?.demo ?? null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const demoRef = useRef(demo)
  demoRef.current = demo
  const [caption, setCaption] = useState('')
  const [editing, setEditing] = useState(false)
  const renderer = rendererFor(spec)

  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const stateSize = spec.stateVars.length
    let playing: IterationReport['demo'] | null = null
    let index = 0
    let lastCaptionAt = 0
    let frame = 0
    let lastTick = performance.now()
    let pendingSteps = 0
    const draw = (now: number) => {
      const rect = canvas.getBoundingClientRect()
      const ratio = window.devicePixelRatio || 1
      const width = Math.max(1, Math.round(rect.width * ratio))
      const height = Math.max(1, Math.round(rect.height * ratio))
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width
        canvas.height = height
      }
      // Advance at the environment's real-time rate, whatever the display's frame rate.
      pendingSteps += ((now - lastTick) / 1000) * renderer.stepsPerSecond
      lastTick = now
      const advance = Math.floor(pendingSteps)
      pendingSteps -= advance
      if (!playing || index >= playing.steps) {
        const next = demoRef.current
        if (next && next.steps > 0 && next !== playing) {
          playing = next
          index = 0
        }
      }
      if (playing && playing.steps > 0) {
        const state = playing.states
        const offset = Math.min(index, playing.steps - 1) * playing.copies * stateSize
        renderer.draw(ctx, state, offset, width, height, playing.copies)
        if (now - lastCaptionAt > 500) {
          setCaption(renderer.describe(state, offset, playing.copies))
          lastCaptionAt = now
        }
        index += advance
      } else {
        renderer.drawIdle(ctx, width, height)
      }
      frame = requestAnimationFrame(draw)
    }
    frame = requestAnimationFrame(draw)
    return () => cancelAnimationFrame(frame)
  }, [renderer, spec, editing])

  const editable = spec.grid !== undefined && spec.params.some((param) => param.name === 'layout' && param.kind === 'text')
  return (
    <figure className="env-view">
      {editable && (
        <button type="button" className="edit-toggle" aria-pressed={editing} onClick={() => setEditing(!editing)}>
          {editing ? 'Done editing' : 'Edit level'}
        </button>
      )}
      {editable && editing && spec.grid ? (
        <LevelEditor grid={spec.grid} />
      ) : (
        <>
          <canvas ref={canvasRef} role="img" aria-label={`${spec.label}: ${caption || 'waiting for the first rollout'}`} />
          <figcaption>{caption || `${spec.label}: the agent appears here once training starts.`}</figcaption>
        </>
      )}
    </figure>
  )
}
