import { describe, expect, it } from 'vitest'
import { StoredNetworkSchema } from './storedNetwork'

/* A stored network's shapes against its sizes, and its numbers read as float32. */

const tiny = { sizes: [2, 3, 1], layers: [{ weights: [[1, 2, 3], [4, 5, 6]], bias: [0, 0.5, -1] }, { weights: [[1], [-1], [0.25]], bias: [2] }] }
const issues = (value: unknown) => StoredNetworkSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('StoredNetworkSchema', () => {
  it('reads a network whose layers fit its sizes, each number as the float32 nearest it', () => {
    const parsed = StoredNetworkSchema.parse({ ...tiny, layers: [{ ...tiny.layers[0], bias: [0.1, 0.5, -1] }, tiny.layers[1]] })
    // 0.1 has no float32; it reads as fround(0.1) = 0.100000001490116…; 0.5 and −1 are float32 already.
    expect(parsed.layers[0].bias).toEqual([Math.fround(0.1), 0.5, -1])
    expect(parsed.layers[0].bias[0]).toBe(0.10000000149011612)
    expect(parsed.sizes).toEqual([2, 3, 1])
  })

  it('refuses layers that do not fit the sizes, saying which', () => {
    expect(issues({ ...tiny, sizes: [2, 3, 3, 1] })).toEqual(['layers: 2 layers for sizes [2, 3, 3, 1], which need 3'])
    expect(issues({ ...tiny, layers: [{ weights: [[1, 2, 3]], bias: [0, 0, 0] }, tiny.layers[1]] })).toEqual(['layers.0.weights: 1 rows, but layer 0 takes 2 inputs'])
    expect(issues({ ...tiny, layers: [{ weights: [[1, 2, 3], [4, 5]], bias: [0, 0, 0] }, tiny.layers[1]] })).toEqual(['layers.0.weights.1: 2 weights, but layer 0 has 3 outputs'])
    expect(issues({ ...tiny, layers: [tiny.layers[0], { weights: [[1], [-1], [0.25]], bias: [2, 3] }] })).toEqual(['layers.1.bias: 2 biases, but layer 1 has 1 outputs'])
  })

  it('refuses a number beyond float32’s range, and unknown fields', () => {
    expect(issues({ ...tiny, layers: [tiny.layers[0], { weights: [[1], [1e39], [0]], bias: [2] }] })).toEqual(['layers.1.weights.1.0: expected a finite number within float32’s range (the network holds float32)'])
    expect(issues({ ...tiny, activation: 'relu' })[0]).toMatch(/activation/)
  })
})
