/**
 * Result validation without the copy. zod's parse builds a new object for every object it checks; on a Data API walk
 * that copy (and its garbage collection) was most of the ~6 µs per item core spent over raw requests
 * (bench/results/client-profile.md). The parsers built here check the same schema against the freshly parsed reply
 * and convert in place (jsonNumber's bigint or quoted number to number, numericText's number to text), returning the
 * reply itself. They cover what the generated Data/Metrics schemas are made of (loose objects, optional, nullable,
 * arrays, string-keyed records, primitives, enums, literals, unions, the lenient conversions) and what the node's
 * results add: u64, u32 and float fields (the wire's decimal text becomes a bigint or a number), Go slices (null
 * becomes []) and unions of options that convert (a discriminated one takes the option its discriminator names; any
 * other tries each in turn and undoes what a failed option converted, as zod tries each on the original). Any other
 * schema (another transform, a refinement, a check, a default, a strict object) is handed to zod, with the objects
 * and lists that hold it. A value they refuse is parsed by zod again, so errors read as before; the conversions are
 * idempotent, so a half-converted reply parses the same.
 */
import * as z from 'zod/mini'
import { toNumber, toText } from './data/lenient.js'
import { DECIMAL_TEXT, FLOAT_TEXT, nilAsEmpty, toBigInt, toFloat, toU32 } from './schemas.js'

/** Any zod schema (classic or mini: both are zod's core). */
type Schema = z.core.$ZodType

/** What a parser returns for a value the schema refuses. */
const FAIL: unique symbol = Symbol('fail')
type Parser = (value: unknown) => unknown

interface Def {
  type: string
  checks?: unknown[]
  [key: string]: unknown
}
const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def
/** A check, a format (`z.int()`, `z.email()`) or coercion: zod's to apply. */
const checked = (def: Def) => !!(def.checks?.length || def.format || def.check || def.coerce)

const compiled = new WeakMap<Schema, Parser>()
/** The text forms of the wire's numbers (u64, u32, float), by the conversion of their schema (schemas.ts). */
const WIRE_TEXT = new Map<Parser, RegExp>([
  [toBigInt as Parser, DECIMAL_TEXT],
  [toU32 as Parser, DECIMAL_TEXT],
  [toFloat as Parser, FLOAT_TEXT],
])

/**
 * The schema's result for `value`, converting `value` in place (it must be the caller's own, freshly parsed JSON), or
 * undefined when the schema refuses it: the caller then parses with zod for the issues.
 */
export function parseInPlace(schema: Schema, value: unknown): { success: true; data: unknown } | undefined {
  const out = parserOf(schema)(value)
  return out === FAIL ? undefined : { success: true, data: out }
}

/** Builds the schema's in-place parser ahead of a reply to check. */
export function prepareInPlace(schema: Schema): void {
  parserOf(schema)
}

function parserOf(schema: Schema): Parser {
  let parser = compiled.get(schema)
  if (!parser) {
    parser = compile(schema)
    compiled.set(schema, parser)
  }
  return parser
}

/** zod parses this subtree (and copies it): for what the in-place parsers do not cover. */
function byZod(schema: Schema): Parser {
  const parser: Parser = (value) => {
    const result = z.safeParse(schema, value)
    return result.success ? result.data : FAIL
  }
  delegated.add(parser)
  return parser
}

/**
 * The parsers that hand their value to zod. A container of one is handed to zod whole: one zod parse of a node
 * result full of u64 transforms costs less than a zod call per field (getCurrentValidators: 102 vs 119 µs).
 */
const delegated = new WeakSet<Parser>()

/** Checks that never change the value (a union may try them one after the other). */
function pure(schema: Schema): Parser | undefined {
  const def = defOf(schema)
  if (checked(def)) return undefined
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : FAIL)
    case 'number':
      // zod's number refuses NaN and the infinities.
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL)
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : FAIL)
    case 'null':
      return (v) => (v === null ? v : FAIL)
    case 'unknown':
    case 'any':
      return (v) => v
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>))
      return (v) => (values.has(v) ? v : FAIL)
    }
    case 'literal': {
      const values = def.values as unknown[]
      return (v) => (values.includes(v) ? v : FAIL)
    }
    case 'union': {
      const options = (def.options as Schema[]).map(pure)
      if (options.some((o) => !o)) return undefined
      return (v) => {
        for (const option of options as Parser[]) if (option(v) !== FAIL) return v
        return FAIL
      }
    }
    default:
      return undefined
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.hasOwn(v, '__proto__') // zod drops __proto__

