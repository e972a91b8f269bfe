import { checkTimeout, createDeadlines } from './deadline.js'
import { InvalidParamsError } from './errors.js'
import { type BaseUrl, type CallOptions, type ExecutionContext, execute } from './execute.js'
import { lazy } from './lazy.js'
import { type Logger, silentLogger } from './logger.js'
import { type NetworkName, networks } from './networks.js'
import type { AnyOperation, OperationParams, OperationResult } from './operation.js'
import { RateLimitPacer } from './pacing.js'
import { attachPagination, type Paginated } from './pagination/attach.js'
import { createRedactor, redactUrl } from './redact.js'
import { defaultRetryPolicy, defaultSleep, type RetryPolicy, type Sleep } from './retry.js'
import type { services } from './services.js'
import type { Transport } from './transport.js'

export interface ClientOptions {
  /** Picks default URLs. `devnet` and `custom` need `nodeUrl` (and Data/Metrics URLs when those APIs are used). */
  network?: NetworkName | undefined
  /** Node base URL without `/ext`, e.g. `http://127.0.0.1:9650`. */
  nodeUrl?: string | undefined
  /** Data API base URL. Default `https://data-api.avax.network`. */
  dataApiUrl?: string | undefined
  /** Metrics API base URL. Default `https://metrics.avax.network`. */
  metricsApiUrl?: string | undefined
  /** Data API key (optional: without it the unauthenticated tier applies). Sent to the Data API only. Never logged. */
  apiKey?: string | undefined
  /** Extra headers for node requests, e.g. a gateway key. Their values are redacted from errors and logs. */
  nodeHeaders?: Record<string, string> | undefined
  /**
   * Extra headers for Data API requests, e.g. a proxy that authenticates by header (data-api.md 0b.6). Sent besides
   * the key's headers, which win on a clash. Their values are redacted from errors and logs.
   */
  dataHeaders?: Record<string, string> | undefined
  /** Extra headers for Metrics API requests (a proxy's key). Their values are redacted from errors and logs. */
  metricsHeaders?: Record<string, string> | undefined
  /**
   * Default under Node: Node's http/https for a client's first 32 requests, then undici's `request` on a keep-alive
   * pool (`createUndiciTransport`), loaded only then; in a bundle: Node's http/https with keep-alive pools
   * (`createNodeTransport`), which adds no bytes.
   */
  transport?: Transport | undefined
  /** Overall deadline per call, retries included. Default 30 000 ms. */
  timeoutMs?: number | undefined
  /** Retry policy, or `false` to never retry. */
  retry?: Partial<RetryPolicy> | false | undefined
  logger?: Logger | undefined
  /** How to wait between retries (n8n passes its own `sleep`). */
  sleep?: Sleep | undefined
  /** Source of jitter in [0, 1). */
  random?: (() => number) | undefined
}

type OperationFunction<Op extends AnyOperation> = (undefined extends OperationParams<Op>
  ? (params?: OperationParams<Op>, options?: CallOptions) => Promise<OperationResult<Op>>
  : (params: OperationParams<Op>, options?: CallOptions) => Promise<OperationResult<Op>>) &
  Paginated<Op>

type ServiceFunctions<Ops extends Record<string, AnyOperation>> = {
  readonly [K in keyof Ops]: OperationFunction<Ops[K]>
}

/** Operations grouped by service, as `services` holds them (a lean entry point passes a subset). */
export type ServiceCatalog = Readonly<Record<string, Readonly<Record<string, AnyOperation>>>>

/** A client of the services in `Catalog`: one function per operation, under its service. */
export type ClientOf<Catalog extends ServiceCatalog> = {
  readonly [S in keyof Catalog]: ServiceFunctions<Catalog[S]>
} & ClientBase

export type AvalancheClient = ClientOf<typeof services>

interface ClientBase {
  /** Calls any catalog operation by its record: what adapters use to call operations chosen at run time. */
  call<Op extends AnyOperation>(
    op: Op,
    params?: OperationParams<Op>,
    options?: CallOptions,
  ): Promise<OperationResult<Op>>
  /** Resolved base URLs (credentials redacted). */
  readonly urls: Readonly<Record<'node' | 'data' | 'metrics', string>>
  /** Closes the default transport's connections (no-op for injected transports). */
  close(): Promise<void>
}

/**
 * A client of the services in `catalog` only. This module does not import the full `services`, so a lean entry point
 * (`@avalanche-automation/core/node`) leaves the other services' operations and schemas out: of a bundle, and of what
 * Node loads (dist/bundled splits its modules by the entries that reach them).
 */
