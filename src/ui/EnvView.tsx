import { useEffect, useRef, useState } from 'react'
import type { IterationReport } from '../core/run/trainer'
import { usePlayground } from '../state/store'
import { rendererFor } from './render'
import { LevelEditor } from './LevelEditor'
import { drawGridOverlays } from './render/gridOverlay'

/**
 * The environment playing the current policy: the worker sends copy 0's states of the latest
 * rollout, and this view replays them at the environment's own speed, taking the newest rollout
 * whenever the previous one has been shown.
 */
export function EnvView() {
  const spec = usePlayground((state) => state.spec)
  const demo = usePlayground((state) => state.run.latest?.demo ?? null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const tabular = usePlayground((state) => state.run.tabular)
  const visits = usePlayground((state) => state.run.record?.visits ?? null)
  const [overlays, setOverlays] = useState({ values: false, policy: false, visits: false })
  const overlayRef = useRef({ tabular, visits, overlays })
  overlayRef.current = { tabular, visits, overlays }
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
        const { tabular: picture, visits: counts, overlays: shown } = overlayRef.current
        if (spec.grid && (shown.values || shown.policy || shown.visits)) {
          drawGridOverlays(ctx, spec.grid, width, height, {
            values: shown.values ? picture?.values : null,
            policy: shown.policy ? picture?.policy : null,
            visits: shown.visits ? counts : null,
            actionLabels: spec.actionLabels,
          })
        }
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
      {spec.grid && !editing && (
        <div className="overlay-toggles" role="group" aria-label="Grid overlays">
          {(['values', 'policy', 'visits'] as const).map((layer) => (
            <label key={layer}>
              <input type="checkbox" checked={overlays[layer]} onChange={(event) => setOverlays({ ...overlays, [layer]: event.target.checked })} />
              {layer === 'values' ? 'Values' : layer === 'policy' ? 'Policy' : 'Visits'}
            </label>
          ))}
        </div>
      )}
      {editable && editing && spec.grid ? (
        <LevelEditor grid={spec.grid} />
      ) : (
        <>
          <canvas ref={canvasRef} role="img" aria-label={`${spec.label}: ${caption || 'waiting for the first rollout'}${overlayText(overlays, tabular !== null)}`} />
          <figcaption>{caption || `${spec.label}: the agent appears here once training starts.`}</figcaption>
        </>
      )}
    </figure>
  )
}

/** The overlays in words, for the canvas's accessible name. */
function overlayText(overlays: Record<'values' | 'policy' | 'visits', boolean>, hasLearnerView: boolean): string {
  const shown = (Object.keys(overlays) as (keyof typeof overlays)[]).filter((layer) => overlays[layer] && (layer === 'visits' || hasLearnerView))
  return shown.length > 0 ? `; overlays: ${shown.join(', ')}` : ''
}
