import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/*
 * The layers of src/: which top folder may import which.
 *
 *   core ← learn ← worker, cli
 *   core ← model ← storage, lessons ← state ← ui ← main.tsx
 *
 * An entry is a top folder, or one file of it ('worker/protocol.ts' allows that file only). Files
 * directly in src/ (main.tsx) are the layer 'main'. A test file is judged as the folder it sits in,
 * like the file it tests. A folder may be listed before it exists (model/ is planned).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: ['core'],
  learn: ['core', 'learn'],
  worker: ['core', 'learn', 'worker'],
  model: ['core', 'model'],
  storage: ['core', 'model', 'storage'],
  lessons: ['core', 'model', 'lessons'],
  // state speaks the workers' protocols and starts their entries; nothing else of worker/.
  state: ['core', 'model', 'storage', 'lessons', 'worker/protocol.ts', 'worker/trainer.worker.ts', 'worker/rolloutsProtocol.ts', 'worker/rollouts.worker.ts', 'state'],
  cli: ['core', 'learn', 'model', 'lessons', 'cli'],
  ui: ['core', 'learn', 'worker', 'model', 'storage', 'lessons', 'state', 'ui'],
  main: ['core', 'learn', 'worker', 'model', 'storage', 'lessons', 'state', 'ui', 'main'],
}

/** Paths are relative to src/, with "/" (core/rng.ts); messages print them as src/core/rng.ts. */
const shown = (path: string): string => `src/${path}`

function layerOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.indexOf('/')) : 'main'
}

/**
 * The relative module names a source refers to: import … from, export … from, import '…',
 * import('…') and new URL('…', import.meta.url) (a worker's entry). The source is parsed, not
 * matched, so comments and strings never count.
 */
function relativeImports(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text)
    } else if (ts.isNewExpression(node) && node.expression.getText() === 'URL' && node.arguments?.length === 2) {
      const [target, base] = node.arguments
      if (ts.isStringLiteralLike(target) && base.getText() === 'import.meta.url') found.push(target.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.filter((name) => name.startsWith('./') || name.startsWith('../'))
}

/** The file a relative module name means, as the bundler finds it; null when there is none, undefined when outside src/. */
function resolveImport(from: string, name: string, present: ReadonlySet<string>): string | null | undefined {
  const target = posix.normalize(posix.join(posix.dirname(from), name))
  if (target === '..' || target.startsWith('../')) return undefined
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]
  if (target.endsWith('.js')) candidates.push(target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'))
  return candidates.find((candidate) => present.has(candidate)) ?? null
}

interface Analysis {
  /** One line per import against the layers, or that resolves to no file. */
  violations: string[]
  /** One line per pair of files that import each other, and per longer cycle. */
  cycles: string[]
}

/** Check sources (path → text) against MAY_IMPORT; `present` lists every file an import may resolve to. */
function analyse(sources: ReadonlyMap<string, string>, present: ReadonlySet<string> = new Set(sources.keys())): Analysis {
  const violations: string[] = []
  const edges = new Map<string, Set<string>>()
  for (const [from, text] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    const layer = layerOf(from)
    const allowed = MAY_IMPORT[layer]
    if (allowed === undefined) {
      violations.push(`${shown(from)} is in no layer: add "${layer}" to MAY_IMPORT`)
      continue
    }
    const targets = new Set<string>()
    edges.set(from, targets)
    for (const name of relativeImports(from, text)) {
      const to = resolveImport(from, name, present)
      if (to === undefined) continue
      if (to === null) {
        violations.push(`${shown(from)} imports '${name}', which is no file`)
        continue
      }
      if (to !== from) targets.add(to)
      if (!allowed.includes(layerOf(to)) && !allowed.includes(to)) {
        violations.push(`${shown(from)} imports ${shown(to)}: ${layer} may import ${allowed.join(', ')}`)
      }
    }
  }
  return { violations: [...new Set(violations)], cycles: findCycles(edges) }
}

/** Pairs that import each other, then each knot of three or more (strongly connected files) with a shortest cycle through its first. */
function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const found: string[] = []
  for (const [a, targets] of edges) {
    for (const b of targets) if (a < b && edges.get(b)?.has(a)) found.push(`${shown(a)} and ${shown(b)} import each other`)
  }
  for (const knot of stronglyConnected(edges)) {
    if (knot.length < 3) continue
    const members = new Set(knot)
    // Shortest way from the first file back to itself inside the knot (breadth first).
    const start = knot[0]
    const cameFrom = new Map<string, string>()
    const queue = [start]
    while (queue.length > 0 && !cameFrom.has(start)) {
      const node = queue.shift()!
      for (const next of edges.get(node) ?? []) {
        if (!members.has(next) || cameFrom.has(next)) continue
        cameFrom.set(next, node)
        queue.push(next)
      }
    }
    const path = [start]
    for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) path.unshift(node)
    path.unshift(start)
    found.push(`${knot.length} files are tied in an import cycle (${knot.map(shown).join(', ')}), e.g. ${path.map(shown).join(' → ')}`)
  }
  return found
}

