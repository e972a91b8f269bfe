import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { FAULT_KINDS, type FaultEngine, type FaultKind, proxyErrorBody } from '../faults.js'
import { type HttpReply, type HttpRequest, httpError, notFound } from './http-types.js'
import type { Router } from './router.js'

export interface DevnetStats {
  /** Every HTTP request received. */
  requests: number
  /** Requests per path (query string excluded). */
  byPath: Record<string, number>
  /** JSON-RPC calls per `service.method` that reached a method. */
  byMethod: Record<string, number>
  /** How often each fault fired. */
  faults: Record<FaultKind, number>
  /** Zeroes every counter. */
  reset(): void
}

export function createStats(): DevnetStats {
  const stats: DevnetStats = {
    requests: 0,
    byPath: {},
    byMethod: {},
    faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
    reset() {
      stats.requests = 0
      stats.byPath = {}
      stats.byMethod = {}
      for (const k of FAULT_KINDS) stats.faults[k] = 0
    },
  }
  return stats
}

export interface ServerOptions {
  router: Router
  faults: FaultEngine
  stats: DevnetStats
  nodeId: string
  allowedHosts: string[]
}

const MAX_BODY = 32 * 1024 * 1024

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function hostAllowed(hostHeader: string | undefined, allowed: string[]): boolean {
  if (allowed.includes('*') || !hostHeader) return true
  const host = hostHeader.startsWith('[')
    ? hostHeader.slice(1, hostHeader.indexOf(']'))
    : (hostHeader.split(':')[0] ?? '')
  return host === '' || isIP(host) !== 0 || allowed.some((h) => h.toLowerCase() === host.toLowerCase())
}

/** rs/cors with `--http-allowed-origins=*`: any origin, preflights answered with 204. */
function cors(req: IncomingMessage, reply: HttpReply): HttpReply {
  if (req.headers.origin === undefined) return reply
  reply.headers['access-control-allow-origin'] = '*'
  reply.headers.vary = 'Origin'
  return reply
}

function preflight(req: IncomingMessage): HttpReply | undefined {
  const requested = req.headers['access-control-request-method']
  if (req.method !== 'OPTIONS' || req.headers.origin === undefined || requested === undefined) return undefined
  const headers: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': requested.toUpperCase(),
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  }
  const wanted = req.headers['access-control-request-headers']
  if (wanted) headers['access-control-allow-headers'] = wanted
  return { status: 204, headers, body: '' }
}

/** The HTTP server: reads requests whole, applies faults, routes, stamps `node-id`, writes replies. */
export function createDevnetServer(options: ServerOptions): Server {
  const { router, faults, stats } = options

  async function respond(req: IncomingMessage): Promise<{ reply: HttpReply; fired: Set<FaultKind> }> {
    const url = new URL(req.url ?? '/', 'http://devnet')
    const body = await readBody(req)
    stats.requests++
    stats.byPath[url.pathname] = (stats.byPath[url.pathname] ?? 0) + 1
    const fired = faults.decide(url.pathname)
    for (const kind of fired) stats.faults[kind]++
    const current = faults.current

    if (fired.has('latency')) await sleep(current.latency?.ms ?? 0)
    if (fired.has('bootstrapping')) {
      return { reply: httpError(503, 'API call rejected because chain is not done bootstrapping'), fired }
    }
    // The REST APIs (Data, Metrics) answer faults with their own JSON error bodies.
    const restFault = router.faultReply(url.pathname)
    if (fired.has('rateLimit')) {
      const retryAfter = String(current.rateLimit?.retryAfter ?? 1)
      const limit = String(current.rateLimit?.limit ?? 100)
      const headers = {
        'retry-after': retryAfter,
        'ratelimit-limit': limit,
        'ratelimit-remaining': '0',
        'ratelimit-reset': retryAfter,
      }
      const rest = restFault?.(429, url.pathname)
      const reply: HttpReply = rest
        ? { ...rest, headers: { ...rest.headers, ...headers } }
        : {
            status: 429,
            headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
            body: 'Too Many Requests\n',
          }
      return { reply, fired }
    }
    if (fired.has('httpError')) {
      const status = current.httpError?.status ?? 502
      const style = current.httpError?.body
      const rest = style === undefined || style === 'json' ? restFault?.(status, url.pathname) : undefined
      if (rest) return { reply: rest, fired }
      const { contentType, body: text } = proxyErrorBody(status, style ?? 'html')
      return { reply: { status, headers: { 'content-type': contentType }, body: text }, fired }
    }

    const early = preflight(req)
    if (early) return { reply: early, fired }
    if (!hostAllowed(req.headers.host, options.allowedHosts)) {
      return { reply: httpError(403, 'invalid host specified'), fired }
    }
    const request: HttpRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    }
    const handler = router.resolve(url.pathname)
    const reply = handler ? await handler(request) : notFound()
    return { reply: cors(req, reply), fired }
  }

  function write(res: ServerResponse, reply: HttpReply, fired: Set<FaultKind>, faultsNow: FaultEngine): void {
    // A Buffer is sent as it is (a 1 MB index page need not be copied again).
    let body = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body)
    // Proxy-made faults (429, 5xx) come from "in front of" the node, so they carry no node-id.
    const fromProxy = fired.has('rateLimit') || fired.has('httpError')
    const headers: Record<string, string | number> = { ...reply.headers }
    if (!fromProxy) headers['node-id'] = options.nodeId
    if (fired.has('truncate') && body.length > 1) {
      const fraction = faultsNow.current.truncate?.fraction ?? 0.5
      body = body.subarray(0, Math.max(1, Math.min(body.length - 1, Math.floor(body.length * fraction))))
    }
    headers['content-length'] = body.length
    res.writeHead(reply.status, headers)
    if (fired.has('reset')) {
      const cut = Math.min(body.length, faultsNow.current.reset?.afterBytes ?? Math.floor(body.length / 2))
      res.write(body.subarray(0, cut), () => {
        // RST rather than FIN: the client sees a reset mid-body, not a clean close.
        res.socket?.resetAndDestroy()
      })
      return
    }
    res.end(body)
  }

  const server = createServer({ keepAlive: true }, (req, res) => {
    respond(req).then(
      ({ reply, fired }) => write(res, reply, fired, faults),
      (error: unknown) => {
        if (res.headersSent) {
          res.destroy()
          return
        }
        const reply = httpError(500, error instanceof Error ? error.message : String(error))
        write(res, reply, new Set(), faults)
      },
    )
  })
  server.keepAliveTimeout = 120_000
  server.headersTimeout = 30_000
  server.requestTimeout = 30_000
  return server
}
