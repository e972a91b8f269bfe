import { hex } from '@scure/base'
import { InvalidEncodingError } from '../errors.js'
import { bytesEqual, checksum, concatBytes } from './hash.js'

/**
 * The node's byte encodings (`utils/formatting`): `hex`/`hexc` = "0x" + hex(bytes ‖ 4-byte checksum),
 * `hexnc` = "0x" + hex(bytes).
 */
export function hexEncode(bytes: Uint8Array, options: { checksum?: boolean } = {}): string {
  return `0x${hex.encode(options.checksum === false ? bytes : concatBytes(bytes, checksum(bytes)))}`
}

export function hexDecode(text: string, options: { checksum?: boolean } = {}): Uint8Array {
  if (!text.startsWith('0x')) throw new InvalidEncodingError(`"${clip(text)}" is missing the 0x prefix of hex encoding`)
  const digits = text.slice(2)
  if (digits.length === 0) return new Uint8Array()
  if (digits.length % 2 !== 0 || !HEX_DIGITS.test(digits)) {
    throw new InvalidEncodingError(`"${clip(text)}" is not hex: use an even number of digits 0-9, a-f after 0x`)
  }
  const raw = hexDigitsToBytes(digits)
  if (options.checksum === false) return raw
  if (raw.length < 4) throw new InvalidEncodingError(`"${clip(text)}" is shorter than its 4-byte checksum`)
  const body = raw.subarray(0, raw.length - 4)
  if (!bytesEqual(checksum(body), raw.subarray(raw.length - 4))) {
    throw new InvalidEncodingError(`"${clip(text)}" has an invalid checksum`)
  }
  return body
}

/** Plain lower-case hex without prefix or checksum. */
export function bytesToHex(bytes: Uint8Array): string {
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex') : hex.encode(bytes)
}

export function hexToBytes(digits: string): Uint8Array {
  return hex.decode(digits.replace(/^0x/, '').toLowerCase())
}

const HEX_DIGITS = /^[0-9a-fA-F]*$/
/** Node's Buffer converts hex natively, five times faster than `@scure/base` (a UTXO walk decodes every UTXO). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer

/** Bytes of an even number of hex digits already checked (any case); a plain Uint8Array view when Buffer did it. */
function hexDigitsToBytes(digits: string): Uint8Array {
  if (!NodeBuffer) return hex.decode(digits.toLowerCase())
  const bytes = NodeBuffer.from(digits, 'hex')
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}
