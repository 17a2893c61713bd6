import { useEffect, useMemo, useRef, useState } from 'react'
import type { IterationReport } from '../../core/run/trainer'
import type { EnvSpec } from '../../core/envs/types'
import { episodeField, potentialField } from '../../model/gridFields'
import { usePlayground } from '../../state/run/store'
import { rendererFor } from '../render'
import { fitCanvas } from '../render/fitCanvas'
import { captionDue } from '../render/caption'
import { LevelEditor } from '../design/LevelEditor'
import { drawGridOverlays } from '../render/gridOverlay'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { useView } from '../../state/link/views'
import { useControlVisible } from '../../state/link/classroom'

/** Frames a second the environment view draws while it animates. */
const DRAW_FPS = 30
/** The same while more runs train in the browser than it has cores (the run's machine share is under 1): the pages leave more of the machine to each other. */
const SHARED_DRAW_FPS = 15
/** How early the timer asks for the next display frame, so that the frame it gets is not one late. */
const FRAME_SLACK_MS = 8

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
  const shaping = usePlayground((state) => state.design.reward.shaping)
  const potential = useMemo(() => potentialField(spec, shaping), [spec, shaping])
  const record = usePlayground((state) => state.run.record)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const gamma = 'gamma' in learner ? learner.gamma : 1
  const episode = useMemo(() => (spec.grid && record ? episodeField(record, weights, gamma, spec.grid.rows * spec.grid.cols) : null), [spec, record, weights, gamma])
  const [overlays, setOverlays] = useView('overlays')
  const overlayRef = useRef({ tabular, visits, overlays, potential, episode })
  overlayRef.current = { tabular, visits, overlays, potential, episode }
  const demoRef = useRef(demo)
  demoRef.current = demo
  const shared = usePlayground((state) => (state.run.latest?.machineShare?.duty ?? 1) < 1)
  const fpsRef = useRef(DRAW_FPS)
  fpsRef.current = shared ? SHARED_DRAW_FPS : DRAW_FPS
  // The caption belongs to the spec it describes: after a switch of environment the old one is not shown under the new.
  const [described, setDescribed] = useState<{ spec: EnvSpec; text: string } | null>(null)
  const caption = described?.spec === spec ? described.text : ''
  const [editing, setEditing] = useState(false)
  const renderer = rendererFor(spec)
  const showOverlays = useControlVisible('overlays')
  const showLevelEditor = useControlVisible('levelEditor')

  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const stateSize = spec.stateVars.length
    let playing: IterationReport['demo'] | null = null
    let index = 0
    let lastCaptionAt = -Infinity
    let captionShown: string | null = null
    let frame = 0
    let lastTick = performance.now()
    let pendingSteps = 0
    // The canvas's size and font size, kept by observers: reading them every frame would force a
    // layout each time. Labels drawn on the canvas take the font size the style sheet gives it (larger
    // in the presenter layout, a class on the root element).
    let box = { width: canvas.clientWidth, height: canvas.clientHeight }
    const readFont = () => parseFloat(getComputedStyle(canvas).fontSize) || 13
    let font = readFont()
    const observer = new ResizeObserver((entries) => {
      const { width, height } = entries[entries.length - 1].contentRect
      box = { width, height }
      font = readFont()
    })
    observer.observe(canvas)
    const rootClasses = new MutationObserver(() => {
      font = readFont()
    })
    rootClasses.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    let wait: ReturnType<typeof setTimeout> | undefined
    // At most DRAW_FPS frames a second (SHARED_DRAW_FPS on a shared machine): the animation reads as smooth, and the page leaves the
    // cores to training. The next frame is asked for only when it is due: a display frame asked for
    // and skipped still wakes the page and runs its rendering steps (twice as many tasks at 60 Hz).
    const next = (drawnAt: number) => {
      wait = setTimeout(() => {
        frame = requestAnimationFrame(draw)
      }, Math.max(0, drawnAt + 1000 / fpsRef.current - performance.now() - FRAME_SLACK_MS))
    }
    let lastDrawAt = -Infinity
    const draw = (now: number) => {
      // The timer woke us a little early: the next display frame is the one due.
      if (now - lastDrawAt < 1000 / fpsRef.current - 1) {
        frame = requestAnimationFrame(draw)
        return
      }
      lastDrawAt = now
      const { width, height, ratio } = fitCanvas(canvas, box.width, box.height)
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
        renderer.draw(ctx, state, offset, width, height, playing.copies, font * ratio)
        const { tabular: picture, visits: counts, overlays: shown, potential: phi, episode: credit } = overlayRef.current
        if (spec.grid && (shown.values || shown.policy || shown.visits || shown.potential || shown.episode)) {
          drawGridOverlays(ctx, spec.grid, width, height, {
            values: shown.values ? picture?.values : null,
            policy: shown.policy ? picture?.policy : null,
            visits: shown.visits ? counts : null,
            potential: shown.potential ? phi?.values : null,
            episode: shown.episode ? credit : null,
            actionLabels: spec.actionLabels,
          })
        }
        // The caption describes the frame just drawn, read from the same state at the same offset.
        const text = renderer.describe(state, offset, playing.copies)
        if (captionDue(text, captionShown, now, lastCaptionAt, renderer.captionEveryMs)) {
          setDescribed({ spec, text })
          captionShown = text
          lastCaptionAt = now
        }
        index += advance
      } else {
        renderer.drawIdle(ctx, width, height, font * ratio)
      }
      next(now)
    }
    frame = requestAnimationFrame(draw)
    return () => {
      clearTimeout(wait)
      cancelAnimationFrame(frame)
      observer.disconnect()
      rootClasses.disconnect()
    }
  }, [renderer, spec, editing])

  const editable = showLevelEditor && spec.grid !== undefined && spec.params.some((param) => param.name === 'layout' && param.kind === 'text')
  const overlayToggles = spec.grid !== undefined && !editing && showOverlays
  return (
    <figure className="env-view">
      {/* The toolbar takes its own row above the picture: it never covers a cell, and wraps on a narrow view. */}
      {(editable || overlayToggles) && (
        <div className="env-toolbar">
          {overlayToggles && (
            <div className="overlay-toggles" role="group" aria-label="Grid overlays">
              {(['values', 'policy', 'visits', 'potential', 'episode'] as const)
                .filter((layer) => layer !== 'potential' || potential !== null)
                .map((layer) => (
                  <label key={layer}>
                    <input type="checkbox" checked={overlays[layer]} onChange={(event) => setOverlays({ ...overlays, [layer]: event.target.checked })} />
                    {layer === 'values' ? 'Values' : layer === 'policy' ? 'Policy' : layer === 'visits' ? 'Visits' : layer === 'episode' ? 'Episode credit' : `Φ ${potential?.name ?? ''}`}
                  </label>
                ))}
            </div>
          )}
          {editable && (
            <button type="button" className="edit-toggle" aria-pressed={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Done editing' : 'Edit level'}
            </button>
          )}
        </div>
      )}
      {editable && editing && spec.grid ? (
        <LevelEditor grid={spec.grid} />
      ) : (
        <>
          <canvas ref={canvasRef} role="img" aria-label={`${spec.label}: ${caption || 'waiting for the first rollout'}${overlayText(overlays, tabular !== null)}`} />
          <figcaption>{caption || `${spec.label}: the agent appears here once training starts.`}</figcaption>
          <ChartExportButtons chart="the replay frame" fileName="environment" target={canvasRef} canvas />
        </>
      )}
    </figure>
  )
}

/** The overlays in words, for the canvas's accessible name. */
function overlayText(overlays: Record<'values' | 'policy' | 'visits' | 'potential' | 'episode', boolean>, hasLearnerView: boolean): string {
  const shown = (Object.keys(overlays) as (keyof typeof overlays)[]).filter((layer) => overlays[layer] && (layer === 'visits' || layer === 'potential' || layer === 'episode' || hasLearnerView))
  return shown.length > 0 ? `; overlays: ${shown.join(', ')}` : ''
}
