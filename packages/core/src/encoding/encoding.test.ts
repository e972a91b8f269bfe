import { describe, expect, test, vi } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { formatAddress, hrpForNetwork, parseAddress } from './address.js'
import { formatAmount, parseAmount } from './amount.js'
import { cb58Decode, cb58Encode } from './cb58.js'
import { sha256 } from './hash.js'
import { bytesToHex, hexDecode, hexEncode, hexToBytes } from './hex.js'
import { EMPTY_ID, formatNodeId, idFromBytes, isNodeId, parseNodeId, utxoId } from './ids.js'
import { decodeUtxo } from './utxo.js'

// Vectors from ../shared/reference/node-rpc.md section 4 (recomputed from the node's own tests).
const bytes = (...values: number[]) => Uint8Array.from(values)
const ascii = (text: string, length: number) => {
  const out = new Uint8Array(length)
  out.set(new TextEncoder().encode(text))
  return out
}

describe('cb58 and hex with checksum (4.1)', () => {
  const vectors: [Uint8Array, string, string][] = [
    [bytes(), '45PJLL', '0x7852b855'],
    [bytes(0), '1c7hwa', '0x0017afa01d'],
    [bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255), '1NVSVezva3bAtJesnUj', '0x00010203040506070809ff4482539c'],
    [
      Uint8Array.from({ length: 32 }, (_, i) => i + 1),
      'SkB92YpWm4Q2ijQHH34cqbKkCZWszsiQgHVjtNeFF2HdvDQU',
      '0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20b7a612c9',
    ],
  ]
  test.each(vectors)('%o', (raw, cb58, hex) => {
    expect(cb58Encode(raw)).toBe(cb58)
    expect(cb58Decode(cb58)).toEqual(raw)
    expect(hexEncode(raw)).toBe(hex)
    expect(hexDecode(hex)).toEqual(raw)
  })

  test('error: invalid hex vectors', () => {
    expect(() => hexDecode('0')).toThrow(/missing the 0x prefix/)
    expect(() => hexDecode('x')).toThrow(/missing the 0x prefix/)
    expect(() => hexDecode('0xg')).toThrow(/not hex/)
    expect(() => hexDecode('0xafafafafaf')).toThrow(/invalid checksum/)
    expect(() => hexDecode('0xafafafafaf')).toThrow(InvalidEncodingError)
  })

  test('error: invalid cb58', () => {
    expect(() => cb58Decode('0OIl')).toThrow(/base58 alphabet/)
    expect(() => cb58Decode('1c7hwb')).toThrow(/checksum/)
    expect(() => cb58Decode('1')).toThrow(/shorter than its 4-byte checksum/)
    expect(() => cb58Decode('1c7hwa', 32)).toThrow(/1 bytes; expected 32/)
  })

  test('hexToBytes: optional 0x, any case; bad input fails saying what is wrong', () => {
    expect(hexToBytes('0x0aFf')).toEqual(bytes(10, 255))
    expect(hexToBytes('0AfF')).toEqual(bytes(10, 255))
    expect(hexToBytes('')).toEqual(bytes())
    expect(hexToBytes('0x')).toEqual(bytes())
    expect(() => hexToBytes('0xabc')).toThrow('"0xabc" is not hex: it has an odd number of digits')
    expect(() => hexToBytes('0xabcg')).toThrow('"0xabcg" is not hex: "g" (character 5) is not a digit 0-9, a-f or A-F')
    expect(() => hexToBytes('0X12')).toThrow(/"X" \(character 1\)/)
    expect(() => hexToBytes(`${'ab'.repeat(30)}zz`)).toThrow(`"${'ab'.repeat(18)}a..." is not hex: "z" (character 60)`)
    expect(() => hexToBytes('12 4')).toThrow(InvalidEncodingError)
  })

  test("where Node's Buffer is absent, the same hex both ways", async () => {
    vi.stubGlobal('Buffer', undefined)
    vi.resetModules()
    try {
      const plain = await import('./hex.js')
      for (const raw of [bytes(), bytes(0), bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255), sha256(bytes(1, 2, 3))]) {
        expect(plain.bytesToHex(raw)).toBe(bytesToHex(raw))
        expect(plain.hexEncode(raw)).toBe(hexEncode(raw))
        expect(plain.hexDecode(hexEncode(raw).toUpperCase().replace('0X', '0x'))).toEqual(raw)
        expect(plain.hexDecodeScratch(hexEncode(raw))).toEqual(raw)
        expect(plain.hexToBytes(bytesToHex(raw))).toEqual(raw)
      }
      expect(() => plain.hexDecode('0xafafafafaf')).toThrow(/invalid checksum/)
    } finally {
      vi.unstubAllGlobals()
      vi.resetModules()
    }
  })

  test('hexnc has no checksum', () => {
    expect(hexEncode(bytes(1, 2), { checksum: false })).toBe('0x0102')
    expect(hexDecode('0x0102', { checksum: false })).toEqual(bytes(1, 2))
    expect(hexDecode('0x')).toEqual(bytes())
  })
})

