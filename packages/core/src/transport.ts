/**
 * The one seam between the client and the network. The default is undici (./transports/undici.ts); adapters inject
 * their own (n8n passes one built on `this.helpers.httpRequestWithAuthentication`), tests may pass any function.
 *
 * A transport returns every HTTP status as a response (it never throws for 4xx/5xx) and always consumes the body.
 * It throws NetworkError, TimeoutError or AbortedError when no response arrived.
 */
export interface HttpRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string | undefined
  signal?: AbortSignal | undefined
}

export interface HttpResponse {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string | undefined>
  body: string
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>
