/**
 * Properties of the encodings: every round trip holds, and every malformed input fails with InvalidEncodingError
 * (never another error, never a wrong value). Default runs are small; `PROPERTY_RUNS=10000` (the core package's
 * `properties` script) runs each property that many times.
 */
import { bech32 } from '@scure/base'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { formatAddress, isAddress, parseAddress } from './address.js'
import { formatAmount, parseAmount } from './amount.js'
import { decode as bech32Decode, encode as bech32Encode } from './bech32.js'
import { cb58Decode, cb58Encode, isCb58 } from './cb58.js'
import { bytesToHex, hexDecode, hexEncode, hexToBytes } from './hex.js'
import { formatNodeId, isNodeId, parseNodeId } from './ids.js'

const runs = (defaultRuns: number) => ({ numRuns: Number(process.env.PROPERTY_RUNS) || defaultRuns })
/** vitest's default per test, or room for PROPERTY_RUNS cases. */
const timeout = process.env.PROPERTY_RUNS ? 600_000 : 5_000

/** Runs `fn`: its value, or `failed` when it threw InvalidEncodingError; any other error escapes. */
function attempt<T>(fn: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: fn() }
  } catch (error) {
    if (error instanceof InvalidEncodingError) return { ok: false }
    throw error
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const HEX = '0123456789abcdefABCDEF'
const bytes = (maxLength = 64) => fc.uint8Array({ maxLength })
const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
/** Any text: printable ASCII, full Unicode (lone surrogates included), and strings from the encodings' alphabets. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(...BASE58), maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...HEX), maxLength: 80 }).map((digits) => `0x${digits}`),
)
/** Replaces the character at `at` (modulo length) of `text` with another one of `alphabet`. */
function substitute(text: string, at: number, pick: number, alphabet: string): string {
  const i = at % text.length
  const others = [...alphabet].filter((c) => c.toLowerCase() !== (text[i] as string).toLowerCase())
  return text.slice(0, i) + others[pick % others.length] + text.slice(i + 1)
}

describe('cb58', () => {
  test('decode(encode(bytes)) is the bytes, also with the length expected', { timeout }, () => {
    fc.assert(
      fc.property(bytes(), (raw) => {
        expect(cb58Decode(cb58Encode(raw))).toEqual(raw)
        expect(cb58Decode(cb58Encode(raw), raw.length)).toEqual(raw)
        expect(isCb58(cb58Encode(raw))).toBe(true)
      }),
      runs(300),
    )
  })

  test('any text decodes to bytes that encode back to it, or fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = attempt(() => cb58Decode(text))
        if (result.ok) expect(cb58Encode(result.value)).toBe(text)
        expect(isCb58(text)).toBe(result.ok)
      }),
      runs(500),
    )
  })

  test('one changed character is caught by the checksum', { timeout }, () => {
    fc.assert(
      fc.property(bytes(40), fc.nat(), fc.nat(), (raw, at, pick) => {
        const corrupt = substitute(cb58Encode(raw), at, pick, BASE58)
        expect(() => cb58Decode(corrupt)).toThrow(InvalidEncodingError)
      }),
      runs(300),
    )
  })

  test('a length other than the one expected fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(bytes(40), fc.nat(64), (raw, expected) => {
        fc.pre(expected !== raw.length)
        expect(() => cb58Decode(cb58Encode(raw), expected)).toThrow(InvalidEncodingError)
      }),
      runs(200),
    )
  })
})