describe('IDs (4.2)', () => {
  test('well-known IDs', () => {
    expect(cb58Encode(new Uint8Array(32))).toBe(EMPTY_ID)
    expect(cb58Encode(ascii('ava labs', 32))).toBe('jvYi6Tn9idMi7BaymUVi9zWjg5tpmW7trfKG1AYJLKZJ2fsU7')
    expect(bytesToHex(ascii('ava labs', 32))).toBe('617661206c616273000000000000000000000000000000000000000000000000')
    const id24 = new Uint8Array(32)
    id24[0] = 24
    expect(cb58Encode(id24)).toBe('Ba3mm8Ra8JYYebeZ9p7zw1ayorDbeD1euwxhgzSLsncKqGoNt')
    expect(cb58Encode(ascii('avm', 32))).toBe('jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq')
    expect(cb58Encode(ascii('evm', 32))).toBe('mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6')
    expect(cb58Encode(ascii('platformvm', 32))).toBe('rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT')
    expect(cb58Encode(ascii('secp256k1fx', 32))).toBe('spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ')
    expect(cb58Encode(hexToBytes('ed5f38341e436e5d46e2bb00b45d62ae97d1b050c64bc634ae10626739e35c4b'))).toBe(
      '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    )
    expect(cb58Encode(hexToBytes('21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff'))).toBe(
      'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    )
  })

  test('node IDs', () => {
    expect(formatNodeId(new Uint8Array(20))).toBe('NodeID-111111111111111111116DBWJs')
    expect(formatNodeId(ascii('ava labs', 20))).toBe('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')
    expect(parseNodeId('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')).toEqual(ascii('ava labs', 20))
    expect(isNodeId('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')).toBe(true)
    expect(isNodeId('9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')).toBe(false)
    expect(() => parseNodeId('9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')).toThrow(/must start with "NodeID-"/)
  })

  test('the ewoq private key decodes to its documented bytes', () => {
    expect(bytesToHex(cb58Decode('ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN'))).toBe(
      '56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027',
    )
  })
})

describe('addresses (4.3)', () => {
  const vectors: [string, string, string | undefined][] = [
    [
      '3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c',
      'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5',
      'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
    ],
    ['7416792e228a765c65e2d76d28ab5a16d18c342f', 'X-avax1wst8jt3z3fm9ce0z6akj3266zmgccdp03hjlaj', undefined],
    ['87d6a6dd3cd7740c8b13a410bea39b01fa83bb3e', 'X-avax1slt2dhfu6a6qezcn5sgtagumq8ag8we75f84sw', undefined],
  ]
  test.each(vectors)('%s', (shortId, mainnet, local) => {
    expect(formatAddress('X', hrpForNetwork(1), hexToBytes(shortId))).toBe(mainnet)
    expect(parseAddress(mainnet)).toEqual({ chain: 'X', hrp: 'avax', bytes: hexToBytes(shortId) })
    if (local) expect(formatAddress('X', hrpForNetwork(12345), hexToBytes(shortId))).toBe(local)
  })

  test('HRPs by network ID', () => {
    expect([1, 5, 12345, 10, 2, 3, 4, 99].map(hrpForNetwork)).toEqual([
      'avax',
      'fuji',
      'local',
      'testing',
      'cascade',
      'denali',
      'everest',
      'custom',
    ])
  })

  test('the prefix is any chain alias (text before the first dash); bare bech32 only when allowed', () => {
    const bytes = hexToBytes('3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c')
    const bare = 'avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'
    expect(parseAddress(`platform-${bare}`)).toEqual({ chain: 'platform', hrp: 'avax', bytes })
    expect(parseAddress(`11111111111111111111111111111111LpoYY-${bare}`).chain).toBe(
      '11111111111111111111111111111111LpoYY',
    )
    // The node's reason (`utils/formatting/address/address.go` Parse), quoted as `ParseServiceAddress` does.
    expect(() => parseAddress(bare)).toThrow(`couldn't parse address "${bare}": no separator found in address`)
    expect(parseAddress(bare, { allowBare: true })).toEqual({ chain: undefined, hrp: 'avax', bytes })
  })

  test('error: malformed addresses', () => {
    expect(() => parseAddress('X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre6')).toThrow(/not an address/)
    expect(() => parseAddress('hello')).toThrow(InvalidEncodingError)
  })
})

describe('transaction and UTXO IDs (4.4)', () => {
  const txHex =
    '0x00000000000000000001ed5f38341e436e5d46e2bb00b45d62ae97d1b050c64bc634ae10626739e35c4b0000000221e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff000000070000000129f6afc0000000000000000000000001000000017416792e228a765c65e2d76d28ab5a16d18c342f21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000700000222afa575c00000000000000000000000010000000187d6a6dd3cd7740c8b13a410bea39b01fa83bb3e000000016f375c785edb28d52edb59b54035c96c198e9d80f5f5f5eee070592fe9465b8d0000000021e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000500000223d9ab67c0000000010000000000000000000000010000000900000001beb83d3d29f1247efb4a3a1141ab5c966f46f946f9c943b9bc19f858bd416d10060c23d5d9c7db3a0da23446b97cd9cf9f8e61df98e1b1692d764c84a686f5f801a8da6e40'

  test('tx ID = cb58(sha256(signed bytes))', () => {
    const body = hexDecode(txHex)
    expect(body.length).toBe(379)
    expect(idFromBytes(body)).toBe('ZGYTSU8w3zUP6VFseGC798vA2Vnxnfj6fz1QPfA9N93bhjJvo')
  })

  test('UTXO ID = sha256(u64 outputIndex ‖ txID), and decodeUtxo reads the output', () => {
    const txId = 'ZGYTSU8w3zUP6VFseGC798vA2Vnxnfj6fz1QPfA9N93bhjJvo'
    const prefix = new Uint8Array(8)
    prefix[7] = 1
    const expected = cb58Encode(sha256(Uint8Array.from([...prefix, ...cb58Decode(txId)])))
    expect(utxoId(txId, 1)).toBe(expected)
    // A UTXO holding output 1 of the vector tx: 2347999000000 nAVAX to 87d6a6dd...
    const utxo = hexToBytes(
      `0000${bytesToHex(cb58Decode(txId))}00000001` +
        '21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff' +
        '0000000700000222afa575c00000000000000000000000010000000187d6a6dd3cd7740c8b13a410bea39b01fa83bb3e',
    )
    expect(decodeUtxo(utxo)).toEqual({
      id: expected,
      txId,
      outputIndex: 1,
      assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
      typeId: 7,
      amount: 2347999000000n,
      locktime: 0n,
      threshold: 1,
      owners: ['87d6a6dd3cd7740c8b13a410bea39b01fa83bb3e'],
    })
  })
})

describe('amounts by denomination', () => {
  test.each([
    [0n, 9, '0'],
    [1n, 9, '0.000000001'],
    [1_500_000_000n, 9, '1.5'],
    [2347999000000n, 9, '2347.999'],
    [100n, 0, '100'],
    [100n, 1, '10'],
    [100n, 2, '1'],
    [123n, 2, '1.23'],
    [-5n, 1, '-0.5'],
    [2n ** 64n - 1n, 9, '18446744073.709551615'],
  ])('formatAmount(%s, %i) = %s and back', (raw, denomination, text) => {
    expect(formatAmount(raw, denomination)).toBe(text)
    expect(parseAmount(text, denomination)).toBe(raw)
  })

  test('error: too many decimals, not a number, bad denomination', () => {
    expect(() => parseAmount('1.0000000001', 9)).toThrow(/10 decimals; this asset has at most 9/)
    expect(() => parseAmount('abc', 9)).toThrow(/not a decimal amount/)
    expect(() => parseAmount('.', 9)).toThrow(/not a decimal amount/)
    expect(() => formatAmount(1n, -1)).toThrow(/denomination must be an integer from 0 to 32/)
  })
})
