/** The largest seed a run, a pairs recipe or a command takes: seeds are whole numbers from 0 to 2³¹ − 1. */
export const MAX_SEED = 2 ** 31 - 1

/**
 * Seeded, splittable random numbers. Every random draw in the playground comes from an Rng that
 * was handed down from the run's seed, so the same seed gives the same run.
 *
 * Generator: xoshiro128** (Blackman & Vigna), 32-bit state words, seeded through splitmix32 so
 * that nearby seeds give unrelated streams.
 */
export class Rng {
  private s0: number
  private s1: number
  private s2: number
  private s3: number
  private spareNormal: number | null = null

  constructor(seed: number) {
    let x = seed >>> 0
    const next = () => {
      // splitmix32
      x = (x + 0x9e3779b9) >>> 0
      let z = x
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      return (z ^ (z >>> 16)) >>> 0
    }
    this.s0 = next()
    this.s1 = next()
    this.s2 = next()
    this.s3 = next()
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0
    const t = this.s1 << 9
    this.s2 ^= this.s0
    this.s3 ^= this.s1
    this.s1 ^= this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotl(this.s3, 11)
    return result
  }

  /** Uniform in [0, 1) with 53 random bits. */
  uniform(): number {
    const high = this.nextUint32() >>> 5 // 27 bits
    const low = this.nextUint32() >>> 6 // 26 bits
    return (high * 67108864 + low) / 9007199254740992
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform()
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n)
  }

  /** Standard normal (Marsaglia polar method). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal
      this.spareNormal = null
      return spare
    }
    let u: number, v: number, s: number
    do {
      u = 2 * this.uniform() - 1
      v = 2 * this.uniform() - 1
      s = u * u + v * v
    } while (s >= 1 || s === 0)
    const factor = Math.sqrt((-2 * Math.log(s)) / s)
    this.spareNormal = v * factor
    return u * factor
  }

  /** An independent generator derived from this one (for a worker, an env, a learner). */
  split(): Rng {
    return new Rng(this.nextUint32() ^ Math.imul(this.nextUint32(), 0x27d4eb2d))
  }

  /** Index drawn from unnormalised non-negative weights. */
  categorical(probabilities: ArrayLike<number>, offset = 0, count = probabilities.length - offset): number {
    let total = 0
    for (let i = 0; i < count; i++) total += probabilities[offset + i]
    let u = this.uniform() * total
    for (let i = 0; i < count - 1; i++) {
      u -= probabilities[offset + i]
      if (u < 0) return i
    }
    return count - 1
  }

  /** Fisher–Yates shuffle in place. */
  shuffle(values: Int32Array | number[]): void {
    for (let i = values.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const tmp = values[i]
      values[i] = values[j]
      values[j] = tmp
    }
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0
}
