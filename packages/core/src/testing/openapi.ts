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
  requestBody?: { required?: boolean; content?: Record<string, { schema: Schema }> }
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

/** The success statuses (2xx) an operation's description lists: 200, or 201 for creations and the aggregator. */
export function successStatuses(operation: SpecOperation): number[] {
  return Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
}

/** The JSON schema of an operation's success response (its first 2xx with a JSON body). */
export function responseSchema(operation: SpecOperation): Schema {
  for (const status of successStatuses(operation)) {
    const content = operation.responses[String(status)]?.content?.['application/json']
    if (content) return content.schema
  }
  throw new Error(`${operation.operationId} has no JSON 2xx response`)
}

/** A parameter of an operation wherever the description puts it; a body property may be typed by several forms. */
export interface DescribedParameter {
  name: string
  in: SpecParameter['in'] | 'body'
  required: boolean
  schemas: Schema[]
}

/**
 * Every parameter of an operation: its path, query and header parameters and each property of its JSON request body.
 * A body given as oneOf forms (createWebhook's three event types) has the union of their properties; one is required
 * when every form requires it.
 */
export function describedParameters(spec: Spec, operation: SpecOperation): DescribedParameter[] {
  const out: DescribedParameter[] = (operation.parameters ?? []).map((p) => ({
    name: p.name,
    in: p.in,
    required: p.required === true,
    schemas: [p.schema],
  }))
  const body = operation.requestBody?.content?.['application/json']?.schema
  if (!body) return out
  const top = resolve(spec, body)
  const forms = ((top.oneOf ?? top.anyOf) as Schema[] | undefined)?.map((form) => resolve(spec, form)) ?? [top]
  for (const form of forms) {
    for (const [name, schema] of Object.entries((form.properties ?? {}) as Record<string, Schema>)) {
      let parameter = out.find((p) => p.name === name)
      if (!parameter) {
        parameter = { name, in: 'body', required: true, schemas: [] }
        out.push(parameter)
      }
      parameter.schemas.push(schema)
    }
  }
  for (const parameter of out.filter((p) => p.in === 'body')) {
    parameter.required = forms.every((form) => ((form.required ?? []) as string[]).includes(parameter.name))
  }
  return out
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
