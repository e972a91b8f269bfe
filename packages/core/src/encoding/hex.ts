import { clip } from '../clip.js'
import { InvalidEncodingError } from '../errors.js'
import { checksum, checksumMatches, concatBytes, hasValidChecksum } from './hash.js'

/**
 * The node's byte encodings (`utils/formatting`): `hex`/`hexc` = "0x" + hex(bytes ‖ 4-byte checksum),
 * `hexnc` = "0x" + hex(bytes).
 */
export function hexEncode(bytes: Uint8Array, options: { checksum?: boolean } = {}): string {
  return `0x${bytesToHex(options.checksum === false ? bytes : concatBytes(bytes, checksum(bytes)))}`
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
  if (!hasValidChecksum(raw)) throw new InvalidEncodingError(`"${clip(text)}" has an invalid checksum`)
  return raw.subarray(0, raw.length - 4)
}

// Scratch of `hexDecodeScratch` (grown as needed, a Buffer only where Node's Buffer exists) and its last result, a
// view of its first bytes kept while the lengths repeat (a walk's UTXOs mostly have one length).
let scratch: Buffer | undefined
let body: Buffer | undefined

/**
 * `hexDecode(text)` (checksum checked) into a buffer that the next call overwrites: a walk decodes each UTXO once and
 * keeps only what it reads from the bytes, so no buffer per UTXO. Node's hex writer stops at the first pair that is
 * not hex, which is how invalid digits are caught; errors are `hexDecode`'s own. In Node the result is a Buffer.
 */
export function hexDecodeScratch(text: string): Uint8Array {
  const length = (text.length - 2) >> 1
  if (!NodeBuffer || !text.startsWith('0x') || text.length % 2 !== 0 || length < 4) return hexDecode(text)
  if (!scratch || scratch.length < length) {
    scratch = NodeBuffer.allocUnsafeSlow(Math.max(length, 1024))
    body = undefined
  }
  if (scratch.write(text.slice(2), 0, length, 'hex') !== length) return hexDecode(text) // throws: not hex
  if (body?.length !== length - 4) body = scratch.subarray(0, length - 4)
  if (!checksumMatches(body, scratch, length - 4)) {
    throw new InvalidEncodingError(`"${clip(text)}" has an invalid checksum`)
  }
  return body
}

/**
 * The bytes of hex digits `text[from, to)`, already checked (an even count, any case), without slicing `text`: into
 * `out` when given (a caller's scratch of the right length), else a new array.
 */
export function hexRangeToBytes(
  text: string,
  from: number,
  to: number,
  out = new Uint8Array((to - from) >> 1),
): Uint8Array {
  for (let i = 0, j = from; i < out.length; i++, j += 2) out[i] = (nibble(text, j) << 4) | nibble(text, j + 1)
  return out
}

/** 0-9, a-f, A-F by char code (`c | 0x20` lower-cases a letter). */
function nibble(text: string, at: number): number {
  const c = text.charCodeAt(at)
  return c <= 57 ? c - 48 : (c | 0x20) - 87
}

/** Plain lower-case hex without prefix or checksum. */
export function bytesToHex(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex')
  let text = ''
  for (const byte of bytes) text += (byte < 16 ? '0' : '') + byte.toString(16)
  return text
}

/** `bytesToHex(bytes.subarray(from, to))` without the view in Node (a Buffer writes a range of itself). */
export function bytesToHexRange(bytes: Uint8Array, from: number, to: number): string {
  return NodeBuffer?.isBuffer(bytes) ? bytes.toString('hex', from, to) : bytesToHex(bytes.subarray(from, to))
}

/** The bytes of hex `digits` (optionally after 0x, any case): throws InvalidEncodingError on anything else. */
export function hexToBytes(digits: string): Uint8Array {
  const from = digits.startsWith('0x') ? 2 : 0
  if ((digits.length - from) % 2 !== 0) {
    throw new InvalidEncodingError(`"${clip(digits)}" is not hex: it has an odd number of digits`)
  }
  const bad = digits.slice(from).search(NOT_HEX_DIGIT)
  if (bad >= 0) {
    throw new InvalidEncodingError(
      `"${clip(digits)}" is not hex: ${JSON.stringify(digits[from + bad])} (character ${from + bad}) is not a digit 0-9, a-f or A-F`,
    )
  }
  return hexRangeToBytes(digits, from, digits.length)
}

const HEX_DIGITS = /^[0-9a-fA-F]*$/
const NOT_HEX_DIGIT = /[^0-9a-fA-F]/
/** Node's Buffer converts hex natively, faster than a loop in JavaScript (a UTXO walk decodes every UTXO). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer

/** Bytes of an even number of hex digits already checked (any case); a plain Uint8Array view when Buffer did it. */
function hexDigitsToBytes(digits: string): Uint8Array {
  if (!NodeBuffer) return hexRangeToBytes(digits, 0, digits.length)
  const bytes = NodeBuffer.from(digits, 'hex')
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}
