import fc from 'fast-check'
import { expect, test } from 'vitest'
import * as z from 'zod'
import { catalog, findOperation } from './catalog.js'
import { jsonNumber, numericText, openEnum } from './data/lenient.js'
import { parseInPlace } from './result-parser.js'
import { float, record, u32, u64 } from './schemas.js'

/**
 * The in-place parse never accepts what zod refuses, and what it accepts it turns into zod's data. It may decline what
 * zod accepts (an own `__proto__`): the client then takes zod's result.
 */
function agree(schema: z.core.$ZodType, value: unknown) {
  const zod = z.safeParse(schema, structuredClone(value))
  const own = parseInPlace(schema, structuredClone(value))
  const shown = JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))
  if (!zod.success) expect(own, shown).toBeUndefined()
  if (own) expect(own.data, shown).toEqual(zod.data)
  return own !== undefined
}

test('behavior: converts in place and returns the reply itself, no copy', () => {
  const schema = z.looseObject({
    n: z.optional(jsonNumber(z.number())),
    t: z.optional(numericText(z.string())),
    kind: z.optional(openEnum(['a', 'b'])),
    list: z.array(z.looseObject({ v: jsonNumber(z.number()) })).optional(),
  })
  const reply = { n: 2n ** 60n, t: 123, kind: 'c', extra: { kept: true }, list: [{ v: '1.5' }] }
  const parsed = parseInPlace(schema, reply)
  expect(parsed?.data).toBe(reply)
  expect(reply).toEqual({ n: 2 ** 60, t: '123', kind: 'c', extra: { kept: true }, list: [{ v: 1.5 }] })
})

test('behavior: refuses what zod refuses (then zod reports it), and hands zod what it does not cover', () => {
  const loose = z.looseObject({ id: z.string(), n: z.optional(jsonNumber(z.number())), s: z.string().nullish() })
  for (const value of [
    { id: 'x' },
    { id: 'x', n: '7', s: null },
    { n: 1 },
    { id: 1 },
    { id: 'x', n: 'seven' },
    { id: 'x', n: Number.NaN },
    null,
    [],
    'text',
  ]) {
    expect(agree(loose, value)).toBe(loose.safeParse(value).success)
  }
  // zod leaves an own __proto__ out of its copy: declined here, so the client takes zod's result.
  expect(parseInPlace(loose, JSON.parse('{"id":"x","__proto__":{"polluted":true}}'))).toBeUndefined()
  // Checks, formats, transforms, defaults and strict objects: zod's subtree result, the same as zod's.
  const mixed = z.looseObject({
    int: z.int().optional(),
    positive: z.number().gte(0).optional(),
    amount: z.optional(u64()),
    fallback: z.string().default('none'),
    strict: z.strictObject({ a: z.string() }).optional(),
    stripped: z.object({ a: z.string() }).optional(),
    choice: z
      .discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b'), n: z.number() })])
      .optional(),
  })
  for (const value of [
    {},
    { int: 1.5 },
    { int: 3, positive: -1 },
    { amount: '18446744073709551615', strict: { a: 'x' }, stripped: { a: 'x', b: 'dropped' } },
    { strict: { a: 'x', b: 'refused' } },
    { choice: { k: 'b', n: 1 } },
    { choice: { k: 'c' } },
  ]) {
    agree(mixed, value)
  }
  expect(parseInPlace(mixed, { amount: '5' })?.data).toEqual({ amount: 5n, fallback: 'none' })
})

test('property: every result schema of the catalog agrees with zod on arbitrary JSON', () => {
  const schemas = catalog.map((op) => op.result)
  fc.assert(
    fc.property(fc.constantFrom(...schemas), fc.jsonValue(), (schema, value) => {
      agree(schema, value)
    }),
    { numRuns: 200 },
  )
})

