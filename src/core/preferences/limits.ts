/*
 * The bounds a Bradley–Terry fit takes, in one place so that messages and --help say the numbers
 * the code enforces. Each Newton step builds a features × features Hessian over every pair
 * (pairs · features² operations) and solves it (features³): 100,000 pairs of 100 features keep a
 * step near a second, and a fit (tens of steps) well under a minute.
 */

/** The most preference pairs one fit takes. */
export const MAX_PREFERENCE_PAIRS = 100_000

/** The longest feature vector one fit takes. */
export const MAX_PREFERENCE_FEATURES = 100
