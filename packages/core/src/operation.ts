import type * as z from 'zod/mini'
import type { Shape } from './result-parser.js'

export type Service = 'admin' | 'avm' | 'platform' | 'index' | 'info' | 'health' | 'data' | 'metrics'

export type PaginationKind = 'utxoCursor' | 'indexRange' | 'pageToken'

/** The HTTP methods of the catalog: JSON-RPC is POST; the Data API's writes add PATCH and DELETE (data-api.md 0b.5). */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * One API operation, declared once. Typed client functions, MCP tools, n8n operations and the Action's raw call are
 * all derived from these records.
 */
export interface Operation<
  Id extends string = string,
  P extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** JSON-RPC method name (`platform.getCurrentValidators`), or `data.*` / `metrics.*` / `health.get*` for REST. */
  readonly id: Id
  readonly service: Service
  /**
   * JSON-RPC path (`/ext/bc/P`) or REST route (`GET /ext/health/readiness`, `PATCH /v1/webhooks/{id}`). `{name}`
   * placeholders are filled from the parameter of that name, which is then not sent in the body or query. A GET
   * sends the other parameters in the query; POST, PATCH and DELETE send them as the JSON body, but for `query`.
   */
  readonly endpoint: string
  /** REST writes: the parameters the description puts in the query string rather than the JSON body. */
  readonly query?: readonly string[]
  /** One sentence: what it returns. Units and caveats are in its description (`describeOperation`). */
  readonly summary: string
  /** Validates and normalises parameters before any request; its output is the wire form. */
  readonly params: P
  /** Validates the wire result and converts it to domain types (decimal strings to bigint). */
  readonly result: R
  readonly readOnly: boolean
  readonly idempotent: boolean
  /** Changes node state in a way that is hard to undo (profiles, logger levels, aliases). */
  readonly destructive?: boolean
  /** How to walk the pages; `items` names the list field of `pageToken` replies. */
  readonly pagination?: { readonly kind: PaginationKind; readonly items?: string }
  readonly deprecated?: { readonly since: string; readonly use?: string }
  /** The node flag that must be on for this API to exist. */
  readonly requires?: '--api-admin-enabled=true' | '--index-enabled=true'
  /** The answer when the (validated, wire-form) parameters make it certain without a request, else undefined. */
  readonly answerLocally?: (params: Record<string, unknown>) => unknown
  /**
   * HTTP statuses besides 200 whose body is a valid result (GET health answers 503 when unhealthy; webhook creation
   * 201). 204 means success without a body: the result is then `undefined`.
   */
  readonly okStatuses?: readonly number[]
  /**
   * Result fields that hold a secret (the webhooks' shared secret): once received, their values are redacted from
   * every later log event and error of the client, and a body that fails to parse is never quoted.
   */
  readonly secretFields?: readonly string[]
}

export type AnyOperation = Operation<string, z.ZodMiniType, z.ZodMiniType>

/**
 * Descriptions by operation id: units, caveats, what a caller must know; shown to users and assistants. Each service
 * file returns them from a function beside its records, so that a client carries none: a bundler drops a function
 * nothing calls (an object of template literals it keeps). Keyed by the ids of `Ops`: a key naming no operation does
 * not compile.
 */
export type Descriptions<Ops extends Readonly<Record<string, { readonly id: string }>>> = {
  readonly [Id in Ops[keyof Ops]['id']]?: string
}

export type OperationParams<Op extends AnyOperation> = z.input<Op['params']>
export type OperationResult<Op extends AnyOperation> = z.output<Op['result']>

/** A schema, or a function that builds it (called once, when the operation is first used). */
export type SchemaSource<S extends z.ZodMiniType = z.ZodMiniType> = S | (() => S)
type SchemaOf<Source> = Source extends () => infer S ? S : Source

/** What `defineOperation` takes: an operation whose `params` and `result` may be given as functions that build them. */
export type OperationSpec = Omit<AnyOperation, 'params' | 'result'> & {
  readonly params: SchemaSource
  readonly result: SchemaSource
}

