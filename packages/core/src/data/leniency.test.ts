/**
 * The parse-time leniency of the generated result schemas (scripts/generate.ts), proved on every success response
 * of both OpenAPI descriptions: from a response built from its schema, one variant per field that does not name the
 * record with that field removed, one per number with the number sent as a string, and one per string field whose
 * example is a number with that number sent. Each variant parses and keeps every field that arrived.
 */
import { describe, expect, test } from 'vitest'
import type * as z from 'zod/mini'
import { parseInPlace } from '../result-parser.js'
import { exampleOf, loadSpec, resolve, type Schema, type Spec } from '../testing/openapi.js'
import * as dataApi from './generated/data-api.gen.js'
import * as metricsApi from './generated/metrics-api.gen.js'
import { RECORD_KEYS } from './record-keys.js'

type Json = Record<string, unknown>
type Path = (string | number)[]

/** One derived response: what is sent, and what the parse must give back. */
interface Variant {
  what: string
  sent: unknown
  expected: unknown
}

/** The success (2xx) JSON response schema of every operation of a description, with the generated schema's name. */
function responses(name: 'data-api' | 'metrics-api') {
  const spec = loadSpec(name)
  const out: { id: string; schema: Schema; generated: string }[] = []
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema
        if (!status.startsWith('2') || !schema) continue
        out.push({
          id: `${name} ${method.toUpperCase()} ${path} ${status}`,
          schema,
          generated: `z${operation.operationId}Result`.replace(/-/g, '').toLowerCase(),
        })
      }
    }
  }
  return out.map((r) => ({ ...r, spec }))
}

const generated = new Map(
  // Each generated schema is exported as the function that builds it once.
  Object.entries({ ...dataApi, ...metricsApi }).map(([key, build]) => [
    key.toLowerCase(),
    (build as () => z.ZodMiniType)(),
  ]),
)

/** The schema an example value at one spot follows (the branch exampleOf took, allOf merged). */
function shapeOf(spec: Spec, input: Schema): Schema {
  const schema = resolve(spec, input)
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((s) => shapeOf(spec, s))
    return {
      ...Object.assign({}, ...parts),
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
    }
  }
  const choice = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  return choice?.length ? shapeOf(spec, choice[0] as Schema) : schema
}

/** The property that tells the members of a oneOf apart: it says which kind of record this is. */
function discriminators(spec: Spec, input: Schema): string[] {
  const schema = resolve(spec, input)
  const own = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName
  return own ? [own] : []
}

const typeOf = (schema: Schema) =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null')

/** Every variant of `value` (which follows `schema`), at `path` inside `root`. */
function variants(spec: Spec, root: unknown, input: Schema, value: unknown, path: Path, out: Variant[]): void {
  const schema = shapeOf(spec, input)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      variants(spec, root, (schema.items ?? {}) as Schema, value[i], [...path, i], out)
    }
    return
  }
  if (value && typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const kinds = discriminators(spec, input)
    for (const [key, child] of Object.entries(value as Json)) {
      const property = properties[key]
      if (!property) continue
      if (!RECORD_KEYS.includes(key) && !kinds.includes(key)) {
        const sent = edit(root, [...path, key], undefined)
        out.push({ what: `without ${[...path, key].join('.')}`, sent, expected: sent })
      }
      variants(spec, root, property, child, [...path, key], out)
    }
    return
  }
  const types = typeOf(schema)
  const where = path.join('.')
  if (typeof value === 'number' && (types.includes('number') || types.includes('integer'))) {
    out.push({ what: `${where} as a string`, sent: edit(root, path, String(value)), expected: root })
  }
  const example = [schema.example, ...((schema.examples as unknown[] | undefined) ?? [])].find(
    (e) => typeof e === 'number',
  )
  if (typeof value === 'string' && types.includes('string') && typeof example === 'number') {
    out.push({
      what: `${where} as a number`,
      sent: edit(root, path, example),
      expected: edit(root, path, String(example)),
    })
  }
}

/** A deep copy of `root` with the value at `path` replaced (`undefined`: removed). */
function edit(root: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(root)
  let node = copy as Json
  for (const key of path.slice(0, -1)) node = node[key as string] as Json
  const last = path.at(-1) as string
  if (replacement === undefined) delete node[last]
  else node[last] = replacement
  return copy
}

const all = [...responses('data-api'), ...responses('metrics-api')]

describe('the generated result schemas are lenient towards the live service (data-api.md 0b.2)', () => {
  test('default: every success response of both descriptions has its generated schema', () => {
    expect(all.length).toBeGreaterThanOrEqual(81 + 16 - 1)
    for (const response of all) expect(generated.has(response.generated), response.id).toBe(true)
  })

  test.each(all.map((r) => [r.id, r] as const))(
    'behavior: %s parses with any non-identifying field missing and numbers as strings, keeping what arrived',
    (_id, { spec, schema, generated: name }) => {
      const parser = generated.get(name) as z.ZodMiniType
      const example = exampleOf(spec, schema)
      const list: Variant[] = []
      variants(spec, example, schema, example, [], list)
      expect(parser.parse(example)).toEqual(example)
      expect(parseInPlace(parser, structuredClone(example))?.data).toEqual(example)
      for (const variant of list) {
        const parsed = parser.safeParse(variant.sent)
        expect(parsed.error, variant.what).toBeUndefined()
        expect(parsed.data, variant.what).toEqual(variant.expected)
        // The client's parser, which converts the reply in place, gives the same result.
        expect(parseInPlace(parser, structuredClone(variant.sent))?.data, variant.what).toEqual(variant.expected)
      }
    },
  )

  test('behavior: the variants reach the cases the live service shows', () => {
    const find = (name: string) => all.find((r) => r.id.includes(name)) as (typeof all)[number]
    const whats = (name: string) => {
      const { spec, schema } = find(name)
      const example = exampleOf(spec, schema)
      const list: Variant[] = []
      variants(spec, example, schema, example, [], list)
      return list.map((v) => v.what)
    }
    expect(whats('balances:listErc20')).toEqual(
      expect.arrayContaining([
        'without erc20TokenBalances.0.tokenReputation',
        'nativeTokenBalance.price.value as a string',
      ]),
    )
    expect(whats('GET /v1/chains/{chainId} 200')).toContain('without description')
    expect(whats('GET /v1/chains/{chainId}/blocks/{blockId} 200')).toContain('without baseFee')
    expect(whats('/v2/subnets/{subnetId}/validators:getAddresses')).toContain('addresses.0.sortKey as a number')
  })
})
