import type { Agent } from 'undici'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { redactUrl } from '../redact.js'
import { errorCode, type HttpRequest, type HttpResponse, requestNeverSent, splitUrl } from '../transport.js'
import type { NodeTransport, NodeTransportOptions } from './node.js'

export type UndiciTransportOptions = NodeTransportOptions
export type UndiciTransport = NodeTransport

/**
 * undici's Agent and request API, loaded on first use: by their modules, not undici's index, which loads fetch,
 * WebSocket, caches and mocks too (~45 ms more CPU, bench/results/transports.md; these paths are undici's own, so its
 * range is pinned, ~). Even these two modules cost a program ~40 ms of CPU (they load Node's http, http2, tls and
 * crypto), so importing core does not load them.
 */
interface Undici {
  Agent: typeof Agent
  request: typeof import('undici/lib/api/api-request.js').default
}
let undici: Promise<Undici> | undefined
export const loadUndici = (): Promise<Undici> =>
  (undici ??= Promise.all([import('undici/lib/dispatcher/agent.js'), import('undici/lib/api/api-request.js')]).then(
    ([agent, api]) => ({ Agent: agent.default, request: api.default }),
  ))

/** No bytes for idleTimeoutMs while waiting for headers or body (a connect timeout is a NetworkError: never sent). */
const IDLE_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/**
 * undici's `request` on one keep-alive `Agent` (loaded by the first request): less CPU per call than `node:http`
 * (bench/results/transports.md: 0.8x at concurrency 1, 0.7x at 32) and far less than `fetch`. What a busy client
 * under Node moves to (./tiered.ts); bundlers get `createNodeTransport`, which costs no bytes. Same options and the
 * same errors as `createNodeTransport`.
 */
export function createUndiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  let loaded: { agent: Agent; request: Undici['request'] } | undefined
  let loading: Promise<NonNullable<typeof loaded>> | undefined
  const load = () =>
    (loading ??= loadUndici().then(({ Agent, request }) => {
      const agent = new Agent({
        connections: options.connections ?? 32,
        connectTimeout: idleTimeoutMs,
        headersTimeout: idleTimeoutMs,
        bodyTimeout: idleTimeoutMs,
        maxResponseSize: maxResponseBytes,
      })
      loaded = { agent, request }
      return loaded
    }))

  const transport = async (req: HttpRequest): Promise<HttpResponse> => {
    try {
      if (req.signal?.aborted) throw req.signal.reason // undici cannot see that through abortHandle
      const { agent, request } = loaded ?? (await load())
      const { origin, path } = splitUrl(req.url)
      const res = await request.call(agent, {
        origin,
        path,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        // undici's types name AbortSignal or EventEmitter; its code takes any EventTarget (api-request.js checks that)
        signal: req.signal ? (abortHandle(req.signal) as unknown as AbortSignal) : null,
      })
      const body = await res.body.text()
      const headers: Record<string, string | undefined> = {}
      for (const name in res.headers) {
        const value = res.headers[name]
        headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      return { status: res.statusCode, headers, body }
    } catch (error) {
      const url = redactUrl(req.url)
      if (req.signal?.aborted) throw new AbortedError(url, req.signal.reason)
      const code = errorCode(error)
      if (code && IDLE_CODES.has(code)) {
        throw new TimeoutError(url, idleTimeoutMs, { cause: error })
      }
      if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
        throw new ResponseShapeError(url, `the response is larger than ${maxResponseBytes} bytes`, { cause: error })
      }
      throw new NetworkError(url, code ?? (error as Error)?.message ?? String(error), {
        cause: error,
        requestSent: !requestNeverSent(error),
      })
    }
  }
  return Object.assign(transport, {
    close: async () => {
      const started = await loading?.catch(() => undefined)
      await started?.agent.close()
    },
  })
}

/** The callbacks of the requests waiting on each signal: one listener on the signal itself, however many wait. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * What undici is given instead of the call's signal: undici takes any object with `addEventListener` (an EventTarget
 * without `aborted`), and this one joins the signal's set of waiting requests. Handing undici the AbortSignal
 * itself costs ~15 µs of CPU per call (measured against none: Node's `addAbortListener` per request, then a
 * `close` listener on the body to remove it), and calls that start in the same 50 ms share one deadline signal.
 */
function abortHandle(signal: AbortSignal) {
  return {
    get reason(): unknown {
      return signal.reason
    },
    addEventListener(_type: 'abort', listener: () => void) {
      let callbacks = waiting.get(signal)
      if (!callbacks) {
        const set = new Set<() => void>()
        signal.addEventListener('abort', () => {
          for (const callback of set) callback()
        })
        waiting.set(signal, set)
        callbacks = set
      }
      callbacks.add(listener)
    },
    removeEventListener(_type: 'abort', listener: () => void) {
      waiting.get(signal)?.delete(listener)
    },
  }
}
