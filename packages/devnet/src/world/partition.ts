import { below } from './random.js'

/**
 * Splits items 0..count-1 (transactions) into consecutive groups (blocks, vertices) whose sizes, drawn from the seed
 * in [1, maxSize], repeat with a period of 64 groups: item -> group is a binary search over 65 offsets, so any item's
 * group is found in O(log 64) without walking the groups before it.
 */
export class PeriodicPartition {
  /** Number of groups (0 when there are no items). */
  readonly groups: number
  private readonly starts = new Int32Array(65)
  private readonly periodItems: number

  constructor(
    seed: number,
    stream: number,
    maxSize: number,
    readonly count: number,
  ) {
    for (let j = 0; j < 64; j++) {
      this.starts[j + 1] = (this.starts[j] as number) + 1 + below(seed, stream, j, Math.max(1, maxSize))
    }
    this.periodItems = this.starts[64] as number
    this.groups = count === 0 ? 0 : this.groupOf(count - 1) + 1
  }

  /** The group holding item i (0-based). */
  groupOf(i: number): number {
    const period = Math.floor(i / this.periodItems)
    const r = i - period * this.periodItems
    let lo = 0
    let hi = 63
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((this.starts[mid] as number) <= r) lo = mid
      else hi = mid - 1
    }
    return period * 64 + lo
  }

  /** Items [first, end) of group g (0-based). */
  range(g: number): [number, number] {
    const start = (k: number) => Math.floor(k / 64) * this.periodItems + (this.starts[k % 64] as number)
    return [start(g), Math.min(start(g + 1), this.count)]
  }
}
