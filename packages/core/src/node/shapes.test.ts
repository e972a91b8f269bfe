import fc from 'fast-check'
import { expect, test } from 'vitest'
import { findOperation } from '../catalog.js'
import type { AnyOperation, KnownShapes } from '../operation.js'
import { describeShape, parseByShape, type Shape } from '../result-parser.js'
import { nodeServices } from './services.js'
import { nodeShapes } from './shapes.gen.js'

/** A shape as generated: without the schemas a described one holds. Undefined when only zod can check the result. */
const generated = (shape: Shape): Shape | undefined =>
  shape.t === 'zod'
    ? undefined
    : JSON.parse(JSON.stringify(shape, (key, value) => (key === 'schema' ? undefined : value)))

test('contract: node/shapes.gen.ts is what the node operations schemas say (`vitest run -u` rewrites it)', async () => {
  const shapes: Record<string, KnownShapes> = {}
  for (const service of Object.values(nodeServices)) {
    for (const op of Object.values(service)) {
      // A call without parameters that zod would let through and send none of: checked and sent as is. Only such
      // calls can skip zod altogether, so only their results' shapes are kept (for the others, zod's first use comes
      // with their parameters' check anyway, and the result's check is built while the request is out).
      const bare = op.params.safeParse(undefined)
      if (!bare.success || (bare.data !== undefined && JSON.stringify(bare.data) !== '{}')) continue
      const result = generated(describeShape(op.result))
      shapes[op.id] = result ? { bare: true, result } : { bare: true }
    }
  }
  const text = [
    '// Generated from the node operations schemas by shapes.test.ts (`vitest run -u` rewrites it): do not edit.',
    "import type { KnownShapes } from '../operation.js'",
    '',
    '/** What each node operation takes and answers, for checking a call without building its schemas (../operation.ts). */',
    `export const nodeShapes: Readonly<Record<string, KnownShapes>> = JSON.parse('${JSON.stringify(shapes).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}')`,
    '',
  ].join('\n')
  await expect(text).toMatchFileSnapshot('./shapes.gen.ts')
})

/** Replies near `shape`: mostly what it accepts, now and then a wrong value where one was expected. */
function near(shape: Shape): fc.Arbitrary<unknown> {
  const wrong = fc.constantFrom(null, 1, 1.5, -1, 'x', '', true, [], {})
  const right = (): fc.Arbitrary<unknown> => {
    switch (shape.t) {
      case 'string':
        return fc.string({ maxLength: 4 })
      case 'number':
        return fc.oneof(fc.integer(), fc.double())
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'unknown':
      case 'zod':
        return fc.jsonValue({ maxDepth: 1 })
      case 'values':
        return fc.constantFrom(...shape.values)
      case 'optional':
        return fc.option(near(shape.of), { nil: undefined })
      case 'nullable':
        return fc.option(near(shape.of), { nil: null })
      case 'array':
        return fc.array(near(shape.of), { maxLength: 2 })
      case 'slice':
        return near(shape.of)
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 2 }), near(shape.of), { maxKeys: 2 })
      case 'object': {
        const fields: Record<string, fc.Arbitrary<unknown>> = { other: fc.jsonValue() }
        for (const [name, field] of shape.fields) fields[name] = near(field)
        const required = shape.fields.filter(([, , optional]) => !optional).map(([name]) => name)
        return fc.record(fields, { requiredKeys: required })
      }
      case 'union':
        return fc.oneof(...shape.options.map(near))
      case 'u64':
      case 'u32':
        return fc.oneof(
          fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
          fc.nat(),
          fc.constantFrom('-1', '1.5', '07'),
        )
      case 'float':
        return fc.oneof(
          fc.double({ noNaN: true }).map((n) => n.toFixed(4)),
          fc.double(),
          fc.constantFrom('1e3', '.5'),
        )
      case 'toNumber':
      case 'toText':
        return fc.oneof(near(shape.of), fc.string(), fc.integer(), fc.bigInt())
    }
  }
  return fc.oneof({ weight: 19, arbitrary: right() }, { weight: 1, arbitrary: wrong })
}

test('property: each generated shape accepts only what zod accepts, converted as zod converts, in place', () => {
  let accepted = 0
  for (const [id, { result }] of Object.entries(nodeShapes)) {
    if (!result) continue
    const schema = (findOperation(id) as AnyOperation).result
    fc.assert(
      fc.property(near(result), (value) => {
        const zod = schema.safeParse(structuredClone(value))
        const reply = structuredClone(value)
        const own = parseByShape(result, reply)
        if (!zod.success) expect(own).toBeUndefined()
        // Declined: what is left reads to zod as the reply did (no conversion made inside a union is left).
        if (!own) {
          const left = schema.safeParse(reply)
          expect(left.data).toEqual(zod.data)
          expect(left.error?.issues).toEqual(zod.error?.issues)
        }
        if (own) {
          expect(own.data).toBe(reply) // the reply itself, no copy
          expect(own.data).toEqual(zod.data)
          accepted++
        }
      }),
      { numRuns: 100 },
    )
  }
  expect(accepted).toBeGreaterThan(1000)
})
