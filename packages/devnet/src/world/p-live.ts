import { BlockTimes } from './block-times.js'
import { grown } from './growable.js'

/** Live txs per checkpoint of the counters: COUNTERS·4 bytes per SPAN txs, at most SPAN - 1 txs scanned a read. */
const SPAN = 64

/**
 * What the P-Chain's live rounds added, with nothing stored per tx: each round that the chain was not halted added
 * exactly one tx (`pchain.ts` grow), so a live tx's round and time are runs that break only where the chain halted,
 * and its spec follows from its round (`liveSpec`), except for the RewardValidatorTxs (8 bytes each: the tx and the
 * staker tx it rewards) and the counters a spec carries (validators added so far, each L1 validator's nonce), which
 * are kept every SPAN txs and counted forward from there.
 *
 * Blocks: each live tx has its own block, and a RewardValidatorTx's proposal block is followed by a commit block
 * with no tx (`vms/platformvm/block/builder/builder.go`), so heights follow from the rewards' positions.
 */
export class PLiveTxs {
  private readonly rounds = new BlockTimes(1)
  private readonly times: BlockTimes
  /** Per RewardValidatorTx: its live tx index and the (global) index of the staker tx it rewards. */
  private rewards = new Int32Array(0)
  private rewardCount = 0
  /** Counters before tx s·SPAN, `counters` per checkpoint, and the running ones (after the last tx). */
  private checkpoints = new Int32Array(0)
  private readonly running: Int32Array
  private count = 0

  /** `counterOf(round)`: which counter a non-reward tx of that round adds one to, or -1. */
  constructor(
    roundSeconds: number,
    private readonly counters: number,
    private readonly counterOf: (round: number) => number,
  ) {
    this.times = new BlockTimes(roundSeconds)
    this.running = new Int32Array(counters)
  }

  get length(): number {
    return this.count
  }

  get rewardsLength(): number {
    return this.rewardCount
  }

  /** Appends live tx `length`: of `round` at `time`, a reward of `stakerTx` if given. */
  push(round: number, time: number, stakerTx?: number): void {
    const k = this.count
    if (k % SPAN === 0) {
      this.checkpoints = grown(this.checkpoints, (k / SPAN + 1) * this.counters)
      this.checkpoints.set(this.running, (k / SPAN) * this.counters)
    }
    this.rounds.push(round)
    this.times.push(time)
    if (stakerTx !== undefined) {
      this.rewards = grown(this.rewards, 2 * this.rewardCount + 2)
      this.rewards[2 * this.rewardCount] = k
      this.rewards[2 * this.rewardCount + 1] = stakerTx
      this.rewardCount++
    } else {
      const c = this.counterOf(round)
      if (c >= 0) this.running[c] = (this.running[c] as number) + 1
    }
    this.count++
  }

  round(k: number): number {
    return this.rounds.at(k)
  }

  time(k: number): number {
    return this.times.at(k)
  }

  /** The staker tx that live tx k rewards, or -1 when it is not a RewardValidatorTx. */
  stakerOf(k: number): number {
    const i = this.rewardsBefore(k)
    return i < this.rewardCount && this.rewardTx(i) === k ? (this.rewards[2 * i + 1] as number) : -1
  }

  /** Live tx index of reward i (oldest first). */
  rewardTx(i: number): number {
    return this.rewards[2 * i] as number
  }

  rewardStaker(i: number): number {
    return this.rewards[2 * i + 1] as number
  }

  /** How many RewardValidatorTxs come before live tx k. */
  rewardsBefore(k: number): number {
    return this.firstReward((i) => this.rewardTx(i) >= k)
  }

  /** Counter c before live tx k. */
  counterBefore(k: number, c: number): number {
    const s = Math.floor(k / SPAN)
    let value = this.checkpoints[s * this.counters + c] as number
    let i = this.rewardsBefore(s * SPAN)
    for (let t = s * SPAN; t < k; t++) {
      if (i < this.rewardCount && this.rewardTx(i) === t) {
        i++
        continue
      }
      if (this.counterOf(this.rounds.at(t)) === c) value++
    }
    return value
  }

  /** Live blocks (offsets from the first) before live tx k's block: one per tx, plus a commit per earlier reward. */
  blockOffset(k: number): number {
    return k + this.rewardsBefore(k)
  }

  /**
   * Live block at offset m: the live tx it holds (or, for a commit block, the reward tx it commits) and whether it is
   * a commit block. The commit of reward i is at offset rewardTx(i) + i + 1.
   */
  blockAt(m: number): { tx: number; commit: boolean } {
    // Commits before offset m.
    const c = this.firstReward((i) => this.rewardTx(i) + i + 1 >= m)
    if (c < this.rewardCount && this.rewardTx(c) + c + 1 === m) return { tx: this.rewardTx(c), commit: true }
    return { tx: m - c, commit: false }
  }

  /** Live blocks whose time is <= `time`: the txs up to then and their rewards' commit blocks. */
  blocksUpTo(time: number): number {
    const n = this.times.countUpTo(time)
    return n + this.rewardsBefore(n)
  }

  /** The first reward index for which `holds` (true for a suffix of them), or rewardCount. */
  private firstReward(holds: (i: number) => boolean): number {
    let lo = 0
    let hi = this.rewardCount
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (holds(mid)) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}
