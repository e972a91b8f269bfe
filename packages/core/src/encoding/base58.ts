/**
 * Bitcoin-alphabet base58, character for character and byte for byte as `@scure/base` writes and reads it (the
 * tests compare them), in a fraction of its time on IDs: its radix conversion is generic, a pass per digit. Encoding
 * reads the bytes as 16-bit limbs and divides them by 58^5 per pass, five digits at a time, every intermediate below
 * 2^46 and so exact in a double. A walk of UTXOs encodes two IDs per UTXO and the devnet's index one per container.
 * Decoding runs the other way: five digits at a time (58^5 < 2^30) multiplied into 16-bit limbs and added.
 */
import { clip } from '../clip.js'
import { InvalidEncodingError } from '../errors.js'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0))
const ONE = 49 // '1', the digit of each leading zero byte
const FIVE_DIGITS = 58 ** 5
/** The digit of each character code of ALPHABET, -1 for the others. */
const DIGITS = /* @__PURE__ */ (() => {
  const digits = new Int8Array(128).fill(-1)
  for (let d = 0; d < 58; d++) digits[ALPHABET.charCodeAt(d)] = d
  return digits
})()
/** `@scure/base`'s bound on the text it decodes (the conversion is quadratic), kept: longer text fails. */
export const BASE58_MAX_DECODE_LENGTH = 4096

// Scratch space reused by every call (encoding is synchronous), grown for longer inputs.
let limbs = new Float64Array(32)
let digits = new Uint8Array(2 * 64 + 5) // base58 needs < 1.37 digits a byte, a pass writes 5

/** `length`: encode only the first `length` bytes (a caller's scratch buffer). */
export function base58Encode(bytes: Uint8Array, length = bytes.length): string {
  let zeros = 0
  while (zeros < length && bytes[zeros] === 0) zeros++
  // With an odd length, a zero byte in front (the value is the same) makes whole 16-bit limbs.
  const odd = length & 1
  const count = (length + odd) >> 1
  if (limbs.length < count) {
    limbs = new Float64Array(count)
    digits = new Uint8Array(2 * length + 5)
  }
  for (let k = 0; k < count; k++) {
    const i = 2 * k - odd
    limbs[k] = ((i < 0 ? 0 : (bytes[i] as number)) << 8) | (bytes[i + 1] as number)
  }
  let written = 0 // digits, least significant first
  for (let start = 0; start < count; ) {
    let remainder = 0
    for (let j = start; j < count; j++) {
      const acc = remainder * 65536 + (limbs[j] as number)
      const quotient = Math.floor(acc / FIVE_DIGITS)
      limbs[j] = quotient
      remainder = acc - quotient * FIVE_DIGITS
    }
    while (start < count && limbs[start] === 0) start++
    // remainder < 58^5 < 2^30: integer arithmetic from here.
    for (let d = 0, r = remainder | 0; d < 5; d++) {
      const next = (r / 58) | 0
      digits[written++] = r - next * 58
      r = next
    }
  }
  // The last pass may end in zeros that base58 does not write.
  while (written > 0 && digits[written - 1] === 0) written--
  // One string from char codes: appending a character at a time builds a rope of a node per character (a third of
  // the cost of an ID, and garbage for the walk's young generation).
  const codes = charCodes(zeros + written)
  for (let k = 0; k < zeros; k++) codes[k] = ONE
  for (let d = written - 1, k = zeros; d >= 0; d--, k++) codes[k] = CODES[digits[d] as number] as number
  if (codes.length <= MAX_APPLY) return String.fromCharCode.apply(null, codes)
  let text = '' // arguments have a limit: long inputs in slices
  for (let k = 0; k < codes.length; k += MAX_APPLY)
    text += String.fromCharCode.apply(null, codes.slice(k, k + MAX_APPLY))
  return text
}
const MAX_APPLY = 8192

// Arrays of char codes by length, reused (fromCharCode.apply reads a whole array): IDs are nearly always 48-50.
const codeArrays: number[][] = []
function charCodes(length: number): number[] {
  if (length > 128) return new Array<number>(length)
  let codes = codeArrays[length]
  if (!codes) {
    codes = new Array<number>(length).fill(0)
    codeArrays[length] = codes
  }
  return codes
}

// Limbs of `base58Decode`, least significant first, reused by every call and grown for longer texts.
let decodeLimbs = new Float64Array(32)

/**
 * The bytes of base58 `text`: each leading '1' is a zero byte, '' is no bytes. A character outside the alphabet, or
 * more than BASE58_MAX_DECODE_LENGTH of them, throws InvalidEncodingError. Each pass reads up to five digits (a value
 * below 58^5 < 2^30) and computes limbs × 58^digits + value, limb by limb: every intermediate is below 2^46 and the
 * carry below 2^30, exact in a double.
 */
export function base58Decode(text: string): Uint8Array {
  const length = text.length
  if (length > BASE58_MAX_DECODE_LENGTH) {
    throw new InvalidEncodingError(
      `${JSON.stringify(clip(text))} is too long to decode as base58: ${length} characters, more than ${BASE58_MAX_DECODE_LENGTH}`,
    )
  }
  let zeros = 0
  while (zeros < length && text.charCodeAt(zeros) === ONE) zeros++
  // A digit holds log2(58) < 6 bits; one limb more for the last carry.
  const most = Math.ceil(((length - zeros) * 6) / 16) + 1
  if (decodeLimbs.length < most) decodeLimbs = new Float64Array(most)
  const limbs = decodeLimbs
  let used = 0
  for (let i = zeros; i < length; ) {
    let value = 0
    let factor = 1
    for (const end = Math.min(i + 5, length); i < end; i++) {
      const c = text.charCodeAt(i)
      const digit = c < 128 ? (DIGITS[c] as number) : -1
      if (digit < 0) {
        throw new InvalidEncodingError(
          `${JSON.stringify(clip(text))} is not base58: ${JSON.stringify(text[i])} (character ${i}) is outside its alphabet`,
        )
      }
      value = value * 58 + digit
      factor *= 58
    }
    let carry = value
    for (let k = 0; k < used; k++) {
      const acc = (limbs[k] as number) * factor + carry
      carry = Math.floor(acc / 65536)
      limbs[k] = acc - carry * 65536
    }
    for (; carry > 0; carry >>>= 16) limbs[used++] = carry & 0xffff
  }
  // Past the leading '1's the first digit is not zero: the value takes exactly its limbs, but for a top byte of 0.
  const valueBytes = used === 0 ? 0 : 2 * used - ((limbs[used - 1] as number) < 256 ? 1 : 0)
  const bytes = new Uint8Array(zeros + valueBytes)
  for (let k = 0, j = bytes.length - 1; k < used; k++) {
    const limb = limbs[k] as number
    bytes[j--] = limb & 0xff
    if (j >= zeros) bytes[j--] = limb >>> 8
  }
  return bytes
}
