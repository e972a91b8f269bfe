import { BlockTimes } from './block-times.js'
import { grown, upperBoundOf } from './growable.js'

/** Blocks per checkpoint: 4 bytes per SPAN blocks, at most SPAN - 1 block sizes summed a read. */
const SPAN = 64

/**
 * The blocks live rounds add to a chain when a block's size (its tx count) is a function of its round, as the
 * X-Chain's are (`xchain.ts` grow): the rounds are runs that break only where the chain halted, and the first tx of
 * every SPAN-th block is kept, so a block's txs and a tx's block are found without a column per block.
 */
export class LiveBlocks {
  private readonly rounds = new BlockTimes(1)
  /** First tx of blocks 0, SPAN, 2·SPAN, ... */
  private checkpoints = new Int32Array(0)
  private blocks = 0
  private txs = 0

  constructor(private readonly sizeOf: (round: number) => number) {}

  get length(): number {
    return this.blocks
  }

  /** Appends the block of `round`; returns its size. */
  push(round: number): number {
    if (this.blocks % SPAN === 0) {
      this.checkpoints = grown(this.checkpoints, this.blocks / SPAN + 1)
      this.checkpoints[this.blocks / SPAN] = this.txs
    }
    this.rounds.push(round)
    const size = this.sizeOf(round)
    this.txs += size
    this.blocks++
    return size
  }

  round(k: number): number {
    return this.rounds.at(k)
  }

  /** Txs [first, end) of block k. */
  range(k: number): [number, number] {
    if (k < 0 || k >= this.blocks) throw new RangeError(`no added block ${k}: ${this.blocks} so far`)
    const s = Math.floor(k / SPAN)
    let first = this.checkpoints[s] as number
    for (let b = s * SPAN; b < k; b++) first += this.sizeOf(this.rounds.at(b))
    return [first, first + this.sizeOf(this.rounds.at(k))]
  }

  /** The block holding tx l. */
  blockOf(l: number): number {
    if (l < 0 || l >= this.txs) throw new RangeError(`no added tx ${l}: ${this.txs} so far`)
    const s = upperBoundOf(this.checkpoints, Math.ceil(this.blocks / SPAN), l) - 1
    let k = s * SPAN
    let end = (this.checkpoints[s] as number) + this.sizeOf(this.rounds.at(k))
    while (end <= l) end += this.sizeOf(this.rounds.at(++k))
    return k
  }
}