function compile(schema: Schema): Parser {
  const simple = pure(schema)
  if (simple) return simple
  const def = defOf(schema)
  if (checked(def)) return byZod(schema)
  switch (def.type) {
    case 'optional': {
      const inner = parserOf(def.innerType as Schema)
      if (delegated.has(inner)) return byZod(schema)
      return (v) => (v === undefined ? v : inner(v))
    }
    case 'nullable': {
      const inner = parserOf(def.innerType as Schema)
      if (delegated.has(inner)) return byZod(schema)
      return (v) => (v === null ? v : inner(v))
    }
    case 'array': {
      const element = parserOf(def.element as Schema)
      if (delegated.has(element)) return byZod(schema)
      return (v) => {
        if (!Array.isArray(v)) return FAIL
        for (let i = 0; i < v.length; i++) {
          const item = v[i]
          const out = element(item)
          if (out === FAIL) return FAIL
          if (out !== item) assign(v, i, item, out)
        }
        return v
      }
    }
    case 'record': {
      const key = defOf(def.keyType as Schema)
      if (key.type !== 'string' || checked(key)) return byZod(schema)
      const value = parserOf(def.valueType as Schema)
      if (delegated.has(value)) return byZod(schema)
      return (v) => {
        if (!isRecord(v)) return FAIL
        for (const name of Object.keys(v)) {
          const item = v[name]
          const out = value(item)
          if (out === FAIL) return FAIL
          if (out !== item) assign(v, name, item, out)
        }
        return v
      }
    }
    case 'object':
      return looseObject(schema, def)
    case 'union':
      return union(schema, def)
    case 'pipe': {
      const to = defOf(def.out as Schema)
      // u64, u32 and float: the wire's text becomes a bigint or a number here; a number or bigint (inside json
      // payloads) is zod's.
      const text = to.type === 'transform' ? WIRE_TEXT.get(to.transform as Parser) : undefined
      if (text) {
        const other = byZod(schema)
        const convert = to.transform as Parser
        return (v) => (typeof v === 'string' ? (text.test(v) ? convert(v) : FAIL) : other(v))
      }
      // goSlice: a nil slice (null) becomes [].
      if (to.type === 'transform' && to.transform === nilAsEmpty) {
        const slice = parserOf(def.in as Schema)
        if (delegated.has(slice)) return byZod(schema)
        return (v) => {
          const out = slice(v)
          return out === FAIL ? FAIL : nilAsEmpty(out as unknown[] | null)
        }
      }
      // jsonNumber and numericText: z.pipe(z.transform(conversion), schema).
      const from = defOf(def.in as Schema)
      const convert = from.type === 'transform' ? (from.transform as Parser) : undefined
      if (convert !== toNumber && convert !== toText) return byZod(schema)
      const out = parserOf(def.out as Schema)
      if (delegated.has(out)) return byZod(schema)
      return (v) => out((convert as Parser)(v))
    }
    default:
      return byZod(schema)
  }
}

/**
 * The conversions made while a union tries an option: container, key and the value before, so that an option that
 * fails after converting part of the value can be undone before the next one tries (zod tries each on the original).
 * Undefined outside a union.
 */
let undo: unknown[] | undefined

/** Converts `container[key]` from `before` to `after`, noting it for the union being tried, if any. */
function assign(container: object, key: PropertyKey, before: unknown, after: unknown) {
  undo?.push(container, key, before)
  ;(container as Record<PropertyKey, unknown>)[key] = after
}

/** The literal values an object schema's fields can take (zod's own index, which its discriminated unions read). */
const propValues = (schema: Schema) =>
  (schema as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues

/**
 * A union of options that convert. `z.discriminatedUnion`: the option its discriminator names, alone, as zod does.
 * Any other union: each option in turn, as zod does, the conversions of a failed one undone before the next.
 */
function union(schema: Schema, def: Def): Parser {
  const options = (def.options as Schema[]).map(parserOf)
  const key = def.discriminator as string | undefined
  if (key && !def.unionFallback) {
    const byValue = new Map<unknown, Parser>()
    for (const [i, option] of (def.options as Schema[]).entries()) {
      const values = propValues(option)?.[key]
      if (!values) return byZod(schema)
      for (const value of values) byValue.set(value, options[i] as Parser)
    }
    return (v) => {
      if (!isRecord(v)) return FAIL
      const parse = byValue.get(v[key])
      return parse ? parse(v) : FAIL
    }
  }
  if (key) return byZod(schema)
  return (v) => {
    const outer = undo
    try {
      for (const option of options) {
        undo = []
        const out = option(v)
        if (out !== FAIL) {
          outer?.push(...undo)
          return out
        }
        for (let i = undo.length - 3; i >= 0; i -= 3) {
          ;(undo[i] as Record<PropertyKey, unknown>)[undo[i + 1] as PropertyKey] = undo[i + 2]
        }
      }
      return FAIL
    } finally {
      undo = outer
    }
  }
}

/** `z.looseObject`: the declared fields checked and converted, the others kept as they are (zod copies them). */
function looseObject(schema: Schema, def: Def): Parser {
  if (!def.catchall || defOf(def.catchall as Schema).type !== 'unknown') return byZod(schema) // strips or refuses
  const fields = Object.entries(def.shape as Record<string, Schema>).map(([name, field]) => ({
    name,
    // An absent field passes when optional; for any other it is zod's to say (a default fills it in).
    optional: defOf(field).type === 'optional',
    parse: parserOf(field),
  }))
  if (fields.some((f) => delegated.has(f.parse))) return byZod(schema)
  return (v) => {
    if (!isRecord(v)) return FAIL
    for (const { name, optional, parse } of fields) {
      const item = v[name]
      if (item === undefined && optional) continue
      const out = parse(item)
      if (out === FAIL) return FAIL
      if (out !== item) assign(v, name, item, out)
    }
    return v
  }
}
