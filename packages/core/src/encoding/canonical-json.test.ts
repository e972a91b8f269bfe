import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import { canonicalJson } from './canonical-json.js'

describe('canonicalJson (RFC 8785)', () => {
  test('the RFC 3.2.4 example: sorted keys, ECMAScript numbers, minimal string escapes', () => {
    const input = `{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
      "literals": [null, true, false]
    }`
    expect(canonicalJson(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    )
  })

  test('keys sort by UTF-16 code units, not code points (RFC 3.2.3 example)', () => {
    const input = '{"\\u20ac":1,"\\r":2,"\\ufb33":3,"1":4,"\\ud83d\\ude00":5,"\\u0080":6,"\\u00f6":7}'
    const keys = Object.keys(JSON.parse(canonicalJson(JSON.parse(input))) as object)
    // The object's own key order puts "1" first; the canonical text order is what the RFC lists.
    const order = [...canonicalJson(JSON.parse(input)).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) =>
      JSON.parse(`"${m[1]}"`),
    )
    expect(order).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'])
    expect(keys).toHaveLength(7)
  })

  test('numbers as ECMAScript Number::toString (RFC appendix B)', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [1e21, '1e+21'],
      [1e-7, '1e-7'],
      [9007199254740992, '9007199254740992'],
      [295147905179352830000, '295147905179352830000'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [0.000001, '0.000001'],
      [-1.5, '-1.5'],
    ]
    for (const [value, text] of cases) expect(canonicalJson(value), String(value)).toBe(text)
  })

  test('nested values, no whitespace; undefined members dropped like JSON.stringify', () => {
    expect(canonicalJson({ b: [{ d: 1, c: 'x' }], a: { z: null, y: undefined } })).toBe(
      '{"a":{"z":null},"b":[{"c":"x","d":1}]}',
    )
  })

  test('what has no I-JSON form is refused', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(InvalidEncodingError)
    expect(() => canonicalJson('\ud800')).toThrow(/lone UTF-16 surrogate/)
    expect(() => canonicalJson({ k: 1n })).toThrow(/bigint has no JSON form/)
  })
})
