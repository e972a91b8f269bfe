import { grown } from './growable.js'
import { Lru } from './lru.js'

/** ewoq's change UTXO: the output the next tx of a chain spends (`Input` fields). */
export interface Change {
  txId: Uint8Array
  outputIndex: number
  amount: bigint
}

/** What tx k is: its ID and the change it leaves (the one before it when it spends none). */
export interface Step<T> {
  id: Uint8Array
  after: Change
  value: T
}

/** Positions per checkpoint: 41 bytes per SPAN txs kept, at most SPAN - 1 txs rebuilt to read one. */
const SPAN = 64

interface Segment {
  /** Tx IDs, 32 bytes each. */
  ids: Uint8Array
  /** The change each tx spends: tx ID (32 bytes), output index, amount. */
  txIds: Uint8Array
  indexes: Uint8Array
  amounts: BigUint64Array
  filled: number
}

function newSegment(): Segment {
  return {
    ids: new Uint8Array(SPAN * 32),
    txIds: new Uint8Array(SPAN * 32),
    indexes: new Uint8Array(SPAN),
    amounts: new BigUint64Array(SPAN),
    filled: 0,
  }
}

/**
 * The txs of a chain where each spends the change of the one before it (the X-Chain's live transfers, the P-Chain's
 * txs): an ID cannot be derived without its predecessors. This keeps the change spent by every SPAN-th tx (41 bytes
 * per SPAN txs, not 41 per tx plus the ID) and rebuilds the IDs and changes in between from the checkpoint before
 * them, SPAN at a time; the segments read last stay cached, so a sequential reader (an index page, a UTXO scan)
 * rebuilds each tx once, and the segment being appended to is always at hand.
 *
 * `step(k, before)` must derive tx k from its position and the change it spends alone: it runs once when the tx is
 * appended and again whenever its segment is rebuilt, and both runs must agree.
 */
export class ChangeChain<T> {
  private count = 0
  /** The change the tx at each checkpoint (position s·SPAN) spends. */
  private cpTxIds = new Uint8Array(0)
  private cpIndexes = new Uint8Array(0)
  private cpAmounts = new BigUint64Array(0)
  private tail: Segment = newSegment()
  private tailIndex = 0
  private readonly segments = new Lru<number, Segment>(32)
  /** The change after the last tx (the start before any). */
  private last: Change | undefined

  constructor(
    private readonly start: () => Change,
    private readonly step: (k: number, before: Change) => Step<T>,
  ) {}

  get length(): number {
    return this.count
  }

  /** Derives the next tx, keeps what it needs of it, and returns it. */
  append(): Step<T> {
    const k = this.count
    const before = this.current()
    const offset = k % SPAN
    if (offset === 0) {
      const s = k / SPAN
      this.cpTxIds = grown(this.cpTxIds, (s + 1) * 32)
      this.cpIndexes = grown(this.cpIndexes, s + 1)
      this.cpAmounts = grown(this.cpAmounts, s + 1)
      this.cpTxIds.set(before.txId, s * 32)
      this.cpIndexes[s] = before.outputIndex
      this.cpAmounts[s] = before.amount
      if (k > 0) this.segments.set(s - 1, this.tail)
      this.tail = newSegment()
      this.tailIndex = s
    }
    const result = this.step(k, before)
    store(this.tail, offset, before, result.id)
    this.tail.filled = offset + 1
    this.count = k + 1
    this.last = copy(result.after)
    return result
  }

  /** The change after every tx so far: what the next one spends. */
  current(): Change {
    if (!this.last) this.last = copy(this.start())
    return this.last
  }

  id(k: number): Uint8Array {
    const seg = this.segment(k)
    const o = (k % SPAN) * 32
    return seg.ids.subarray(o, o + 32)
  }

  /** The change tx k spends. */
  before(k: number): Change {
    const seg = this.segment(k)
    const offset = k % SPAN
    return {
      txId: seg.txIds.subarray(offset * 32, offset * 32 + 32),
      outputIndex: seg.indexes[offset] as number,
      amount: seg.amounts[offset] as bigint,
    }
  }

  /** The change tx k leaves. */
  after(k: number): Change {
    return k + 1 < this.count ? this.before(k + 1) : this.current()
  }

  /** The segment holding tx k, rebuilt from its checkpoint as far as k if need be. */
  private segment(k: number): Segment {
    if (k < 0 || k >= this.count) throw new RangeError(`no tx ${k}: the chain has ${this.count}`)
    const s = Math.floor(k / SPAN)
    if (s === this.tailIndex) return this.tail
    const cached = this.segments.get(s)
    if (cached) {
      if (cached.filled <= k % SPAN) throw new Error(`tx ${k} was read while its own segment was rebuilt`)
      return cached
    }
    // Cached before it is filled: a tx may read an earlier tx of its own segment (a reward names its staker tx).
    const seg = newSegment()
    this.segments.set(s, seg)
    const end = Math.min(SPAN, this.count - s * SPAN)
    let before: Change = {
      txId: this.cpTxIds.slice(s * 32, s * 32 + 32),
      outputIndex: this.cpIndexes[s] as number,
      amount: this.cpAmounts[s] as bigint,
    }
    // The whole segment: the next reads are likely its neighbours.
    for (let offset = 0; offset < end; offset++) {
      const { id, after } = this.step(s * SPAN + offset, before)
      store(seg, offset, before, id)
      seg.filled = offset + 1
      before = copy(after)
    }
    this.segments.set(s, seg)
    return seg
  }
}

function store(seg: Segment, offset: number, before: Change, id: Uint8Array): void {
  seg.ids.set(id, offset * 32)
  seg.txIds.set(before.txId, offset * 32)
  seg.indexes[offset] = before.outputIndex
  seg.amounts[offset] = before.amount
}

/** A change that owns its tx ID: the caller's may be a view of a buffer that is reused. */
function copy(change: Change): Change {
  return { txId: change.txId.slice(), outputIndex: change.outputIndex, amount: change.amount }
}
