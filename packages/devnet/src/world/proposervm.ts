import { ByteWriter, sha256Fast } from './bytes.js'

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
 * Block IDs chain through parent IDs, so block h cannot be identified without blocks 0..h-1. This cache computes
 * them once, in order and only as far as asked, keeping 64 bytes per block and never the blocks themselves.
 */
export class BlockIdChain {
  private innerIds: Uint8Array | undefined
  private containerIds: Uint8Array | undefined
  private done = 0

  /**
   * `build(h, parentInnerId, parentContainerId)` must rebuild block h (1..count) deterministically. The first
   * proposervm block's parent is the last pre-fork block, i.e. the genesis block's inner ID.
   */
  constructor(
    private count: number,
    private readonly genesisInnerId: Uint8Array,
    private readonly build: (height: number, parentInnerId: Uint8Array, parentContainerId: Uint8Array) => BuiltBlock,
  ) {}

  /** The chain grew to `count` blocks. */
  extend(count: number): void {
    this.count = count
  }

  /** Heights computed so far (for progress and memory tests). */
  get computed(): number {
    return this.done
  }

  private ensure(height: number): void {
    if (height <= this.done) return
    // Grow by doubling: a chain read only at its start never pays for its full length.
    const needed = (height + 1) * 32
    if (!this.innerIds || !this.containerIds || this.innerIds.length < needed) {
      const size = Math.min((this.count + 1) * 32, Math.max(needed, (this.innerIds?.length ?? 0) * 2, 64 * 32))
      const inner = new Uint8Array(size)
      const container = new Uint8Array(size)
      if (this.innerIds && this.containerIds) {
        inner.set(this.innerIds)
        container.set(this.containerIds)
      } else {
        inner.set(this.genesisInnerId, 0)
        container.set(this.genesisInnerId, 0)
      }
      this.innerIds = inner
      this.containerIds = container
    }
    for (let h = this.done + 1; h <= height; h++) {
      const block = this.build(h, this.innerId(h - 1), this.containerId(h - 1))
      this.innerIds.set(block.innerId, h * 32)
      this.containerIds.set(block.containerId, h * 32)
      this.done = h
    }
  }

  innerId(height: number): Uint8Array {
    if (height === 0) return this.genesisInnerId
    this.ensure(height)
    return (this.innerIds as Uint8Array).subarray(height * 32, height * 32 + 32)
  }

  /** For h = 0 this is the genesis inner ID (the parent of the first proposervm block). */
  containerId(height: number): Uint8Array {
    if (height === 0) return this.genesisInnerId
    this.ensure(height)
    return (this.containerIds as Uint8Array).subarray(height * 32, height * 32 + 32)
  }

  block(height: number): BuiltBlock {
    return this.build(height, this.innerId(height - 1), this.containerId(height - 1))
  }
}
