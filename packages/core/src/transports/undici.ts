import { Agent, type Dispatcher, request } from 'undici'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { redactUrl } from '../redact.js'
import { errorCode, type HttpResponse, requestNeverSent, type Transport } from '../transport.js'

export interface UndiciTransportOptions {
  /** Keep-alive connections per origin. Default 32. */
  connections?: number
  /** Time to establish a connection. Default 10 000 ms. */
  connectTimeoutMs?: number
  /** Time to receive response headers. Default 30 000 ms (the node's own write timeout). */
  headersTimeoutMs?: number
  /** Maximum idle time between body chunks. Default 30 000 ms. */
  bodyTimeoutMs?: number
  /** Idle keep-alive sockets close after this. Default 10 000 ms. */
  keepAliveTimeoutMs?: number
  /** Responses larger than this fail. Default 64 MiB. */
  maxResponseBytes?: number
  /** Use an existing undici dispatcher instead of creating a pool (the options above are then ignored). */
  dispatcher?: Dispatcher
}

export type UndiciTransport = Transport & { close(): Promise<void> }

export function createUndiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024
  const dispatcher =
    options.dispatcher ??
    new Agent({
      connections: options.connections ?? 32,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      headersTimeout: options.headersTimeoutMs ?? 30_000,
      bodyTimeout: options.bodyTimeoutMs ?? 30_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
      maxResponseSize: maxResponseBytes,
    })

  const transport = async (req: Parameters<Transport>[0]): Promise<HttpResponse> => {
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        signal: req.signal ?? null,
        dispatcher,
      })
      const body = await res.body.text()
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(res.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      return { status: res.statusCode, headers, body }
    } catch (error) {
      const url = redactUrl(req.url)
      if (req.signal?.aborted) throw new AbortedError(url, req.signal.reason)
      const code = errorCode(error)
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        throw new TimeoutError(
          url,
          code === 'UND_ERR_HEADERS_TIMEOUT' ? (options.headersTimeoutMs ?? 30_000) : (options.bodyTimeoutMs ?? 30_000),
          {
            cause: error,
          },
        )
      }
      if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
        throw new ResponseShapeError(url, `the response is larger than ${maxResponseBytes} bytes`, { cause: error })
      }
      throw new NetworkError(url, code ?? (error as Error).message, {
        cause: error,
        requestSent: !requestNeverSent(error),
      })
    }
  }
  return Object.assign(transport, { close: () => dispatcher.close() })
}
