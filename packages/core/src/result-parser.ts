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
 * and lists that hold it. A value they refuse is parsed by zod again, so errors read as before: what they leave
 * converted reads to zod as the original did (a union's failed option is undone, and text zod would turn into a number
 * it refuses as a number leaves the whole reply to zod).
 */
import * as z from 'zod/mini'
import { toNumber, toText } from './data/lenient.js'
import { DECIMAL_TEXT, FLOAT_TEXT, nilAsEmpty, toBigInt, toFloat, toU32 } from './schemas.js'

/** Any zod schema (classic or mini: both are zod's core). */
type Schema = z.core.$ZodType

/**
 * What the in-place parsers are built from: a schema's shape as plain data. Described from a zod schema when an
 * operation is first checked, or generated at build time for the node's results (node/shapes.gen.ts), so that a
 * call checks its reply without building a zod schema: zod's first use in a process costs a one-call program more
 * than the call itself (bench/results/client-profile.md). `zod` marks what only zod can check: a described shape
 * holds the schema that checks it (`schema`, never generated); a generated one is undecided there, and zod then parses
 * the whole reply.
 */
export type Shape = (
  | { t: 'string' | 'number' | 'boolean' | 'null' | 'unknown' | 'zod' }
  /** An enum or literal: one of these JSON values. */
  | { t: 'values'; values: unknown[] }
  | { t: 'optional' | 'nullable' | 'array' | 'record'; of: Shape }
  /** A loose object: its declared fields, each with whether it may be absent. */
  | { t: 'object'; fields: [name: string, shape: Shape, optional: boolean][] }
  /** `key`: a discriminated union, the values of that key each option takes (`byKey`, in the options' order). */
  | { t: 'union'; options: Shape[]; key?: string; byKey?: unknown[][] }
  /** The wire's decimal text of a uint64 (to bigint), uint32 or float (to number). */
  | { t: 'u64' | 'u32' | 'float' }
  /** A Go slice: null becomes []. */
  | { t: 'slice'; of: Shape }
  /** jsonNumber and numericText (data/lenient.ts): the value converted, then checked. */
  | { t: 'toNumber' | 'toText'; of: Shape }
) & { schema?: Schema }

/** What a parser returns for a value the schema refuses. */
const FAIL: unique symbol = Symbol('fail')
/** What a parser throws where only zod can tell: a generated shape holds no schema to ask. */
const UNDECIDED: unique symbol = Symbol('undecided')
type Parser = (value: unknown) => unknown

interface Def {
  type: string
  checks?: unknown[]
  [key: string]: unknown
}
const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def
/** A check, a format (`z.int()`, `z.email()`) or coercion: zod's to apply. */
const checked = (def: Def) => !!(def.checks?.length || def.format || def.check || def.coerce)

const WIRE_TEXT = { u64: DECIMAL_TEXT, u32: DECIMAL_TEXT, float: FLOAT_TEXT }
const WIRE_CONVERT = { u64: toBigInt, u32: toU32, float: toFloat } as Record<keyof typeof WIRE_TEXT, Parser>
const CONVERSIONS = new Map<unknown, Shape['t']>([
  [toBigInt, 'u64'],
  [toU32, 'u32'],
  [toFloat, 'float'],
  [nilAsEmpty, 'slice'],
  [toNumber, 'toNumber'],
  [toText, 'toText'],
])

/**
 * The schema's result for `value`, converting `value` in place (it must be the caller's own, freshly parsed JSON), or
 * undefined when the schema refuses it: the caller then parses with zod for the issues.
 */
export function parseInPlace(schema: Schema, value: unknown): { success: true; data: unknown } | undefined {
  return parseByShape(describeShape(schema), value)
}

/**
 * As `parseInPlace`, by a shape. A generated shape does not accept what only zod can check either: the caller then
 * asks zod, which reads what is left as it would have read the reply (a union's option cut short there is not one
 * zod refuses, so no other option is tried instead, and its conversions are undone). So does any shape for a value
 * it cannot convert in place without changing how zod would read it.
 */
export function parseByShape(shape: Shape, value: unknown): { success: true; data: unknown } | undefined {
  try {
    const out = parserOf(shape)(value)
    return out === FAIL ? undefined : { success: true, data: out }
  } catch (thrown) {
    if (thrown !== UNDECIDED) throw thrown
    return undefined
  }
}

/** Builds the schema's in-place parser ahead of a reply to check. */
export function prepareInPlace(schema: Schema): void {
  parserOf(describeShape(schema))
}

const described = new WeakMap<Schema, Shape>()

