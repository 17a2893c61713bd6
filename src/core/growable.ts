type TypedArray = Float32Array | Float64Array | Int32Array | Uint8Array

interface TypedArrayConstructor<T extends TypedArray> {
  new (length: number): T
}

/**
 * An append-only typed array that doubles its storage when full: batches whose size is only known
 * at the end (complete episodes, completions of any length) without a per-step allocation.
 */
export class Growable<T extends TypedArray> {
  private data: T
  length = 0

  constructor(
    private readonly Type: TypedArrayConstructor<T>,
    capacity = 256,
  ) {
    this.data = new Type(Math.max(1, capacity))
  }

  private reserve(extra: number): void {
    const needed = this.length + extra
    if (needed <= this.data.length) return
    let capacity = this.data.length
    while (capacity < needed) capacity *= 2
    const next = new this.Type(capacity)
    next.set(this.data.subarray(0, this.length) as never)
    this.data = next
  }

  push(value: number): void {
    this.reserve(1)
    this.data[this.length++] = value
  }

  /** Append `count` values of `source` from `offset`. */
  pushFrom(source: ArrayLike<number>, offset: number, count: number): void {
    this.reserve(count)
    for (let j = 0; j < count; j++) this.data[this.length + j] = source[offset + j]
    this.length += count
  }

  get(index: number): number {
    return this.data[index]
  }

  set(index: number, value: number): void {
    this.data[index] = value
  }

  /** A view of the values so far; valid until the next push. */
  view(): T {
    return this.data.subarray(0, this.length) as T
  }

  clear(): void {
    this.length = 0
  }
}