export function createClientFor<const Catalog extends ServiceCatalog>(
  catalog: Catalog,
  defaultTransport: () => Transport & { close(): Promise<void> },
  options: ClientOptions = {},
): ClientOf<Catalog> {
  const preset = networkPreset(options.network)
  const nodeUrl = options.nodeUrl ?? preset?.nodeUrl
  const node = parseBaseUrl(nodeUrl ?? 'http://127.0.0.1:9650')
  const data = parseBaseUrl(options.dataApiUrl ?? preset?.dataApiUrl ?? networks.mainnet.dataApiUrl)
  const metrics = parseBaseUrl(options.metricsApiUrl ?? preset?.metricsApiUrl ?? networks.mainnet.metricsApiUrl)
  // The live Data API reads `x-glacier-api-key`; the seed documents `x-data-api-key`. Sending both works with either.
  const keyHeaders: Record<string, string> = options.apiKey
    ? { 'x-glacier-api-key': options.apiKey, 'x-data-api-key': options.apiKey }
    : {}
  const extra = {
    node: checkHeaders('nodeHeaders', options.nodeHeaders),
    data: checkHeaders('dataHeaders', options.dataHeaders),
    metrics: checkHeaders('metricsHeaders', options.metricsHeaders),
  }
  const redact = createRedactor([
    options.apiKey,
    ...Object.values(extra).flatMap((headers) => Object.values(headers)),
    ...[node, data, metrics].flatMap((base) => base.secrets),
  ])
  checkTimeout('createClient', options.timeoutMs)
  const transport = options.transport ?? defaultTransport()
  let id = 0
  const ctx: ExecutionContext = {
    baseUrls: { node: node.base, data: data.base, metrics: metrics.base },
    headers: {
      node: { ...node.headers, ...extra.node },
      data: { ...data.headers, ...extra.data, ...keyHeaders },
      metrics: { ...metrics.headers, ...extra.metrics },
    },
    transport,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: options.retry === false ? false : { ...defaultRetryPolicy, ...options.retry },
    logger: options.logger ?? silentLogger,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    redact,
    deadline: createDeadlines(),
    warned: new Set(),
    pacer: new RateLimitPacer(),
    nextId: () => ++id,
  }
  const call = (op: AnyOperation, params?: unknown, callOptions?: CallOptions) => execute(ctx, op, params, callOptions)
  // Redacted when first read: a client's first redaction compiles its regular expressions (~0.5 ms of a cold start).
  const urls = lazy(() => ({
    node: redact(node.base.url),
    data: redact(data.base.url),
    metrics: redact(metrics.base.url),
  }))
  const client: Record<string, unknown> = {
    call,
    get urls() {
      return urls()
    },
    close: async () => {
      if (!options.transport && 'close' in transport) await (transport as { close(): Promise<void> }).close()
    },
  }
  for (const [service, ops] of Object.entries(catalog)) {
    const fns: Record<string, unknown> = {}
    for (const [name, op] of Object.entries(ops as Record<string, AnyOperation>)) {
      const fn = (params?: unknown, callOptions?: CallOptions) => call(op, params, callOptions)
      fns[name] = attachPagination(fn, op, call, { logger: ctx.logger, sleep: ctx.sleep })
    }
    client[service] = Object.freeze(fns)
  }
  return client as ClientOf<Catalog>
}

/**
 * The `createClient` of a lean entry point (`@avalanche-automation/core/node`, `/data`, `/data/evm`, `/metrics`): the
 * root entry's, with the services of `catalog` only (the catalog's own operation records). A program bundled from that
 * entry leaves the other services' operations and schemas out; the root entry's client and `catalog` hold them all.
 * Here rather than in a module of its own: under Node each module file is one more for the loader to read and link
 * (bench/results/client-profile.md, cold start).
 */
export function leanCreateClient<const Catalog extends ServiceCatalog>(
  catalog: Catalog,
  defaultTransport: () => Transport & { close(): Promise<void> },
): (options?: ClientOptions) => ClientOf<Catalog> {
  return (options = {}) => createClientFor(catalog, defaultTransport, options)
}

const NETWORK_NAMES = [...Object.keys(networks), 'devnet', 'custom']
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Extra headers as given, lower-cased; a name or value HTTP cannot carry is refused, naming the option. */
function checkHeaders(option: string, headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || /[\r\n\0]/.test(value)) {
      throw new InvalidParamsError('createClient', [
        {
          path: `${option}.${name}`,
          message: 'expected a header name (letters, digits, -) with a string value on one line',
        },
      ])
    }
    out[name.toLowerCase()] = value
  }
  return out
}

function networkPreset(name: NetworkName | undefined) {
  if (name === undefined || name === 'devnet' || name === 'custom') return undefined
  if (!Object.hasOwn(networks, name)) {
    throw new InvalidParamsError('createClient', [
      { path: 'network', message: `unknown network "${name}": expected one of ${NETWORK_NAMES.join(', ')}` },
    ])
  }
  return networks[name as keyof typeof networks]
}

/**
 * Splits a configured base URL into what every request reuses: the URL without credentials or query, its query
 * (gateways put keys there), and `user:pass@` as a Basic authorization header, since HTTP clients do not send it.
 */
function parseBaseUrl(text: string): { base: BaseUrl; headers: Record<string, string>; secrets: string[] } {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InvalidParamsError('createClient', [
      { path: 'url', message: `"${redactUrl(text)}" is not an absolute http(s) URL` },
    ])
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidParamsError('createClient', [
      { path: 'url', message: `"${redactUrl(text)}" must use http or https` },
    ])
  }
  const headers: Record<string, string> = {}
  const secrets = [...url.searchParams.values()]
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username)
    const password = decodeURIComponent(url.password)
    headers.authorization = `Basic ${btoa(`${user}:${password}`)}`
    secrets.push(user, password, headers.authorization.slice(6))
  }
  const query = url.search
  url.username = ''
  url.password = ''
  url.search = ''
  url.hash = ''
  const prefix = url.toString().replace(/\/+$/, '')
  return { base: { prefix, query, url: `${prefix}${query}` }, headers, secrets }
}
