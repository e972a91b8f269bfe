import { grown } from './growable.js'

/**
 * The times of the blocks a chain adds in live rounds, as runs of blocks `step` seconds apart: a chain that grows
 * every round is one run, and a run starts only where that breaks (a halted round, two blocks in one round), so it
 * costs 8 bytes per break instead of 8 per block.
 */
export class BlockTimes {
  /** Run r: its first block (0-based among the added ones) and that block's time. */
  private starts = new Int32Array(0)
  private times = new Float64Array(0)
  private runs = 0
  private count = 0

  constructor(private readonly step: number) {}

  get length(): number {
    return this.count
  }

  /** Appends the next block's time (times never decrease). */
  push(time: number): void {
    const r = this.runs - 1
    if (r < 0 || (this.times[r] as number) + (this.count - (this.starts[r] as number)) * this.step !== time) {
      this.starts = grown(this.starts, this.runs + 1)
      this.times = grown(this.times, this.runs + 1)
      this.starts[this.runs] = this.count
      this.times[this.runs++] = time
    }
    this.count++
  }

  /** Time of added block k (0-based). */
  at(k: number): number {
    if (k < 0 || k >= this.count) throw new RangeError(`no added block ${k}: ${this.count} so far`)
    const r = this.lastRun((r) => (this.starts[r] as number) <= k)
    return (this.times[r] as number) + (k - (this.starts[r] as number)) * this.step
  }

  /** How many added blocks have a time <= `time`. */
  countUpTo(time: number): number {
    const r = this.lastRun((r) => (this.times[r] as number) <= time)
    if (r < 0) return 0
    const start = this.starts[r] as number
    const end = r + 1 < this.runs ? (this.starts[r + 1] as number) : this.count
    return start + Math.min(end - start, Math.floor((time - (this.times[r] as number)) / this.step) + 1)
  }

  /** The last run for which `holds` is true (it holds for a prefix of the runs), or -1. */
  private lastRun(holds: (r: number) => boolean): number {
    let lo = 0
    let hi = this.runs
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (holds(mid)) lo = mid + 1
      else hi = mid
    }
    return lo - 1
  }
}
