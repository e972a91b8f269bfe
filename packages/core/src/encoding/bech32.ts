/**
 * Bech32 as BIP-173 defines it (https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki), not BIP-350's
 * bech32m: Avalanche addresses (`X-avax1...`) are bech32 of a 20-byte short ID. The checks and results are those of
 * `@scure/base`'s bech32 (`encode(hrp, toWords(bytes))`, `fromWords(decode(text).words)`), which the tests compare
 * this with: at most 90 characters, a human-readable part (hrp) of printable ASCII, no mixed case, and data that
 * regroups into whole bytes.
 */
import { clip } from '../clip.js'
import { InvalidEncodingError } from '../errors.js'

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
/** The 5-bit value of each character code of CHARSET, -1 for the others. */
const VALUES = /* @__PURE__ */ (() => {
  const values = new Int8Array(128).fill(-1)
  for (let v = 0; v < 32; v++) values[CHARSET.charCodeAt(v)] = v
  return values
})()
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
const MAX_LENGTH = 90
const CHECKSUM_LENGTH = 6

/** One step of BIP-173's `bech32_polymod`: the checksum state after shifting in the 5-bit `value`. */
function step(chk: number, value: number): number {
  const top = chk >>> 25
  let next = ((chk & 0x1ffffff) << 5) ^ value
  for (let i = 0; i < 5; i++) if ((top >>> i) & 1) next ^= GENERATORS[i] as number
  return next
}

/** The checksum state after `bech32_hrp_expand(hrp)`: the hrp's high bits, a zero, then its low bits. */
function hrpState(hrp: string): number {
  let chk = 1
  for (let i = 0; i < hrp.length; i++) chk = step(chk, hrp.charCodeAt(i) >>> 5)
  chk = step(chk, 0)
  for (let i = 0; i < hrp.length; i++) chk = step(chk, hrp.charCodeAt(i) & 31)
  return chk
}

/** `hrp` + "1" + the bytes in 5-bit groups (the last one padded with zero bits) + the checksum. */
export function encode(hrp: string, bytes: Uint8Array): string {
  const words = new Uint8Array(Math.ceil((bytes.length * 8) / 5) + CHECKSUM_LENGTH)
  let n = 0
  let acc = 0 // the `bits` low bits not yet written
  let bits = 0
  for (let i = 0; i < bytes.length; i++) {
    acc = (acc << 8) | (bytes[i] as number)
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words[n++] = (acc >>> bits) & 31
    }
    acc &= (1 << bits) - 1
  }
  if (bits > 0) words[n++] = (acc << (5 - bits)) & 31
  if (hrp.length === 0) throw new InvalidEncodingError('bech32 needs a human-readable part (the text before "1")')
  if (hrp.length + 1 + n + CHECKSUM_LENGTH > MAX_LENGTH) {
    throw new InvalidEncodingError(`bech32 of ${bytes.length} bytes with hrp "${hrp}" exceeds ${MAX_LENGTH} characters`)
  }
  for (let i = 0; i < hrp.length; i++) {
    const c = hrp.charCodeAt(i)
    if (c < 33 || c > 126) throw new InvalidEncodingError(`bech32 hrp ${JSON.stringify(hrp)} is not printable ASCII`)
  }
  const prefix = hrp.toLowerCase()
  // The checksum makes the polymod of everything 1: computed over six zero words in its place.
  let chk = hrpState(prefix)
  for (let i = 0; i < words.length; i++) chk = step(chk, words[i] as number)
  chk ^= 1
  for (let i = 0; i < CHECKSUM_LENGTH; i++) words[n + i] = (chk >>> (5 * (5 - i))) & 31
  let text = `${prefix}1`
  for (let i = 0; i < words.length; i++) text += CHARSET[words[i] as number]
  return text
}

/** The hrp (lower case) and the bytes of bech32 `text`: throws InvalidEncodingError saying what is wrong. */
export function decode(text: string): { hrp: string; bytes: Uint8Array } {
  const { hrp, words } = decodeWords(text)
  return { hrp, bytes: wordsToBytes(words) }
}

/** The hrp (lower case) and the 5-bit words of the data (checksum checked and removed). */
export function decodeWords(text: string): { hrp: string; words: Uint8Array } {
  if (text.length < 8 || text.length > MAX_LENGTH) {
    throw notBech32(text, `it has ${text.length} characters, not 8 to ${MAX_LENGTH}`)
  }
  let lower = false
  let upper = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 33 || c > 126) throw notBech32(text, `character ${i} is not printable ASCII`)
    if (c >= 97 && c <= 122) lower = true
    else if (c >= 65 && c <= 90) upper = true
  }
  if (lower && upper) throw notBech32(text, 'it mixes upper and lower case')
  const lowered = upper ? text.toLowerCase() : text
  // The hrp may itself hold a "1": the separator is the last one.
  const separator = lowered.lastIndexOf('1')
  if (separator < 1) throw notBech32(text, 'it has no "1" after a human-readable part')
  const length = lowered.length - separator - 1
  if (length < CHECKSUM_LENGTH) throw notBech32(text, 'its data part is shorter than the 6-character checksum')
  const hrp = lowered.slice(0, separator)
  const words = new Uint8Array(length - CHECKSUM_LENGTH)
  let chk = hrpState(hrp)
  for (let i = 0; i < length; i++) {
    const value = VALUES[lowered.charCodeAt(separator + 1 + i)] ?? -1
    if (value < 0) throw notBech32(text, `"${lowered[separator + 1 + i]}" is not a bech32 character`)
    if (i < words.length) words[i] = value
    chk = step(chk, value)
  }
  if (chk !== 1) throw notBech32(text, 'its checksum does not match')
  return { hrp, words }
}

/** 5-bit words to bytes, strictly: fewer than 5 bits left over, and those zero (the padding `encode` writes). */
export function wordsToBytes(words: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(Math.floor((words.length * 5) / 8))
  let n = 0
  let acc = 0
  let bits = 0
  for (let i = 0; i < words.length; i++) {
    acc = (acc << 5) | (words[i] as number)
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes[n++] = acc >>> bits
      acc &= (1 << bits) - 1
    }
  }
  if (bits >= 5) throw new InvalidEncodingError(`bech32 data of ${words.length} words leaves ${bits} bits over a byte`)
  if (acc !== 0) throw new InvalidEncodingError(`bech32 data of ${words.length} words ends in non-zero padding bits`)
  return bytes
}

function notBech32(text: string, what: string): InvalidEncodingError {
  return new InvalidEncodingError(`${JSON.stringify(clip(text))} is not bech32: ${what}`)
}
