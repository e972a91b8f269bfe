import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { base58Encode } from './base58.js'

/** Reference by BigInt, eight digits per division, for inputs without leading zero bytes. */
function bigIntBase58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
  const chunks: string[] = []
  while (value > 0n) {
    let chunk = value % 58n ** 8n
    value /= 58n ** 8n
    let digits = ''
    for (let k = 0; k < 8; k++, chunk /= 58n) digits = alphabet[Number(chunk % 58n)] + digits
    chunks.unshift(digits)
  }
  return chunks.join('').replace(/^1+/, '')
}

describe('base58Encode', () => {
  it('writes what @scure/base writes, for random inputs of every length up to 120 bytes', () => {
    for (let k = 0; k < 4000; k++) {
      const bytes = randomBytes(k % 121)
      // Leading zero bytes become leading '1's: a quarter of the inputs start with 1-4 of them.
      if (k % 4 === 0) bytes.fill(0, 0, Math.min(bytes.length, 1 + (k % 5)))
      expect(base58Encode(bytes)).toBe(base58.encode(bytes))
    }
  })

  it('handles the edges: empty, all zeros, all 0xff, long inputs after short ones', () => {
    for (const bytes of [new Uint8Array(), new Uint8Array(32), new Uint8Array(36).fill(0xff), new Uint8Array(200)]) {
      expect(base58Encode(bytes)).toBe(base58.encode(bytes))
    }
    const long = new Uint8Array(300).fill(0xab)
    expect(base58Encode(long)).toBe(base58.encode(long))
    expect(base58Encode(new Uint8Array([1, 2, 3]))).toBe(base58.encode(new Uint8Array([1, 2, 3])))
    // Past the slice of char codes one call takes (8192 digits); @scure/base refuses this length, BigInt does not.
    const huge = randomBytes(6100)
    huge[0] = 1
    expect(base58Encode(huge)).toBe(bigIntBase58(huge))
  })

  it("encodes only the first `length` bytes when given one (a caller's scratch)", () => {
    const bytes = randomBytes(40)
    bytes[0] = 0
    for (const length of [0, 1, 5, 32, 36, 40]) {
      expect(base58Encode(bytes, length)).toBe(base58.encode(bytes.subarray(0, length)))
    }
  })
})
