import { parseArgs } from 'node:util'
import type { NetworkName } from '@avalanche-automation/core'

/** Groups of tools; `admin` is only available with `--enable-admin`. */
export const TOOLSETS = ['node', 'xchain', 'pchain', 'index', 'data', 'metrics', 'admin'] as const
export type Toolset = (typeof TOOLSETS)[number]
/** Every read-only toolset: the default. */
export const DEFAULT_TOOLSETS: readonly Toolset[] = ['node', 'xchain', 'pchain', 'index', 'data', 'metrics']

export interface ServerConfig {
  network: NetworkName
  nodeUrl?: string | undefined
  dataApiUrl?: string | undefined
  metricsApiUrl?: string | undefined
  /** Data API key: from the environment or a flag only, never from tool arguments. */
  apiKey?: string | undefined
  toolsets: readonly Toolset[]
  enableAdmin: boolean
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

export const HELP = `avalanche-mcp: every Avalanche node, Data API and Metrics API operation as MCP tools.

Usage: avalanche-mcp [options]            (stdio; logs go to stderr)
       avalanche-mcp --http [--port 3000]  (stateless Streamable HTTP on http://127.0.0.1:3000/mcp)

Options (environment variable in brackets):
  --network <name>          mainnet | fuji | devnet | custom [AVALANCHE_NETWORK]; default mainnet,
                            or custom when only --node-url is given
  --node-url <url>          node base URL, e.g. http://127.0.0.1:9650 [AVALANCHE_NODE_URL]
  --data-api-url <url>      Data API base URL [AVALANCHE_DATA_API_URL]
  --metrics-api-url <url>   Metrics API base URL [AVALANCHE_METRICS_API_URL]
  --api-key <key>           Data API key [AVALANCHE_DATA_API_KEY] (prefer the environment variable)
  --toolsets <list>         comma-separated: ${DEFAULT_TOOLSETS.join(',')},admin or all [AVALANCHE_TOOLSETS];
                            default: every read-only toolset
  --enable-admin            expose the node's admin API (needs --api-admin-enabled=true on the node)
  --http                    serve Streamable HTTP instead of stdio
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
        'enable-admin': { type: 'boolean' },
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
  const toolsets = parseToolsets(str('toolsets', 'AVALANCHE_TOOLSETS'), enableAdmin)
  const server: ServerConfig = {
    network,
    nodeUrl,
    dataApiUrl: str('data-api-url', 'AVALANCHE_DATA_API_URL'),
    metricsApiUrl: str('metrics-api-url', 'AVALANCHE_METRICS_API_URL'),
    apiKey: str('api-key', 'AVALANCHE_DATA_API_KEY'),
    toolsets,
    enableAdmin,
  }
  let http: HttpConfig | undefined
  if (values.http) {
    const portText = str('port', 'PORT') ?? '3000'
    const port = Number(portText)
    if (!/^\d+$/.test(portText) || port > 65_535) {
      throw new ConfigError(`--port must be a whole number from 0 to 65535 (got "${portText}")`)
    }
    http = {
      port,
      host: str('host') ?? '127.0.0.1',
      authToken: str('auth-token', 'AVALANCHE_MCP_AUTH_TOKEN'),
      allowedHosts: list(str('allowed-hosts')),
      allowedOrigins: list(str('allowed-origins')),
      maxBodyBytes: 1_000_000,
    }
  }
  return { server, http, help: values.help === true, version: values.version === true }
}

/** `node,pchain` → those toolsets; `all` → every toolset (admin only when enabled). */
export function parseToolsets(text: string | undefined, enableAdmin: boolean): Toolset[] {
  const names = text ? list(text) : [...DEFAULT_TOOLSETS, 'admin']
  const out = new Set<Toolset>()
  for (const name of names) {
    if (name === 'all') {
      for (const t of TOOLSETS) out.add(t)
      continue
    }
    if (!TOOLSETS.includes(name as Toolset)) {
      throw new ConfigError(`--toolsets: unknown toolset "${name}"; use any of ${TOOLSETS.join(', ')} or all`)
    }
    out.add(name as Toolset)
  }
  if (!enableAdmin) out.delete('admin')
  else if (text === undefined) out.add('admin')
  return TOOLSETS.filter((t) => out.has(t))
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
