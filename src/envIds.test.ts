import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENTS } from './core/envs/registry'

/*
 * No code outside src/core/envs/ branches on an environment's id. What an environment offers is
 * asked of its spec (a grid, a team, token completions, an exact model) or of its definition (its
 * potentials, state bounds, step features, default learner), so adding an environment means
 * writing its own file, not finding every place that names the others (docs/architecture.md,
 * "Adding an environment").
 *
 * Branching on an id is, in any non-test source under src/ outside core/envs/, with a registered
 * id as a string literal:
 *   a comparison        x === 'cartpole', 'cartpole' !== x (==, != too)
 *   a switch case       case 'cartpole':
 *   a record keyed by   { cartpole: …, mountaincar: … }, { 'cartpole': … }
 *   a map keyed by      new Map([['cartpole', …]])
 * Naming an environment as data is fine: a lesson's design, a default (DEFAULT_ENV_ID), a command
 * line example, an argument (resolveEnvironment('tokenseq', …)). Test files are not read.
 *
 * One table outside core/envs/ is keyed by id on purpose: the canvas renderers (ui/render/index.ts),
 * drawings that core/ cannot hold, typed Record<EnvId, …> so that an environment without one does
 * not compile.
 */
const KEYED_BY_ID_ON_PURPOSE: readonly string[] = ['ui/render/index.ts']

/** Paths are relative to src/, with "/". */
function isChecked(path: string): boolean {
  return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith('core/envs/') && !KEYED_BY_ID_ON_PURPOSE.includes(path)
}

/** One line per place in `text` that branches on one of `ids`: "src/path:line: what". */
function idBranches(path: string, text: string, ids: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const idOf = (node: ts.Node | undefined): string | null => (node !== undefined && ts.isStringLiteralLike(node) && ids.has(node.text) ? node.text : null)
  const report = (node: ts.Node, what: string): void => {
    found.push(`src/${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`)
  }
  const comparisons = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken])
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind)) {
      const id = idOf(node.left) ?? idOf(node.right)
      if (id !== null) report(node, `compares with '${id}'`)
    } else if (ts.isCaseClause(node)) {
      const id = idOf(node.expression)
      if (id !== null) report(node, `case '${id}'`)
    } else if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isObjectLiteralExpression(node.parent)) {
      const name = node.name
      if ((ts.isIdentifier(name) || ts.isStringLiteralLike(name)) && ids.has(name.text)) report(node, `a record keyed by '${name.text}'`)
    } else if (ts.isNewExpression(node) && node.expression.getText(source) === 'Map' && node.arguments?.length === 1 && ts.isArrayLiteralExpression(node.arguments[0])) {
      for (const entry of node.arguments[0].elements) {
        const id = ts.isArrayLiteralExpression(entry) ? idOf(entry.elements[0]) : null
        if (id !== null) report(entry, `a map keyed by '${id}'`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const SRC = fileURLToPath(new URL('.', import.meta.url))

describe('environment ids outside src/core/envs/', () => {
  const ids = new Set(ENVIRONMENTS.map((definition) => definition.spec.id))
  const paths = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => isChecked(path) && statSync(`${SRC}/${path}`).isFile())

  it('reads the ids from the registry and the sources outside core/envs/', () => {
    expect([...ids]).toContain('cartpole')
    expect(paths).toContain('worker/session.ts')
    expect(paths).not.toContain('core/envs/cartpole.ts')
  })

  it('no code branches on an environment id', () => {
    expect(paths.flatMap((path) => idBranches(path, readFileSync(`${SRC}/${path}`, 'utf8'), ids))).toEqual([])
  })
})

describe('the id check itself', () => {
  it('finds comparisons, cases, records and maps keyed by ids; lets data, comments and other strings be', () => {
    const ids = new Set(['cartpole', 'tokenseq'])
    const text = [
      `if (spec.id === 'cartpole') go()`,
      `const other = 'tokenseq' !== id`,
      `switch (id) { case \`tokenseq\`: break; case 'bandit': break }`,
      `const table = { cartpole: 1, 'tokenseq': 2, other: 3 }`,
      `const sources = new Map([['tokenseq', 1], ['x', 2]])`,
      `const design = { envId: 'cartpole' }; resolveEnvironment('tokenseq')`,
      `// if (id === 'cartpole')`,
      `const quoted = "id === 'cartpole'"`,
    ].join('\n')
    expect(idBranches('ui/x.ts', text, ids)).toEqual([
      "src/ui/x.ts:1: compares with 'cartpole'",
      "src/ui/x.ts:2: compares with 'tokenseq'",
      "src/ui/x.ts:3: case 'tokenseq'",
      "src/ui/x.ts:4: a record keyed by 'cartpole'",
      "src/ui/x.ts:4: a record keyed by 'tokenseq'",
      "src/ui/x.ts:5: a map keyed by 'tokenseq'",
    ])
  })

  it('reads no test file, nothing in core/envs/ and the renderers’ table', () => {
    expect(['ui/app/App.tsx', 'core/rewards/shaping.ts', 'main.tsx'].every(isChecked)).toBe(true)
    expect(['ui/App.test.tsx', 'core/envs/cartpole.ts', 'ui/render/index.ts', 'README.md'].some(isChecked)).toBe(false)
  })
})
