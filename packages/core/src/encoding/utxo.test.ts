/**
 * decodeUtxo / decodeUtxoHex against a reference that computes every field eagerly from the avalanchego rules
 * (UTXO ID = sha256(u64 outputIndex ‖ txID), `ids.ID.Prefix`; IDs in cb58), over generated UTXOs: the lazy IDs, the
 * scratch buffers and the in-place reads must not change a value, a key or its order.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecWriter } from './codec.js'
import { sha256 } from './hash.js'
import { bytesToHex, hexDecode, hexDecodeScratch, hexEncode } from './hex.js'
import { type DecodedUtxo, decodeUtxo, decodeUtxoHex } from './utxo.js'

const runs = (defaultRuns: number) => ({ numRuns: Number(process.env.PROPERTY_RUNS) || defaultRuns })
const timeout = process.env.PROPERTY_RUNS ? 600_000 : 5_000
const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })

const output = fc.record({
  txId: bytesOf(32),
  outputIndex: fc.nat({ max: 2 ** 32 - 1 }),
  // A few assets, so that the decoder's last-asset cache is hit and missed.
  asset: fc.constantFrom(0, 1, 2).map((k) => new Uint8Array(32).fill(k * 85)),
  // 7 = transfer output, 22 = stake-locked around `inner`, 6/11 = types read no further than their type ID.
  typeId: fc.constantFrom(7, 7, 22, 6, 11),
  inner: fc.constantFrom(7, 7, 6),
  stake: u64,
  amount: u64,
  locktime: u64,
  threshold: fc.nat({ max: 2 ** 32 - 1 }),
  owners: fc.array(bytesOf(20), { maxLength: 3 }),
})
type Output = typeof output extends fc.Arbitrary<infer T> ? T : never

function encode(o: Output): Uint8Array {
  const w = new CodecWriter().u16(0).bytes(o.txId).u32(o.outputIndex).bytes(o.asset).u32(o.typeId)
  const transfer = () =>
    w
      .u64(o.amount)
      .u64(o.locktime)
      .u32(o.threshold)
      .array(o.owners, (x, a) => x.bytes(a))
  if (o.typeId === 7) transfer()
  if (o.typeId === 22) {
    w.u64(o.stake).u32(o.inner)
    if (o.inner === 7) transfer()
  }
  return w.toBytes()
}

/** What decodeUtxo returned before its IDs became lazy: every field computed, in this key order. */
function reference(o: Output): DecodedUtxo {
  const prefixed = new Uint8Array(40)
  new DataView(prefixed.buffer).setBigUint64(0, BigInt(o.outputIndex))
  prefixed.set(o.txId, 8)
  const utxo: DecodedUtxo = {
    id: cb58Encode(sha256(prefixed)),
    txId: cb58Encode(o.txId),
    outputIndex: o.outputIndex,
    assetId: cb58Encode(o.asset),
    typeId: o.typeId,
  }
  const transfer = () => {
    utxo.amount = o.amount
    utxo.locktime = o.locktime
    utxo.threshold = o.threshold
    utxo.owners = o.owners.map(bytesToHex)
  }
  if (o.typeId === 7) transfer()
  if (o.typeId === 22) {
    utxo.stakeableLocktime = o.stake
    utxo.innerTypeId = o.inner
    if (o.inner === 7) transfer()
  }
  return utxo
}

const keysAndJson = (u: object) => [Object.keys(u), JSON.stringify(u, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))]

