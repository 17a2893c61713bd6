import { MAX_TREE_DEPTH, MAX_TREE_NODES, TREE_NODE_SHAPE, treeAdvantages, treeProblem, type TreeNode } from '../core/credit/treeAdvantages'
import { assertFinite, parseJson } from './json-input'
import { UsageError } from './usage'

/*
 * `advantages --estimator tree [--global] [--reweight]`: the tree advantages of
 * src/core/credit/treeAdvantages.ts (TreeRL's segment-level form) on a tree given as JSON on stdin,
 * every node's in pre-order with its path.
 */

/** The flags and switches the tree estimator takes. */
export const TREE_FLAGS = ['estimator', 'global', 'reweight']
/** Its switches (flags without a value). */
export const TREE_SWITCHES = ['global', 'reweight']

export const TREE_SHAPE = `{"tree": NODE}, NODE ${TREE_NODE_SHAPE}, at most ${MAX_TREE_NODES} nodes and ${MAX_TREE_DEPTH} levels below the root`

/** {"advantages": [A, ...], "paths": ["", "0", "0.0", ...], "values": [V, ...], "leaves": [|L|, ...]}, every node in pre-order. */
export function treeCommand(switches: Set<string>, readStdin: () => string): string {
  const raw = parseJson(readStdin(), TREE_SHAPE)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError(`input: expected an object; expected ${TREE_SHAPE}`)
  const unknown = Object.keys(raw).filter((key) => key !== 'tree')
  if (unknown.length > 0) throw new UsageError(`unknown key ${JSON.stringify(unknown[0])}; expected ${TREE_SHAPE}`)
  if (!Object.hasOwn(raw, 'tree')) throw new UsageError(`"tree" is missing; expected ${TREE_SHAPE}`)
  const tree = (raw as { tree: unknown }).tree
  const problem = treeProblem(tree)
  if (problem !== null) throw new UsageError(problem)
  const result = treeAdvantages(tree as TreeNode, { global: switches.has('global'), reweight: switches.has('reweight') })
  // Only a sum of leaf rewards past the largest double can overflow.
  assertFinite(result.values, 'values', result.paths.map(nodeLabel))
  assertFinite(result.advantages, 'advantages', result.paths.map(nodeLabel))
  const printed = { advantages: Array.from(result.advantages), paths: result.paths, values: Array.from(result.values), leaves: Array.from(result.leaves) }
  return `${JSON.stringify(printed)}\n`
}

function nodeLabel(path: string): string {
  return path === '' ? 'of the root' : `of node ${path}`
}
