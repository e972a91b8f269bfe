import { ByteWriter, sha256Fast } from './bytes.js'
import { grown } from './growable.js'
import { Lru } from './lru.js'

/**
 * Index `X/block`, `P/block` and `C/block` containers are proposervm blocks wrapping the VM's block
 * (`vms/proposervm/block`): u16 codec version, u32 type 0 (statelessBlock), parent ID, timestamp (int64 seconds),
 * P-Chain height, certificate, inner block bytes, signature.
 *
 * The devnet builds unsigned blocks (empty certificate and signature), which the node also produces and accepts
 * when no proposer is required. The block ID follows the node's rule for every statelessBlock: sha256 of the bytes
 * without the trailing [u32 signature length][signature] (`block.go` initialize), so here sha256(bytes[:-4]).
 */
export function wrapProposerBlock(parentId: Uint8Array, timestamp: number, pChainHeight: number, inner: Uint8Array) {
  const w = new ByteWriter(inner.length + 96)
  w.u16(0).u32(0).bytes(parentId).u64(timestamp).u64(pChainHeight).u32(0).sizedBytes(inner).u32(0)
  const bytes = w.finish()
  return { bytes, id: sha256Fast(bytes.subarray(0, bytes.length - 4)) }
}

export interface BuiltBlock {
  /** The VM's own block (what getBlock / getBlockByHeight return). */
  inner: Uint8Array
  innerId: Uint8Array
  /** The proposervm block (what the index stores). */
  container: Uint8Array
  containerId: Uint8Array
}

/**
 * Heights per stored checkpoint of a BlockIdChain: 64 bytes per SEGMENT blocks (1 byte a block; 16 cost 4 bytes a
 * block, a third of a live devnet's growth once every ID was read), at most SEGMENT - 1 rebuilds a random read.
 */
const SEGMENT = 64

/**
 * Block IDs chain through parent IDs, so block h cannot be identified without blocks 0..h-1. This computes them once,
 * in order and only as far as asked, and keeps the IDs of every SEGMENT-th block (1 byte a block, not 64): an ID in
 * between is rebuilt from the checkpoint before it, and the last segments read stay cached whole, so walks in either
 * direction rebuild each block once.
 */
export class BlockIdChain {
  /** Inner ‖ container ID of heights 0, SEGMENT, 2·SEGMENT, ... up to `done`. */
  private checkpoints = new Uint8Array(0)
  private done = 0
  /** Segment s: the IDs of heights s·SEGMENT .. s·SEGMENT + filled - 1, 64 bytes each. */
  private readonly segments = new Lru<number, { ids: Uint8Array; filled: number }>(64)

  /**
   * `build(h, parentInnerId, parentContainerId)` must rebuild block h (1..count) deterministically. The first
   * proposervm block's parent is the last pre-fork block, i.e. the genesis block's inner ID.
   */
  constructor(
    private count: number,
    private readonly genesisInnerId: Uint8Array,
    private readonly build: (height: number, parentInnerId: Uint8Array, parentContainerId: Uint8Array) => BuiltBlock,
  ) {
    this.checkpoints = grown(this.checkpoints, 64)
    this.checkpoints.set(genesisInnerId, 0)
    this.checkpoints.set(genesisInnerId, 32)
  }

  /** The chain grew to `count` blocks. */
  extend(count: number): void {
    this.count = count
  }

  /** Heights computed so far (for progress and memory tests). */
  get computed(): number {
    return this.done
  }

  /** The IDs of heights s·SEGMENT onwards, as far as `height` (or the segment's end), from checkpoint s. */
  private segment(s: number, height: number): Uint8Array {
    const first = s * SEGMENT
    const cached = this.segments.get(s)
    if (cached && first + cached.filled > height) return cached.ids
    const ids = cached?.ids ?? new Uint8Array(SEGMENT * 64)
    let filled = cached?.filled ?? 1
    if (!cached) ids.set(this.checkpoints.subarray(s * 64, s * 64 + 64))
    const end = Math.min(first + SEGMENT - 1, Math.max(height, this.done), this.count)
    for (let h = first + filled; h <= end; h++, filled++) {
      const o = (h - first - 1) * 64
      const block = this.build(h, ids.subarray(o, o + 32), ids.subarray(o + 32, o + 64))
      ids.set(block.innerId, o + 64)
      ids.set(block.containerId, o + 96)
    }
    this.segments.set(s, { ids, filled })
    return ids
  }

  private ensure(height: number): void {
    if (height > this.count) throw new RangeError(`no block at height ${height}: the chain has ${this.count}`)
    while (this.done < height) {
      const s = Math.floor(this.done / SEGMENT)
      const ids = this.segment(s, height)
      const lastInSegment = Math.min(s * SEGMENT + SEGMENT - 1, this.count)
      this.done = Math.min(Math.max(height, this.done), lastInSegment)
      if (this.done === s * SEGMENT + SEGMENT - 1 && this.done < height) {
        // The next checkpoint: the first block of segment s + 1.
        const o = (SEGMENT - 1) * 64
        const block = this.build(this.done + 1, ids.subarray(o, o + 32), ids.subarray(o + 32, o + 64))
        this.checkpoints = grown(this.checkpoints, (s + 2) * 64)
        this.checkpoints.set(block.innerId, (s + 1) * 64)
        this.checkpoints.set(block.containerId, (s + 1) * 64 + 32)
        this.done++
      }
    }
  }

  private ids(height: number): Uint8Array {
    this.ensure(height)
    const s = Math.floor(height / SEGMENT)
    const o = (height - s * SEGMENT) * 64
    return this.segment(s, height).subarray(o, o + 64)
  }

  innerId(height: number): Uint8Array {
    if (height === 0) return this.genesisInnerId
    return this.ids(height).subarray(0, 32)
  }

  /** For h = 0 this is the genesis inner ID (the parent of the first proposervm block). */
  containerId(height: number): Uint8Array {
    if (height === 0) return this.genesisInnerId
    return this.ids(height).subarray(32, 64)
  }

  block(height: number): BuiltBlock {
    return this.build(height, this.innerId(height - 1), this.containerId(height - 1))
  }
}
