import { parseArgs } from 'node:util'
import type { NetworkName } from '@avalanche-automation/core'

import { DEFAULT_TOOLSETS, TOOLSET_SUMMARIES, TOOLSETS, type Toolset } from './toolsets.js'

export { DEFAULT_TOOLSETS, TOOLSETS, type Toolset }

/**
 * Names `--toolsets` and `X-MCP-Toolsets` accept besides the toolsets: `default` (the compact set: discovery tools,
 * composite tools and a few direct tools, every other operation reachable through avalanche_call_operation) and
 * `all` (one tool per operation of every toolset).
 */
export const TOOLSET_KEYWORDS = ['default', 'all'] as const

/** Which operations a server reaches, and which of them it lists as tools of their own. */
export interface ToolSelection {
  /** Toolsets whose operations are reachable (directly or through avalanche_call_operation). */
  reach: readonly Toolset[]
  /** Toolsets listed with one tool per operation; the rest of `reach` shows only its default direct tools. */
  expanded: readonly Toolset[]
  /** Only tools that change nothing (readOnlyHint). */
  readOnly: boolean
  /** Operations outside admin that change something (webhooks, the signing secret, signature aggregation) may be listed: --enable-writes. */
  writes: boolean
}

export interface ServerConfig extends ToolSelection {
  network: NetworkName
  nodeUrl?: string | undefined
  dataApiUrl?: string | undefined
  metricsApiUrl?: string | undefined
  /** Data API key: from the environment or a flag only, never from tool arguments. */
  apiKey?: string | undefined
  enableAdmin: boolean
  /** Largest tool result, in bytes of its JSON (text and structuredContent each); larger results are cut with a note. */
  maxResultBytes: number
}

export interface HttpConfig {
  port: number
  host: string
  /** Required as `Authorization: Bearer <token>` when set. */
  authToken?: string | undefined
  /** Extra Host names accepted besides loopback (for a reverse proxy). */
  allowedHosts: string[]
  /** Origins accepted on browser requests besides loopback ones. */
  allowedOrigins: string[]
  /** Request bodies larger than this are refused with 413. */
  maxBodyBytes: number
}

