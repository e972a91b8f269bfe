import { compareBytes } from './bytes.js'

/**
 * Finds a container by ID without holding the IDs, in about 4.25 bytes an entry: the entries are grouped in buckets
 * by the top `bits` bits of the ID (one offset per bucket, ~16 entries a bucket), and each entry packs the next 8
 * bits of the ID (a fingerprint) with the container's position (24 bits). A candidate is confirmed by recomputing its
 * full ID, so a fingerprint collision (about one lookup in 16) costs a recomputation, never a wrong answer. Supports
 * up to 16,777,215 entries. (The table it replaced held a 40-bit fingerprint per entry: 8 bytes.)
 */
const POSITION_BITS = 24
const POSITION_MASK = (1 << POSITION_BITS) - 1
export const MAX_INDEXED = POSITION_MASK
/** Mean entries per bucket: 4 bytes of offset per bucket, a scan of about this many entries per lookup. */
const PER_BUCKET = 16

export class IdIndex {
  private constructor(
    private readonly bits: number,
    /** Bucket b's entries are entries[offsets[b] .. offsets[b + 1]), sorted by fingerprint. */
    private readonly offsets: Uint32Array,
    private readonly entries: Uint32Array,
    private readonly idAt: (position: number) => Uint8Array,
  ) {}

  /** `idAt(i)` must be deterministic; it is called for every position once here and for candidates on lookup. */
  static build(count: number, idAt: (position: number) => Uint8Array): IdIndex {
    if (count > MAX_INDEXED) throw new RangeError(`an ID index holds at most ${MAX_INDEXED} entries`)
    const bits = Math.max(0, Math.ceil(Math.log2(count / PER_BUCKET)))
    // The top 28 bits of each ID (bucket and fingerprint use at most 20 + 8) and its position, in a float (exact up
    // to 2^53), sorted: the order of (bucket, fingerprint). Transient: 8 bytes an entry while building.
    const keys = new Float64Array(count)
    for (let i = 0; i < count; i++) keys[i] = (prefix(idAt(i)) >>> 4) * 2 ** POSITION_BITS + i
    keys.sort()
    const offsets = new Uint32Array(2 ** bits + 1)
    const entries = new Uint32Array(count)
    for (let k = 0; k < count; k++) {
      const key = keys[k] as number
      const top28 = Math.floor(key / 2 ** POSITION_BITS)
      const top = top28 * 16
      entries[k] = ((fingerprint(top, bits) << POSITION_BITS) | (key - top28 * 2 ** POSITION_BITS)) >>> 0
      const b = bucket(top, bits)
      offsets[b + 1] = (offsets[b + 1] as number) + 1
    }
    for (let b = 1; b < offsets.length; b++) offsets[b] = (offsets[b] as number) + (offsets[b - 1] as number)
    return new IdIndex(bits, offsets, entries, idAt)
  }

  /** Position of the container with this 32-byte ID, or -1. */
  find(id: Uint8Array): number {
    const top = prefix(id)
    const b = bucket(top, this.bits)
    const fp = fingerprint(top, this.bits)
    for (let k = this.offsets[b] as number; k < (this.offsets[b + 1] as number); k++) {
      const entry = this.entries[k] as number
      const entryFp = entry >>> POSITION_BITS
      if (entryFp < fp) continue
      if (entryFp > fp) break
      const position = entry & POSITION_MASK
      if (compareBytes(this.idAt(position), id) === 0) return position
    }
    return -1
  }
}

/** The ID's first 4 bytes as an unsigned big-endian integer. */
function prefix(id: Uint8Array): number {
  return (((id[0] as number) << 24) | ((id[1] as number) << 16) | ((id[2] as number) << 8) | (id[3] as number)) >>> 0
}

function bucket(top: number, bits: number): number {
  return bits === 0 ? 0 : top >>> (32 - bits)
}

/** The 8 bits after the bucket's (bits <= 20 since count <= 2^24). */
function fingerprint(top: number, bits: number): number {
  return (top >>> (24 - bits)) & 0xff
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
