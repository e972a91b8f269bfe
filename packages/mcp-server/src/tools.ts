import {
  type AnyOperation,
  type AvalancheClient,
  type CallOptions,
  catalog,
  describeOperation,
  findOperation,
  type Service,
  toJson,
} from '@avalanche-automation/core'
import * as z from 'zod'
import { byteLength, fieldsProperty, project, sanitize } from './bounded.js'
import type { ServerConfig, Toolset } from './config.js'
import { argsKey, type CursorPosition, decodeCursor, encodeCursor } from './cursor.js'
import type { Scope } from './discovery.js'
import { SECRET_NOTE, WITHHELD, withheldProperty, withholdSecrets } from './secrets.js'
import { toolsetOf } from './toolsets.js'

/** A JSON Schema whose top level is an object, as MCP requires for `inputSchema` and `outputSchema`. */
export type ObjectSchema = { type: 'object'; properties?: Record<string, object>; required?: string[] } & Record<
  string,
  unknown
>

export interface ToolAnnotations {
  title: string
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

export interface ToolContext {
  client: AvalancheClient
  config: ServerConfig
  signal?: AbortSignal | undefined
  /** Bytes the structured result may take (paginated tools return fewer items to stay under it). */
  maxBytes: number
  /** The `fields` projection asked for, as split dot paths. */
  fields?: string[][] | undefined
  /** What this server reaches and lists (the discovery tools search it). */
  scope?: Scope | undefined
}

/** One MCP tool: metadata for `tools/list` and a handler that returns JSON-safe structured content. */
export interface ToolDefinition {
  name: string
  toolset: Toolset
  title: string
  description: string
  /** Built on first use: a cold start lists a few tools and should not convert every schema. */
  readonly inputSchema: ObjectSchema
  readonly outputSchema: ObjectSchema
  annotations: ToolAnnotations
  /** The catalog operation behind the tool (absent on composite and discovery tools). */
  operation?: AnyOperation | undefined
  /** Takes the `fields` projection argument (removed before `run`, applied to its result). */
  fields?: boolean | undefined
  run(args: Record<string, unknown>, context: ToolContext): Promise<Record<string, unknown>>
}

/** A problem with the tool arguments found by this server (core reports its own as InvalidParamsError). */
export class ToolInputError extends Error {
  override name = 'ToolInputError'
}

export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 200

const SERVICE_LABEL: Record<Service, string> = {
  admin: 'Admin API',
  avm: 'X-Chain',
  platform: 'P-Chain',
  index: 'Index API',
  info: 'Info API',
  health: 'Health API',
  data: 'Data API',
  metrics: 'Metrics API',
}

/** `platform.getCurrentValidators` → `platform_getCurrentValidators`. */
export function toolName(operationId: string): string {
  return operationId.replace(/\./g, '_')
}

/** `getCurrentValidators` → `get current validators`; acronyms stay (`get UTXOs`, `get node ID`, `get ICM timeseries`). */
function words(method: string): string {
  return (method.match(/[A-Z]{2,}s?(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [method])
    .map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ')
}

/**
 * Catalog descriptions are written for the library as well: sentences about its page walkers (`.items()`,
 * `.pages()`) and about the wire pagination parameters that `limit`/`cursor` replace would mislead a model.
 */
function forPagedTool(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((s) => !/\.items\(|\.pages\(|pageToken|numToFetch|startIndex|pageSize (may be |is )?\d/.test(s))
    .join(' ')
    .replace(/\bpageSize\b/g, 'limit')
    .replace(/\bnextPageToken\b/g, 'nextCursor')
}

/**
 * zod → JSON Schema: the input side (what a caller sends, and what `toJson` emits for results), without `$schema`.
 * A bigint is what JSON carries as a decimal string (`toJson` emits it so), and repeated union members are merged.
 */
export function jsonSchema(schema: z.core.$ZodType): ObjectSchema {
  const { $schema: _, ...out } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if ((zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'bigint') {
        Object.assign(jsonSchema, { type: 'string', pattern: '^\\d+$' })
      }
    },
  }) as Record<string, unknown>
  const merged = mergeUnions(out) as Record<string, unknown>
  return (merged.type === 'object' ? merged : { type: 'object', ...merged }) as ObjectSchema
}

function mergeUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeUnions)
  if (!node || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) out[key] = mergeUnions(value)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key] as unknown[] | undefined
    if (!branches) continue
    const unique = [...new Map(branches.map((b) => [JSON.stringify(b), b])).values()]
    if (unique.length === 1) {
      delete out[key]
      Object.assign(out, unique[0])
    } else out[key] = unique
  }
  return out
}

