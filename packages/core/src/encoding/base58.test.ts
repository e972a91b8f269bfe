import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { BASE58_MAX_DECODE_LENGTH, base58Decode, base58Encode } from './base58.js'

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

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Characters outside the alphabet: the four it leaves out, ASCII around it, and beyond ASCII. */
const OUTSIDE = ['0', 'O', 'I', 'l', '+', '/', ' ', '\n', '\0', '~', '\x7f', '\x80', 'é', '\u0661', '\ud800', '😀']

/** What `decode` gives: its bytes, or 'fails' (ours must fail with InvalidEncodingError, @scure/base with any). */
function outcome(decode: (text: string) => Uint8Array, text: string, ours: boolean): number[] | 'fails' {
  try {
    return Array.from(decode(text))
  } catch (error) {
    if (ours) expect(error).toBeInstanceOf(InvalidEncodingError)
    return 'fails'
  }
}
const expectSameDecoding = (text: string) =>
  expect(outcome(base58Decode, text, true), JSON.stringify(text)).toEqual(outcome(base58.decode, text, false))

describe('base58Decode', () => {
  it('reads what @scure/base reads, for the text of random inputs of every length up to 120 bytes', () => {
    for (let k = 0; k < 4000; k++) {
      const bytes = randomBytes(k % 121)
      // Leading zero bytes are leading '1's: a quarter of the inputs start with 1-4 of them.
      if (k % 4 === 0) bytes.fill(0, 0, Math.min(bytes.length, 1 + (k % 5)))
      const text = base58.encode(bytes)
      expect(base58Decode(text)).toEqual(base58.decode(text))
      expect(base58Decode(text)).toEqual(new Uint8Array(bytes))
    }
  })

  it('agrees with @scure/base on random text, with leading 1s and characters outside the alphabet', () => {
    for (let k = 0; k < 4000; k++) {
      const random = randomBytes(170)
      const length = (random[0] as number) % 170
      let text = ''
      for (let i = 0; i < length; i++) text += ALPHABET[(random[i] as number) % 58]
      // Runs of '1' (zero digits) in front, or the whole text.
      if (k % 3 === 0) text = '1'.repeat(1 + (k % 7)) + text
      if (k % 11 === 0) text = '1'.repeat(k % 13)
      // One character outside the alphabet, anywhere (a fifth of the texts).
      if (k % 5 === 1) {
        const at = (random[169] as number) % (text.length + 1)
        text = text.slice(0, at) + OUTSIDE[k % OUTSIDE.length] + text.slice(at)
      }
      expectSameDecoding(text)
    }
  })

  it('handles the edges: empty, only 1s, each character outside the alphabet, the length limit', () => {
    for (const text of [
      '',
      '1',
      '11',
      '1111111111',
      '2',
      'z',
      '1z',
      'zzzzzzzzzzzzzzzzzzzzzzzzz',
      '11111111111111111112',
    ]) {
      expectSameDecoding(text)
    }
    expect(base58Decode('')).toEqual(new Uint8Array())
    expect(base58Decode('111')).toEqual(new Uint8Array(3))
    for (const c of OUTSIDE) {
      expectSameDecoding(c)
      expectSameDecoding(`1${c}`)
      expectSameDecoding(`2NEpo7TZRRrLZSi2U${c}`)
      expect(() => base58Decode(`abc${c}`)).toThrow(/is not base58: .*\(character 3\) is outside its alphabet/)
    }
    const longest = base58.encode(new Uint8Array(2000).fill(0xee))
    expect(longest.length).toBeLessThanOrEqual(BASE58_MAX_DECODE_LENGTH)
    expectSameDecoding(longest)
    expectSameDecoding('z'.repeat(BASE58_MAX_DECODE_LENGTH))
    expectSameDecoding('z'.repeat(BASE58_MAX_DECODE_LENGTH + 1))
    expect(() => base58Decode('z'.repeat(BASE58_MAX_DECODE_LENGTH + 1))).toThrow(/too long to decode as base58/)
  })

  it('reads what base58Encode writes, longer texts after shorter ones (its scratch grows)', () => {
    for (const length of [0, 1, 20, 32, 36, 400, 3, 1000, 36]) {
      const bytes = randomBytes(length)
      if (length > 2) bytes[0] = 0
      expect(base58Decode(base58Encode(bytes))).toEqual(new Uint8Array(bytes))
    }
  })
})
