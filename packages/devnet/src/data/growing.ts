import { IdIndex } from '../world/id-index.js'

/** An append-only list of 32-bit integers in one typed array that doubles when full (4 bytes an entry). */
export class GrowingInt32 {
  private data = new Int32Array(16)
  length = 0

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }

  at(i: number): number {
    return this.data[i] as number
  }

  last(): number | undefined {
    return this.length ? this.data[this.length - 1] : undefined
  }

  /** The entries so far, as a view (no copy): later pushes do not show in it. */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}

/**
 * An IdIndex over positions 0..count-1 whose count grows: positions are indexed in segments, and two neighbouring
 * segments merge when the newer is at least as large as the older (as a binary counter carries), so each position
 * is re-indexed O(log n) times in all and a lookup searches O(log n) segments. Growth costs what the new positions
 * cost, not a rebuild of the whole index on every round.
 */
export class GrowingIdIndex {
  private readonly segments: { from: number; count: number; index: IdIndex }[] = []
  private indexed = 0

  constructor(private readonly idAt: (position: number) => Uint8Array) {}

  /** Position of the ID among positions 0..count-1, or -1. */
  find(id: Uint8Array, count: number): number {
    if (count > this.indexed) this.extend(count)
    for (const { from, index } of this.segments) {
      const i = index.find(id)
      if (i >= 0) return from + i
    }
    return -1
  }

  private extend(count: number): void {
    let from = this.indexed
    let size = count - from
    for (;;) {
      const previous = this.segments[this.segments.length - 1]
      if (!previous || previous.count > size) break
      this.segments.pop()
      from = previous.from
      size += previous.count
    }
    const start = from
    this.segments.push({ from, count: size, index: IdIndex.build(size, (i) => this.idAt(start + i)) })
    this.indexed = count
  }
}