/** Nesting kept in listed output schemas: deeper levels keep only their type, so `tools/list` stays small. */
export const OUTPUT_SCHEMA_DEPTH = 2
/** Nesting kept by avalanche_describe_operation, which shows one operation at a time. */
export const DESCRIBED_SCHEMA_DEPTH = 6

/**
 * A smaller JSON Schema that accepts at least what `schema` accepts: below `depth` levels of properties/items a node
 * keeps only its `type`; `additionalProperties: {}` (the default) goes; a union with an unconstrained member is
 * unconstrained; `required` goes (a `fields` projection or a cut result leaves fields out). Output schemas get this
 * treatment: they describe the result's shape to the model, and the complete detail of every Data API field would
 * make `tools/list` hundreds of kilobytes.
 */
export function compactSchema(schema: unknown, depth: number): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const node = schema as Record<string, unknown>
  const branches = (node.anyOf ?? node.oneOf) as Record<string, unknown>[] | undefined
  const described = typeof node.description === 'string' ? { description: node.description } : {}
  if (branches?.some((b) => Object.keys(b).length === 0)) return described
  if (depth <= 0) {
    if (branches) return described
    return typeof node.type === 'string' || Array.isArray(node.type) ? { type: node.type, ...described } : described
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value && typeof value === 'object' && !Object.keys(value).length) continue
    if (key === 'required') continue
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, compactSchema(v, depth - 1)]),
      )
    } else if (key === 'items' || key === 'additionalProperties') out[key] = compactSchema(value, depth - 1)
    else if (key === 'anyOf' || key === 'oneOf') out[key] = (value as unknown[]).map((v) => compactSchema(v, depth))
    else out[key] = value
  }
  return out
}

/** Applies `edit` to the object schema, or to each object branch of a top-level union. */
function editObjects(schema: ObjectSchema, edit: (s: Record<string, unknown>) => void): ObjectSchema {
  const copy = structuredClone(schema)
  const branches = (copy.anyOf ?? copy.oneOf) as Record<string, unknown>[] | undefined
  if (copy.properties || !branches) edit(copy)
  for (const branch of branches ?? []) if (branch.type === 'object') edit(branch)
  return copy
}

function setProperties(s: Record<string, unknown>, add: Record<string, object>, remove: string[]): void {
  const properties = { ...(s.properties as Record<string, object> | undefined) }
  for (const name of remove) delete properties[name]
  s.properties = { ...properties, ...add }
  if (Array.isArray(s.required)) {
    const required = (s.required as string[]).filter((r) => !remove.includes(r))
    if (required.length) s.required = required
    else delete s.required
  }
}

const limitProperty = (max: number) => ({
  type: 'integer',
  minimum: 1,
  maximum: max,
  default: DEFAULT_LIMIT,
  description: 'Most items to return; nextCursor says whether more exist.',
})
const cursorProperty = { type: 'string', description: 'nextCursor of the previous call (repeat its other arguments).' }
const nextCursorProperty = { type: 'string', description: 'Present when more items exist: pass it as cursor.' }

/** Reads `limit` and `cursor` (the arguments this server adds to paginated tools) and returns the rest. */
function pageArgs(
  name: string,
  args: Record<string, unknown>,
  max: number,
): { limit: number; position: CursorPosition; key: string; rest: Record<string, unknown> } {
  const { limit: given = DEFAULT_LIMIT, cursor, ...rest } = args
  // Some clients send every argument as a string: "20" is accepted as 20.
  const limit = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new ToolInputError(`limit: must be a whole number from 1 to ${max} (got ${JSON.stringify(given)})`)
  }
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw new ToolInputError('cursor: must be the nextCursor string of a previous result')
  }
  const key = argsKey(name, rest)
  return { limit, key, rest, position: cursor ? decodeCursor(key, cursor) : {} }
}

const asRecord = (value: unknown) => toJson(value) as Record<string, unknown>

/** The result as the assistant will see it: chain-written strings cleaned, the `fields` projection applied. */
export function shapeResult(value: Record<string, unknown>, fields: string[][] | undefined, strict = true) {
  const clean = sanitize(value) as Record<string, unknown>
  return fields ? project(clean, fields, strict) : clean
}

/** Room kept for nextCursor and the note on a cut result when items are fitted into the budget. */
const CURSOR_ROOM = 400

/** How many of `items` fit in the result budget beside the rest of the page (at least one, to make progress). */
function fitItems(page: Record<string, unknown>, field: string, items: unknown[], context: ToolContext): number {
  const size = (v: Record<string, unknown>) => byteLength(shapeResult(v, context.fields, false))
  const emptyList = size({ [field]: [] })
  let used = size({ ...page, [field]: [] }) + CURSOR_ROOM
  let count = 0
  for (const item of items) {
    const itemBytes = size({ [field]: [item] }) - emptyList + 1
    if (count > 0 && used + itemBytes > context.maxBytes) break
    used += itemBytes
    count++
  }
  return count
}

