import type { HttpMethod } from './operation.js'

/**
 * The one seam between the client and the network. The default is Node's http/https (./transports/node.ts); adapters inject
 * their own (n8n passes one built on `this.helpers.httpRequestWithAuthentication`), tests may pass any function.
 *
 * A transport returns every HTTP status as a response (it never throws for 4xx/5xx) and always consumes the body.
 * It throws NetworkError, TimeoutError or AbortedError when no response arrived.
 */
export interface HttpRequest {
  method: HttpMethod
  url: string
  headers: Record<string, string>
  body?: string | undefined
  signal?: AbortSignal | undefined
  /**
   * Called once the request has been handed to the network, so that the caller can use the wait: core builds an
   * operation's result check then, on its first call. A transport that cannot tell may ignore it.
   */
  onSent?: (() => void) | undefined
}

export interface HttpResponse {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string | undefined>
  body: string
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>

/** A response's headers as `HttpResponse` holds them: a header sent several times joined by ", " (RFC 9110 5.3). */
export function joinHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const name in headers) {
    const value = headers[name]
    out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** Error codes raised before a byte of the request could have reached the server. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** The first string `code` along an error's cause chain (Node, undici and axios errors all carry one). */
export function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code
  }
  return undefined
}

/** Whether a transport failure happened before the request was sent, so even a non-idempotent call may retry. */
export const requestNeverSent = (error: unknown): boolean => notSentCodes.has(errorCode(error) ?? '')

/** `https://host:port/path?query` as its origin and the rest (`/` when there is none), without a URL object per call. */
export function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2)
  return slash < 0 ? { origin: url, path: '/' } : { origin: url.slice(0, slash), path: url.slice(slash) }
}
