import type { IncomingHttpHeaders } from 'node:http'

/** A fully read request: handlers never touch sockets, which keeps them testable and fault injection central. */
export interface HttpRequest {
  method: string
  /** Path without the query string. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface HttpReply {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array
}

export type HttpHandler = (request: HttpRequest) => HttpReply | Promise<HttpReply>

const TEXT = 'text/plain; charset=utf-8'

/** Go's http.Error: text/plain, nosniff, message plus newline. */
export function httpError(status: number, message: string): HttpReply {
  return {
    status,
    headers: { 'content-type': TEXT, 'x-content-type-options': 'nosniff' },
    body: `${message}\n`,
  }
}

/** gorilla/rpc's WriteError: its Content-Type is set too late to apply, so Go sniffs text/plain; no newline. */
export function rpcTransportError(status: number, message: string): HttpReply {
  return { status, headers: { 'content-type': TEXT }, body: message }
}

export function jsonReply(status: number, body: string | Uint8Array): HttpReply {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body }
}

export const notFound = (): HttpReply => httpError(404, '404 page not found')
