/*
 * Why a Bradley–Terry fit has no answer to give. The reasons come from the data (or the penalty
 * chosen for it), not from a bug, so a caller reports them to the user, each with its own remedy.
 */

export type BradleyTerryFailure =
  /** λ = 0 and some weights order every pair: the loss falls for ever as they grow. */
  | 'separable'
  /** λ = 0 and the loss is flat along some direction of the weights: the minimiser is not unique. */
  | 'undetermined'
  /** λ = 0 and the separability check did not settle within its step cap. */
  | 'undecided'
  /** λ > 0 but too small for double precision to tell the Hessian from a singular one. */
  | 'singular'
  /** A feature difference, the loss or its derivatives came out as ±Infinity or NaN. */
  | 'overflow'
  /** Newton's method stopped short of the minimiser (iteration cap, or a line search that found no lower loss). */
  | 'stalled'

export class BradleyTerryFitError extends Error {
  constructor(
    readonly failure: BradleyTerryFailure,
    message: string,
  ) {
    super(message)
    this.name = 'BradleyTerryFitError'
  }
}