/**
 * Where a paginated operation's pages come from: the page at a position (none: the first) of `pageSize` items, and
 * the position of the next page when there is one.
 */
interface PageSource {
  field: string
  max: number
  /** Whether the API takes a page size (Data API lists without pageSize answer pages of the service's size). */
  sized: boolean
  fetch(
    rest: Record<string, unknown>,
    at: CursorPosition,
    pageSize: number,
    context: ToolContext,
  ): Promise<{ page: Record<string, unknown>; next?: CursorPosition | undefined }>
}

/**
 * One call of a paginated tool: the page at the cursor's position, from the item the cursor says, as many items as
 * `limit` asks and the result budget holds. A cursor inside a page asks for the same page again and skips what was
 * returned (`s`, with the page size `n` it was asked with), so a page cut by `limit` or by the budget loses nothing.
 */
async function pagedRun(name: string, source: PageSource, args: Record<string, unknown>, context: ToolContext) {
  const { limit, position, key, rest } = pageArgs(name, args, source.max)
  const { s: skip = 0, n, ...at } = position
  const pageSize = n ?? limit
  const { page, next } = await source.fetch(rest, at, pageSize, context)
  const items = (page[source.field] as unknown[] | null | undefined) ?? []
  const candidates = items.slice(skip, skip + limit)
  const taken = candidates.slice(0, fitItems(page, source.field, candidates, context))
  const consumed = skip + taken.length
  const resume: CursorPosition | undefined =
    consumed < items.length ? { ...at, s: consumed, ...(source.sized && { n: pageSize }) } : next
  return { ...page, [source.field]: taken, ...(resume && { nextCursor: encodeCursor(key, resume) }) }
}

function describe(op: AnyOperation, extra: string[]): string {
  const parts = [op.summary]
  const description = describeOperation(op)
  if (description) parts.push(op.pagination ? forPagedTool(description) : description)
  if (op.requires) parts.push(`Needs the node started with ${op.requires}; otherwise the call fails saying so.`)
  if (op.deprecated) {
    const use = op.deprecated.use ? `; prefer ${toolName(op.deprecated.use)}` : ''
    parts.push(`Deprecated since ${op.deprecated.since}${use}.`)
  }
  // Operation IDs in the text (`avm.getUTXOs`) become the tool names the model can call.
  const named = parts.map((part) =>
    part.replace(/\b[a-z]+\.[a-zA-Z0-9]+\b/g, (id) => (findOperation(id) ? toolName(id) : id)),
  )
  return [...named, ...extra].filter(Boolean).join('\n\n')
}

const PAGING_NOTE = 'Paginated: up to `limit` items; for more, call again with cursor=nextCursor.'

/** What the paginated tool of `op` asks its API for, by pagination kind. */
function pageSource(op: AnyOperation, input: () => ObjectSchema): PageSource | undefined {
  const call = (params: Record<string, unknown>, context: ToolContext) =>
    context.client.call(op, params, { signal: context.signal } satisfies CallOptions)
  switch (op.pagination?.kind) {
    case 'pageToken': {
      const pageSizeMax = (input().properties?.pageSize as { maximum?: number } | undefined)?.maximum
      return {
        field: op.pagination.items as string,
        max: Math.min(MAX_LIMIT, pageSizeMax ?? MAX_LIMIT),
        sized: pageSizeMax !== undefined,
        async fetch(rest, at, pageSize, context) {
          const page = asRecord(
            await call(
              { ...rest, ...(at.t && { pageToken: at.t }), ...(pageSizeMax !== undefined && { pageSize }) },
              context,
            ),
          )
          const { nextPageToken, ...out } = page
          return {
            page: out,
            next: typeof nextPageToken === 'string' && nextPageToken ? { t: nextPageToken } : undefined,
          }
        },
      }
    }
    case 'utxoCursor':
      return {
        field: 'utxos',
        max: MAX_LIMIT,
        sized: true,
        async fetch(rest, at, pageSize, context) {
          const startIndex = at.a && at.u ? { address: at.a, utxo: at.u } : undefined
          const raw = (await call({ ...rest, limit: pageSize, ...(startIndex && { startIndex }) }, context)) as {
            utxos?: unknown[] | null
            endIndex?: { address: string; utxo: string }
          }
          const end = (raw.utxos?.length ?? 0) >= pageSize ? raw.endIndex : undefined
          return { page: asRecord(raw), next: end && { a: end.address, u: end.utxo } }
        },
      }
    case 'indexRange':
      return {
        field: 'containers',
        max: MAX_LIMIT,
        sized: true,
        async fetch(rest, at, pageSize, context) {
          const raw = (await call({ ...rest, startIndex: at.i ?? rest.startIndex, numToFetch: pageSize }, context)) as {
            containers: { index: bigint }[]
          }
          const last = raw.containers.at(-1)
          const next = raw.containers.length >= pageSize && last ? { i: String(last.index + 1n) } : undefined
          return { page: asRecord(raw), next }
        },
      }
    default:
      return undefined
  }
}