/** Tarjan's strongly connected components, each sorted, in order of their first file. */
function stronglyConnected(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const connect = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    components.push(component.sort())
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node)
  return components.sort((a, b) => a[0].localeCompare(b[0]))
}

/*
 * Inside core/: the run's loop (run/) calls the environments, the reward mix, credit and the losses,
 * so those folders never import run/; the tabular learners implement run/'s Trainer, as learn/'s
 * learners do, so run/ never imports learners/ and the folders below run/ never do either.
 */
const CORE_MAY_NOT_IMPORT: Record<string, readonly string[]> = {
  credit: ['run', 'learners'],
  losses: ['run', 'learners'],
  envs: ['run', 'learners'],
  rewards: ['run', 'learners'],
  preferences: ['run', 'learners'],
  run: ['learners'],
}

/**
 * Imports inside core/ that still run against that order, to be moved away and struck off here:
 * the what-if and team views of credit/ read run/'s step record, batches and recent episodes, and
 * two environments' tests and one of run/'s train a tabular learner.
 */
const KNOWN_CORE_ARROWS: readonly string[] = [
  'src/core/credit/episodesWhatIf.test.ts imports src/core/run/metrics.ts',
  'src/core/credit/episodesWhatIf.ts imports src/core/run/metrics.ts',
  'src/core/credit/teamView.test.ts imports src/core/run/stepRecord.ts',
  'src/core/credit/teamView.ts imports src/core/run/stepRecord.ts',
  'src/core/credit/whatIf.test.ts imports src/core/run/stepRecord.ts',
  'src/core/credit/whatIf.ts imports src/core/run/stepRecord.ts',
  'src/core/credit/whatIf.ts imports src/core/run/trainer.ts',
  'src/core/envs/frozenlake.test.ts imports src/core/learners/qlearning.ts',
  'src/core/envs/frozenlake.test.ts imports src/core/run/config.ts',
  'src/core/envs/gridworld.test.ts imports src/core/learners/qlearning.ts',
  'src/core/envs/gridworld.test.ts imports src/core/run/config.ts',
  'src/core/run/scheduledMix.test.ts imports src/core/learners/qlearning.ts',
]

/** core/<folder>/… of a path in src/, or null outside core's folders. */
function coreFolderOf(path: string): string | null {
  const parts = path.split('/')
  return parts[0] === 'core' && parts.length > 2 ? parts[1] : null
}

/** One line per import between core's folders against CORE_MAY_NOT_IMPORT. */
function coreOrderViolations(sources: ReadonlyMap<string, string>, present: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const [from, text] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    const folder = coreFolderOf(from)
    const forbidden = folder === null ? undefined : CORE_MAY_NOT_IMPORT[folder]
    if (forbidden === undefined) continue
    for (const name of relativeImports(from, text)) {
      const to = resolveImport(from, name, present)
      const target = to ? coreFolderOf(to) : null
      if (to && target !== null && forbidden.includes(target)) found.push(`${shown(from)} imports ${shown(to)}`)
    }
  }
  return [...new Set(found)]
}

const SRC = fileURLToPath(new URL('.', import.meta.url))

function readSources(): { sources: Map<string, string>; present: Set<string> } {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(`${SRC}/${path}`).isFile())
  const present = new Set(files.map((path) => path.split('\\').join('/')))
  const sources = new Map([...present].filter((path) => /\.tsx?$/.test(path)).map((path) => [path, readFileSync(`${SRC}/${path}`, 'utf8')]))
  return { sources, present }
}

describe('the layers of src/', () => {
  const { sources, present } = readSources()
  const { violations, cycles } = analyse(sources, present)

  it('reads the whole tree', () => {
    for (const path of ['main.tsx', 'core/rng.ts', 'state/run/store.ts', 'ui/app/App.tsx', 'worker/trainer.worker.ts', 'layers.test.ts']) expect(sources.has(path)).toBe(true)
  })

  it('every import follows the layers', () => {
    expect(violations).toEqual([])
  })

  it('no files import each other', () => {
    expect(cycles).toEqual([])
  })

  it("core's folders import the way the run's loop calls them: credit, losses, environments and rewards below run/, run/ below the tabular learners", () => {
    expect(coreOrderViolations(sources, present)).toEqual(KNOWN_CORE_ARROWS)
  })
})

