/**
 * A recording fake transport for unit tests: no network, canned replies per JSON-RPC method (or per `GET /path` for
 * REST), and every request kept with its parsed body. Test-only: not exported from the package index.
 *
 * @example
 * const fake = createFakeTransport({ 'avm.getHeight': { result: { height: '5094088' } } })
 * const client = createClient({ nodeUrl: 'http://node.test:9650', transport: fake.transport })
 * await client.avm.getHeight()
 * fake.requests[0]?.params // {}
 */
import type { ClientOptions } from '../client.js'
import { createClient } from '../index.js'
import type { Logger } from '../logger.js'
import type { HttpRequest, HttpResponse, Transport } from '../transport.js'

/** What the fake answers. */
export type FakeReply =
  /** A JSON-RPC success envelope around `result` (HTTP 200). */
  | { result: unknown; status?: number; headers?: Record<string, string> }
  /** A JSON-RPC error envelope (HTTP 200, code -32000 unless given), as the node sends it. */
  | { error: { code?: number; message: string; data?: unknown }; status?: number; headers?: Record<string, string> }
  /** A raw HTTP response: `body` verbatim (a string, e.g. a reply copied from the docs) or serialised JSON. */
  | { body: string | object; status?: number; headers?: Record<string, string> }

export type FakeRoute = FakeReply | ((request: RecordedRequest) => FakeReply)

export interface RecordedRequest {
  method: HttpRequest['method']
  url: string
  /** URL path without the query, e.g. `/ext/bc/X`. */
  path: string
  /** Query parameters; repeated keys keep every value in order. */
  query: Record<string, string[]>
  headers: Record<string, string>
  /** The raw body text, when there was one. */
  rawBody: string | undefined
  /** The parsed JSON body, when there was one. */
  body: unknown
  /** JSON-RPC: the `method` of the envelope. */
  rpcMethod: string | undefined
  /** JSON-RPC: the `params` of the envelope. */
  params: unknown
  /** JSON-RPC: the `id` of the envelope. */
  id: unknown
}

export interface FakeTransport {
  transport: Transport
  /** Every request, in order. */
  readonly requests: RecordedRequest[]
  /** The most recent request (throws when none was made). */
  last(): RecordedRequest
  /** Adds or replaces the reply for a JSON-RPC method or `GET /path`. */
  on(key: string, route: FakeRoute): void
  /** Forgets the recorded requests (replies stay). */
  clear(): void
}

/**
 * Replies are looked up by JSON-RPC method (`avm.getTx`), then by `METHOD /path` (`GET /ext/health/readiness`).
 * Without a reply the fake answers as the node does: JSON-RPC `rpc: can't find method` (code -32000) for POST,
 * text/plain `404 page not found` otherwise.
 */
export function createFakeTransport(routes: Record<string, FakeRoute> = {}): FakeTransport {
  const table = new Map(Object.entries(routes))
  const requests: RecordedRequest[] = []

  const transport: Transport = async (request: HttpRequest): Promise<HttpResponse> => {
    request.signal?.throwIfAborted()
    const recorded = record(request)
    requests.push(recorded)
    const route =
      (recorded.rpcMethod && table.get(recorded.rpcMethod)) || table.get(`${request.method} ${recorded.path}`)
    if (!route) {
      if (recorded.rpcMethod) {
        return respond({ error: { message: `rpc: can't find method "${capitalise(recorded.rpcMethod)}"` } }, recorded)
      }
      return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '404 page not found\n' }
    }
    return respond(typeof route === 'function' ? route(recorded) : route, recorded)
  }

  return {
    transport,
    requests,
    last() {
      const request = requests.at(-1)
      if (!request) throw new Error('the fake transport has not received any request')
      return request
    },
    on(key, route) {
      table.set(key, route)
    },
    clear() {
      requests.length = 0
    },
  }
}

function record(request: HttpRequest): RecordedRequest {
  const url = new URL(request.url)
  const query: Record<string, string[]> = {}
  for (const [key, value] of url.searchParams) {
    query[key] ??= []
    query[key].push(value)
  }
  let body: unknown
  if (request.body !== undefined) {
    try {
      body = JSON.parse(request.body)
    } catch {
      body = request.body
    }
  }
  const envelope = body && typeof body === 'object' && 'jsonrpc' in body ? (body as Record<string, unknown>) : undefined
  return {
    method: request.method,
    url: request.url,
    path: url.pathname,
    query,
    headers: request.headers,
    rawBody: request.body,
    body,
    rpcMethod: typeof envelope?.method === 'string' ? envelope.method : undefined,
    params: envelope?.params,
    id: envelope?.id,
  }
}

function respond(reply: FakeReply, request: RecordedRequest): HttpResponse {
  const headers = { 'content-type': 'application/json', ...reply.headers }
  const status = reply.status ?? 200
  if ('body' in reply) {
    return { status, headers, body: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body) }
  }
  const id = request.id ?? null
  if ('error' in reply) {
    const error = { code: reply.error.code ?? -32000, message: reply.error.message, data: reply.error.data ?? null }
    return { status, headers, body: JSON.stringify({ jsonrpc: '2.0', error, id }) }
  }
  return { status, headers, body: JSON.stringify({ jsonrpc: '2.0', result: reply.result, id }) }
}

/** gorilla/rpc names the Go method in its errors: `avm.getFoo` → `avm.GetFoo`. */
function capitalise(method: string): string {
  const dot = method.indexOf('.')
  return dot < 0 ? method : method.slice(0, dot + 1) + method.charAt(dot + 1).toUpperCase() + method.slice(dot + 2)
}

/** A logger that keeps what it is told, for asserting deprecation warnings and debug events. */
export interface RecordingLogger extends Logger {
  readonly warnings: { message: string; meta: Record<string, unknown> | undefined }[]
  readonly debugs: { message: string; meta: Record<string, unknown> | undefined }[]
}

export function createRecordingLogger(): RecordingLogger {
  const warnings: RecordingLogger['warnings'] = []
  const debugs: RecordingLogger['debugs'] = []
  return {
    warnings,
    debugs,
    warn: (message, meta) => void warnings.push({ message, meta }),
    debug: (message, meta) => void debugs.push({ message, meta }),
  }
}

export const FAKE_NODE_URL = 'http://node.test:9650'

/**
 * A client wired to a fake transport and a recording logger, with retries off so each call makes exactly the
 * requests under test.
 */
export function createFakeClient(routes: Record<string, FakeRoute> = {}, options: ClientOptions = {}) {
  const fake = createFakeTransport(routes)
  const logger = createRecordingLogger()
  const client = createClient({ nodeUrl: FAKE_NODE_URL, transport: fake.transport, logger, retry: false, ...options })
  return { client, fake, logger }
}
