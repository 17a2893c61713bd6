import { describe, expect, it } from 'vitest'
import { MAX_TREE_DEPTH, MAX_TREE_NODES, treeAdvantages, treeProblem, type TreeNode } from './treeAdvantages'

const leaf = (reward: number): TreeNode => ({ reward })
const node = (...children: TreeNode[]): TreeNode => ({ children })

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual).toHaveLength(expected.length)
  expected.forEach((value, i) => expect(actual[i], `entry ${i}`).toBeCloseTo(value, 12))
}

/** A chain of `depth` nodes under the root, ending in a leaf at that depth. */
function chain(depth: number): TreeNode {
  let tree: TreeNode = leaf(1)
  for (let d = 0; d < depth; d++) tree = node(tree)
  return tree
}

describe('treeAdvantages', () => {
  // root → a [1, 0], b [0, 0]: V(root) = 1/4, V(a) = 1/2, V(b) = 0
  const twoLevels = node(node(leaf(1), leaf(0)), node(leaf(0), leaf(0)))

  it('gives each node its leaves’ mean reward less its parent’s, in pre-order with paths', () => {
    const result = treeAdvantages(twoLevels)
    expect(result.paths).toEqual(['', '0', '0.0', '0.1', '1', '1.0', '1.1'])
    expectClose(result.values, [0.25, 0.5, 1, 0, 0, 0, 0])
    expect(Array.from(result.leaves)).toEqual([4, 2, 1, 1, 2, 1, 1])
    // A(a) = 1/2 − 1/4, A(a.0) = 1 − 1/2, A(a.1) = 0 − 1/2, A(b) = 0 − 1/4, b's leaves 0 − 0
    expectClose(result.advantages, [0, 0.25, 0.5, -0.5, -0.25, 0, 0])
  })

  it('adds TreeRL’s global term V(n) − V(root) and divides by √|L(n)| where asked', () => {
    // global: a 0.25 + 0.25; a.0 0.5 + 0.75; a.1 −0.5 − 0.25; b −0.25 − 0.25; b.0, b.1 0 − 0.25
    expectClose(treeAdvantages(twoLevels, { global: true }).advantages, [0, 0.5, 1.25, -0.75, -0.5, -0.25, -0.25])
    // reweight: a and b over √2, the leaves over √1
    expectClose(treeAdvantages(twoLevels, { reweight: true }).advantages, [0, 0.25 / Math.SQRT2, 0.5, -0.5, -0.25 / Math.SQRT2, 0, 0])
    // TreeRL's Eq. 4: (GA + LA)/√|L|
    expectClose(treeAdvantages(twoLevels, { global: true, reweight: true }).advantages, [0, 0.5 / Math.SQRT2, 1.25, -0.75, -0.5 / Math.SQRT2, -0.25, -0.25])
  })

  it('takes V(root) over the leaves, not over the children, where branching is unequal', () => {
    // root → x [1, 1, 0], y 0: V(root) = 2/4 = 1/2 (the children's mean would be (2/3 + 0)/2 = 1/3)
    const result = treeAdvantages(node(node(leaf(1), leaf(1), leaf(0)), leaf(0)))
    expect(result.paths).toEqual(['', '0', '0.0', '0.1', '0.2', '1'])
    expectClose(result.values, [0.5, 2 / 3, 1, 1, 0, 0])
    // A(x) = 2/3 − 1/2; x's leaves 1 − 2/3, 1 − 2/3, 0 − 2/3; A(y) = 0 − 1/2
    expectClose(result.advantages, [0, 1 / 6, 1 / 3, 1 / 3, -2 / 3, -0.5])
  })

  it('gives a single leaf, the root itself, advantage 0 and value its reward', () => {
    const result = treeAdvantages(leaf(0.7))
    expect(result.paths).toEqual([''])
    expectClose(result.values, [0.7])
    expectClose(result.advantages, [0])
  })

  it('gives a chain no advantage: every segment has its parent’s leaves', () => {
    expectClose(treeAdvantages(node(node(leaf(3))), { reweight: true }).advantages, [0, 0, 0])
  })

  it('refuses a tree treeProblem refuses', () => {
    expect(() => treeAdvantages(node())).toThrow('treeAdvantages: tree.children is empty')
  })
})

describe('treeProblem', () => {
  it('accepts a valid tree, deep and wide to the limits', () => {
    expect(treeProblem(node(leaf(1), node(leaf(0))))).toBeNull()
    expect(treeProblem(chain(MAX_TREE_DEPTH))).toBeNull()
    expect(treeProblem({ children: Array.from({ length: MAX_TREE_NODES - 1 }, () => leaf(0)) })).toBeNull()
  })

  it('names the node of each problem by its JSON path and its node path', () => {
    expect(treeProblem(node(leaf(1), node()))).toBe('tree.children[1].children (node 1) is empty; a node has at least 1 child, and a leaf is {"reward": r}')
    expect(treeProblem({ children: [] })).toMatch(/^tree.children is empty/)
    expect(treeProblem(node(leaf(1), node(leaf(Number.NaN))))).toBe('tree.children[1].children[0].reward (node 1.0) is NaN; a reward is a finite number')
    expect(treeProblem(leaf(Number.POSITIVE_INFINITY))).toMatch(/^tree.reward is Infinity; a reward is a finite number/)
    expect(treeProblem({ reward: '1' })).toMatch(/^tree.reward is a string/)
    expect(treeProblem({ children: [{ reward: 1, children: [] }] })).toMatch(/^tree.children\[0\] \(node 0\) has both "children" and "reward"/)
    expect(treeProblem({ children: [{}] })).toMatch(/^tree.children\[0\] \(node 0\) has neither "children" nor "reward"/)
    expect(treeProblem({ children: [{ reward: 1, value: 2 }] })).toMatch(/^tree.children\[0\] \(node 0\) has the unknown key "value"/)
    expect(treeProblem({ children: [1] })).toMatch(/^tree.children\[0\] \(node 0\) is not a node/)
    expect(treeProblem({ children: {} })).toBe('tree.children is an object; expected an array of nodes')
    expect(treeProblem(null)).toMatch(/^tree \(the root\) is not a node/)
  })

  it('refuses a tree too deep or too large, without recursing', () => {
    expect(treeProblem(chain(MAX_TREE_DEPTH + 1))).toMatch(new RegExp(`lies ${MAX_TREE_DEPTH + 1} levels below the root; a tree may be at most ${MAX_TREE_DEPTH} deep`))
    expect(treeProblem({ children: Array.from({ length: MAX_TREE_NODES }, () => leaf(0)) })).toBe(`the tree has more than ${MAX_TREE_NODES} nodes; give at most ${MAX_TREE_NODES}`)
    // Far deeper than any stack would allow a recursive check
    expect(treeProblem(chain(200_000))).toMatch(/a tree may be at most/)
  })
})
