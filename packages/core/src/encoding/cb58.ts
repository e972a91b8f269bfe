import { InvalidEncodingError } from '../errors.js'
import { BASE58_MAX_DECODE_LENGTH, base58Decode, base58Encode } from './base58.js'
import { hasValidChecksum, sha256Latin1, writeChecksum } from './hash.js'

// Scratch for bytes ‖ checksum, reused by every call (encoding is synchronous): a walk encodes IDs per UTXO. With a
// view of its first 32 bytes, the length of IDs, kept for hashing them.
let scratch = new Uint8Array(36)
let id32 = scratch.subarray(0, 32)
const bodyOf = (length: number) => (length === 32 ? id32 : scratch.subarray(0, length))

/** cb58 = base58(bytes ‖ last 4 bytes of sha256(bytes)), the node's text form of IDs (`utils/cb58`). */
export function cb58Encode(bytes: Uint8Array): string {
  if (scratch.length < bytes.length + 4) {
    scratch = new Uint8Array(bytes.length + 4)
    id32 = scratch.subarray(0, 32)
  }
  scratch.set(bytes)
  writeChecksum(bodyOf(bytes.length), scratch, bytes.length)
  return base58Encode(scratch, bytes.length + 4)
}

/** `cb58Encode(sha256(bytes))` (IDs of containers and UTXOs) with the digest written straight into the scratch. */
export function cb58OfSha256(bytes: Uint8Array): string {
  const digest = sha256Latin1(bytes)
  for (let i = 0; i < 32; i++) scratch[i] = digest.charCodeAt(i)
  writeChecksum(id32, scratch, 32)
  return base58Encode(scratch, 36)
}

export function cb58Decode(text: string, expectedLength?: number): Uint8Array {
  let raw: Uint8Array
  try {
    raw = base58Decode(text)
  } catch (error) {
    if (text.length > BASE58_MAX_DECODE_LENGTH) throw error // base58Decode's own message says so
    throw new InvalidEncodingError(`"${text}" is not cb58: it has characters outside the base58 alphabet`)
  }
  if (raw.length < 4) throw new InvalidEncodingError(`"${text}" is not cb58: it is shorter than its 4-byte checksum`)
  const body = raw.subarray(0, raw.length - 4)
  if (!hasValidChecksum(raw)) {
    throw new InvalidEncodingError(`"${text}" is not cb58: its checksum does not match`)
  }
  if (expectedLength !== undefined && body.length !== expectedLength) {
    throw new InvalidEncodingError(`"${text}" decodes to ${body.length} bytes; expected ${expectedLength}`)
  }
  return body
}

export function isCb58(text: string, expectedLength?: number): boolean {
  try {
    cb58Decode(text, expectedLength)
    return true
  } catch {
    return false
  }
}
