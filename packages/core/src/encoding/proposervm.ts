import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecReader } from './codec.js'
import { sha256 } from './hash.js'

/**
 * Type IDs of the proposervm codec, in registration order (`vms/proposervm/block/codec.go`): `statelessBlock`,
 * `option`, `statelessGraniteBlock` (a statelessBlock followed by an epoch).
 */
export const PROPOSER_TYPE = { block: 0, option: 1, graniteBlock: 2 } as const

export interface DecodedProposerBlock {
  /** `block` for a (Granite) stateless block, `option` for an oracle block's option. */
  kind: 'block' | 'option'
  /**
   * The proposervm block ID, the one the index and consensus use: sha256 of the bytes without the trailing
   * [u32 signature length][signature] for blocks (`block.go` initialize), sha256 of all bytes for options (`option.go`).
   */
  id: string
  parentId: string
  /** Unix seconds (blocks only). */
  timestamp?: bigint
  /** The P-Chain height the block was built against (blocks only). */
  pChainHeight?: bigint
  /** Blocks only: whether a proposer signed it (a certificate is present; unsigned blocks are valid too). */
  signed?: boolean
  /** The epoch of a post-Granite block. */
  epoch?: { pChainHeight: bigint; number: bigint; startTime: bigint }
  /** The wrapped VM block. */
  inner: Uint8Array
}

/** Whether the bytes start like a proposervm block (codec version 0, type 0, 1 or 2) rather than a VM's own block. */
export function isProposerBlock(bytes: Uint8Array): boolean {
  if (bytes.length < 6) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, 6)
  return view.getUint16(0) === 0 && view.getUint32(2) <= PROPOSER_TYPE.graniteBlock
}

/**
 * Unwraps a proposervm block (`vms/proposervm/block`): what the `X/block`, `P/block` and `C/block` indexes store
 * since the proposervm fork. Layout: u16 codec version, u32 type, then
 * - block: parent ID, i64 timestamp, u64 P-Chain height, certificate (u32 length + DER), inner block (u32 length +
 *   bytes), [Granite: epoch = u64 P-Chain height, u64 number, i64 start time], signature (u32 length + bytes);
 * - option: parent ID, inner block (u32 length + bytes).
 */
export function decodeProposerBlock(bytes: Uint8Array): DecodedProposerBlock {
  const r = new CodecReader(bytes)
  const version = r.u16()
  if (version !== 0) throw new InvalidEncodingError(`proposervm block uses codec version ${version}; only 0 is known`)
  const type = r.u32()
  const parentId = cb58Encode(r.bytes(32))
  if (type === PROPOSER_TYPE.option) {
    const inner = r.sizedBytes()
    r.expectEnd('proposervm option')
    return { kind: 'option', id: cb58Encode(sha256(bytes)), parentId, inner }
  }
  if (type !== PROPOSER_TYPE.block && type !== PROPOSER_TYPE.graniteBlock) {
    throw new InvalidEncodingError(`proposervm block has type ID ${type}; known: 0 (block), 1 (option), 2 (Granite)`)
  }
  const timestamp = BigInt.asIntN(64, r.u64())
  const pChainHeight = r.u64()
  const certificate = r.sizedBytes()
  const inner = r.sizedBytes()
  const block: DecodedProposerBlock = { kind: 'block', id: '', parentId, timestamp, pChainHeight, inner }
  block.signed = certificate.length > 0
  if (type === PROPOSER_TYPE.graniteBlock) {
    block.epoch = { pChainHeight: r.u64(), number: r.u64(), startTime: BigInt.asIntN(64, r.u64()) }
  }
  const unsignedLength = r.position
  r.sizedBytes()
  r.expectEnd('proposervm block')
  block.id = cb58Encode(sha256(bytes.subarray(0, unsignedLength)))
  return block
}