/** The schema's shape, kept per schema (shared schemas, u64's, share one shape and so one parser). */
export function describeShape(schema: Schema): Shape {
  let shape = described.get(schema)
  if (!shape) {
    shape = shapeOf(schema)
    if (!Object.isFrozen(shape)) shape.schema = schema
    described.set(schema, shape)
  }
  return shape
}

/**
 * The shapes of the primitives: one of each, without a schema (their checks never ask zod), so that every string field
 * of every schema shares one parser: a Data API result has hundreds of them, described while its first request is out.
 */
const PRIMITIVES = {
  string: Object.freeze({ t: 'string' }),
  number: Object.freeze({ t: 'number' }),
  boolean: Object.freeze({ t: 'boolean' }),
  null: Object.freeze({ t: 'null' }),
  unknown: Object.freeze({ t: 'unknown' }),
  any: Object.freeze({ t: 'unknown' }),
} as const satisfies Record<string, Shape>

function shapeOf(schema: Schema): Shape {
  const def = defOf(schema)
  if (checked(def)) return { t: 'zod' }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'unknown':
    case 'any':
      return PRIMITIVES[def.type]
    case 'enum':
      return { t: 'values', values: Object.values(def.entries as Record<string, unknown>) }
    case 'literal':
      return { t: 'values', values: def.values as unknown[] }
    case 'optional':
    case 'nullable':
      return { t: def.type, of: describeShape(def.innerType as Schema) }
    case 'array':
      return { t: 'array', of: describeShape(def.element as Schema) }
    case 'record': {
      const key = defOf(def.keyType as Schema)
      return key.type !== 'string' || checked(key)
        ? { t: 'zod' }
        : { t: 'record', of: describeShape(def.valueType as Schema) }
    }
    case 'object':
      // A loose object; a strict one refuses, and a plain one strips, the fields it does not declare: zod's.
      if (!def.catchall || defOf(def.catchall as Schema).type !== 'unknown') return { t: 'zod' }
      return {
        t: 'object',
        fields: Object.entries(def.shape as Record<string, Schema>).map(([name, field]) => [
          name,
          describeShape(field),
          // An absent field passes when optional; for any other it is zod's to say (a default fills it in).
          defOf(field).type === 'optional',
        ]),
      }
    case 'union': {
      const options = (def.options as Schema[]).map(describeShape)
      const key = def.discriminator as string | undefined
      if (!key) return { t: 'union', options }
      if (def.unionFallback) return { t: 'zod' }
      // zod's own index of the literal values an option's fields take, which its discriminated unions read.
      const byKey = (def.options as Schema[]).map((option) => {
        const values = (option as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues?.[
          key
        ]
        return values && [...values]
      })
      return byKey.every(Boolean) ? { t: 'union', options, key, byKey: byKey as unknown[][] } : { t: 'zod' }
    }
    case 'pipe': {
      const to = defOf(def.out as Schema)
      const from = defOf(def.in as Schema)
      // u64, u32 and float: z.pipe(wire forms, z.transform(conversion)); goSlice: z.pipe(nullable array, nilAsEmpty).
      const kind = CONVERSIONS.get(to.type === 'transform' ? to.transform : undefined)
      if (kind === 'u64' || kind === 'u32' || kind === 'float') return { t: kind }
      if (kind === 'slice') return { t: 'slice', of: describeShape(def.in as Schema) }
      // jsonNumber and numericText: z.pipe(z.transform(conversion), schema).
      const convert = CONVERSIONS.get(from.type === 'transform' ? from.transform : undefined)
      if (convert === 'toNumber' || convert === 'toText') return { t: convert, of: describeShape(def.out as Schema) }
      return { t: 'zod' }
    }
    default:
      return { t: 'zod' }
  }
}

const compiled = new WeakMap<Shape, Parser>()

function parserOf(shape: Shape): Parser {
  let parser = compiled.get(shape)
  if (!parser) {
    parser = compile(shape)
    compiled.set(shape, parser)
  }
  return parser
}

/**
 * zod parses this subtree (and copies it): for what the in-place parsers do not cover. A generated shape holds no
 * schema: there, the parse is undecided.
 */
