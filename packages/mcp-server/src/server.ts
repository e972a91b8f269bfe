import {
  ApiDisabledError,
  type AvalancheClient,
  AvalancheError,
  catalog,
  createClient,
  InvalidParamsError,
  JsonRpcError,
  type Logger,
  networks,
} from '@avalanche-automation/core'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import pkg from '../package.json' with { type: 'json' }
import { compositeTools } from './composite.js'
import type { ServerConfig } from './config.js'
import { CursorError } from './cursor.js'
import { catalogTools, DEFAULT_LIMIT, MAX_LIMIT, type ToolDefinition, ToolInputError, toolName } from './tools.js'

export const NAME = 'avalanche-mcp'
export const VERSION: string = pkg.version

/** Text content longer than this is cut, with a note on how to get the rest. */
export const MAX_TEXT_CHARS = 50_000

const INSTRUCTIONS = `Tools read an Avalanche node (info_*, health_*, avm_* for the X-Chain, platform_* for the P-Chain, index_*), the Data API (data_*) and the Metrics API (metrics_*); avalanche_* tools answer common questions in one call.
Amounts are integers in the smallest unit as decimal strings (AVAX: 1 AVAX = 10^9 nAVAX on X/P; 10^18 wei on the C-Chain). Times are Unix seconds unless a field says otherwise.
List tools take limit (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT}) and return nextCursor while more items exist: call again with the same arguments plus cursor.
A result with isError explains what to change; fix the arguments and retry.`

export interface CreateServerOptions {
  config: ServerConfig
  /** A client to use instead of one built from `config` (tests, embedding). */
  client?: AvalancheClient | undefined
  /** Where deprecation and diagnostic events go (stderr in the CLI). Secrets are already redacted by core. */
  logger?: Logger | undefined
}

/** The tools a configuration exposes, in a stable order: catalog operations, then composite tools. */
export function selectTools(config: ServerConfig): ToolDefinition[] {
  const enabled = new Set(config.toolsets.filter((t) => t !== 'admin' || config.enableAdmin))
  return [...catalogTools(), ...compositeTools].filter((tool) => enabled.has(tool.toolset))
}

export function createAvalancheClient(config: ServerConfig, logger?: Logger): AvalancheClient {
  return createClient({
    network: config.network,
    nodeUrl: config.nodeUrl,
    dataApiUrl: config.dataApiUrl,
    metricsApiUrl: config.metricsApiUrl,
    apiKey: config.apiKey,
    logger,
  })
}

/**
 * Builds an MCP server over one core client. The server holds no per-session state: every handler is a function of
 * its request, so the same definition serves stdio and stateless HTTP (one server per request).
 */
let validator: AjvJsonSchemaValidator | undefined
/** One JSON Schema validator for every server: the SDK builds a new Ajv per server otherwise (costly per HTTP request). */
const sharedValidator = () => {
  validator ??= new AjvJsonSchemaValidator()
  return validator
}

/** What a configuration's servers share: built once per configuration, not once per HTTP request. */
interface Prepared {
  tools: ToolDefinition[]
  byName: Map<string, ToolDefinition>
  names: Set<string>
  listed: Pick<ToolDefinition, 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>[]
}
const prepared = new WeakMap<ServerConfig, Prepared>()

function prepare(config: ServerConfig): Prepared {
  let p = prepared.get(config)
  if (!p) {
    const tools = selectTools(config)
    p = {
      tools,
      byName: new Map(tools.map((t) => [t.name, t])),
      names: new Set(tools.map((t) => t.name)),
      listed: tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
        name,
        title,
        description,
        inputSchema,
        outputSchema,
        annotations,
      })),
    }
    prepared.set(config, p)
  }
  return p
}