export interface CliConfig {
  server: ServerConfig
  http?: HttpConfig | undefined
  help: boolean
  version: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const DEFAULT_MAX_RESULT_BYTES = 20_000
const MIN_RESULT_BYTES = 2_000

export const HELP = `avalanche-mcp: every Avalanche node, Data API and Metrics API operation for MCP clients.

Usage: avalanche-mcp [options]            (stdio; logs go to stderr)
       avalanche-mcp --http [--port 3000]  (stateless Streamable HTTP on http://127.0.0.1:3000/mcp)

Options (environment variable in brackets):
  --network <name>          mainnet | fuji | devnet | custom [AVALANCHE_NETWORK]; default mainnet,
                            or custom when only --node-url is given
  --node-url <url>          node base URL, e.g. http://127.0.0.1:9650 [AVALANCHE_NODE_URL]
  --data-api-url <url>      Data API base URL [AVALANCHE_DATA_API_URL]
  --metrics-api-url <url>   Metrics API base URL [AVALANCHE_METRICS_API_URL]
  --api-key <key>           Data API key [AVALANCHE_DATA_API_KEY] (prefer the environment variable)
  --toolsets <list>         comma-separated [AVALANCHE_TOOLSETS]: default (a compact list; every read
                            operation reachable through avalanche_call_operation), all (one tool per
                            operation), or toolsets by name; e.g. default,staking. webhooks is only
                            reached when named, admin only with --enable-admin. Toolsets:
${TOOLSETS.map((t) => `                            ${t.padEnd(16)}${TOOLSET_SUMMARIES[t]}`).join('\n')}
  --read-only               list no tool that changes anything [AVALANCHE_READ_ONLY=true]
  --enable-admin            expose the node's admin API (needs --api-admin-enabled=true on the node)
  --enable-writes           list the Data API operations that change something: webhook writes
                            (with --toolsets ...,webhooks), rotating the signing secret, signature
                            aggregation [AVALANCHE_ENABLE_WRITES=true]
  --max-result-bytes <n>    largest tool result in bytes; larger ones are cut with a note on how to get
                            the rest (default ${DEFAULT_MAX_RESULT_BYTES}) [AVALANCHE_MCP_MAX_RESULT_BYTES]
  --http                    serve Streamable HTTP instead of stdio; clients may narrow the tools per
                            request with the headers X-MCP-Toolsets and X-MCP-Readonly
  --port <n>                HTTP port (default 3000; 0 = any free port)
  --host <addr>             HTTP bind address (default 127.0.0.1)
  --auth-token <token>      require "Authorization: Bearer <token>" on HTTP [AVALANCHE_MCP_AUTH_TOKEN]
  --allowed-hosts <list>    extra Host header names accepted on HTTP (behind a proxy)
  --allowed-origins <list>  extra Origin values accepted on HTTP
  -h, --help                this text
  -v, --version             the version
`

type Env = Readonly<Record<string, string | undefined>>

const NETWORKS: readonly NetworkName[] = ['mainnet', 'fuji', 'devnet', 'custom']

/** Reads flags first, then environment variables. Throws ConfigError with a message naming the flag. */
export function parseConfig(argv: readonly string[], env: Env = {}): CliConfig {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        network: { type: 'string' },
        'node-url': { type: 'string' },
        'data-api-url': { type: 'string' },
        'metrics-api-url': { type: 'string' },
        'api-key': { type: 'string' },
        toolsets: { type: 'string' },
        'read-only': { type: 'boolean' },
        'enable-admin': { type: 'boolean' },
        'enable-writes': { type: 'boolean' },
        'max-result-bytes': { type: 'string' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        'auth-token': { type: 'string' },
        'allowed-hosts': { type: 'string' },
        'allowed-origins': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }).values
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}. Run avalanche-mcp --help for the options.`)
  }
  const str = (flag: string, name?: string): string | undefined => {
    const value = (values[flag] as string | undefined) ?? (name ? env[name] : undefined)
    return value?.trim() ? value.trim() : undefined
  }
  const nodeUrl = str('node-url', 'AVALANCHE_NODE_URL')
  const networkText = str('network', 'AVALANCHE_NETWORK') ?? (nodeUrl ? 'custom' : 'mainnet')
  if (!NETWORKS.includes(networkText as NetworkName)) {
    throw new ConfigError(`--network must be one of ${NETWORKS.join(', ')} (got "${networkText}")`)
  }
  const network = networkText as NetworkName
  if ((network === 'devnet' || network === 'custom') && !nodeUrl) {
    throw new ConfigError(`--network ${network} needs --node-url (or AVALANCHE_NODE_URL)`)
  }
  const enableAdmin = values['enable-admin'] === true || env.AVALANCHE_ENABLE_ADMIN === 'true'
  const readOnly = values['read-only'] === true || isTruthy(env.AVALANCHE_READ_ONLY)
  const server: ServerConfig = {
    network,
    nodeUrl,
    dataApiUrl: str('data-api-url', 'AVALANCHE_DATA_API_URL'),
    metricsApiUrl: str('metrics-api-url', 'AVALANCHE_METRICS_API_URL'),
    apiKey: str('api-key', 'AVALANCHE_DATA_API_KEY'),
    ...parseToolsets(str('toolsets', 'AVALANCHE_TOOLSETS'), enableAdmin, '--toolsets'),
    readOnly,
    writes: values['enable-writes'] === true || isTruthy(env.AVALANCHE_ENABLE_WRITES),
    enableAdmin,
    maxResultBytes: wholeNumber(
      '--max-result-bytes',
      str('max-result-bytes', 'AVALANCHE_MCP_MAX_RESULT_BYTES'),
      DEFAULT_MAX_RESULT_BYTES,
      MIN_RESULT_BYTES,
    ),
  }
  let http: HttpConfig | undefined
  if (values.http) {
    http = {
      port: wholeNumber('--port', str('port', 'PORT'), 3000, 0, 65_535),
      host: str('host') ?? '127.0.0.1',
      authToken: str('auth-token', 'AVALANCHE_MCP_AUTH_TOKEN'),
      allowedHosts: list(str('allowed-hosts')),
      allowedOrigins: list(str('allowed-origins')),
      maxBodyBytes: 1_000_000,
    }
  }
  return { server, http, help: values.help === true, version: values.version === true }
}

/**
 * `default` → every default toolset reachable, none expanded; `all` → every default toolset expanded; `default,evm`
 * → every default toolset reachable, evm expanded; `node,pchain` → only those, expanded. `webhooks` only when named;
 * `admin` only with --enable-admin (and then also with `default` and `all`).
 */
export function parseToolsets(
  text: string | undefined,
  enableAdmin: boolean,
  source: string,
): Pick<ToolSelection, 'reach' | 'expanded'> {
  const names = list(text ?? 'default')
  const accepted = `use default, all, or any of ${TOOLSETS.join(', ')} (comma-separated)`
  if (!names.length) throw new ConfigError(`${source}: empty; ${accepted}`)
  const named = new Set<Toolset>()
  let everything = false
  let expandAll = false
  for (const name of names) {
    if (name === 'default' || name === 'all') {
      everything = true
      expandAll ||= name === 'all'
    } else if (!TOOLSETS.includes(name as Toolset)) {
      throw new ConfigError(`${source}: unknown toolset "${name}"; ${accepted}`)
    } else if (name === 'admin' && !enableAdmin) {
      throw new ConfigError(`${source}: the admin toolset needs --enable-admin on the server`)
    } else named.add(name as Toolset)
  }
  // Admin tools change node state: avalanche_call_operation never runs them, so when enabled they are listed.
  if (enableAdmin && everything) named.add('admin')
  const reach = TOOLSETS.filter((t) => named.has(t) || (everything && DEFAULT_TOOLSETS.includes(t)))
  const expanded = reach.filter((t) => named.has(t) || expandAll)
  return { reach, expanded }
}

/** The GitHub MCP server's reading of boolean headers: empty, false, f, no, n, 0 and off are false; the rest true. */
export function isTruthy(text: string | undefined): boolean {
  if (text === undefined) return false
  return !['', 'false', 'f', 'no', 'n', '0', 'off'].includes(text.trim().toLowerCase())
}

function wholeNumber(flag: string, text: string | undefined, fallback: number, min: number, max = 1e9): number {
  if (text === undefined) return fallback
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new ConfigError(`${flag} must be a whole number from ${min} to ${max} (got "${text}")`)
  }
  return n
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
