import { timingSafeEqual } from 'node:crypto'
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AvalancheClient, Logger } from '@avalanche-automation/core'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  type LoggingLevel,
  McpError,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js'
import { type HttpConfig, isTruthy, parseToolsets, type ServerConfig, type ToolSelection } from './config.js'
import { DEFAULT_LOG_LEVEL, passes } from './logging.js'
import { selectionKey } from './select.js'
import { createAvalancheClient, createServer, createToolCaller, prepare, type ToolCaller } from './server.js'
import { type Exchange, StatelessTransport } from './stateless-transport.js'

export interface HttpServerOptions {
  config: ServerConfig
  http: HttpConfig
  client?: AvalancheClient | undefined
  logger?: Logger | undefined
}

export interface RunningHttpServer {
  /** `http://host:port/mcp` */
  url: string
  port: number
  close(): Promise<void>
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1']

/** One long-lived MCP server per tool selection, each behind its stateless transport, and its tools/call path. */
interface Endpoint {
  server: Server
  transport: StatelessTransport
  tools: ToolCaller
}

/**
 * Stateless Streamable HTTP on `POST /mcp`: no sessions; a JSON response, or an SSE body when the call produced log
 * notifications and the client accepts SSE. Before any MCP processing: Host and Origin checks (DNS-rebinding
 * protection), the bearer token when configured, and a body size limit. `X-MCP-Toolsets` and `X-MCP-Readonly` narrow
 * the tools of one request within what the server's flags allow. One MCP server per selection serves every request
 * of that selection (building one per request cost more than the call itself).
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { config, http } = options
  const client = options.client ?? createAvalancheClient(config, options.logger)
  const hosts = new Set([...LOOPBACK, ...http.allowedHosts.map((h) => h.toLowerCase())])
  const token = http.authToken ? Buffer.from(http.authToken) : undefined
  prepare(config) // the server's own selection: a bad configuration fails at start, not on the first request
  const endpoints = new Map<string, Promise<Endpoint>>()
  const endpointFor = (selection: ToolSelection) => {
    const key = selectionKey(selection)
    let endpoint = endpoints.get(key)
    if (!endpoint) {
      const server = createServer({ config, client, logger: options.logger, selection, stateless: true })
      const transport = new StatelessTransport()
      const tools = createToolCaller({ config, client, selection })
      endpoint = server.connect(transport).then(() => ({ server, transport, tools }))
      endpoints.set(key, endpoint)
    }
    return endpoint
  }

  // Selections by header values, so a client that sends the same headers every time costs one lookup.
  const selections = new Map<string, ToolSelection | string>()
  const selectionFor = (headers: IncomingHttpHeaders): ToolSelection | string => {
    const key = `${header(headers, 'x-mcp-toolsets') ?? ''}|${header(headers, 'x-mcp-readonly') ?? ''}`
    let selection = selections.get(key)
    if (selection === undefined) {
      try {
        selection = requestSelection(config, headers)
        prepare(selection)
      } catch (error) {
        selection = (error as Error).message
      }
      if (selections.size > 1_000) selections.clear() // header values are the clients' choice: keep the map bounded
      selections.set(key, selection)
    }
    return selection
  }

  const server = createHttpServer(async (req, res) => {
    try {
      const rejection = check(req, hosts, http.allowedOrigins, token)
      if (rejection) return reply(res, rejection.status, rejection.message, rejection.headers)
      const body = await readBody(req, http.maxBodyBytes)
      if (body === undefined) return reply(res, 413, `Request body larger than ${http.maxBodyBytes} bytes`)
      let parsed: unknown
      try {
        parsed = JSON.parse(body.toString('utf8'))
      } catch {
        return reply(res, 400, 'Parse error: the body is not JSON', {}, -32700)
      }
      const messages = Array.isArray(parsed) ? parsed : [parsed]
      if (!messages.length || !messages.every(isMessage)) {
        return reply(res, 400, 'Invalid Request: the body must be a JSON-RPC 2.0 message', {}, -32600)
      }
      const selection = selectionFor(req.headers)
      if (typeof selection === 'string') return reply(res, 400, selection)
      const endpoint = await endpointFor(selection)
      const aborted = new AbortController()
      res.on('close', () => res.writableFinished || aborted.abort())
      const call = Array.isArray(parsed) ? undefined : wellFormedCall(parsed)
      if (call) {
        // The common request, straight to the tool (what the SDK server would do, without its per-request parsing).
        const notifications: JSONRPCMessage[] = []
        const log = (level: LoggingLevel, data: Record<string, unknown>) => {
          if (passes(level, DEFAULT_LOG_LEVEL)) {
            notifications.push({
              jsonrpc: '2.0',
              method: 'notifications/message',
              params: { level, logger: 'avalanche', data },
            })
          }
        }
        let response: JSONRPCMessage
        try {
          const result = await endpoint.tools.call(call.name, call.args, { signal: aborted.signal, log })
          response = { jsonrpc: '2.0', id: call.id, result }
        } catch (error) {
          if (!(error instanceof McpError)) throw error
          response = { jsonrpc: '2.0', id: call.id, error: { code: error.code, message: error.message } }
        }
        if (!aborted.signal.aborted) answer(req, res, notifications, [response], false)
        return
      }
      const extra = { requestInfo: { headers: req.headers } }
      const exchanges: Promise<Exchange>[] = []
      for (const message of messages as JSONRPCMessage[]) {
        if (isJSONRPCRequest(message)) exchanges.push(endpoint.transport.request(message, extra, aborted.signal))
        else endpoint.transport.notify(message, extra)
      }
      if (!exchanges.length) {
        res.writeHead(202).end()
        return
      }
      const done = await Promise.all(exchanges)
      if (aborted.signal.aborted) return
      answer(
        req,
        res,
        done.flatMap((d) => d.notifications),
        done.map((d) => d.response),
        Array.isArray(parsed),
      )
    } catch (error) {
      options.logger?.warn('HTTP request failed', { error: (error as Error).message })
      if (!res.headersSent) reply(res, 500, 'Internal error')
    }
  })
  server.requestTimeout = 120_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(http.port, http.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const host = http.host.includes(':') ? `[${http.host}]` : http.host
  return {
    url: `http://${host}:${port}/mcp`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
        .then(() => Promise.all([...endpoints.values()].map(async (e) => (await e).server.close())))
        .then(() => (options.client ? undefined : client.close())),
  }
}

/**
 * The tools of one request: the server's selection, narrowed by `X-MCP-Toolsets` (toolsets it reaches; naming one
 * expands it) and `X-MCP-Readonly` (can turn read-only on, never off). Throws a message naming the header.
 */
export function requestSelection(config: ServerConfig, headers: IncomingHttpHeaders): ToolSelection {
  const toolsets = header(headers, 'x-mcp-toolsets')
  const readOnly = config.readOnly || isTruthy(header(headers, 'x-mcp-readonly'))
  if (!toolsets?.trim()) return readOnly === config.readOnly ? config : { ...config, readOnly }
  const asked = parseToolsets(toolsets, config.enableAdmin, 'X-MCP-Toolsets')
  const reach = asked.reach.filter((t) => config.reach.includes(t))
  if (!reach.length) {
    throw new Error(
      `X-MCP-Toolsets: this server does not serve ${asked.reach.join(', ')}; it serves ${config.reach.join(', ')}`,
    )
  }
  return { reach, expanded: asked.expanded.filter((t) => reach.includes(t)), readOnly, writes: config.writes }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : value
}

/** JSON, or an SSE body (notifications first, the responses last) when there are notifications and SSE is accepted. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  notifications: JSONRPCMessage[],
  responses: JSONRPCMessage[],
  batch: boolean,
): void {
  if (notifications.length && acceptsSse(req)) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (const message of [...notifications, ...responses]) {
      res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`)
    }
    res.end()
    return
  }
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(batch ? responses : responses[0]))
}

/** A tools/call whose shape needs no further checks (anything else takes the SDK server's full path). */
function wellFormedCall(
  message: unknown,
): { id: string | number; name: string; args: Record<string, unknown> } | undefined {
  const m = message as { method?: unknown; id?: unknown; params?: Record<string, unknown> }
  if (m.method !== 'tools/call' || !(typeof m.id === 'string' || Number.isInteger(m.id))) return undefined
  const params = m.params
  if (!params || typeof params !== 'object' || typeof params.name !== 'string' || 'task' in params) return undefined
  const args = params.arguments ?? {}
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined
  return { id: m.id as string | number, name: params.name, args: args as Record<string, unknown> }
}

/** A JSON-RPC 2.0 request, notification or response in shape; the server validates each method's params itself. */
function isMessage(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const m = value as Record<string, unknown>
  const id = typeof m.id === 'string' || (typeof m.id === 'number' && Number.isInteger(m.id))
  if (m.jsonrpc !== '2.0') return false
  if (typeof m.method === 'string') return m.id === undefined || id
  return id && ('result' in m || 'error' in m)
}

const acceptsSse = (req: IncomingMessage) => (req.headers.accept ?? '').includes('text/event-stream')

interface Rejection {
  status: number
  message: string
  headers?: Record<string, string>
}

function check(
  req: IncomingMessage,
  hosts: ReadonlySet<string>,
  origins: readonly string[],
  token: Buffer | undefined,
): Rejection | undefined {
  const path = (req.url ?? '').split('?')[0]
  if (path !== '/mcp') return { status: 404, message: 'Not found: the MCP endpoint is /mcp' }
  const hostname = hostOf(req.headers.host)
  if (!hostname || !hosts.has(hostname)) {
    return { status: 403, message: `Forbidden Host header: ${req.headers.host ?? '(none)'}` }
  }
  const origin = req.headers.origin
  if (origin !== undefined && !originAllowed(origin, origins)) {
    return { status: 403, message: `Forbidden Origin: ${origin}` }
  }
  if (token) {
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')
    const given = Buffer.from(match?.[1]?.trim() ?? '')
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return {
        status: 401,
        message: 'Unauthorized: send Authorization: Bearer <token>',
        headers: { 'www-authenticate': 'Bearer realm="avalanche-mcp"' },
      }
    }
  }
  if (req.method !== 'POST') {
    return {
      status: 405,
      message: 'Method not allowed: this stateless server answers POST only',
      headers: { allow: 'POST' },
    }
  }
  // Streamable HTTP's rules for a POST (the SDK's transport applies the same ones).
  const accept = req.headers.accept ?? ''
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return { status: 406, message: 'Not Acceptable: Accept must list both application/json and text/event-stream' }
  }
  if (!(req.headers['content-type'] ?? '').includes('application/json')) {
    return { status: 415, message: 'Unsupported Media Type: Content-Type must be application/json' }
  }
  const version = req.headers['mcp-protocol-version']
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return {
      status: 400,
      message: `Bad Request: unsupported MCP-Protocol-Version ${version} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    }
  }
  return undefined
}

/** The host name of a Host header (`[::1]:3000` → `[::1]`, `Localhost:80` → `localhost`); undefined when malformed. */
function hostOf(header: string | undefined): string | undefined {
  if (!header) return undefined
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(header)
  return match?.[1]?.toLowerCase()
}

function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.includes(url.hostname)
  } catch {
    return false
  }
}

/** The body, or undefined when it exceeds `max` bytes (reading stops there). Events, not an async iterator: cheaper. */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > max) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > max) {
        req.removeAllListeners('data')
        req.resume()
        resolve(undefined)
      } else chunks.push(chunk)
    })
    req.once('end', () =>
      resolve(size > max ? undefined : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    )
    req.once('error', reject)
  })
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
) {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}
