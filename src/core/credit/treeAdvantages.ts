/*
 * Tree advantages: the segment-level credit of a rollout grown as a tree (TreeRL, Hou et al. 2025,
 * "TreeRL: LLM Reinforcement Learning with On-Policy Tree Search", section 3, its Eq. 2–4). The
 * root is the prompt; every other node is a segment of tokens that continues its parent's; a leaf
 * ends a completion and carries its reward r. L(n) is the set of leaves under n (n itself where n
 * is a leaf), and
 *   V(n)  = (1/|L(n)|) Σ_{l ∈ L(n)} r_l                the mean reward of the leaves under n
 *   LA(n) = V(n) − V(parent(n))                         the local advantage (TreeRL's Eq. 3)
 *   GA(n) = V(n) − V(root)                              the global advantage (TreeRL's Eq. 2)
 *   A(n)  = (LA(n) + [global] GA(n)) / ([reweight] √|L(n)|, else 1)
 * and A(root) = 0 (the prompt has no tokens to credit). Each token of n's segment takes A(n).
 *
 * Our default is the local advantage alone, A(n) = LA(n): the segment's value over its parent's.
 * TreeRL's paper adds GA and divides by √|L(n)| (its Eq. 4, so that a segment shared by many leaves
 * does not dominate the gradient): `global: true, reweight: true` is that form. V(root) is the
 * mean over every leaf, not the mean of the children's V: with unequal branching they differ.
 */

/** A tree as the input gives it: a node with children, or a leaf with its reward. */
export type TreeNode = { children: readonly TreeNode[] } | { reward: number }

export interface TreeAdvantageOptions {
  /** Add TreeRL's global term GA(n) = V(n) − V(root). Default false. */
  global?: boolean
  /** Divide by √|L(n)|, the square root of the number of leaves under n, as TreeRL does. Default false. */
  reweight?: boolean
}

/** Every node, in pre-order (a node, then its children's subtrees in their order). */
export interface TreeAdvantages {
  /** Each node's path: its child indices from the root joined by ".", "" for the root ("0.1" is the root's first child's second child). */
  paths: string[]
  /** V(n), the mean reward of the leaves under n. */
  values: Float64Array
  /** |L(n)|, the number of leaves under n. */
  leaves: Uint32Array
  /** A(n); 0 for the root. */
  advantages: Float64Array
}

/** The most nodes a tree may have. */
export const MAX_TREE_NODES = 100_000
/** The deepest a node may lie, the root at depth 0. */
export const MAX_TREE_DEPTH = 64

export const TREE_NODE_SHAPE = '{"children": [NODE, ...]} or a leaf {"reward": r}'

/**
 * The first problem of a tree given as parsed JSON, or null where it is a valid TreeNode. `where`
 * names the root ("tree"); a problem names its node by its JSON path (tree.children[0]) and its
 * node path ("0"). Nothing is recursed: any depth of input is checked without using the stack.
 */
export function treeProblem(raw: unknown, where = 'tree'): string | null {
  const stack: { node: unknown; jsonPath: string; path: string; depth: number }[] = [{ node: raw, jsonPath: where, path: '', depth: 0 }]
  let count = 0
  while (stack.length > 0) {
    const { node, jsonPath, path, depth } = stack.pop()!
    const named = path === '' ? `${jsonPath} (the root)` : `${jsonPath} (node ${path})`
    if (++count > MAX_TREE_NODES) return `the tree has more than ${MAX_TREE_NODES} nodes; give at most ${MAX_TREE_NODES}`
    if (depth > MAX_TREE_DEPTH) return `${named} lies ${depth} levels below the root; a tree may be at most ${MAX_TREE_DEPTH} deep`
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return `${named} is not a node; expected ${TREE_NODE_SHAPE}`
    const keys = Object.keys(node)
    const unknown = keys.filter((key) => key !== 'children' && key !== 'reward')
    if (unknown.length > 0) return `${named} has the unknown key ${JSON.stringify(unknown[0])}; expected ${TREE_NODE_SHAPE}`
    const hasChildren = Object.hasOwn(node, 'children')
    const hasReward = Object.hasOwn(node, 'reward')
    if (hasChildren && hasReward) return `${named} has both "children" and "reward"; a node has children, a leaf has a reward`
    if (!hasChildren && !hasReward) return `${named} has neither "children" nor "reward"; expected ${TREE_NODE_SHAPE}`
    if (hasReward) {
      const reward = (node as { reward: unknown }).reward
      if (typeof reward !== 'number' || !Number.isFinite(reward)) return `${jsonPath}.reward${path === '' ? '' : ` (node ${path})`} is ${describe(reward)}; a reward is a finite number`
      continue
    }
    const children = (node as { children: unknown }).children
    if (!Array.isArray(children)) return `${jsonPath}.children${path === '' ? '' : ` (node ${path})`} is ${describe(children)}; expected an array of nodes`
    if (children.length === 0) return `${jsonPath}.children${path === '' ? '' : ` (node ${path})`} is empty; a node has at least 1 child, and a leaf is {"reward": r}`
    // Pushed last to first, so that the first child is checked first.
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as unknown, jsonPath: `${jsonPath}.children[${i}]`, path: path === '' ? String(i) : `${path}.${i}`, depth: depth + 1 })
    }
  }
  return null
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A(n) of every node of a tree, in pre-order (TreeAdvantages). Throws on a tree treeProblem refuses. */
export function treeAdvantages(root: TreeNode, options: TreeAdvantageOptions = {}): TreeAdvantages {
  const problem = treeProblem(root)
  if (problem !== null) throw new Error(`treeAdvantages: ${problem}`)
  // Pre-order: nodes[i], its parent's index (−1 for the root) and its path.
  const nodes: TreeNode[] = []
  const parents: number[] = []
  const paths: string[] = []
  const stack: { node: TreeNode; parent: number; path: string }[] = [{ node: root, parent: -1, path: '' }]
  while (stack.length > 0) {
    const { node, parent, path } = stack.pop()!
    const index = nodes.length
    nodes.push(node)
    parents.push(parent)
    paths.push(path)
    if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i], parent: index, path: path === '' ? String(i) : `${path}.${i}` })
    }
  }
  const count = nodes.length
  // Σ_{l ∈ L(n)} r_l and |L(n)|, summed from the last node back: in pre-order a child comes after its parent.
  const sums = new Float64Array(count)
  const leaves = new Uint32Array(count)
  for (let i = count - 1; i >= 0; i--) {
    const node = nodes[i]
    if ('reward' in node) {
      sums[i] += node.reward
      leaves[i] += 1
    }
    if (parents[i] >= 0) {
      sums[parents[i]] += sums[i]
      leaves[parents[i]] += leaves[i]
    }
  }
  // V(n) = Σ r_l / |L(n)|
  const values = new Float64Array(count)
  for (let i = 0; i < count; i++) values[i] = sums[i] / leaves[i]
  const advantages = new Float64Array(count)
  for (let i = 1; i < count; i++) {
    // LA(n) = V(n) − V(parent(n)); GA(n) = V(n) − V(root)
    const local = values[i] - values[parents[i]]
    const global = options.global === true ? values[i] - values[0] : 0
    // A(n) = (LA + GA) / √|L(n)| with reweight, else LA + GA
    advantages[i] = (local + global) / (options.reweight === true ? Math.sqrt(leaves[i]) : 1)
  }
  return { paths, values, leaves, advantages }
}
