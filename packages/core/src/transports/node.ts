import type { Agent as HttpAgent, IncomingMessage } from 'node:http'
import type { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { redactUrl } from '../redact.js'
import {
  errorCode,
  type HttpRequest,
  type HttpResponse,
  joinHeaders,
  requestNeverSent,
  splitUrl,
  type Transport,
} from '../transport.js'
import { utf8Text } from './utf8-text.js'

export interface NodeTransportOptions {
  /** Keep-alive connections per origin. Default 32. */
  connections?: number
  /** A request fails when its socket sees no activity (connecting, waiting, reading) for this long. Default 30 000 ms. */
  idleTimeoutMs?: number
  /** Responses larger than this fail. Default 64 MiB. */
  maxResponseBytes?: number
}

export type NodeTransport = Transport & { close(): Promise<void> }

interface Target {
  secure: boolean
  hostname: string
  port: string
  path: string
}

const origins = new Map<string, Omit<Target, 'path'>>()

/**
 * Splits a request URL into http.request's options without a URL object per call (measurably cheaper, bench/).
 * Core builds every URL from a base URL it parsed once, so origins repeat and are cached.
 */
function target(url: string): Target {
  const { origin, path } = splitUrl(url)
  let parts = origins.get(origin)
  if (!parts) {
    const parsed = new URL(origin)
    const secure = parsed.protocol === 'https:'
    parts = { secure, hostname: parsed.hostname.replace(/^\[|\]$/g, ''), port: parsed.port || (secure ? '443' : '80') }
    if (origins.size < 64) origins.set(origin, parts)
  }
  return { ...parts, path }
}

/**
 * The default transport: Node's own `http`/`https` with keep-alive pools (one per protocol, `connections` sockets per
 * origin). Built-in modules cost nothing to install or bundle, and on keep-alive connections they run the node's
 * small JSON-RPC calls in 1.3-1.6x the client CPU of undici's `request` and several times faster than `fetch`
 * (bench/results/transports.md): the default of bundles, and under Node it carries a client's first requests
 * (./tiered.ts).
 */
export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  const pool = { keepAlive: true, maxSockets: options.connections ?? 32, scheduling: 'lifo' as const }
  // By getBuiltinModule, not `import`: an ESM import of node:http builds its namespace, which loads Node's internal
  // undici (http.WebSocket), ~25 ms of CPU at the start of every program importing core. node:http when the client is
  // made (node:https is built on it); node:https, which loads tls and crypto, and each pool on first use.
  const { Agent: HttpAgent, request: httpRequest } = process.getBuiltinModule('node:http')
  let http: { agent: HttpAgent; request: typeof httpRequest } | undefined
  let https: { agent: HttpsAgent; request: typeof httpsRequest } | undefined
  const clientFor = (secure: boolean) => {
    if (secure) {
      if (!https) {
        const { Agent, request } = process.getBuiltinModule('node:https')
        https = { agent: new Agent(pool), request }
      }
      return https
    }
    http ??= { agent: new HttpAgent(pool), request: httpRequest }
    return http
  }

  const transport = (req: HttpRequest): Promise<HttpResponse> =>
    new Promise((resolve, reject) => {
      const { secure, hostname, port, path } = target(req.url)
      const { agent, request: send } = clientFor(secure)
      const headers: Record<string, string> = { ...req.headers }
      if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body))
      let settled = false
      // Our own listener rather than http.request's `signal` option: measurably cheaper per call (bench/).
      const signal = req.signal
      // Failed at once: a request still waiting for a free socket would otherwise report its abort only once it got one.
      const onAbort = () => {
        outgoing.destroy(new Error('aborted'))
        fail(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      /** True for the first outcome only: a request settles once, then lets go of the signal. */
      const settle = () => {
        if (settled) return false
        settled = true
        signal?.removeEventListener('abort', onAbort)
        return true
      }
      const fail = (error: unknown) => {
        if (!settle()) return
        const url = redactUrl(req.url)
        if (error instanceof TimeoutError || error instanceof ResponseShapeError) return reject(error)
        if (req.signal?.aborted) return reject(new AbortedError(url, req.signal.reason))
        reject(
          new NetworkError(url, errorCode(error) ?? (error as Error)?.message ?? String(error), {
            cause: error,
            requestSent: !requestNeverSent(error),
          }),
        )
      }
      const outgoing = send(
        { method: req.method, hostname, port, path, headers, agent, timeout: idleTimeoutMs },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = []
          let size = 0
          res.on('data', (chunk: Buffer) => {
            size += chunk.length
            if (size <= maxResponseBytes) return void chunks.push(chunk)
            fail(new ResponseShapeError(redactUrl(req.url), `the response is larger than ${maxResponseBytes} bytes`))
            res.destroy()
          })
          res.on('error', fail)
          // A body cut short (reset mid-body) ends with 'close' and no 'end': that is a failure, never a short body.
          res.on('close', () => {
            if (!res.complete) fail(Object.assign(new Error('the connection closed mid-body'), { code: 'ECONNRESET' }))
          })
          res.on('end', () => {
            if (!settle()) return
            resolve({
              status: res.statusCode ?? 0,
              headers: joinHeaders(res.headers),
              body: utf8Text(Buffer.concat(chunks, size), size),
            })
          })
        },
      )
      if (signal?.aborted) onAbort()
      outgoing.on('timeout', () => outgoing.destroy(new TimeoutError(redactUrl(req.url), idleTimeoutMs)))
      outgoing.on('error', fail)
      // 'finish': the request's last byte is with the operating system.
      if (req.onSent) outgoing.once('finish', req.onSent)
      outgoing.end(req.body)
    })

  return Object.assign(transport, {
    close: async () => {
      http?.agent.destroy()
      https?.agent.destroy()
    },
  })
}
