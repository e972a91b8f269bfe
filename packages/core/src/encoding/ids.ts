import { InvalidEncodingError } from '../errors.js'
import { cb58Decode, cb58Encode, cb58OfSha256, isCb58 } from './cb58.js'

/** `ids.Empty`: 32 zero bytes, which is also the Primary Network's subnet ID and the P-Chain's blockchain ID. */
export const EMPTY_ID = '11111111111111111111111111111111LpoYY'
export const PRIMARY_NETWORK_ID = EMPTY_ID
const NODE_ID_PREFIX = 'NodeID-'

/** A 32-byte ID (tx, block, asset, blockchain, subnet) in cb58. */
export function isId(text: string): boolean {
  return isCb58(text, 32)
}

/** ID of a container whose ID is the hash of its bytes: X/P transactions, inner X/P blocks. */
export function idFromBytes(bytes: Uint8Array): string {
  return cb58OfSha256(bytes)
}

export function formatNodeId(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new InvalidEncodingError(`a node ID holds 20 bytes, got ${bytes.length}`)
  return NODE_ID_PREFIX + cb58Encode(bytes)
}

export function parseNodeId(text: string): Uint8Array {
  if (!text.startsWith(NODE_ID_PREFIX)) {
    throw new InvalidEncodingError(`"${text}" is not a node ID: it must start with "${NODE_ID_PREFIX}"`)
  }
  return cb58Decode(text.slice(NODE_ID_PREFIX.length), 20)
}

export function isNodeId(text: string): boolean {
  return text.startsWith(NODE_ID_PREFIX) && isCb58(text.slice(NODE_ID_PREFIX.length), 20)
}

/** UTXO ID = sha256(uint64 big-endian outputIndex ‖ txID bytes) (`ids.ID.Prefix`). */
export function utxoId(txId: string, outputIndex: number): string {
  return utxoIdOf(cb58Decode(txId, 32), outputIndex)
}

/** `utxoId` from the txID's 32 bytes (a decoded UTXO has them: no cb58 round trip). */
export function utxoIdOf(txIdBytes: Uint8Array, outputIndex: number): string {
  if (prefixed.length !== 8 + txIdBytes.length) {
    prefixed = new Uint8Array(8 + txIdBytes.length)
    view = new DataView(prefixed.buffer)
  }
  // An output index is a u32 (`avax.UTXOID`): no BigInt for it. Anything else keeps setBigUint64's errors.
  if (outputIndex >>> 0 === outputIndex) {
    view.setUint32(0, 0)
    view.setUint32(4, outputIndex)
  } else view.setBigUint64(0, BigInt(outputIndex))
  prefixed.set(txIdBytes, 8)
  return cb58OfSha256(prefixed)
}
// Scratch of utxoIdOf (synchronous, so shared): outputIndex then the txID.
let prefixed = new Uint8Array(40)
let view = new DataView(prefixed.buffer)
