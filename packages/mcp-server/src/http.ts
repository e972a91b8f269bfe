import { timingSafeEqual } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AvalancheClient, Logger } from '@avalanche-automation/core'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { HttpConfig, ServerConfig } from './config.js'
import { createAvalancheClient, createServer } from './server.js'

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

/**
 * Stateless Streamable HTTP on `POST /mcp`: each request gets a fresh MCP server over one shared core client, and a
 * JSON response (no sessions, no SSE stream). Before any MCP processing: Host and Origin checks (DNS-rebinding
 * protection), the bearer token when configured, and a body size limit.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { config, http } = options
  const client = options.client ?? createAvalancheClient(config, options.logger)
  const hosts = new Set([...LOOPBACK, ...http.allowedHosts.map((h) => h.toLowerCase())])
  const token = http.authToken ? Buffer.from(http.authToken) : undefined

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
      const mcp = createServer({ config, client, logger: options.logger })
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true }) // no session IDs: stateless
      res.on('close', () => void mcp.close()) // closes the transport too
      await mcp.connect(transport)
      await transport.handleRequest(req, res, parsed)
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
      }).then(() => (options.client ? undefined : client.close())),
  }
}

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
  let hostname: string | undefined
  try {
    hostname = req.headers.host ? new URL(`http://${req.headers.host}`).hostname.toLowerCase() : undefined
  } catch {
    hostname = undefined
  }
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
  return undefined
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

/** The body, or undefined when it exceeds `max` bytes (reading stops there). */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > max) return undefined
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
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