describe('hex with checksum (hex, hexc) and without (hexnc)', () => {
  test('decode(encode(bytes)) is the bytes, in either case of digits', { timeout }, () => {
    fc.assert(
      fc.property(bytes(), fc.boolean(), (raw, upper) => {
        const text = hexEncode(raw)
        expect(hexDecode(upper ? `0x${text.slice(2).toUpperCase()}` : text)).toEqual(raw)
        const plain = hexEncode(raw, { checksum: false })
        expect(hexDecode(plain, { checksum: false })).toEqual(raw)
        expect(plain).toBe(`0x${bytesToHex(raw)}`)
        expect(hexToBytes(bytesToHex(raw))).toEqual(raw)
      }),
      runs(300),
    )
  })

  test('any text decodes to bytes that encode back to it, or fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, checksum) => {
        const result = attempt(() => hexDecode(text, { checksum }))
        if (!result.ok) return
        // The node decodes "0x" to no bytes (no checksum to check).
        if (text === '0x') expect(result.value).toEqual(new Uint8Array())
        else expect(hexEncode(result.value, { checksum })).toBe(text.toLowerCase())
      }),
      runs(500),
    )
  })

  test('one changed digit is caught by the checksum', { timeout }, () => {
    fc.assert(
      fc.property(bytes(40), fc.nat(), fc.nat(), (raw, at, pick) => {
        const text = hexEncode(raw)
        const digits = substitute(text.slice(2), at, pick, '0123456789abcdef')
        expect(() => hexDecode(`0x${digits}`)).toThrow(InvalidEncodingError)
      }),
      runs(300),
    )
  })
})

const alias = fc.oneof(
  fc.constantFrom('X', 'P', 'C'),
  fc.string({ unit: fc.constantFrom(...'ABCXYZabcxyz0123456789'), minLength: 1, maxLength: 12 }),
)
const hrp = fc.oneof(
  fc.constantFrom('avax', 'fuji', 'local', 'custom', 'testing'),
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 20 }),
)

describe('bech32 chain addresses', () => {
  test('parse(format(chain, hrp, 20 bytes)) gives them back', { timeout }, () => {
    fc.assert(
      fc.property(alias, hrp, bytesOf(20), (chain, prefix, raw) => {
        const text = formatAddress(chain, prefix, raw)
        expect(parseAddress(text)).toEqual({ chain, hrp: prefix, bytes: raw })
        expect(isAddress(text)).toBe(true)
        expect(isAddress(text, [chain])).toBe(true)
        // Bare bech32 (no chain alias): the node refuses it; the Data API's form parses when allowed.
        const bare = text.slice(chain.length + 1)
        expect(() => parseAddress(bare)).toThrow(/no separator found in address/)
        expect(parseAddress(bare, { allowBare: true })).toEqual({ chain: undefined, hrp: prefix, bytes: raw })
      }),
      runs(300),
    )
  })

  test('formatting other than 20 bytes fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(alias, hrp, bytes(40), (chain, prefix, raw) => {
        fc.pre(raw.length !== 20)
        expect(() => formatAddress(chain, prefix, raw)).toThrow(InvalidEncodingError)
      }),
      runs(200),
    )
  })

  test('any text parses to 20 bytes that format back to it, or fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = attempt(() => parseAddress(text))
        expect(isAddress(text)).toBe(result.ok)
        if (!result.ok) return
        expect(result.value.bytes.length).toBe(20)
        if (result.value.chain !== undefined) {
          expect(formatAddress(result.value.chain, result.value.hrp, result.value.bytes).toLowerCase()).toBe(
            text.toLowerCase(),
          )
        }
      }),
      runs(500),
    )
  })

  test('one changed character of the data part is caught by the bech32 checksum', { timeout }, () => {
    fc.assert(
      fc.property(alias, hrp, bytesOf(20), fc.nat(), fc.nat(), (chain, prefix, raw, at, pick) => {
        const text = formatAddress(chain, prefix, raw)
        const data = text.lastIndexOf('1') + 1
        const corrupt = text.slice(0, data) + substitute(text.slice(data), at, pick, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')
        expect(() => parseAddress(corrupt)).toThrow(InvalidEncodingError)
      }),
      runs(300),
    )
  })

  // Valid bech32 whose 5-bit words do not pack into whole bytes (e.g. "X-" + bech32.encode('avax', [31])) once made
  // bech32.fromWords throw a plain Error through parseAddress; it must be an InvalidEncodingError.
  test('valid bech32 of any data either parses to 20 bytes or fails with InvalidEncodingError', {
    timeout,
  }, () => {
    fc.assert(
      fc.property(
        fc.option(alias, { nil: undefined }),
        hrp,
        fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 40 }),
        (chain, prefix, words) => {
          const text = `${chain === undefined ? '' : `${chain}-`}${bech32.encode(prefix, words)}`
          const result = attempt(() => parseAddress(text, { allowBare: true }))
          if (result.ok) expect(result.value.bytes.length).toBe(20)
        },
      ),
      { ...runs(200), seed: 42 },
    )
  })
})

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const printable = fc.integer({ min: 33, max: 126 }).map((c) => String.fromCharCode(c))
/** Human-readable parts bech32 takes: Avalanche's, and printable ASCII of either case (a "1" among them at times). */
const printableHrp = fc.oneof(hrp, fc.string({ unit: printable, minLength: 1, maxLength: 40 }))
/** And those it refuses: empty, or holding characters outside printable ASCII. */
const anyHrp = fc.oneof(
  printableHrp,
  fc.constant(''),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
)
/** Ways to spoil (or not) a valid bech32 text. */
const mutation: fc.Arbitrary<(text: string) => string> = fc.oneof(
  fc.constant((text: string) => text),
  fc.constant((text: string) => text.toUpperCase()),
  // One character of the other case: mixed case unless it is not a letter.
  fc.nat().map((at) => (text: string) => {
    const i = at % text.length
    const c = text[i] as string
    return text.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + text.slice(i + 1)
  }),
  // Another character of the charset (or "1", "b", "i", "o", outside it) anywhere: a wrong checksum, a moved
  // separator, an invalid character.
  fc.tuple(fc.nat(), fc.nat()).map(
    ([at, pick]) =>
      (text: string) =>
        substitute(text, at, pick, `${BECH32}1bio`),
  ),
  // No separator, or a separator in front.
  fc.constant((text: string) => text.replaceAll('1', '')),
  fc.constant((text: string) => `1${text.slice(text.lastIndexOf('1') + 1)}`),
  // Shorter (data under 6 characters, under 8 characters in all), longer, or with a character beyond ASCII.
  fc.nat(12).map((cut) => (text: string) => text.slice(0, Math.max(0, text.length - cut))),
  fc
    .string({ unit: fc.constantFrom(...BECH32), minLength: 1, maxLength: 4 })
    .map((more) => (text: string) => text + more),
  fc.tuple(fc.nat(), fc.constantFrom('é', 'K', 'İ', '\u0000', ' ', '\ud800')).map(([at, c]) => (text: string) => {
    const i = at % (text.length + 1)
    return text.slice(0, i) + c + text.slice(i)
  }),
)

