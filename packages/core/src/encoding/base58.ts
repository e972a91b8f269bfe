/**
 * Bitcoin-alphabet base58 encoding, character for character as `@scure/base` writes it, in a fraction of its time on
 * IDs (its radix conversion is generic, a pass per digit): the bytes are read as 16-bit limbs and divided by 58^5 per
 * pass, five digits at a time, every intermediate below 2^46 and so exact in a double. A walk of UTXOs encodes two
 * IDs per UTXO and the devnet's index one per container. Decoding stays `@scure/base`'s, faster than this approach.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0))
const ONE = 49 // '1', the digit of each leading zero byte
const FIVE_DIGITS = 58 ** 5

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
