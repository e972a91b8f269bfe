import { base58 } from '@scure/base'
import { InvalidEncodingError } from '../errors.js'
import { bytesEqual, checksum } from './hash.js'

/** cb58 = base58(bytes ‖ last 4 bytes of sha256(bytes)), the node's text form of IDs (`utils/cb58`). */
export function cb58Encode(bytes: Uint8Array): string {
  const withChecksum = new Uint8Array(bytes.length + 4)
  withChecksum.set(bytes)
  withChecksum.set(checksum(bytes), bytes.length)
  return base58Encode(withChecksum)
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Digits are gathered five at a time: 58^5 * 256 stays far below 2^53, so plain numbers hold every step exactly. */
const LIMB = 58 ** 5

/**
 * Bitcoin-alphabet base58, as `@scure/base` writes it, in a fifth of its time on IDs (its radix conversion is
 * generic): a walk of UTXOs encodes three IDs per UTXO.
 */
function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const limbs: number[] = [] // base 58^5, least significant first
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number
    for (let j = 0; j < limbs.length; j++) {
      const x = (limbs[j] as number) * 256 + carry
      carry = Math.floor(x / LIMB)
      limbs[j] = x - carry * LIMB
    }
    if (carry > 0) limbs.push(carry) // carry < 256 < LIMB
  }
  const digits: number[] = [] // char codes, least significant first
  for (let j = 0; j < limbs.length; j++) {
    let limb = limbs[j] as number
    const last = j === limbs.length - 1
    for (let k = 0; k < 5 && (!last || limb > 0); k++) {
      digits.push(CODES[limb % 58] as number)
      limb = Math.floor(limb / 58)
    }
  }
  for (let i = 0; i < zeros; i++) digits.push(49) // '1'
  return String.fromCharCode(...digits.reverse())
}
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0))

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
