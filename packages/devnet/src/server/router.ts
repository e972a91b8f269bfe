import type { HttpHandler, HttpReply } from './http-types.js'

/** How a REST API answers an injected fault (429, 5xx) with its own error body instead of a proxy's page. */
export type FaultReplier = (status: number, path: string) => HttpReply

/**
 * Path routing like avalanchego's router over gorilla/mux: exact paths only, each registered as a base
 * (`/ext/bc/<chainID>`) plus an endpoint (`''`, `/wallet`); aliases map a new base onto an existing one's
 * endpoints. Prefix routes are for the REST APIs served on the same server (`/v1/...`, `/v2/...`).
 */
export class Router {
  private readonly bases = new Map<string, Map<string, HttpHandler>>()
  private readonly exact = new Map<string, HttpHandler>()
  private readonly reserved = new Set<string>()
  private readonly pending = new Map<string, string[]>()
  private readonly prefixes: { prefix: string; handler: HttpHandler; faultReply?: FaultReplier | undefined }[] = []

  add(base: string, endpoint: string, handler: HttpHandler): void {
    const endpoints = this.bases.get(base) ?? new Map<string, HttpHandler>()
    if (endpoints.has(endpoint)) throw new Error(`failed to create endpoint as ${base}${endpoint} already exists`)
    endpoints.set(endpoint, handler)
    this.bases.set(base, endpoints)
    this.exact.set(base + endpoint, handler)
    for (const alias of this.pending.get(base) ?? []) this.add(alias, endpoint, handler)
  }

  /** `router.AddAlias`: reserves each alias and serves the base's endpoints (present and future) under it. */
  alias(base: string, ...aliases: string[]): void {
    for (const alias of aliases) {
      if (this.reserved.has(alias)) {
        throw new Error(`route is either already aliased or already maps to a handle: ${alias}`)
      }
    }
    for (const alias of aliases) this.reserved.add(alias)
    this.pending.set(base, [...(this.pending.get(base) ?? []), ...aliases])
    for (const [endpoint, handler] of this.bases.get(base) ?? []) {
      for (const alias of aliases) this.add(alias, endpoint, handler)
    }
  }

  addPrefix(prefix: string, handler: HttpHandler, faultReply?: FaultReplier): void {
    this.prefixes.push({ prefix, handler, faultReply })
    this.prefixes.sort((a, b) => b.prefix.length - a.prefix.length)
  }

  /** The fault body of the prefix route serving `path`, if it has its own (the Data and Metrics APIs' JSON). */
  faultReply(path: string): FaultReplier | undefined {
    if (this.exact.has(path)) return undefined
    return this.prefixes.find((p) => path.startsWith(p.prefix))?.faultReply
  }

  resolve(path: string): HttpHandler | undefined {
    const exact = this.exact.get(path)
    if (exact) return exact
    return this.prefixes.find((p) => path.startsWith(p.prefix))?.handler
  }
}
