/**
 * The tools that keep every operation reachable from a short tool list: find operations by words, describe one (its
 * input and output schemas), and call any read-only one by name with the same validation, paging and bounds as its
 * own tool.
 */
import { parseFields } from './bounded.js'
import {
  type ObjectSchema,
  operationOutputSchema,
  shapeResult,
  type ToolContext,
  type ToolDefinition,
  ToolInputError,
} from './tools.js'
import { TOOLSETS } from './toolsets.js'

/** What a server reaches: every tool it may run (listed or not) and the names it lists. */
export interface Scope {
  reachable: ReadonlyMap<string, ToolDefinition>
  listed: ReadonlySet<string>
}

/** An error from the operation avalanche_call_operation ran, reported in that operation's name. */
export class TargetError extends Error {
  override name = 'TargetError'
  constructor(
    readonly tool: ToolDefinition,
    readonly error: unknown,
  ) {
    super((error as Error)?.message ?? String(error))
  }
}

const SYNONYMS: Record<string, string[]> = {
  tx: ['transaction'],
  txs: ['transaction'],
  nft: ['erc721', 'erc1155'],
  token: ['erc20', 'asset'],
  tokens: ['erc20', 'asset'],
  stake: ['staking', 'validator', 'delegator'],
  staking: ['validator', 'delegator'],
  coin: ['asset', 'balance'],
  fee: ['fees'],
  peer: ['peers'],
  status: ['health', 'bootstrapped'],
}

/** Lower-case words of a text or an identifier (`getCurrentValidators` → get, current, validators). */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1)
}

const stem = (word: string) => (word.length > 3 ? word.replace(/(es|s)$/, '') : word)

/** How well a tool matches the query words: a word in its name counts 3, in its title or summary 1. */
function score(tool: ToolDefinition, query: readonly string[][]): number {
  const name = new Set(wordsOf(tool.name).map(stem))
  const text = new Set(wordsOf(`${tool.title} ${summaryOf(tool)} ${tool.toolset}`).map(stem))
  let total = 0
  for (const alternatives of query) {
    let best = 0
    for (const word of alternatives) {
      if (name.has(word)) best = Math.max(best, 3)
      else if (text.has(word)) best = Math.max(best, 1)
      else if (word.length >= 4 && [...name, ...text].some((w) => w.startsWith(word))) best = Math.max(best, 1)
    }
    total += best
  }
  return total
}

function summaryOf(tool: ToolDefinition): string {
  return tool.operation?.summary ?? tool.description.split(/(?<=\.)\s/)[0] ?? tool.description
}

function scopeOf(context: ToolContext): Scope {
  if (!context.scope) throw new Error('discovery tools need the server scope')
  return context.scope
}

function findTool(scope: Scope, name: unknown): ToolDefinition {
  if (typeof name !== 'string' || !name.trim()) {
    throw new ToolInputError('name: give an operation name such as platform_getCurrentValidators')
  }
  const wanted = name.trim().replace(/\./g, '_')
  const tool = scope.reachable.get(wanted)
  if (tool) return tool
  const close = search(scope, wordsOf(wanted).join(' '), 5).map((t) => t.name)
  throw new ToolInputError(
    `name: no operation "${name}" here${close.length ? `; close matches: ${close.join(', ')}` : ''}. avalanche_find_operations finds operations by words`,
  )
}

function search(scope: Scope, query: string, limit: number, toolset?: string): ToolDefinition[] {
  const words = wordsOf(query).map((w) => [stem(w), ...(SYNONYMS[w] ?? []).map(stem)])
  const tools = [...scope.reachable.values()].filter((t) => !toolset || t.toolset === toolset)
  if (!words.length) return tools.slice(0, limit)
  return tools
    .map((tool, order) => ({ tool, order, score: score(tool, words) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((r) => r.tool)
}

const readOnlyLocal = (title: string) => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
})

const findOperations: ToolDefinition = {
  name: 'avalanche_find_operations',
  toolset: 'node',
  title: 'Find operations',
  description:
    'Finds Avalanche operations by words (e.g. "validator uptime", "erc20 balances", "x-chain block"): every node, Data API and Metrics API operation this server reaches, listed as a tool or not, with its toolset and one-line summary. Then describe one with avalanche_describe_operation and run it with avalanche_call_operation (or its own tool when listed).',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to look for in operation names and summaries; empty lists all.' },
      toolset: {
        type: 'string',
        enum: [...TOOLSETS],
        description: 'Only this toolset.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Most operations to return.' },
    },
  },
  outputSchema: {
    type: 'object',
    properties: {
      operations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            toolset: { type: 'string' },
            summary: { type: 'string' },
            listed: { type: 'boolean', description: 'A tool of its own here; otherwise use avalanche_call_operation.' },
          },
        },
      },
      total: { type: 'integer', description: 'Operations this server reaches.' },
    },
  },
  annotations: readOnlyLocal('Find operations'),
  async run(args, context) {
    const { query = '', toolset, limit = 10, ...extra } = args
    if (Object.keys(extra).length) throw new ToolInputError(`unknown argument ${Object.keys(extra).join(', ')}`)
    if (typeof query !== 'string') throw new ToolInputError('query: must be a string of words')
    const count = typeof limit === 'string' ? Number(limit) : limit
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100) {
      throw new ToolInputError(`limit: must be a whole number from 1 to 100 (got ${JSON.stringify(limit)})`)
    }
    const scope = scopeOf(context)
    return {
      operations: search(scope, query, count, typeof toolset === 'string' ? toolset : undefined).map((tool) => ({
        name: tool.name,
        toolset: tool.toolset,
        summary: summaryOf(tool),
        listed: scope.listed.has(tool.name),
        ...(tool.operation?.pagination && { paginated: true }),
        ...(tool.operation?.deprecated && { deprecated: `since ${tool.operation.deprecated.since}` }),
        ...(!tool.annotations.readOnlyHint && { changesNodeState: true }),
      })),
      total: scope.reachable.size,
    }
  },
}

