/**
 * For every operation of the catalog, arbitrary JSON-ish parameters either pass validation (the request is sent) or
 * are refused with InvalidParamsError before any request: never a crash, never another error type. The fake
 * transport records whether it was reached. Default runs are small; `PROPERTY_RUNS=10000` (the core package's
 * `properties` script) runs that many cases for each operation.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { catalog } from './catalog.js'
import { AvalancheError, InvalidParamsError } from './errors.js'
import { createClient } from './index.js'
import type { AnyOperation } from './operation.js'
import {
  AVAX_ASSET,
  EMPTY_ID,
  MAINNET_X_CHAIN,
  NODE_ID,
  P_ADDRESS,
  SUBNET_ID,
  X_ADDRESS,
  X_TX_1,
} from './testing/fixtures.js'
import type { HttpRequest, HttpResponse } from './transport.js'

const numRuns = Number(process.env.PROPERTY_RUNS) || 25
/** vitest's default per test, or room for PROPERTY_RUNS cases. */
const timeout = process.env.PROPERTY_RUNS ? 1_800_000 : 5_000

type Def = {
  type?: string
  innerType?: unknown
  shape?: Record<string, z.ZodType>
  in?: unknown
  entries?: object
  values?: unknown[]
  options?: unknown[]
}
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def

/** The object schema under optional/default/pipe wrappers, if any. */
function objectShape(schema: unknown): Record<string, z.ZodType> | undefined {
  let node = schema
  for (let i = 0; i < 10 && node; i++) {
    const def = defOf(node)
    if (def?.type === 'object') return def.shape
    node = def?.innerType ?? def?.in
  }
  return undefined
}

/** Enum and literal values a schema accepts (under wrappers): the one way to reach an enum parameter's other checks. */
function choices(schema: unknown): unknown[] {
  let node = schema
  for (let i = 0; i < 10 && node; i++) {
    const def = defOf(node)
    if (def?.type === 'enum') return Object.values(def.entries ?? {})
    if (def?.type === 'literal') return def.values ?? []
    // An any-case enum is a union whose first member lists the values.
    if (def?.type === 'union') return def.options?.flatMap(choices) ?? []
    node = def?.innerType ?? def?.in
  }
  return []
}

/** Values that look like what parameters want, so that validation gets past the first check of each. */
const POOL: unknown[] = [
  X_ADDRESS,
  P_ADDRESS,
  'C-avax1wst8jt3z3fm9ce0z6akj3266zmgccdp03hjlaj',
  '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC',
  '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc',
  `0x${'ab'.repeat(32)}`,
  EMPTY_ID,
  SUBNET_ID,
  AVAX_ASSET,
  MAINNET_X_CHAIN,
  X_TX_1.id,
  NODE_ID,
  'X',
  'P',
  'C',
  'hex',
  'json',
  '43114',
  'p-chain',
  'x-chain',
  'c-chain',
  'proposed',
  'INFO',
  'debug',
  'latest',
  '12',
  '2024-01-01',
  0,
  1,
  5,
  10,
  100,
  1024,
  1_700_000_000,
  0n,
  42n,
  true,
  false,
  [X_ADDRESS],
  [P_ADDRESS],
  [NODE_ID],
  [EMPTY_ID],
  [0],
]

/** Arbitrary values, most of them near what parameters accept, and junk. */
const junk = fc.oneof(
  fc.constantFrom(...POOL, '', -0, Number.NaN, Number.POSITIVE_INFINITY, 1.5, 2 ** 53, -1, 1025),
  fc.integer({ min: -2, max: 2_000 }),
  fc.bigInt({ min: -1n, max: 2n ** 64n }),
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 12 }),
  fc.jsonValue({ maxDepth: 2 }),
)

/** For one parameter: mostly values its own schema accepts (when some are known), else anything. */
function valueFor(schema: z.ZodType) {
  const good = [...choices(schema), ...POOL].filter((value) => schema.safeParse(value).success)
  return good.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: junk })
    : junk
}

function paramsFor(op: AnyOperation) {
  const shape = objectShape(op.params) ?? {}
  const keys = Object.keys(shape)
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(shape[key] as z.ZodType)])), {
        requiredKeys: [],
      })
    : fc.constant({})
  const withExtra = fc
    .tuple(shaped, fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }))
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: withExtra },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

describe('every catalog operation: arbitrary params are either sent or refused with InvalidParamsError', () => {
  let reached = 0
  const transport = async (request: HttpRequest): Promise<HttpResponse> => {
    reached++
    const body = request.body === undefined ? '{}' : '{"jsonrpc":"2.0","id":1,"result":{}}'
    return { status: 200, headers: { 'content-type': 'application/json' }, body }
  }
  const client = createClient({
    nodeUrl: 'http://node.test:9650',
    dataApiUrl: 'http://data.test',
    metricsApiUrl: 'http://metrics.test',
    transport,
    retry: false,
  })

  test.each(catalog.map((op) => [op.id, op] as const))('%s', { timeout }, async (_id, op) => {
    await fc.assert(
      fc.asyncProperty(paramsFor(op), async (params) => {
        reached = 0
        let thrown: unknown
        try {
          await client.call(op, params as never)
        } catch (error) {
          thrown = error
        }
        const valid = op.params.safeParse(params ?? undefined).success
        if (thrown instanceof InvalidParamsError) {
          expect(reached, 'the transport is never called on invalid input').toBe(0)
          expect(valid).toBe(false)
          expect(thrown.operation).toBe(op.id)
          expect(thrown.issues.length).toBeGreaterThan(0)
          for (const issue of thrown.issues) {
            expect(typeof issue.path).toBe('string')
            expect(issue.message).toMatch(/\S/)
          }
          return
        }
        // Anything else means the params passed validation: the request went out (or was answered locally) and
        // whatever the canned reply led to is a typed error of the response, not of the parameters.
        expect(valid, `params ${stringify(params)} were accepted`).toBe(true)
        if (reached === 0) expect(op.answerLocally, `${op.id} answered without a request`).toBeDefined()
        if (thrown !== undefined) {
          expect(
            AvalancheError.isInstance(thrown),
            `untyped error: ${String((thrown as Error)?.stack ?? thrown)}`,
          ).toBe(true)
        }
      }),
      { numRuns },
    )
  })
})

function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
}