export function createServer(options: CreateServerOptions): Server {
  const { config } = options
  const client = options.client ?? createAvalancheClient(config, options.logger)
  const { tools, byName, names, listed } = prepare(config)
  const server = new Server(
    { name: NAME, title: 'Avalanche', version: VERSION },
    {
      capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: sharedValidator(),
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name)
    if (!tool) {
      const hint = [...catalogTools(), ...compositeTools].some((t) => t.name === request.params.name)
        ? ' (its toolset is not enabled: see --toolsets and --enable-admin)'
        : ''
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}${hint}`)
    }
    try {
      const out = await tool.run(request.params.arguments ?? {}, { client, config, signal: extra.signal })
      return { content: [{ type: 'text', text: boundedText(out) }], structuredContent: out }
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: errorText(tool, error) }] }
    }
  })
  registerResources(server, config, client, tools)
  registerPrompts(server, names)
  return server
}

/** The JSON of a result, cut at MAX_TEXT_CHARS with a note saying how to get less at a time. */
export function boundedText(value: unknown): string {
  const text = JSON.stringify(value)
  if (text.length <= MAX_TEXT_CHARS) return text
  return `${text.slice(0, MAX_TEXT_CHARS)}\n[truncated: ${MAX_TEXT_CHARS} of ${text.length} characters shown. structuredContent holds the whole result; to read less at a time pass a smaller limit and follow nextCursor, or narrow the query (e.g. nodeIDs, addresses, a block range).]`
}

/** An error as the model should read it: what failed and how to change the call. */
export function errorText(tool: ToolDefinition, error: unknown): string {
  if (error instanceof ToolInputError || error instanceof CursorError) {
    return `Invalid arguments for ${tool.name}: ${error.message}. Fix the arguments and call again; the tool's input schema lists what is accepted.`
  }
  if (InvalidParamsError.isInstance(error)) {
    const issues = error.issues.map((i) => `${i.path || 'arguments'}: ${i.message}`).join('; ')
    return `Invalid arguments for ${tool.name}: ${issues}. Fix the arguments and call again; the tool's input schema lists what is accepted.`
  }
  if (ApiDisabledError.isInstance(error)) {
    return `${error.shortMessage}. This tool cannot work against this node until it is restarted with ${error.flag}.`
  }
  if (JsonRpcError.isInstance(error)) {
    const hint = error.isNotFound ? ' Check the ID or index you passed: the node does not know it.' : ''
    return `The node rejected ${tool.name}: ${error.rpcMessage}.${hint}`
  }
  if (AvalancheError.isInstance(error)) {
    const retry = error.isRetryable ? ' This is temporary: retry later.' : ''
    return `${tool.name} failed: ${error.message}${retry}`
  }
  return `${tool.name} failed: ${(error as Error)?.message ?? String(error)}`
}

// ---- resources ---------------------------------------------------------------------------------------------------

const NETWORKS_URI = 'avalanche://networks'
const CATALOG_URI = 'avalanche://catalog'

function registerResources(
  server: Server,
  config: ServerConfig,
  client: AvalancheClient,
  tools: readonly ToolDefinition[],
): void {
  const resources = [
    {
      uri: NETWORKS_URI,
      name: 'networks',
      title: 'Avalanche networks and endpoints',
      description: 'The public networks with their node, Data API and Metrics API endpoints, and the ones in use.',
      mimeType: 'application/json',
    },
    {
      uri: CATALOG_URI,
      name: 'catalog',
      title: 'Operation catalog',
      description: 'Every operation this server knows: tool name, toolset, summary, flags, pagination, deprecation.',
      mimeType: 'text/markdown',
    },
  ]
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params
    if (uri === NETWORKS_URI) {
      const body = {
        inUse: { network: config.network, ...client.urls, dataApiKey: config.apiKey ? 'configured' : 'none' },
        networks,
      }
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }] }
    }
    if (uri === CATALOG_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: catalogMarkdown(tools) }] }
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}; see resources/list`)
  })
}

function catalogMarkdown(enabled: readonly ToolDefinition[]): string {
  const on = new Set(enabled.map((t) => t.name))
  const lines = ['# Avalanche operations', '', `${on.size} tools enabled here (marked ✓).`, '']
  for (const op of catalog) {
    const flags = [
      op.readOnly ? 'read-only' : 'changes node state',
      op.destructive ? 'destructive' : undefined,
      op.pagination ? 'paginated (limit, cursor)' : undefined,
      op.requires ? `needs ${op.requires}` : undefined,
      op.deprecated ? `deprecated since ${op.deprecated.since}` : undefined,
    ].filter(Boolean)
    const name = toolName(op.id)
    lines.push(`- ${on.has(name) ? '✓' : '·'} \`${name}\` (${op.id}, ${flags.join(', ')}): ${op.summary}`)
  }
  for (const tool of compositeTools) {
    lines.push(`- ${on.has(tool.name) ? '✓' : '·'} \`${tool.name}\` (composite): ${tool.description}`)
  }
  return lines.join('\n')
}