test('property: the Data API native transaction list agrees with zod on replies shaped like it', () => {
  const schema = (findOperation('data.listNativeTransactions') as { result: z.core.$ZodType }).result
  let accepted = 0
  const number = fc.oneof(
    fc.integer(),
    fc.bigInt(),
    fc.double(),
    fc.constant('42'),
    fc.constant('x'),
    fc.constant(null),
  )
  const address = fc.record({ address: fc.string(), name: fc.string(), decimals: number }, { requiredKeys: [] })
  const tx = fc.record(
    {
      txHash: fc.string(),
      blockNumber: fc.string(),
      blockTimestamp: number,
      blockIndex: number,
      txStatus: fc.string(),
      txType: number,
      from: address,
      to: address,
      method: fc.record({
        callType: fc.constantFrom('NATIVE_TRANSFER', 'CONTRACT_CALL', 'NEW'),
        methodHash: fc.string(),
      }),
      value: fc.oneof(fc.string(), fc.integer()),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )
  fc.assert(
    fc.property(
      fc.record({
        transactions: fc.array(tx, { maxLength: 4 }),
        nextPageToken: fc.option(fc.string(), { nil: undefined }),
      }),
      (reply) => {
        if (agree(schema, reply)) accepted++
      },
    ),
    { numRuns: 300 },
  )
  expect(accepted).toBeGreaterThan(10)
})

test('behavior: a record-of-records result keeps its shape', () => {
  agree(record({ m: z.record(z.string(), z.looseObject({ v: jsonNumber(z.number()) })) }), {
    m: { a: { v: 1n }, b: { v: '2' } },
  })
})

test('property: u64 fields (index containers) are converted in place and agree with zod', () => {
  const schema = (findOperation('index.getContainerByIndex') as { result: z.core.$ZodType }).result
  const reply = { id: 'i', bytes: '0x00', timestamp: 't', encoding: 'hex', index: '18446744073709551615' }
  const parsed = parseInPlace(schema, reply)
  expect(parsed?.data).toBe(reply)
  expect(reply.index).toBe(2n ** 64n - 1n)
  let accepted = 0
  const index = fc.oneof(
    fc.bigInt({ min: 0n }).map(String),
    fc.constantFrom('', '-1', '1.5', ' 7', '07', '1e3', '٣'),
    fc.integer(),
    fc.bigInt(),
    fc.double(),
    fc.constant(null),
  )
  fc.assert(
    fc.property(
      fc.record({ id: fc.string(), bytes: fc.string(), timestamp: fc.string(), encoding: fc.string(), index }),
      (value) => {
        if (agree(schema, value)) accepted++
      },
    ),
    { numRuns: 300 },
  )
  expect(accepted).toBeGreaterThan(50)
})

test('behavior: a discriminated union parses in place with the option its discriminator names, and only that one', () => {
  const schema = z.discriminatedUnion('encoding', [
    record({ tx: z.string(), encoding: z.enum(['hex', 'hexc']) }),
    record({ tx: record({ amount: u64() }), encoding: z.literal('json') }),
  ])
  const hex = { tx: '0x00', encoding: 'hex' }
  expect(parseInPlace(schema, hex)?.data).toBe(hex)
  const json = { tx: { amount: '18446744073709551615' }, encoding: 'json', extra: 1 }
  expect(parseInPlace(schema, json)?.data).toBe(json)
  expect(json.tx.amount).toBe(2n ** 64n - 1n)
  // An unknown or missing discriminator, a value its option refuses, or no object: zod's to report.
  for (const refused of [{ tx: '0x00', encoding: 'cb58' }, { tx: '0x00' }, { tx: 1, encoding: 'hex' }, [], null]) {
    expect(parseInPlace(schema, structuredClone(refused))).toBeUndefined()
    expect(schema.safeParse(refused).success).toBe(false)
  }
})

test('property: the tx and block replies (discriminated by encoding) agree with zod', () => {
  let accepted = 0
  for (const id of ['avm.getTx', 'platform.getTx', 'avm.getBlock', 'platform.getBlockByHeight']) {
    const schema = (findOperation(id) as { result: z.core.$ZodType }).result
    const reply = { tx: '0x00', block: '0x00', encoding: 'hex' }
    expect(parseInPlace(schema, reply)?.data, id).toBe(reply) // in place: no zod copy
    fc.assert(
      fc.property(
        fc.record({
          tx: fc.oneof(fc.string(), fc.object()),
          block: fc.oneof(fc.string(), fc.object()),
          encoding: fc.constantFrom('hex', 'hexc', 'hexnc', 'json', 'cb58', undefined),
        }),
        (value) => {
          if (agree(schema, value)) accepted++
        },
      ),
      { numRuns: 200 },
    )
  }
  expect(accepted).toBeGreaterThan(100)
})

test('behavior: a union tries its options in turn, undoing what a failed option converted (as zod, on the original)', () => {
  // The first option converts `a` and `b`, then fails on `c`; the second declares only `a` as text.
  const schema = z.union([
    record({ a: u64(), b: record({ n: u64() }), c: z.boolean() }),
    record({ a: z.string(), b: z.unknown() }),
  ])
  const value = { a: '7', b: { n: '8' } }
  const parsed = parseInPlace(schema, value)
  expect(parsed?.data).toBe(value)
  expect(value).toEqual({ a: '7', b: { n: '8' } }) // zod's answer: the second option, the original strings
  expect(schema.parse({ a: '7', b: { n: '8' } })).toEqual(value)
  // Where the first option matches, its conversions stay; inside a failed outer option, an inner union's are undone.
  const first = { a: '7', b: { n: '8' }, c: true }
  expect(parseInPlace(schema, first)?.data).toEqual({ a: 7n, b: { n: 8n }, c: true })
  const outer = z.union([record({ u: schema, fail: z.literal(1) }), record({ u: z.unknown() })])
  const nested = { u: { a: '1', b: { n: '2' }, c: false } }
  expect(parseInPlace(outer, nested)?.data).toEqual({ u: { a: '1', b: { n: '2' }, c: false } })
  expect(outer.parse(structuredClone({ u: { a: '1', b: { n: '2' }, c: false } }))).toEqual(nested)
})

test('property: getCurrentValidators (a union of three converting shapes) agrees with zod, in place', () => {
  const schema = (findOperation('platform.getCurrentValidators') as { result: z.core.$ZodType }).result
  const u64s = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String), fc.constantFrom('x', '-1', ''))
  const owner = fc.record({ locktime: u64s, threshold: fc.constantFrom('1', 1, 'x'), addresses: fc.array(fc.string()) })
  const validator = fc.record(
    {
      txID: fc.string(),
      nodeID: fc.string(),
      startTime: u64s,
      endTime: u64s,
      weight: u64s,
      potentialReward: u64s,
      delegationFee: fc.constantFrom('2.0000', 2, 'x'),
      validationRewardOwner: owner,
      validationID: fc.string(),
      balance: u64s,
      remainingBalanceOwner: owner,
    },
    { requiredKeys: ['nodeID', 'weight', 'startTime'] },
  )
  const reply = { validators: [{ txID: 't', nodeID: 'n', startTime: '1', endTime: '2', weight: '3' }] }
  expect(parseInPlace(schema, reply)?.data).toBe(reply)
  expect(reply.validators[0]?.weight).toBe(3n)
  let accepted = 0
  fc.assert(
    fc.property(fc.record({ validators: fc.array(validator, { maxLength: 4 }) }), (value) => {
      if (agree(schema, value)) accepted++
    }),
    { numRuns: 400 },
  )
  expect(accepted).toBeGreaterThan(40)
})

test('behavior: a reply declined after some conversions reads to zod as the original did', () => {
  // A u32 or float whose text zod turns into a number it would refuse as a number (above 2^53, infinite) is zod's to
  // convert: converted here, a reply refused later and handed to zod would read differently.
  const schema = record({ a: u32(), f: float(), n: u64(), b: z.boolean() })
  for (const original of [
    { a: '9007199254740993', f: '1.5', n: '7', b: 'x' },
    { a: '7', f: '9'.repeat(400), n: '7', b: 'x' },
    { a: '7', f: '1.5', n: '18446744073709551615', b: 'x' },
  ]) {
    const reply = structuredClone(original)
    expect(parseInPlace(schema, reply)).toBeUndefined()
    expect(schema.safeParse(reply).error?.issues).toEqual(schema.safeParse(original).error?.issues)
  }
  // A reply zod accepts with such values is zod's to convert: declined here, it reads to zod as it was.
  const big = { a: '9007199254740993', f: '9'.repeat(400), n: '7', b: true }
  const reply = structuredClone(big)
  expect(parseInPlace(schema, reply)).toBeUndefined()
  expect(schema.parse(reply)).toEqual(schema.parse(big))
})
