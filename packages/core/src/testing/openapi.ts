/**
 * The OpenAPI descriptions of the Data and Metrics APIs as test data: find an operation by route, list its
 * parameters, and build a response from its schemas (their own examples where they match the declared type).
 * Test-only.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export type Schema = Record<string, unknown>

export interface Spec {
  paths: Record<string, Record<string, SpecOperation>>
  components: { schemas: Record<string, Schema> }
}

export interface SpecParameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema: Schema
}

export interface SpecOperation {
  operationId: string
  parameters?: SpecParameter[]
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
  'x-execution-weight'?: string
  'x-speakeasy-pagination'?: unknown
}

const cache = new Map<string, Spec>()

export function loadSpec(name: 'data-api' | 'metrics-api'): Spec {
  let spec = cache.get(name)
  if (!spec) {
    const url = new URL(`../../openapi/${name}.openapi.json`, import.meta.url)
    spec = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Spec
    cache.set(name, spec)
  }
  return spec
}

/** The spec and operation of an endpoint like `GET /v1/chains/{chainId}`, or undefined when neither spec has it. */
export function findSpecOperation(endpoint: string): { spec: Spec; operation: SpecOperation } | undefined {
  const [method, path] = endpoint.split(' ') as [string, string]
  for (const name of ['data-api', 'metrics-api'] as const) {
    const spec = loadSpec(name)
    const operation = spec.paths[path]?.[method.toLowerCase()]
    if (operation) return { spec, operation }
  }
  return undefined
}

export function resolve(spec: Spec, schema: Schema): Schema {
  let current = schema
  for (let i = 0; typeof current.$ref === 'string' && i < 20; i++) {
    const name = (current.$ref as string).replace('#/components/schemas/', '')
    current = spec.components.schemas[name] as Schema
  }
  return current
}

/** The 200 response schema of an operation. */
export function responseSchema(operation: SpecOperation): Schema {
  const content = operation.responses['200']?.content?.['application/json']
  if (!content) throw new Error(`${operation.operationId} has no JSON 200 response`)
  return content.schema
}

/** A value of `schema`: its example when that fits the type, else the first enum value, else a typed stand-in. */
export function exampleOf(spec: Spec, input: Schema, depth = 0): unknown {
  const schema = resolve(spec, input)
  if (depth > 12) return undefined
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => exampleOf(spec, s, depth + 1)))
  }
  const choice = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (choice?.length) return exampleOf(spec, choice[0] as Schema, depth + 1)
  if ('const' in schema) return schema.const
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null')
  const type = (types[0] ?? (schema.properties ? 'object' : undefined)) as string | undefined
  const candidates = [...((schema.examples as unknown[] | undefined) ?? []), schema.example]
  const example = candidates.find((value) => fits(value, type))
  if (example !== undefined && type !== 'object' && type !== 'array') return example
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null)
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const value = exampleOf(spec, property, depth + 1)
        if (value !== undefined) out[key] = value
      }
      return out
    }
    case 'array': {
      const item = exampleOf(spec, (schema.items ?? {}) as Schema, depth + 1)
      return item === undefined ? [] : [item]
    }
    case 'string':
      return 'text'
    case 'integer':
      return Math.max(1, Number(schema.minimum ?? 1))
    case 'number':
      return 1.5
    case 'boolean':
      return true
    default:
      return undefined
  }
}

function fits(value: unknown, type: string | undefined): boolean {
  if (value === undefined || value === null) return false
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return false
  }
}

/** A response of the endpoint built from its description (see exampleOf). */
export function responseExample(endpoint: string): Record<string, unknown> {
  const found = findSpecOperation(endpoint)
  if (!found) throw new Error(`${endpoint} is in neither OpenAPI description`)
  return exampleOf(found.spec, responseSchema(found.operation)) as Record<string, unknown>
}
