import {
  type AnyOperation,
  type AvalancheClient,
  type CallOptions,
  catalog,
  findOperation,
  type Service,
  toJson,
} from '@avalanche-automation/core'
import { z } from 'zod'
import type { ServerConfig, Toolset } from './config.js'
import { argsKey, type CursorPosition, decodeCursor, encodeCursor } from './cursor.js'

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
}

/** One MCP tool: metadata for `tools/list` and a handler that returns JSON-safe structured content. */
export interface ToolDefinition {
  name: string
  toolset: Toolset
  title: string
  description: string
  inputSchema: ObjectSchema
  outputSchema: ObjectSchema
  annotations: ToolAnnotations
  run(args: Record<string, unknown>, context: ToolContext): Promise<Record<string, unknown>>
}

/** A problem with the tool arguments found by this server (core reports its own as InvalidParamsError). */
export class ToolInputError extends Error {
  override name = 'ToolInputError'
}

export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 200

export const TOOLSET_OF_SERVICE: Record<Service, Toolset> = {
  admin: 'admin',
  avm: 'xchain',
  platform: 'pchain',
  index: 'index',
  info: 'node',
  health: 'node',
  data: 'data',
  metrics: 'metrics',
}

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
export function jsonSchema(schema: z.ZodType): ObjectSchema {
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

/** Nesting kept in output schemas: deeper levels keep only their type, so `tools/list` stays small. */
export const OUTPUT_SCHEMA_DEPTH = 3

/**
 * A smaller JSON Schema that accepts at least what `schema` accepts: below `depth` levels of properties/items a node
 * keeps only its `type`; `additionalProperties: {}` (the default) goes; a union with an unconstrained member is
 * unconstrained. Output schemas get this treatment: they describe the result's shape to the model, and the complete
 * detail of every Data API field would make `tools/list` hundreds of kilobytes.
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
  description: `Most items to return (1 to ${max}, default ${DEFAULT_LIMIT}); fewer may come back, nextCursor tells whether more exist.`,
})
const cursorProperty = {
  type: 'string',
  description: 'nextCursor of the previous result, to continue the listing; repeat the other arguments unchanged.',
}
const nextCursorProperty = {
  type: 'string',
  description: 'Present when more items exist: pass it as cursor, with the same other arguments, for the next page.',
}

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

function describe(op: AnyOperation, extra: string[]): string {
  const parts = [op.summary]
  if (op.description) parts.push(op.pagination ? forPagedTool(op.description) : op.description)
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

const PAGING_NOTE =
  'Paginated: returns up to `limit` items; when nextCursor is present, call again with the same arguments plus cursor=nextCursor.'

/** The tool of one catalog operation: schemas from its zod params/result, pagination mapped to limit/cursor. */
export function operationTool(op: AnyOperation): ToolDefinition {
  const name = toolName(op.id)
  const [, method = op.id] = op.id.split('.')
  const title = `${SERVICE_LABEL[op.service]}: ${words(method)}`
  const base = {
    name,
    toolset: TOOLSET_OF_SERVICE[op.service],
    title,
    annotations: {
      title,
      readOnlyHint: op.readOnly,
      destructiveHint: !op.readOnly && op.destructive === true,
      idempotentHint: op.idempotent,
      openWorldHint: true,
    },
  }
  const input = jsonSchema(op.params)
  const output = compactSchema(jsonSchema(op.result), OUTPUT_SCHEMA_DEPTH) as ObjectSchema
  const call = (params: Record<string, unknown>, context: ToolContext) =>
    context.client.call(op, params, { signal: context.signal } satisfies CallOptions)

  switch (op.pagination?.kind) {
    case 'pageToken': {
      const field = op.pagination.items as string
      const pageSizeMax = (input.properties?.pageSize as { maximum?: number } | undefined)?.maximum
      const max = Math.min(MAX_LIMIT, pageSizeMax ?? MAX_LIMIT)
      return {
        ...base,
        description: describe(op, [PAGING_NOTE]),
        inputSchema: editObjects(input, (s) =>
          setProperties(s, { limit: limitProperty(max), cursor: cursorProperty }, ['pageToken', 'pageSize']),
        ),
        outputSchema: editObjects(output, (s) =>
          setProperties(s, { nextCursor: nextCursorProperty }, ['nextPageToken']),
        ),
        async run(args, context) {
          const { limit, position, key, rest } = pageArgs(name, args, max)
          const pageSize = position.n ?? (pageSizeMax === undefined ? undefined : limit)
          const page = (await call(
            { ...rest, ...(position.t && { pageToken: position.t }), ...(pageSize && { pageSize }) },
            context,
          )) as Record<string, unknown>
          const items = (page[field] as unknown[] | undefined) ?? []
          const skip = position.s ?? 0
          const taken = items.slice(skip, skip + limit)
          const next: CursorPosition | undefined =
            skip + taken.length < items.length
              ? { ...(position.t && { t: position.t }), s: skip + taken.length, ...(pageSize && { n: pageSize }) }
              : typeof page.nextPageToken === 'string' && page.nextPageToken
                ? { t: page.nextPageToken }
                : undefined
          const { nextPageToken: _, ...out } = asRecord({ ...page, [field]: taken })
          return next ? { ...out, nextCursor: encodeCursor(key, next) } : out
        },
      }
    }
    case 'utxoCursor':
      return {
        ...base,
        description: describe(op, [
          PAGING_NOTE,
          "utxos are the UTXO bytes (hex with checksum); avalanche_address_overview sums balances for you by the node's rules (X: spendable alone and total; P: unlocked, lockedStakeable, lockedNotStakeable).",
        ]),
        inputSchema: editObjects(input, (s) =>
          setProperties(s, { limit: limitProperty(MAX_LIMIT), cursor: cursorProperty }, ['limit', 'startIndex']),
        ),
        outputSchema: editObjects(output, (s) => setProperties(s, { nextCursor: nextCursorProperty }, [])),
        async run(args, context) {
          const { limit, position, key, rest } = pageArgs(name, args, MAX_LIMIT)
          const startIndex = position.a && position.u ? { address: position.a, utxo: position.u } : undefined
          const page = (await call({ ...rest, limit, ...(startIndex && { startIndex }) }, context)) as {
            utxos?: unknown[] | null
            endIndex?: { address: string; utxo: string }
          }
          const out = asRecord(page)
          const end = (page.utxos?.length ?? 0) >= limit ? page.endIndex : undefined
          return end ? { ...out, nextCursor: encodeCursor(key, { a: end.address, u: end.utxo }) } : out
        },
      }
    case 'indexRange':
      return {
        ...base,
        description: describe(op, [PAGING_NOTE]),
        inputSchema: editObjects(input, (s) =>
          setProperties(s, { limit: limitProperty(MAX_LIMIT), cursor: cursorProperty }, ['numToFetch']),
        ),
        outputSchema: editObjects(output, (s) => setProperties(s, { nextCursor: nextCursorProperty }, [])),
        async run(args, context) {
          const { limit, position, key, rest } = pageArgs(name, args, MAX_LIMIT)
          const startIndex = position.i ?? rest.startIndex
          const page = (await call({ ...rest, startIndex, numToFetch: limit }, context)) as {
            containers: { index: bigint }[]
          }
          const last = page.containers.at(-1)
          const out = asRecord(page)
          return page.containers.length >= limit && last
            ? { ...out, nextCursor: encodeCursor(key, { i: String(last.index + 1n) }) }
            : out
        },
      }
    default:
      return {
        ...base,
        description: describe(op, []),
        inputSchema: input,
        outputSchema: output,
        run: async (args, context) => asRecord(await call(args, context)),
      }
  }
}

let tools: readonly ToolDefinition[] | undefined

/** Every catalog operation as a tool, in catalog order (deterministic `tools/list`); built once, on first use. */
export function catalogTools(): readonly ToolDefinition[] {
  tools ??= Object.freeze(catalog.map(operationTool))
  return tools
}