/*
 * The rooms of ui/ and state/: each file sits in the room of its concern (the run, the link, the
 * library of saved runs, sweeps, labels, lessons, …), so a newcomer finds a screen's code by what it
 * is about. Only the page's style sheet sits at ui/'s top.
 */
const ROOMS: Record<string, { rooms: readonly string[]; topFiles: readonly string[] }> = {
  ui: { rooms: ['app', 'design', 'run', 'credit', 'compare', 'library', 'sweep', 'rollouts', 'labels', 'lessons', 'charts', 'render', 'common'], topFiles: ['styles.css'] },
  state: { rooms: ['run', 'link', 'library', 'sweep', 'rollouts', 'labels', 'lessons'], topFiles: [] },
}

describe('the rooms of ui/ and state/', () => {
  const { present } = readSources()
  for (const [layer, { rooms, topFiles }] of Object.entries(ROOMS)) {
    it(`every file of ${layer}/ sits in one of its rooms`, () => {
      const astray = [...present].filter((path) => layerOf(path) === layer).filter((path) => {
        const rest = path.slice(layer.length + 1)
        return rest.includes('/') ? !rooms.includes(rest.slice(0, rest.indexOf('/'))) : !topFiles.includes(rest)
      })
      expect(astray.map(shown)).toEqual([])
      expect(rooms.length + topFiles.length).toBeLessThanOrEqual(15)
    })
  }
})

describe('the layer check itself', () => {
  it('reports an upward import, a stray worker file, a missing file and cycles; ignores comments and strings', () => {
    const examples = new Map([
      ['core/up.ts', `import { b } from '../state/b'\nexport const up = b`],
      ['state/b.ts', `// import { x } from '../ui/x'\n/* export * from '../ui/x' */\nconst text = "import '../ui/x'"\nexport const b = text`],
      ['state/start.ts', `const w = new Worker(new URL('../worker/session.ts', import.meta.url))\nconst v = new Worker(new URL('../worker/trainer.worker.ts', import.meta.url))`],
      ['worker/session.ts', `export type { P } from './protocol'`],
      ['worker/protocol.ts', `export interface P {}`],
      ['worker/trainer.worker.ts', `import './session'`],
      ['learn/late.ts', `export const load = () => import('../cli/run')`],
      ['cli/run.ts', `import { late } from '../learn/late'\nimport '../core/gone'`],
      ['ui/x.tsx', `import { y } from './y'\nexport const x = <b>{y}</b>`],
      ['ui/y.ts', `export { x } from './x'`],
      ['core/p.ts', `import './q'`],
      ['core/q.ts', `import './r'`],
      ['core/r.ts', `import './p'`],
    ])
    expect(analyse(examples)).toEqual({
      violations: [
        "src/cli/run.ts imports '../core/gone', which is no file",
        'src/core/up.ts imports src/state/b.ts: core may import core',
        'src/learn/late.ts imports src/cli/run.ts: learn may import core, learn',
        'src/state/start.ts imports src/worker/session.ts: state may import core, model, storage, lessons, worker/protocol.ts, worker/trainer.worker.ts, worker/rolloutsProtocol.ts, worker/rollouts.worker.ts, state',
      ],
      cycles: [
        'src/cli/run.ts and src/learn/late.ts import each other',
        'src/ui/x.tsx and src/ui/y.ts import each other',
        '3 files are tied in an import cycle (src/core/p.ts, src/core/q.ts, src/core/r.ts), e.g. src/core/p.ts → src/core/q.ts → src/core/r.ts → src/core/p.ts',
      ],
    })
  })
})

describe("the order of core's folders, checked", () => {
  it('reports credit importing run and run importing learners; not run importing credit, nor learners importing run', () => {
    const examples = new Map([
      ['core/credit/a.ts', `import { b } from '../run/b'\nexport const a = b`],
      ['core/run/b.ts', `import '../credit/c'\nimport type { T } from '../learners/t'\nexport const b = 1`],
      ['core/credit/c.ts', `export const c = 1`],
      ['core/learners/t.ts', `import '../run/b'\nexport type T = number`],
    ])
    expect(coreOrderViolations(examples, new Set(examples.keys()))).toEqual(['src/core/credit/a.ts imports src/core/run/b.ts', 'src/core/run/b.ts imports src/core/learners/t.ts'])
  })
})