// ---- prompts -----------------------------------------------------------------------------------------------------

const prompts = [
  {
    name: 'validator_health_review',
    title: 'Validator health review',
    description: "Review a validator's standing: uptime, connection, end of staking period, delegations, node health.",
    arguments: [
      { name: 'nodeID', description: 'NodeID-... of the validator', required: true },
      { name: 'subnetID', description: 'A Subnet or L1 it also validates (optional)', required: false },
    ],
  },
  {
    name: 'address_activity_summary',
    title: 'Address activity summary',
    description: 'Summarise the balances and recent activity of an address across the X-, P- and C-Chain.',
    arguments: [
      { name: 'address', description: 'X-..., P-... or bare bech32 address', required: true },
      { name: 'evmAddress', description: 'Its 0x address on the C-Chain (optional)', required: false },
    ],
  },
]

function registerPrompts(server: Server, tools: ReadonlySet<string>): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts }))
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const args = request.params.arguments ?? {}
    const missing = (name: string) =>
      new McpError(ErrorCode.InvalidParams, `Prompt ${request.params.name} needs the argument ${name}`)
    const use = (name: string, fallback: string) => (tools.has(name) ? `\`${name}\`` : fallback)
    let text: string
    if (request.params.name === 'validator_health_review') {
      if (!args.nodeID) throw missing('nodeID')
      const subnet = args.subnetID ? ` and on the subnet ${args.subnetID}` : ''
      text = `Review the health of the Avalanche validator ${args.nodeID} on the Primary Network${subnet}.
1. Call ${use('avalanche_validator_report', '`platform_getCurrentValidators` with nodeIDs')} with nodeID "${args.nodeID}"${args.subnetID ? ` and subnetID "${args.subnetID}"` : ''}.
2. Call ${use('avalanche_chain_status', '`health_health`')} to see whether the node you are connected to is healthy and bootstrapped.
3. Report: is it validating, connected, its uptime against the 80% reward threshold, time left until endTime, weight and delegations (count and weight), potential reward; then every finding, most serious first, with a concrete action for each. Amounts are nAVAX (1 AVAX = 10^9 nAVAX).`
    } else if (request.params.name === 'address_activity_summary') {
      if (!args.address) throw missing('address')
      const evm = args.evmAddress ? ` and evmAddress "${args.evmAddress}"` : ''
      text = `Summarise the activity of the Avalanche address ${args.address}.
1. Call ${use('avalanche_address_overview', '`avm_getUTXOs` and `platform_getUTXOs`')} with address "${args.address}"${evm}.
2. If recent transactions are listed, group them by type and direction; fetch details with ${use('avm_getTx', 'the transaction tools')} only when needed.
3. Report balances per chain in AVAX (1 AVAX = 10^9 nAVAX on X/P, 10^18 wei on C) and other assets by ID, naming each figure: X-Chain spendable (held alone, unlocked) and total; P-Chain unlocked, lockedStakeable (stake-locked: staking only) and lockedNotStakeable (time-locked). Then the latest activity with dates, and anything unusual (locked or shared balances, errors, notes).`
    } else {
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}; see prompts/list`)
    }
    return {
      description: prompts.find((p) => p.name === request.params.name)?.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
    }
  })
}
