import { useEffect, useRef } from 'react'
import { TOKEN_LABELS } from '../../core/envs/tokenseq'
import type { EnvSpec } from '../../core/envs/types'
import type { TokenCompletion } from '../../core/preferences/tokenFeatures'
import { drawPairsToLabel, pairSourceText, pick, useLabels } from '../../state/labels/labels'
import { usePlayground } from '../../state/run/store'
import { isSegmentPair, type DrawnSegmentPair, type DrawnTokenPair } from '../../worker/protocol'
import { SegmentReplay } from './SegmentReplay'

/** A completion as text: its tokens by their names (digits, think, end). React writes it as text, never as HTML. */
function completionText(completion: TokenCompletion): string {
  return completion.tokens.map((token) => TOKEN_LABELS[token] ?? String(token)).join(' ')
}

/** The keys a labeler uses, as RLHF labeling tools map them: ← the left, → the right, = a tie, S skip. */
const KEYS: Record<string, Parameters<typeof pick>[0]> = { ArrowLeft: 'a', ArrowRight: 'b', '=': 'tie', s: 'skip', S: 'skip' }

/**
 * The pair to label: the prompt, the two completions side by side, and the choices by mouse or by
 * keyboard while the pair has focus (focus stays on it from pair to pair).
 */
export function LabelPairCard() {
  const queue = useLabels((state) => state.queue)
  const source = useLabels((state) => state.queueSource)
  const drawing = useLabels((state) => state.drawing)
  const card = useRef<HTMLDivElement>(null)
  const spec = usePlayground((state) => state.spec)
  const shown = queue[0]
  useEffect(() => {
    if (shown && document.activeElement === document.body) card.current?.focus()
  }, [shown])
  if (!shown) {
    return (
      <button type="button" onClick={() => void drawPairsToLabel()} disabled={drawing}>
        {drawing ? 'Drawing pairs…' : 'Draw pairs to label'}
      </button>
    )
  }
  return (
    <div
      ref={card}
      className="label-pair"
      role="group"
      tabIndex={0}
      aria-label="Pair to label: ← left, → right, = tie, S skip"
      onKeyDown={(event) => {
        const choice = KEYS[event.key]
        if (choice === undefined || event.altKey || event.ctrlKey || event.metaKey) return
        event.preventDefault()
        pick(choice)
      }}
    >
      {isSegmentPair(shown) ? <SegmentSides pair={shown} spec={spec} source={source} waiting={queue.length} /> : <TokenSides pair={shown} source={source} waiting={queue.length} />}
      <div className="label-choices">
        <button type="button" onClick={() => pick('tie')}>
          = Tie
        </button>
        <button type="button" onClick={() => pick('skip')}>
          Skip (S)
        </button>
      </div>
    </div>
  )
}

/** The prompt and the two completions side by side, each a button that picks it. */
function TokenSides({ pair, source, waiting }: { pair: DrawnTokenPair; source: 'current' | 'start' | null; waiting: number }) {
  return (
    <>
      <p className="hint">
        Prompt: {pair.a.prompt[0]} + {pair.a.prompt[1]} = ? · from {pairSourceText(source, false)} · {waiting} waiting
      </p>
      <div className="label-sides">
        <button type="button" className="label-side" aria-label={`Left is better: ${completionText(pair.a)}`} onClick={() => pick('a')}>
          <span className="label-side-name">← Left</span>
          <code>{completionText(pair.a)}</code>
        </button>
        <button type="button" className="label-side" aria-label={`Right is better: ${completionText(pair.b)}`} onClick={() => pick('b')}>
          <span className="label-side-name">Right →</span>
          <code>{completionText(pair.b)}</code>
        </button>
      </div>
    </>
  )
}

/** Two segments side by side as replays, each with its button to pick it. */
function SegmentSides({ pair, spec, source, waiting }: { pair: DrawnSegmentPair; spec: EnvSpec; source: 'current' | 'start' | null; waiting: number }) {
  return (
    <>
      <p className="hint">
        Two stretches of {pairSourceText(source, true)}: which one would you rather the agent did? · {waiting} waiting
      </p>
      <div className="label-sides">
        <div className="label-side">
          <SegmentReplay spec={spec} segment={pair.a} name="Left" />
          <button type="button" aria-label={`Left is better: ${pair.a.actions.length} steps`} onClick={() => pick('a')}>
            ← Left
          </button>
        </div>
        <div className="label-side">
          <SegmentReplay spec={spec} segment={pair.b} name="Right" />
          <button type="button" aria-label={`Right is better: ${pair.b.actions.length} steps`} onClick={() => pick('b')}>
            Right →
          </button>
        </div>
      </div>
    </>
  )
}