const describeOperation: ToolDefinition = {
  name: 'avalanche_describe_operation',
  toolset: 'node',
  title: 'Describe an operation',
  description:
    'The whole description of one operation: what it returns, its input schema (the arguments avalanche_call_operation takes), its output schema, and whether it is listed as a tool here.',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string', description: 'Operation name, e.g. platform_getCurrentValidators.' } },
    required: ['name'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      toolset: { type: 'string' },
      description: { type: 'string' },
      listed: { type: 'boolean' },
      howToCall: { type: 'string' },
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object' },
    },
  },
  annotations: readOnlyLocal('Describe an operation'),
  async run(args, context) {
    const scope = scopeOf(context)
    const tool = findTool(scope, args.name)
    const listed = scope.listed.has(tool.name)
    const howToCall = listed
      ? `Call the tool ${tool.name} directly.`
      : tool.annotations.readOnlyHint
        ? `Call avalanche_call_operation with {"name":"${tool.name}","arguments":{...}}.`
        : 'It changes something: only its own tool runs it (listed with --enable-admin, or --enable-writes for the Data API).'
    // The fullest output schema that fits the result budget.
    const base = { name: tool.name, toolset: tool.toolset, title: tool.title, description: tool.description, listed }
    let outputSchema: ObjectSchema = tool.outputSchema
    if (tool.operation) {
      for (let depth = 6; depth >= 2; depth--) {
        outputSchema = operationOutputSchema(tool.operation, depth)
        if (
          Buffer.byteLength(JSON.stringify({ base, outputSchema, input: tool.inputSchema })) <
          context.maxBytes - 1_000
        )
          break
      }
    }
    return { ...base, howToCall, annotations: tool.annotations, inputSchema: tool.inputSchema, outputSchema }
  },
}

const callOperation: ToolDefinition = {
  name: 'avalanche_call_operation',
  toolset: 'node',
  title: 'Call an operation',
  description:
    'Runs any read-only operation by name with its arguments, validated as its own tool validates them (list operations take limit and cursor and return nextCursor). Find names with avalanche_find_operations; avalanche_describe_operation shows the arguments.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Operation name, e.g. data_listErc20Balances.' },
      arguments: { type: 'object', description: "The operation's arguments, as its input schema describes them." },
    },
    required: ['name'],
  },
  outputSchema: { type: 'object', description: "The operation's result, as its output schema describes it." },
  annotations: {
    title: 'Call an operation',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  fields: true,
  async run(args, context) {
    const { name, arguments: given = {}, ...extra } = args
    if (Object.keys(extra).length) throw new ToolInputError(`unknown argument ${Object.keys(extra).join(', ')}`)
    const tool = findTool(scopeOf(context), name)
    if (!tool.annotations.readOnlyHint) {
      throw new ToolInputError(
        `name: ${tool.name} changes something; avalanche_call_operation runs read-only operations only (call ${tool.name} itself, listed with --enable-admin, or --enable-writes for the Data API)`,
      )
    }
    if (!given || typeof given !== 'object' || Array.isArray(given)) {
      throw new ToolInputError('arguments: must be an object of the operation’s arguments')
    }
    // `fields` may come inside the arguments too, as the operation's own tool takes it.
    const { fields: inner, ...targetArgs } = given as Record<string, unknown>
    const fields = context.fields ?? parseFields(inner)
    try {
      return shapeResult(await tool.run(targetArgs, { ...context, fields }), fields)
    } catch (error) {
      throw new TargetError(tool, error)
    }
  },
}

export const discoveryTools: readonly ToolDefinition[] = [findOperations, describeOperation, callOperation]
