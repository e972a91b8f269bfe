import type { Agent, Dispatcher } from 'undici'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { redactUrl } from '../redact.js'
import {
  errorCode,
  type HttpRequest,
  type HttpResponse,
  joinHeaders,
  requestNeverSent,
  splitUrl,
} from '../transport.js'
import type { NodeTransport, NodeTransportOptions } from './node.js'
import { utf8Text } from './utf8-text.js'

export type UndiciTransportOptions = NodeTransportOptions
export type UndiciTransport = NodeTransport

/**
 * undici's Agent, loaded on first use: by its module, not undici's index, which loads fetch, WebSocket, caches and
 * mocks too (~45 ms more CPU, bench/results/transports.md; the path is undici's own, so its range is pinned, ~). Even
 * the Agent's module costs a program tens of ms of CPU (it loads Node's http, http2, tls and crypto), so importing core
 * does not load it. Its `request` API is not used (Exchange, below, says why).
 */
let undici: Promise<typeof Agent> | undefined
export const loadUndici = (): Promise<typeof Agent> =>
  (undici ??= import('undici/lib/dispatcher/agent.js').then((agent) => agent.default))

/** No bytes for idleTimeoutMs while waiting for headers or body (a connect timeout is a NetworkError: never sent). */
const IDLE_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/**
 * Requests dispatched on one keep-alive undici `Agent` (loaded by the first request): less CPU per call than
 * `node:http` (bench/results/transports.md) and far less than `fetch`. What a busy client under Node moves to
 * (./tiered.ts); bundlers get `createNodeTransport`, which costs no bytes. Same options and the same errors as
 * `createNodeTransport`.
 */
export function createUndiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  let agent: Agent | undefined
  let loading: Promise<Agent> | undefined
  const load = () =>
    (loading ??= loadUndici().then((AgentClass) => {
      agent = new AgentClass({
        connections: options.connections ?? 32,
        connectTimeout: idleTimeoutMs,
        headersTimeout: idleTimeoutMs,
        bodyTimeout: idleTimeoutMs,
        maxResponseSize: maxResponseBytes,
      })
      return agent
    }))

  const fail = (req: HttpRequest, error: unknown): Error => {
    const url = redactUrl(req.url)
    if (req.signal?.aborted) return new AbortedError(url, req.signal.reason)
    const code = errorCode(error)
    if (code && IDLE_CODES.has(code)) return new TimeoutError(url, idleTimeoutMs, { cause: error })
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return new ResponseShapeError(url, `the response is larger than ${maxResponseBytes} bytes`, { cause: error })
    }
    return new NetworkError(url, code ?? (error as Error)?.message ?? String(error), {
      cause: error,
      requestSent: !requestNeverSent(error),
    })
  }
  const send = (dispatcher: Agent, req: HttpRequest) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const { origin, path } = splitUrl(req.url)
      const exchange = new Exchange(req.signal, resolve, (error) => reject(fail(req, error)), req.onSent)
      dispatcher.dispatch({ origin, path, method: req.method, headers: req.headers, body: req.body ?? null }, exchange)
    })

  const transport = (req: HttpRequest): Promise<HttpResponse> => {
    if (req.signal?.aborted) return Promise.reject(new AbortedError(redactUrl(req.url), req.signal.reason))
    if (agent) return send(agent, req)
    return load().then(
      (loaded) => send(loaded, req),
      (error) => Promise.reject(fail(req, error)),
    )
  }
  return Object.assign(transport, {
    close: async () => {
      const started = await loading?.catch(() => undefined)
      await started?.close()
    },
  })
}

/**
 * One request's handler, given to the Agent's `dispatch`: it gathers the body's chunks and decodes them once at the
 * end. undici's `request` API puts a Readable stream, an AsyncResource and an abort listener on every response;
 * without them a small JSON-RPC call costs ~10 µs less CPU (44 vs 54 µs against the devnet). A signal that aborts
 * before undici starts the request (all sockets busy) fails it at once; undici then cancels it when it would start.
 */
class Exchange implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined
  #abortReason: Error | undefined
  #status = 0
  #headers: Record<string, string | string[] | undefined> = {}
  #chunks: Buffer[] = []
  #length = 0
  #settled = false
  readonly #signal: AbortSignal | undefined
  readonly #resolve: (response: HttpResponse) => void
  readonly #reject: (error: unknown) => void
  readonly #onSent: (() => void) | undefined

  constructor(
    signal: AbortSignal | undefined,
    resolve: (response: HttpResponse) => void,
    reject: (error: unknown) => void,
    onSent: (() => void) | undefined,
  ) {
    this.#signal = signal
    this.#resolve = resolve
    this.#reject = reject
    this.#onSent = onSent
    if (signal) onAbort(signal, this.#abort)
  }

  #abort = () => {
    const reason = (this.#signal?.reason as Error) ?? new Error('aborted')
    if (this.#controller) {
      this.#controller.abort(reason) // undici then calls onResponseError
      return
    }
    this.#abortReason = reason
    this.#settle()
    this.#reject(reason)
  }

  #settle(): boolean {
    if (this.#settled) return false
    this.#settled = true
    if (this.#signal) waiting.get(this.#signal)?.delete(this.#abort)
    return true
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.#abortReason) controller.abort(this.#abortReason)
    else this.#controller = controller
  }

  // undici's request calls it once the request's last byte is written to the socket (a handler's optional hook).
  onRequestSent(): void {
    this.#onSent?.()
  }

  // Also called for an informational (1xx) response; the final response's call follows and overwrites it.
  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.#status = statusCode
    this.#headers = headers
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk)
    this.#length += chunk.length
  }

  onResponseEnd(): void {
    if (!this.#settle()) return
    const chunks = this.#chunks
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.#length)
    this.#resolve({ status: this.#status, headers: joinHeaders(this.#headers), body: utf8Text(bytes, this.#length) })
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.#settle()) this.#reject(error)
  }
}

/** The callbacks of the requests waiting on each signal: one listener on the signal itself, however many wait. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Calls `callback` when `signal` aborts, by joining the signal's set of waiting requests rather than adding a
 * listener per request: calls that start in the same 50 ms share one deadline signal, and a listener per request on
 * it (Node's `addAbortListener`, as undici's `request` adds) cost ~15 µs of CPU per call.
 */
function onAbort(signal: AbortSignal, callback: () => void): void {
  let callbacks = waiting.get(signal)
  if (!callbacks) {
    const set = new Set<() => void>()
    signal.addEventListener('abort', () => {
      for (const waiter of set) waiter()
    })
    waiting.set(signal, set)
    callbacks = set
  }
  callbacks.add(callback)
}