/** The operation a spec defines: its schemas as the functions return them. */
export type DefinedOperation<Spec extends OperationSpec> = Omit<Spec, 'params' | 'result'> & {
  readonly params: SchemaOf<Spec['params']>
  readonly result: SchemaOf<Spec['result']>
}

/**
 * Each operation's schemas, or the functions that build them until first read (see `defineOperation`). The builder
 * itself is the placeholder, not a `lazy()` wrapper of it: two closures per record more cost the root entry's import
 * 31 kB of young heap (1,124 -> 1,155 kB).
 */
const schemas = new WeakMap<object, Partial<Record<'params' | 'result', unknown>>>()

/**
 * The accessor of `params` or `result`: one getter shared by every operation, so that all records with the same keys
 * share one V8 map. A getter of its own per record (a closure) gave each record a map of its own and V8 kept them as
 * dictionaries instead: slower reads on every call, and 1.6 instead of 0.95 kB of young-generation heap per record
 * while a program starts (bench/results/client-profile.md).
 */
const schemaAccessor = (key: 'params' | 'result'): PropertyDescriptor => ({
  enumerable: true,
  get(this: object) {
    const own = schemas.get(this)
    if (!own) return undefined
    let value = own[key]
    if (typeof value === 'function') own[key] = value = value()
    return value
  },
})
const accessors = { params: schemaAccessor('params'), result: schemaAccessor('result') }

/**
 * Declares an operation; the literal type is kept so that ids and pagination kinds type the client. `params` and
 * `result` given as functions are built when first read and kept (the catalog's own operations all do this, so that
 * importing core builds no schema: bench/results/client-profile.md, cold start); a schema given as is stays as is.
 * The record keeps the spec's keys in their order.
 */
export function defineOperation<const Spec extends OperationSpec>(spec: Spec): DefinedOperation<Spec> {
  const operation: Record<string, unknown> = {}
  const own: Partial<Record<'params' | 'result', unknown>> = {}
  for (const key of Object.keys(spec)) {
    const value = (spec as Record<string, unknown>)[key]
    if ((key === 'params' || key === 'result') && typeof value === 'function') {
      own[key] = value
      Object.defineProperty(operation, key, accessors[key])
    } else operation[key] = value
  }
  schemas.set(operation, own)
  return Object.freeze(operation) as DefinedOperation<Spec>
}

/**
 * What is known of an operation's schemas without building them, generated at build time from them (the node's:
 * node/shapes.gen.ts, checked against the schemas by node/shapes.test.ts). A call without parameters then checks
 * its reply without building a zod schema, whose first use costs a program that makes one call more than the call
 * itself (bench/results/client-profile.md).
 */
export interface KnownShapes {
  /** A call without parameters is valid and sends none. */
  readonly bare: true
  /** The result's shape (absent when only zod can check it). */
  readonly result?: Shape
}

const known = new WeakMap<object, KnownShapes>()

/** What is known of `op`'s schemas (see `withKnownShapes`), if anything. */
export function knownShapes(op: AnyOperation): KnownShapes | undefined {
  return known.get(op)
}

/** Notes what `shapes` (by operation id) knows of the schemas of the operations of `services`; returns `services`. */
export function withKnownShapes<const Services extends Record<string, Record<string, AnyOperation>>>(
  services: Services,
  shapes: Readonly<Record<string, KnownShapes>>,
): Services {
  for (const service of Object.values(services)) {
    for (const op of Object.values(service)) {
      const shape = shapes[op.id]
      if (shape) known.set(op, shape)
    }
  }
  return services
}

/** Splits `GET /v1/...` into method and path; JSON-RPC endpoints are POST. */
export function parseEndpoint(endpoint: string): { method: HttpMethod; path: string; rest: boolean } {
  const match = /^(GET|POST|PATCH|DELETE) (.+)$/.exec(endpoint)
  return match
    ? { method: match[1] as HttpMethod, path: match[2] as string, rest: true }
    : { method: 'POST', path: endpoint, rest: false }
}