function byZod(shape: Shape): Parser {
  const schema = shape.schema
  if (!schema) {
    return () => {
      throw UNDECIDED
    }
  }
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

/** The parser of a container's part; undefined when zod has it, and the container's schema (if any) then takes over. */
function partOf(shape: Shape): Parser | undefined {
  const parser = parserOf(shape)
  return delegated.has(parser) ? undefined : parser
}

/** Checks that never change the value (a union of them needs no undoing). */
function pure(shape: Shape): Parser | undefined {
  switch (shape.t) {
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
      return (v) => v
    case 'values': {
      const values = new Set(shape.values)
      return (v) => (values.has(v) ? v : FAIL)
    }
    case 'union': {
      if (shape.key) return undefined
      const options = shape.options.map(pure)
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

function compile(shape: Shape): Parser {
  const simple = pure(shape)
  if (simple) return simple
  switch (shape.t) {
    case 'optional': {
      const inner = partOf(shape.of)
      if (!inner) return byZod(shape)
      return (v) => (v === undefined ? v : inner(v))
    }
    case 'nullable': {
      const inner = partOf(shape.of)
      if (!inner) return byZod(shape)
      return (v) => (v === null ? v : inner(v))
    }
    case 'array': {
      const element = partOf(shape.of)
      if (!element) return byZod(shape)
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
      const value = partOf(shape.of)
      if (!value) return byZod(shape)
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
      return looseObject(shape)
    case 'union':
      return union(shape)
    case 'u64':
    case 'u32':
    case 'float': {
      // The wire's text becomes a bigint or a number here; a number or bigint (inside json payloads) is zod's. Text
      // whose number zod would refuse as a number (above 2^53, infinite) leaves the whole reply to zod: converted in
      // place, it would read differently to zod if the reply were refused later and handed to it.
      const text = WIRE_TEXT[shape.t]
      const convert = WIRE_CONVERT[shape.t]
      const exact = shape.t === 'u32' ? Number.isSafeInteger : shape.t === 'float' ? Number.isFinite : undefined
      const other = byZod(shape)
      return (v) => {
        if (typeof v !== 'string') return other(v)
        if (!text.test(v)) return FAIL
        const out = convert(v)
        if (exact && !exact(out)) throw UNDECIDED
        return out
      }
    }
    case 'slice': {
      const slice = partOf(shape.of)
      if (!slice) return byZod(shape)
      return (v) => {
        const out = slice(v)
        return out === FAIL ? FAIL : nilAsEmpty(out as unknown[] | null)
      }
    }
    case 'toNumber':
    case 'toText': {
      const out = partOf(shape.of)
      if (!out) return byZod(shape)
      const convert: Parser = shape.t === 'toNumber' ? toNumber : toText
      return (v) => out(convert(v))
    }
    default:
      return byZod(shape)
  }
}

/**
 * The conversions made while a union tries an option: container, key and the value before, so that an option that
 * fails after converting part of the value can be undone before the next one tries (zod tries each on the original),
 * or when it is undecided. Undefined outside a union.
 */
let undo: unknown[] | undefined

/** Converts `container[key]` from `before` to `after`, noting it for the union being tried, if any. */
function assign(container: object, key: PropertyKey, before: unknown, after: unknown) {
  undo?.push(container, key, before)
  ;(container as Record<PropertyKey, unknown>)[key] = after
}

/**
 * A union of options that convert. `z.discriminatedUnion`: the option its discriminator names, alone, as zod does.
 * Any other union: each option in turn, as zod does, the conversions of a failed one undone before the next.
 */
function union(shape: Extract<Shape, { t: 'union' }>): Parser {
  const options = shape.options.map(parserOf)
  const { key, byKey } = shape
  if (key && byKey) {
    const byValue = new Map<unknown, Parser>()
    for (const [i, values] of byKey.entries()) for (const value of values) byValue.set(value, options[i] as Parser)
    return (v) => {
      if (!isRecord(v)) return FAIL
      const parse = byValue.get(v[key])
      return parse ? parse(v) : FAIL
    }
  }
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
        revert(undo)
      }
      return FAIL
    } catch (thrown) {
      revert(undo as unknown[]) // undecided: zod reads this union's value as it was
      throw thrown
    } finally {
      undo = outer
    }
  }
}

/** Undoes the conversions noted in `notes` (container, key, value before), the last first. */
function revert(notes: unknown[]) {
  for (let i = notes.length - 3; i >= 0; i -= 3) {
    ;(notes[i] as Record<PropertyKey, unknown>)[notes[i + 1] as PropertyKey] = notes[i + 2]
  }
}

/** `z.looseObject`: the declared fields checked and converted, the others kept as they are (zod copies them). */
function looseObject(shape: Extract<Shape, { t: 'object' }>): Parser {
  const fields: { name: string; optional: boolean; parse: Parser }[] = []
  for (const [name, field, optional] of shape.fields) {
    const parse = partOf(field)
    if (!parse) return byZod(shape)
    fields.push({ name, optional, parse })
  }
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
