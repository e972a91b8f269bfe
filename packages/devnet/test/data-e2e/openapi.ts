/**
 * Validates responses against the official OpenAPI descriptions (the copies core keeps in packages/core/openapi)
 * with a standard JSON Schema 2020-12 validator: each description is added whole, so `#/components/schemas/...`
 * references resolve inside it, and a response is checked against `paths[path][method].responses[status]`.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { QUIRKS } from '../../src/data/quirks.js'

const SPEC_DIR = fileURLToPath(new URL('../../../core/openapi/', import.meta.url))

// biome-ignore lint/suspicious/noExplicitAny: the descriptions are plain JSON
export type Json = any

export const specs: Record<'data' | 'metrics', Json> = {
  data: JSON.parse(readFileSync(`${SPEC_DIR}data-api.openapi.json`, 'utf8')),
  metrics: JSON.parse(readFileSync(`${SPEC_DIR}metrics-api.openapi.json`, 'utf8')),
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
/**
 * OpenAPI 3.0's `nullable` beside `allOf` and no `type` (data-api.openapi.json ActiveValidatorDetails.geolocation):
 * ajv accepts `nullable` only with `type`, so such a schema is read as what it means, anyOf the schema and null.
 */
function nullableWithoutType(node: Json): Json {
  if (Array.isArray(node)) return node.map(nullableWithoutType)
  if (!node || typeof node !== 'object') return node
  const out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableWithoutType(v)]))
  if (out.nullable !== true || out.type !== undefined) return out
  const { nullable: _, description, ...schema } = out
  return { description, anyOf: [schema, { type: 'null' }] }
}

for (const [name, spec] of Object.entries(specs)) {
  ajv.addSchema(nullableWithoutType(spec), `https://devnet.test/${name}.json`)
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
const compiled = new Map<string, ValidateFunction>()

/** The validator of one response of one operation (status 200 or an error status), or of a named component. */
export function responseValidator(
  api: 'data' | 'metrics',
  path: string,
  status: number | string,
  method = 'get',
): ValidateFunction {
  const key = `${api} ${method} ${path} ${status}`
  let validate = compiled.get(key)
  if (!validate) {
    const op = specs[api].paths[path]?.[method]
    if (!op) throw new Error(`${api} has no ${method.toUpperCase()} ${path}`)
    if (!op.responses[String(status)])
      throw new Error(`${api} ${method.toUpperCase()} ${path} declares no ${status} response`)
    const ref = `https://devnet.test/${api}.json#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`
    validate = ajv.compile({ $ref: ref })
    compiled.set(key, validate)
  }
  return validate
}

export function componentValidator(api: 'data' | 'metrics', name: string): ValidateFunction {
  const key = `${api} #${name}`
  let validate = compiled.get(key)
  if (!validate) {
    validate = ajv.compile({ $ref: `https://devnet.test/${api}.json#/components/schemas/${name}` })
    compiled.set(key, validate)
  }
  return validate
}

/** A readable account of why a value failed, for assertion messages. */
export function explain(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '\n' })
}

/** Asserts a body validates; throws with the validator's errors and a clip of the body otherwise. */
export function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  if (!validate(body)) {
    throw new Error(
      `${what} does not match its OpenAPI schema:\n${explain(validate)}\n${JSON.stringify(body).slice(0, 600)}`,
    )
  }
}

/**
 * How a response of the devnet with quirks on differs from the same response with quirks off (which validates
 * against its description): each difference is either one of the deliberate quirks (src/data/quirks.ts), named in
 * `quirks`, or listed in `unexplained`.
 */
export function quirkDifferences(strict: Json, quirked: Json, path = ''): { unexplained: string[]; quirks: string[] } {
  const out = { unexplained: [] as string[], quirks: [] as string[] }
  const walk = (a: Json, b: Json, at: string): void => {
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      for (let i = 0; i < a.length; i++) walk(a[i], b[i], `${at}[${i}]`)
      return
    }
    if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) {
      if (a !== b) out.unexplained.push(`${at}: ${JSON.stringify(a)} became ${JSON.stringify(b)}`)
      return
    }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [x, y] = [a[key], b[key]]
      const kind =
        y === undefined && x !== undefined
          ? 'omitted'
          : typeof x === 'number' && typeof y === 'string' && String(x) === y
            ? 'number-as-string'
            : typeof x === 'string' && typeof y === 'number' && x === String(y)
              ? 'string-as-number'
              : undefined
      const quirk = Object.entries(QUIRKS).find(([, q]) => q.property === key && q.kind === kind && q.applies(a))
      if (quirk) out.quirks.push(quirk[0])
      else walk(x, y, `${at}.${key}`)
    }
  }
  walk(strict, quirked, path)
  return out
}