/** @scure/base's result, or 'fails'. */
function scure<T>(fn: () => T): T | 'fails' {
  try {
    return fn()
  } catch {
    return 'fails'
  }
}
const scureDecode = (text: string) =>
  scure(() => {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`)
    return { hrp: prefix, bytes: bech32.fromWords(words) }
  })
/** Ours: the same result, or failing (with InvalidEncodingError) where @scure/base fails. */
function expectSameDecoding(text: string) {
  const result = attempt(() => bech32Decode(text))
  expect(result.ok ? result.value : 'fails', JSON.stringify(text)).toEqual(scureDecode(text))
}

describe('bech32 against @scure/base', () => {
  test('encode(hrp, bytes) writes what @scure/base writes, or both fail', { timeout }, () => {
    fc.assert(
      fc.property(anyHrp, bytes(70), (prefix, raw) => {
        const result = attempt(() => bech32Encode(prefix, raw))
        expect(result.ok ? result.value : 'fails').toBe(scure(() => bech32.encode(prefix, bech32.toWords(raw))))
      }),
      runs(500),
    )
  })

  test('decode of valid bech32 of any words, spoilt or not: the same hrp and bytes, or both fail', { timeout }, () => {
    fc.assert(
      fc.property(
        printableHrp,
        fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 90 }),
        mutation,
        (prefix, words, mutate) => {
          // Any number of words (no limit): too long, excess or non-zero padding, or whole bytes.
          expectSameDecoding(mutate(bech32.encode(prefix, words, false)))
        },
      ),
      runs(1000),
    )
  })

  test('decode of any text: the same hrp and bytes, or both fail', { timeout }, () => {
    const bech32ish = fc
      .tuple(
        fc.string({ unit: printable, maxLength: 10 }),
        fc.string({ unit: fc.constantFrom(...BECH32), maxLength: 80 }),
      )
      .map(([prefix, data]) => `${prefix}1${data}`)
    fc.assert(fc.property(fc.oneof(anyText, bech32ish), expectSameDecoding), runs(500))
  })
})

describe('node IDs', () => {
  test('parse(format(20 bytes)) gives them back', { timeout }, () => {
    fc.assert(
      fc.property(bytesOf(20), (raw) => {
        const text = formatNodeId(raw)
        expect(text.startsWith('NodeID-')).toBe(true)
        expect(parseNodeId(text)).toEqual(raw)
        expect(isNodeId(text)).toBe(true)
      }),
      runs(300),
    )
  })

  test('other lengths fail with InvalidEncodingError, formatting or parsing', { timeout }, () => {
    fc.assert(
      fc.property(bytes(40), (raw) => {
        fc.pre(raw.length !== 20)
        expect(() => formatNodeId(raw)).toThrow(InvalidEncodingError)
        expect(() => parseNodeId(`NodeID-${cb58Encode(raw)}`)).toThrow(InvalidEncodingError)
        expect(isNodeId(`NodeID-${cb58Encode(raw)}`)).toBe(false)
      }),
      runs(200),
    )
  })

  test('any text parses to 20 bytes that format back to it, or fails with InvalidEncodingError', { timeout }, () => {
    const nodeIdish = fc.oneof(
      anyText,
      anyText.map((t) => `NodeID-${t}`),
    )
    fc.assert(
      fc.property(nodeIdish, (text) => {
        const result = attempt(() => parseNodeId(text))
        expect(isNodeId(text)).toBe(result.ok)
        if (result.ok) expect(formatNodeId(result.value)).toBe(text)
      }),
      runs(500),
    )
  })
})

describe('amounts by denomination', () => {
  const denomination = fc.integer({ min: 0, max: 32 })
  const raw = fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n })

  test('parse(format(raw)) is raw, and the text is canonical', { timeout }, () => {
    fc.assert(
      fc.property(raw, denomination, (amount, d) => {
        const text = formatAmount(amount, d)
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/)
        expect(text).not.toMatch(/^-?0\d/)
        expect(parseAmount(text, d)).toBe(amount)
      }),
      runs(500),
    )
  })

  test('decimal text parses, and formats to the same amount', { timeout }, () => {
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max })
    fc.assert(
      fc.property(fc.boolean(), digits(30), denomination, fc.nat(), fc.boolean(), (negative, whole, d, cut, dot) => {
        const fraction = '7'.repeat(cut % (d + 1))
        const text = `${negative ? '-' : ''}${whole}${dot || fraction ? `.${fraction}` : ''}`
        fc.pre(whole !== '' || fraction !== '')
        const amount = parseAmount(text, d)
        expect(parseAmount(formatAmount(amount, d), d)).toBe(amount)
        expect(parseAmount(` ${text} `, d)).toBe(amount)
      }),
      runs(500),
    )
  })

  test('any text parses to an amount or fails with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.stringMatching(/^-?\d{0,20}(\.\d{0,40})?$/)), denomination, (text, d) => {
        const result = attempt(() => parseAmount(text, d))
        if (result.ok) expect(typeof result.value).toBe('bigint')
      }),
      runs(500),
    )
  })

  test('more decimals than the denomination fail with InvalidEncodingError', { timeout }, () => {
    fc.assert(
      fc.property(denomination, fc.nat(10), (d, extra) => {
        expect(() => parseAmount(`1.${'5'.repeat(d + 1 + extra)}`, d)).toThrow(InvalidEncodingError)
      }),
      runs(200),
    )
  })

  test('a denomination outside 0..32 fails with InvalidEncodingError', { timeout }, () => {
    const bad = fc.oneof(
      fc.integer({ min: 33 }),
      fc.integer({ max: -1 }),
      fc.double().filter((x) => !Number.isInteger(x)),
    )
    fc.assert(
      fc.property(raw, bad, (amount, d) => {
        expect(() => formatAmount(amount, d)).toThrow(InvalidEncodingError)
        expect(() => parseAmount('1', d)).toThrow(InvalidEncodingError)
      }),
      runs(200),
    )
  })
})
