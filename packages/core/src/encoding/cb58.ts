import { base58 } from '@scure/base'
import { InvalidEncodingError } from '../errors.js'
import { base58Encode } from './base58.js'
import { bytesEqual, checksum } from './hash.js'

/** cb58 = base58(bytes ‖ last 4 bytes of sha256(bytes)), the node's text form of IDs (`utils/cb58`). */
export function cb58Encode(bytes: Uint8Array): string {
  const withChecksum = new Uint8Array(bytes.length + 4)
  withChecksum.set(bytes)
  withChecksum.set(checksum(bytes), bytes.length)
  return base58Encode(withChecksum)
}

export function cb58Decode(text: string, expectedLength?: number): Uint8Array {
  let raw: Uint8Array
  try {
    raw = base58.decode(text)
  } catch {
    throw new InvalidEncodingError(`"${text}" is not cb58: it has characters outside the base58 alphabet`)
  }
  if (raw.length < 4) throw new InvalidEncodingError(`"${text}" is not cb58: it is shorter than its 4-byte checksum`)
  const body = raw.subarray(0, raw.length - 4)
  if (!bytesEqual(checksum(body), raw.subarray(raw.length - 4))) {
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
