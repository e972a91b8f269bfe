import { cb58Encode, hexEncode, sha256 } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { hexChecked, hexNc, idString, jsonInt } from './json-values.js'
import { randomBytes } from './random.js'

describe('json values', () => {
  it('hex-encodes exactly like core (with and without checksum)', () => {
    for (let n = 0; n < 300; n += 37) {
      const bytes = randomBytes(1, 99, n, n)
      expect(hexChecked(bytes)).toBe(hexEncode(bytes))
      expect(hexNc(bytes)).toBe(hexEncode(bytes, { checksum: false }))
    }
    expect(hexChecked(new Uint8Array())).toBe('0x7852b855')
  })

  it('takes the checksum from a digest the caller already holds', () => {
    const bytes = randomBytes(1, 99, 0, 100)
    expect(hexChecked(bytes, sha256(bytes))).toBe(hexEncode(bytes))
  })

  it('writes IDs in cb58 like core', () => {
    const id = randomBytes(1, 98, 0, 32)
    expect(idString(id)).toBe(cb58Encode(id))
  })

  it('writes big integers as exact bare JSON numbers', () => {
    expect(JSON.stringify({ a: jsonInt(2n ** 64n - 1n), b: jsonInt(5n), c: jsonInt(7) })).toBe(
      '{"a":18446744073709551615,"b":5,"c":7}',
    )
  })
})
