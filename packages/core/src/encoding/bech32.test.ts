import { bech32 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { decode, decodeWords, encode, wordsToBytes } from './bech32.js'

// BIP-173's test vectors (https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki#test-vectors).
const VALID = [
  'A12UEL5L',
  'a12uel5l',
  'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
  'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
  `11${'q'.repeat(82)}c8247j`,
  'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
  '?1ezyfcl',
]
const INVALID = [
  '\x201nwldj5', // hrp character out of range
  '\x7f1axkwrx',
  '\x801eym55h',
  'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', // too long
  'pzry9x0s0muk', // no separator
  '1pzry9x0s0muk', // empty hrp
  'x1b4n0q5v', // invalid data character
  'li1dgmt3', // checksum too short
  'de1lg7wt\xff', // invalid character in the checksum
  'A1G7SGD8', // checksum computed with the upper-case hrp
  '10a06t8', // empty hrp
  '1qzzfhee', // empty hrp
]

/** @scure/base's bytes of `text` (decode, then fromWords), or 'fails'. */
function scure(text: string): { hrp: string; bytes: number[] } | 'fails' {
  try {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`)
    return { hrp: prefix, bytes: Array.from(bech32.fromWords(words)) }
  } catch {
    return 'fails'
  }
}
/** Ours, failing only with InvalidEncodingError. */
function ours(text: string): { hrp: string; bytes: number[] } | 'fails' {
  try {
    const { hrp, bytes } = decode(text)
    return { hrp, bytes: Array.from(bytes) }
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEncodingError)
    return 'fails'
  }
}

describe('bech32 (BIP-173)', () => {
  test.each(VALID)('valid: %s', (text) => {
    const { hrp, words } = decodeWords(text)
    expect(hrp).toBe(text.slice(0, text.lastIndexOf('1')).toLowerCase())
    expect(Array.from(words)).toEqual(bech32.decode(text as `${string}1${string}`).words)
    expect(ours(text)).toEqual(scure(text))
  })

  test.each(INVALID)('invalid: %j', (text) => {
    expect(() => decodeWords(text)).toThrow(InvalidEncodingError)
    expect(scure(text)).toBe('fails')
  })

  test('encode writes what @scure/base writes, the hrp lower-cased', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13)
    expect(encode('avax', bytes)).toBe(bech32.encode('avax', bech32.toWords(bytes)))
    expect(encode('AvAx', bytes)).toBe(bech32.encode('avax', bech32.toWords(bytes)))
    expect(encode('a', new Uint8Array())).toBe('a12uel5l')
    expect(decode(encode('fuji', bytes))).toEqual({ hrp: 'fuji', bytes })
  })

  test('encode refuses an empty or non-printable hrp and more than 90 characters', () => {
    expect(() => encode('', new Uint8Array(20))).toThrow(InvalidEncodingError)
    expect(() => encode('a b', new Uint8Array(20))).toThrow(/not printable ASCII/)
    expect(() => encode('é', new Uint8Array(20))).toThrow(/not printable ASCII/)
    // 51 bytes = 82 words: hrp of 1 + "1" + 82 + 6 = 90 characters, the most there may be.
    expect(encode('a', new Uint8Array(51)).length).toBe(90)
    expect(() => encode('ab', new Uint8Array(51))).toThrow(/exceeds 90 characters/)
  })

  test('the separator is the last 1, the case one throughout, the data regrouped strictly', () => {
    const text = bech32.encode('a1b', [1, 2, 3])
    expect(decodeWords(text)).toEqual({ hrp: 'a1b', words: Uint8Array.of(1, 2, 3) })
    expect(decodeWords(text.toUpperCase()).hrp).toBe('a1b')
    expect(() => decodeWords(text.replace('b', 'B'))).toThrow(/mixes upper and lower case/)
    expect(() => decodeWords(text.slice(0, -1))).toThrow(/checksum does not match/)
    // 1 word: 5 bits, a whole word of padding; [0, 1]: 10 bits, 2 of padding, not zero.
    expect(() => wordsToBytes(Uint8Array.of(0))).toThrow(/leaves 5 bits/)
    expect(() => wordsToBytes(Uint8Array.of(0, 1))).toThrow(/non-zero padding/)
    expect(wordsToBytes(Uint8Array.of(0, 0))).toEqual(Uint8Array.of(0))
    for (const words of [[0], [0, 1], [31, 31, 31, 31]]) {
      const valid = bech32.encode('avax', words)
      expect(ours(valid)).toBe('fails')
      expect(scure(valid)).toBe('fails')
    }
  })
})
