import { type AvalancheClient, catalog, networks, toJson } from '@avalanche-automation/core'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { bound, sanitize } from './bounded.js'
import { compositeTools } from './composite.js'
import { TOOLSETS, type Toolset } from './config.js'
import { discoveryTools } from './discovery.js'
import type { Selected } from './select.js'
import { type ToolContext, toolName } from './tools.js'

const NETWORKS_URI = 'avalanche://networks'
const CATALOG_URI = 'avalanche://catalog'

const staticResources = [
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

/** Chain aliases the templates take, and the toolset each one needs. */
export const CHAINS: Record<string, Toolset> = { X: 'xchain', P: 'pchain', C: 'evm' }

interface Template {
  uriTemplate: string
  name: string
  title: string
  description: string
  read(args: Record<string, string>, context: ToolContext): Promise<Record<string, unknown>>
}

const composite = (name: string) => compositeTools.find((t) => t.name === name) ?? missing(name)
const describeTool = discoveryTools.find((t) => t.name === 'avalanche_describe_operation') ?? missing('describe')
function missing(name: string): never {
  throw new Error(`no tool ${name}`)
}

function chainOf(value: string, context: ToolContext): 'X' | 'P' | 'C' {
  const chain = value.toUpperCase()
  const toolset = CHAINS[chain]
  if (!toolset) throw new McpError(ErrorCode.InvalidParams, `chain: use X, P or C (got "${value}")`)
  if (![...(context.scope?.reachable.values() ?? [])].some((t) => t.toolset === toolset)) {
    throw new McpError(ErrorCode.InvalidParams, `chain ${chain} needs the ${toolset} toolset on this server`)
  }
  return chain as 'X' | 'P' | 'C'
}

/** The read of the chain a template names (X and P from the node, C from the Data API), as JSON. */
async function perChain(
  chain: string,
  context: ToolContext,
  reads: Record<'X' | 'P' | 'C', (client: AvalancheClient) => Promise<unknown>>,
): Promise<Record<string, unknown>> {
  return toJson(await reads[chainOf(chain, context)](context.client)) as Record<string, unknown>
}

/** The C-Chain's blockchain ID, which the Data API takes as chainId. */
async function cChainId(client: AvalancheClient): Promise<string> {
  return (await client.info.getBlockchainID({ alias: 'C' })).blockchainID
}

export const templates: readonly Template[] = [
  {
    uriTemplate: 'avalanche://validators/{nodeID}',
    name: 'validator',
    title: 'A validator by node ID',
    description: "A validator's current record on the Primary Network with uptime, stake, end time and findings.",
    read: ({ nodeID = '' }, context) => {
      chainOf('P', context)
      return composite('avalanche_validator_report').run({ nodeID }, context)
    },
  },
  {
    uriTemplate: 'avalanche://transactions/{chain}/{txID}',
    name: 'transaction',
    title: 'A transaction by ID',
    description: 'A transaction of the X-, P- or C-Chain (chain X, P or C) by ID or hash, decoded.',
    read: ({ chain = '', txID = '' }, context) =>
      perChain(chain, context, {
        X: (client) => client.avm.getTx({ txID, encoding: 'json' }),
        P: (client) => client.platform.getTx({ txID, encoding: 'json' }),
        C: async (client) => client.data.getTransaction({ chainId: await cChainId(client), txHash: txID }),
      }),
  },
  {
    uriTemplate: 'avalanche://blocks/{chain}/{height}',
    name: 'block',
    title: 'A block by height',
    description: 'An accepted block of the X-, P- or C-Chain (chain X, P or C) at a height, decoded.',
    read({ chain = '', height = '' }, context) {
      if (!/^\d+$/.test(height)) throw new McpError(ErrorCode.InvalidParams, `height: a whole number (got "${height}")`)
      return perChain(chain, context, {
        X: (client) => client.avm.getBlockByHeight({ height: BigInt(height), encoding: 'json' }),
        P: (client) => client.platform.getBlockByHeight({ height: BigInt(height), encoding: 'json' }),
        C: async (client) => client.data.getBlock({ chainId: await cChainId(client), blockId: height }),
      })
    },
  },
  {
    uriTemplate: 'avalanche://operations/{name}',
    name: 'operation',
    title: 'An operation described',
    description: "One operation's description with its input and output schemas (as avalanche_describe_operation).",
    read: ({ name = '' }, context) => describeTool.run({ name }, context),
  },
  {
    uriTemplate: 'avalanche://networks/{network}',
    name: 'network',
    title: 'A network and its endpoints',
    description: 'The node, Data API and Metrics API endpoints of mainnet or fuji.',
    async read({ network = '' }) {
      const endpoints = networks[network as keyof typeof networks]
      if (!endpoints) throw new McpError(ErrorCode.InvalidParams, `network: use mainnet or fuji (got "${network}")`)
      return { network, ...endpoints }
    },
  },
]

const parsed = templates.map((t) => ({ template: t, uri: new UriTemplate(t.uriTemplate) }))

/** Values a template or prompt argument completes to (networks, toolsets, chain aliases, operation names). */
export function completionValues(argument: string, selected: Selected): string[] {
  switch (argument) {
    case 'network':
      return Object.keys(networks)
    case 'chain':
      return Object.keys(CHAINS)
    case 'toolset': {
      const served = new Set([...selected.reachable.values()].map((t) => t.toolset))
      return ['default', 'all', ...TOOLSETS.filter((t) => served.has(t))]
    }
    case 'name':
    case 'operation':
      return [...selected.reachable.keys()]
    default:
      return []
  }
}

export function registerResources(server: Server, selected: Selected, context: () => ToolContext): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: staticResources }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: templates.map(({ uriTemplate, name, title, description }) => ({
      uriTemplate,
      name,
      title,
      description,
      mimeType: 'application/json',
    })),
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params
    const { config, client } = context()
    if (uri === NETWORKS_URI) {
      const body = {
        inUse: { network: config.network, ...client.urls, dataApiKey: config.apiKey ? 'configured' : 'none' },
        networks,
      }
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }] }
    }
    if (uri === CATALOG_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: catalogMarkdown(selected) }] }
    for (const { template, uri: matcher } of parsed) {
      const match = matcher.match(uri)
      if (!match) continue
      const args = Object.fromEntries(
        Object.entries(match).map(([k, v]) => [k, decodeURIComponent(Array.isArray(v) ? v.join(',') : v)]),
      )
      let body: Record<string, unknown>
      try {
        body = await template.read(args, context())
      } catch (error) {
        if (error instanceof McpError) throw error
        throw new McpError(ErrorCode.InvalidParams, `${uri}: ${(error as Error).message}`)
      }
      const text = JSON.stringify(bound(sanitize(body) as Record<string, unknown>, config.maxResultBytes))
      return { contents: [{ uri, mimeType: 'application/json', text }] }
    }
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown resource: ${uri}; see resources/list and resources/templates/list`,
    )
  })
}

function catalogMarkdown(selected: Selected): string {
  const lines = [
    '# Avalanche operations',
    '',
    `${selected.listed.size} tools listed here (✓); ${selected.reachable.size} operations reachable (· : through avalanche_call_operation when read-only).`,
    '',
  ]
  for (const op of catalog) {
    const flags = [
      op.readOnly ? 'read-only' : 'changes something',
      op.destructive ? 'destructive' : undefined,
      op.secretFields ? `answers a secret (${op.secretFields.join(', ')}: withheld here)` : undefined,
      op.pagination ? 'paginated (limit, cursor)' : undefined,
      op.requires ? `needs ${op.requires}` : undefined,
      op.deprecated ? `deprecated since ${op.deprecated.since}` : undefined,
    ].filter(Boolean)
    const name = toolName(op.id)
    const mark = selected.listed.has(name) ? '✓' : selected.reachable.has(name) ? '·' : '✗'
    lines.push(`- ${mark} \`${name}\` (${op.id}, ${flags.join(', ')}): ${op.summary}`)
  }
  for (const tool of compositeTools) {
    lines.push(`- ${selected.listed.has(tool.name) ? '✓' : '✗'} \`${tool.name}\` (composite): ${tool.description}`)
  }
  return lines.join('\n')
}
