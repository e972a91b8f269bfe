import { toJson } from '@avalanche-automation/core'
import * as z from 'zod/mini'
import type * as WholeCore from '../whole-core.js'
import { betterOf, defineCheck } from './types.js'

/** The whole catalog, loaded by `prepare` (validateChecks), so that runs without a call check don't load it. */
let core: typeof WholeCore | undefined
const loaded = (): typeof WholeCore => {
  if (!core) throw new Error('call checks need the catalog: validate them with validateChecks, which loads it')
  return core
}
const findOperation = (id: string) => loaded().findOperation(id)

/**
 * A JSONPath subset over the `toJson` result: `$`, `.name`, `['name']`, `[0]`, `[-1]`, `[*]` (every element or
 * value) and a final `.length`. Returns every value the path reaches.
 */
export function selectPath(root: unknown, path: string): unknown[] {
  const tokens =
    path
      .trim()
      .replace(/^\$/, '')
      .match(/\.[^.[]+|\[\*\]|\[-?\d+\]|\['[^']*'\]|\["[^"]*"\]/g) ?? []
  if (tokens.join('') !== path.trim().replace(/^\$/, ''))
    throw new Error(`"${path}" is not a path like $.validators[0].weight`)
  let values: unknown[] = [root]
  for (const token of tokens) {
    const next: unknown[] = []
    for (const value of values) {
      if (token === '[*]') {
        if (value && typeof value === 'object') next.push(...Object.values(value))
      } else if (token === '.length' && (Array.isArray(value) || typeof value === 'string')) next.push(value.length)
      else if (/^\[-?\d+\]$/.test(token)) {
        if (Array.isArray(value)) next.push(value.at(Number(token.slice(1, -1))))
      } else {
        const key = token.startsWith('.') ? token.slice(1) : token.slice(2, -2)
        if (value && typeof value === 'object') next.push((value as Record<string, unknown>)[key])
      }
    }
    values = next
  }
  return values
}

const scalar = () => z.union([z.string(), z.number(), z.boolean(), z.null()])

const assertion = () => {
  const value = scalar()
  return z
    .strictObject({
      path: z.string().check(z.regex(/^\$/, { error: 'expected a path starting with $, e.g. "$.height"' })),
      exists: z.optional(z.boolean()),
      equals: z.optional(value),
      notEquals: z.optional(value),
      min: z.optional(z.union([z.number(), z.string()])),
      max: z.optional(z.union([z.number(), z.string()])),
      in: z.optional(z.array(value)),
      matches: z.optional(z.string()),
    })
    .check(
      z.refine((a) => Object.keys(a).length > 1, {
        error: 'add a test: exists, equals, notEquals, min, max, in or matches',
      }),
    )
}

type Assertion = z.output<ReturnType<typeof assertion>>

/** Compares decimal strings (bigint results) exactly and anything else as numbers. */
const compare = (a: unknown, b: number | string): number => {
  const integer = /^-?\d+$/
  if (integer.test(String(a)) && integer.test(String(b))) {
    const [x, y] = [BigInt(String(a)), BigInt(String(b))]
    return x < y ? -1 : x > y ? 1 : 0
  }
  return Number(a) - Number(b)
}

function holds(value: unknown, a: Assertion): boolean {
  if (a.exists !== undefined && (value !== undefined) !== a.exists) return false
  if (a.equals !== undefined && value !== a.equals && String(value) !== String(a.equals)) return false
  if (a.notEquals !== undefined && (value === a.notEquals || String(value) === String(a.notEquals))) return false
  if (a.min !== undefined && !(compare(value, a.min) >= 0)) return false
  if (a.max !== undefined && !(compare(value, a.max) <= 0)) return false
  if (a.in !== undefined && !a.in.some((x) => x === value || String(x) === String(value))) return false
  if (a.matches !== undefined && !new RegExp(a.matches).test(String(value))) return false
  return true
}

const describe = (a: Assertion) =>
  `${a.path} ${[
    a.exists !== undefined && (a.exists ? 'exists' : 'absent'),
    a.equals !== undefined && `= ${JSON.stringify(a.equals)}`,
    a.notEquals !== undefined && `≠ ${JSON.stringify(a.notEquals)}`,
    a.min !== undefined && `≥ ${a.min}`,
    a.max !== undefined && `≤ ${a.max}`,
    a.in !== undefined && `in ${JSON.stringify(a.in)}`,
    a.matches !== undefined && `matches /${a.matches}/`,
  ]
    .filter(Boolean)
    .join(', ')}`

const show = (values: unknown[]) => {
  const text = values.map((v) => (v === undefined ? 'absent' : JSON.stringify(v))).join(', ')
  return text.length > 120 ? `${text.slice(0, 119)}…` : text || 'nothing'
}

export const call = defineCheck({
  kind: 'call',
  family: 'Raw calls',
  summary: 'Any catalog operation by id with JSON params; assertions on paths of its JSON result.',
  async prepare() {
    core ??= await import('../whole-core.js')
  },
  fields: () => {
    const one = assertion()
    return z
      .strictObject({
        operation: z.string().check(
          z.refine((id) => findOperation(id) !== undefined, {
            error: (issue) => `unknown operation "${issue.input}"; ${suggest(String(issue.input))}`,
          }),
        ),
        params: z.optional(z.record(z.string(), z.unknown())),
        assert: z.pipe(
          z.union([one, z.array(one).check(z.minLength(1))]),
          z.transform((a) => (Array.isArray(a) ? a : [a])),
        ),
      })
      .check(
        z.superRefine((spec, ctx) => {
          const op = findOperation(spec.operation)
          if (!op) return
          if (!op.readOnly)
            ctx.addIssue({
              code: 'custom',
              path: ['operation'],
              message: `${op.id} changes node state; only read-only operations can be checks`,
            })
          const parsed = op.params.safeParse(spec.params)
          for (const issue of parsed.error?.issues ?? []) {
            ctx.addIssue({ code: 'custom', path: ['params', ...issue.path.map(String)], message: issue.message })
          }
        }),
      )
  },
  expected: (spec) => spec.assert.map(describe).join('; '),
  async run(spec, { client, call }) {
    const op = findOperation(spec.operation)
    if (!op) throw new Error(`unknown operation ${spec.operation}`)
    const result = toJson(await client.call(op, spec.params, call))
    const failed: string[] = []
    const seen: string[] = []
    for (const a of spec.assert) {
      const values = selectPath(result, a.path)
      if (values.length === 0) values.push(undefined)
      seen.push(`${a.path} = ${show(values)}`)
      if (!values.every((v) => holds(v, a))) failed.push(`${a.path} = ${show(values)}`)
    }
    // The first asserted value, when it is a number, is the check's headline value for the trend.
    const [first] = selectPath(result, spec.assert[0]?.path ?? '$')
    const value =
      typeof first === 'number'
        ? first
        : typeof first === 'string' && /^-?\d+(\.\d+)?$/.test(first)
          ? Number(first)
          : undefined
    return {
      ok: failed.length === 0,
      observed: (failed.length ? failed : seen).join('; '),
      value,
      better: value === undefined ? undefined : betterOf(spec.assert[0] ?? {}),
    }
  },
})

function suggest(id: string): string {
  const [service] = id.split('.')
  const { catalog } = loaded()
  const near = catalog.filter((op) => op.service === service).map((op) => op.id)
  return near.length
    ? `${service} has: ${near.join(', ')}`
    : `services: ${[...new Set(catalog.map((op) => op.service))].join(', ')}`
}