/** Input schema of a paginated tool: the API's own paging parameters replaced by `limit` and `cursor`. */
function pagedInput(op: AnyOperation, input: ObjectSchema, max: number): ObjectSchema {
  const replaced = {
    pageToken: ['pageToken', 'pageSize'],
    utxoCursor: ['limit', 'startIndex'],
    indexRange: ['numToFetch'],
  }[op.pagination?.kind as 'pageToken']
  return editObjects(input, (s) => setProperties(s, { limit: limitProperty(max), cursor: cursorProperty }, replaced))
}

/** The full output schema of an operation (what avalanche_describe_operation shows), with paging as tools see it. */
export function operationOutputSchema(op: AnyOperation, depth = DESCRIBED_SCHEMA_DEPTH): ObjectSchema {
  let output = compactSchema(jsonSchema(op.result), depth) as ObjectSchema
  if (op.secretFields) {
    const secrets = [...op.secretFields]
    output = editObjects(output, (s) => setProperties(s, { [WITHHELD]: withheldProperty }, secrets))
  }
  if (!op.pagination) return output
  return editObjects(output, (s) => setProperties(s, { nextCursor: nextCursorProperty }, ['nextPageToken']))
}

/** The tool of one catalog operation: schemas from its zod params/result, pagination mapped to limit/cursor. */
export function operationTool(op: AnyOperation): ToolDefinition {
  const name = toolName(op.id)
  const [, method = op.id] = op.id.split('.')
  const title = `${SERVICE_LABEL[op.service]}: ${words(method)}`
  let rawInput: ObjectSchema | undefined
  const input = () => {
    rawInput ??= jsonSchema(op.params)
    return rawInput
  }
  let source: PageSource | undefined | null = null
  const pages = () => {
    if (source === null) source = pageSource(op, input)
    return source
  }
  let inputSchema: ObjectSchema | undefined
  let outputSchema: ObjectSchema | undefined
  const extra =
    op.pagination?.kind === 'utxoCursor'
      ? [
          PAGING_NOTE,
          "utxos are the UTXO bytes (hex with checksum); avalanche_address_overview sums balances for you by the node's rules (X: spendable alone and total; P: unlocked, lockedStakeable, lockedNotStakeable).",
        ]
      : op.pagination
        ? [PAGING_NOTE]
        : []
  if (op.secretFields) extra.push(SECRET_NOTE)
  return {
    name,
    toolset: toolsetOf(op),
    title,
    description: describe(op, extra),
    annotations: {
      title,
      readOnlyHint: op.readOnly,
      destructiveHint: !op.readOnly && op.destructive === true,
      idempotentHint: op.idempotent,
      openWorldHint: true,
    },
    operation: op,
    fields: true,
    get inputSchema() {
      if (!inputSchema) {
        const paged = pages()
        const base = paged ? pagedInput(op, input(), paged.max) : input()
        inputSchema = editObjects(base, (s) => setProperties(s, { fields: fieldsProperty }, []))
      }
      return inputSchema
    },
    get outputSchema() {
      outputSchema ??= operationOutputSchema(op, OUTPUT_SCHEMA_DEPTH)
      return outputSchema
    },
    async run(args, context) {
      const paged = pages()
      const out = paged
        ? await pagedRun(name, paged, args, context)
        : asRecord(await context.client.call(op, args, { signal: context.signal } satisfies CallOptions))
      return withholdSecrets(op, out, context.client.urls.data)
    },
  }
}

let tools: readonly ToolDefinition[] | undefined
let byName: ReadonlyMap<string, ToolDefinition> | undefined

/** Every catalog operation as a tool, in catalog order (deterministic `tools/list`); built once, on first use. */
export function catalogTools(): readonly ToolDefinition[] {
  tools ??= Object.freeze(catalog.map(operationTool))
  return tools
}

/** The tool of an operation, by tool name (`platform_getHeight`) or operation ID (`platform.getHeight`). */
export function catalogTool(name: string): ToolDefinition | undefined {
  byName ??= new Map(catalogTools().map((t) => [t.name, t]))
  return byName.get(toolName(name))
}
