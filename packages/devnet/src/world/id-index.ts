import { compareBytes } from './bytes.js'

/**
 * Finds a container by ID without holding the IDs: a sorted table of 40-bit ID fingerprints packed with the
 * container's position (24 bits), 8 bytes per entry. A hit is confirmed by recomputing the candidate's full ID, so
 * fingerprint collisions cost a recomputation, never a wrong answer. Supports up to 16,777,215 entries.
 */
const POSITION_BITS = 24n
const POSITION_MASK = (1n << POSITION_BITS) - 1n
export const MAX_INDEXED = Number(POSITION_MASK)

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('IdIndex assumes a little-endian host')

export class IdIndex {
  private readonly table: BigUint64Array

  private constructor(
    table: BigUint64Array,
    private readonly idAt: (position: number) => Uint8Array,
  ) {
    this.table = table
  }

  /** `idAt(i)` must be deterministic; it is called for every position once here and for candidates on lookup. */
  static build(count: number, idAt: (position: number) => Uint8Array): IdIndex {
    if (count > MAX_INDEXED) throw new RangeError(`an ID index holds at most ${MAX_INDEXED} entries`)
    const table = new BigUint64Array(count)
    // Fill through 32-bit words (little-endian: low word first) to avoid a BigInt per entry.
    const words = new Uint32Array(table.buffer)
    for (let i = 0; i < count; i++) {
      const id = idAt(i)
      words[2 * i] = (((id[4] as number) << 24) | i) >>> 0
      words[2 * i + 1] =
        (((id[0] as number) << 24) | ((id[1] as number) << 16) | ((id[2] as number) << 8) | (id[3] as number)) >>> 0
    }
    table.sort()
    return new IdIndex(table, idAt)
  }

  /** Position of the container with this 32-byte ID, or -1. */
  find(id: Uint8Array): number {
    const key = fingerprint(id)
    let lo = 0
    let hi = this.table.length
    const start = key << POSITION_BITS
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.table[mid] as bigint) < start) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < this.table.length; i++) {
      const entry = this.table[i] as bigint
      if (entry >> POSITION_BITS !== key) break
      const position = Number(entry & POSITION_MASK)
      if (compareBytes(this.idAt(position), id) === 0) return position
    }
    return -1
  }
}

function fingerprint(id: Uint8Array): bigint {
  return (
    (BigInt(((id[0] as number) << 24) | ((id[1] as number) << 16) | ((id[2] as number) << 8) | (id[3] as number)) &
      0xffffffffn) *
      256n +
    BigInt(id[4] as number)
  )
}

/**
 * An ID index over positions [0, count()) of a chain that grows: new positions go into small indexes that merge
 * whenever one is at least half its predecessor's size, so a lookup checks O(log n) tables and each position is
 * re-indexed O(log n) times in all, never the whole chain per new block.
 */
export class GrowingIdIndex {
  private readonly segments: { start: number; end: number; index: IdIndex }[] = []

  constructor(
    private readonly count: () => number,
    private readonly idAt: (position: number) => Uint8Array,
  ) {}

  find(id: Uint8Array): number {
    this.extend()
    for (const { start, index } of this.segments) {
      const position = index.find(id)
      if (position >= 0) return start + position
    }
    return -1
  }

  private extend(): void {
    const count = this.count()
    const indexed = this.segments.at(-1)?.end ?? 0
    if (count <= indexed) return
    this.segments.push(this.segment(indexed, count))
    for (;;) {
      const last = this.segments.at(-1)
      const previous = this.segments.at(-2)
      if (!last || !previous || previous.end - previous.start > 2 * (last.end - last.start)) break
      this.segments.splice(-2, 2, this.segment(previous.start, last.end))
    }
  }

  private segment(start: number, end: number) {
    return { start, end, index: IdIndex.build(end - start, (i) => this.idAt(start + i)) }
  }
}
