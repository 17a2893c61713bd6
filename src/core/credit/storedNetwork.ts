import { z } from 'zod'

/*
 * A policy network kept in a file: the tanh MLP the learners build (learn/mlp.ts), as its sizes
 * [inputs, hidden…, outputs] and each layer's weights (rows: one per input, each one weight per
 * output) and bias. Every number is read as a float32, as the network holds it, so the file gives the
 * very network that was stored; the shapes are checked against the sizes, so building it can trust them.
 */

/** The most layers and the widest layer a stored network may have. */
export const MAX_STORED_LAYERS = 8
export const MAX_STORED_WIDTH = 1024

/** A number within float32's range, read as the float32 nearest it: the file writes each parameter as the shortest decimal that reads back as it. */
const float32 = z
  .number()
  .refine((value) => Number.isFinite(Math.fround(value)), 'expected a finite number within float32’s range (the network holds float32)')
  .transform((value) => Math.fround(value))
const vector = z.array(float32).min(1).max(MAX_STORED_WIDTH)

export const StoredNetworkSchema = z
  .strictObject({
    sizes: z.array(z.number().int().min(1).max(MAX_STORED_WIDTH)).min(2).max(MAX_STORED_LAYERS + 1),
    layers: z.array(z.strictObject({ weights: z.array(vector).min(1).max(MAX_STORED_WIDTH), bias: vector })).min(1).max(MAX_STORED_LAYERS),
  })
  .superRefine((network, context) => {
    const problem = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message })
    if (network.layers.length !== network.sizes.length - 1) {
      problem(['layers'], `${network.layers.length} layers for sizes [${network.sizes.join(', ')}], which need ${network.sizes.length - 1}`)
      return
    }
    network.layers.forEach((layer, l) => {
      const [inputs, outputs] = [network.sizes[l], network.sizes[l + 1]]
      if (layer.weights.length !== inputs) problem(['layers', l, 'weights'], `${layer.weights.length} rows, but layer ${l} takes ${inputs} inputs`)
      layer.weights.forEach((row, i) => {
        if (row.length !== outputs) problem(['layers', l, 'weights', i], `${row.length} weights, but layer ${l} has ${outputs} outputs`)
      })
      if (layer.bias.length !== outputs) problem(['layers', l, 'bias'], `${layer.bias.length} biases, but layer ${l} has ${outputs} outputs`)
    })
  })
export type StoredNetwork = z.infer<typeof StoredNetworkSchema>
