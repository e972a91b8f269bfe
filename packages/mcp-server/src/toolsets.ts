/**
 * Toolsets: the groups `--toolsets` and `X-MCP-Toolsets` choose from. The node's APIs and the Metrics API are one
 * toolset per API; the Data API, over 60 operations, is split by what a question is about (the description's tags:
 * EVM, Primary Network, staking, interchain messaging, webhooks), so that asking for one subject lists its tools only.
 */
import type { AnyOperation, Service } from '@avalanche-automation/core'

export const TOOLSETS = [
  'node',
  'xchain',
  'pchain',
  'index',
  'evm',
  'primary_network',
  'staking',
  'icm',
  'metrics',
  'webhooks',
  'admin',
] as const
export type Toolset = (typeof TOOLSETS)[number]

/**
 * What `default` and `all` reach. Left out: `webhooks` (your Data API account's subscriptions and signing secret,
 * reached only when named) and `admin` (only with --enable-admin).
 */
export const DEFAULT_TOOLSETS: readonly Toolset[] = TOOLSETS.filter((t) => t !== 'webhooks' && t !== 'admin')

/** One line per toolset, for the help text and the README. */
export const TOOLSET_SUMMARIES: Record<Toolset, string> = {
  node: 'node info and health; Data API health checks',
  xchain: 'X-Chain node API (avm)',
  pchain: 'P-Chain node API (platform)',
  index: 'index API (needs --index-enabled=true on the node)',
  evm: 'Data API: EVM chains, blocks, txs, balances, contracts',
  primary_network: 'Data API: P/X txs, blocks, UTXOs, balances, subnets',
  staking: 'Data API: validators, delegators, L1 validators, rewards',
  icm: 'Data API: interchain messages, signature aggregator',
  metrics: 'Metrics API',
  webhooks: 'Data API webhooks and signing secret (only when named)',
  admin: 'node admin API (needs --enable-admin)',
}

const SERVICE_TOOLSET: Record<Exclude<Service, 'data'>, Toolset> = {
  admin: 'admin',
  avm: 'xchain',
  platform: 'pchain',
  index: 'index',
  info: 'node',
  health: 'node',
  metrics: 'metrics',
}

/** Data API routes by subject; the first match wins (staking routes sit under /v1/networks too). */
const DATA_ROUTES: readonly [RegExp, Toolset][] = [
  [/^\/v1\/webhooks\b/, 'webhooks'],
  [/^\/v1\/(icm|signatureAggregator)\//, 'icm'],
  [/^\/v1\/networks\/[^/]+\/(validators|delegators|l1Validators|rewards)\b|\/transactions:listStaking$/, 'staking'],
  [/^\/v1\/(networks|avax)\//, 'primary_network'],
  [/^\/v[12]\/(chains|address)\b/, 'evm'],
  [/^\/v1\/(health|live)-check$/, 'node'],
]

/** The toolset of an operation; a Data API route no rule places is a mistake to fix here, not a silent default. */
export function toolsetOf(op: AnyOperation): Toolset {
  if (op.service !== 'data') return SERVICE_TOOLSET[op.service]
  const path = op.endpoint.replace(/^[A-Z]+ /, '') // `GET /v1/...`
  const match = DATA_ROUTES.find(([route]) => route.test(path))
  if (!match) throw new Error(`${op.id}: no toolset for the Data API route ${path} (add a rule in toolsets.ts)`)
  return match[1]
}