describe('decodeUtxo and decodeUtxoHex', () => {
  test('give the reference fields, keys in the same order, JSON and spread alike', { timeout }, () => {
    fc.assert(
      fc.property(output, fc.boolean(), (o, upper) => {
        const bytes = encode(o)
        const expected = reference(o)
        const decoded = decodeUtxo(bytes)
        expect(decoded).toEqual(expected)
        expect({ ...decoded }).toStrictEqual(expected)
        expect(keysAndJson(decoded)).toEqual(keysAndJson(expected))
        const lower = hexEncode(bytes)
        const text = upper ? `0x${lower.slice(2).toUpperCase()}` : lower
        const fromHex = decodeUtxoHex(text)
        expect({ ...fromHex }).toStrictEqual({ ...expected, bytes: text })
        expect(keysAndJson(fromHex)).toEqual(keysAndJson({ ...expected, bytes: text }))
      }),
      runs(300),
    )
  })

  test('fields and IDs read late are those of their own UTXO, whatever was decoded since', { timeout }, () => {
    fc.assert(
      fc.property(fc.array(output, { minLength: 2, maxLength: 6 }), (outputs) => {
        // Buffers too: their slice is a view, not a copy.
        const bytes = outputs.map((o, k) => (k % 2 ? Buffer.from(encode(o)) : encode(o)))
        const fromHex = bytes.map((b) => decodeUtxoHex(hexEncode(b)))
        const decoded = bytes.map((b) => decodeUtxo(b))
        for (const b of bytes) b.fill(0xff) // the caller's buffer may be reused after decoding
        for (const [k, o] of outputs.entries()) {
          const { bytes: _, ...fields } = fromHex[k] as DecodedUtxo & { bytes: string }
          expect(fields).toEqual(reference(o))
          expect(decoded[k]).toEqual(reference(o))
        }
      }),
      runs(100),
    )
  })

  test('a truncated UTXO fails with InvalidEncodingError on both paths', { timeout }, () => {
    fc.assert(
      fc.property(output, fc.nat(), (o, cut) => {
        const bytes = encode(o)
        const short = bytes.subarray(0, cut % bytes.length)
        expect(() => decodeUtxo(short)).toThrow(InvalidEncodingError)
        expect(() => decodeUtxoHex(hexEncode(short))).toThrow(InvalidEncodingError)
      }),
      runs(200),
    )
  })

  test('asset IDs stay right past the decoder cache of 16 (20 assets, cycled twice)', () => {
    const base = fc.sample(output, { seed: 3, numRuns: 1 })[0] as Output
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 20; k++) {
        const o = { ...base, asset: new Uint8Array(32).fill(k + 1) }
        expect(decodeUtxoHex(hexEncode(encode(o))).assetId).toBe(cb58Encode(o.asset))
        expect(decodeUtxo(encode(o)).assetId).toBe(cb58Encode(o.asset))
      }
    }
  })

  test('IDs can be assigned like fields; the values are computed once', () => {
    const o = fc.sample(output, { seed: 7, numRuns: 1 })[0] as Output
    const utxo = decodeUtxoHex(hexEncode(encode(o)))
    const first = utxo.id
    expect(utxo.id).toBe(first) // the same string, not a second computation's equal one
    utxo.id = 'replaced'
    utxo.txId = 'also replaced'
    expect([utxo.id, utxo.txId]).toEqual(['replaced', 'also replaced'])
    expect(Object.keys(utxo).slice(0, 2)).toEqual(['id', 'txId'])
  })
})

describe('hexDecodeScratch', () => {
  const HEX = '0123456789abcdefABCDEFxg '
  const text = fc.oneof(
    fc.uint8Array({ maxLength: 80 }).map((b) => hexEncode(b)),
    fc.string({ unit: fc.constantFrom(...HEX), maxLength: 90 }).map((d) => `0x${d}`),
    fc.string({ maxLength: 20 }),
  )
  const outcome = (fn: () => Uint8Array) => {
    try {
      return { bytes: [...fn()] }
    } catch (error) {
      if (!(error instanceof InvalidEncodingError)) throw error
      return { error: error.message }
    }
  }

  test('is hexDecode: the same bytes or the same InvalidEncodingError message', { timeout }, () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(outcome(() => hexDecodeScratch(t))).toEqual(outcome(() => hexDecode(t)))
      }),
      runs(500),
    )
  })
})
