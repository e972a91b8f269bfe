import type { LiveChain } from './world/world.js'

/**
 * Deterministic fault injection. Each fault kind counts the requests it applies to (those whose path starts with
 * one of its `paths`, all requests by default) and fires on request k (1-based) when k <= `first`, or when k is a
 * multiple of `every`; with neither set it fires on every request. Counters restart when faults are replaced, so a
 * test can say "the first two calls fail, the third succeeds" and rely on it.
 */
export interface FaultRate {
  /** Fire on every Nth matching request (N, 2N, 3N...). */
  every?: number
  /** Fire on the first N matching requests. */
  first?: number
  /** Path prefixes this fault applies to, e.g. ['/ext/bc/X']; all paths when omitted. */
  paths?: string[]
}

export interface FaultOptions {
  /** Delay the response by `ms` milliseconds. */
  latency?: FaultRate & { ms: number }
  /** Send the headers and part of the body (honest Content-Length for the whole), then destroy the socket. */
  reset?: FaultRate & { afterBytes?: number }
  /** 429 with `retry-after` (seconds) and `ratelimit-limit/remaining/reset` headers. */
  rateLimit?: FaultRate & { retryAfter?: number; limit?: number }
  /**
   * A 5xx: proxy-style with an HTML (nginx) or text (envoy) body, or `json`, the Data/Metrics API's own error body
   * (`{message, statusCode, error}`), which is the default on their routes. Status 502 by default; 500 too.
   */
  httpError?: FaultRate & { status?: 500 | 502 | 503 | 504; body?: 'html' | 'text' | 'json' }
  /** A 200 whose JSON is cut short; Content-Length matches the bytes actually sent. */
  truncate?: FaultRate & { fraction?: number }
  /** The node's own 503 `API call rejected because chain is not done bootstrapping` (text/plain). */
  bootstrapping?: FaultRate
  /**
   * Chains that stop advancing in a live devnet (`true`: all of them), like a node whose chain stalled: every
   * service keeps answering, health and `info.isBootstrapped` stay as they were, only the tip no longer moves.
   */
  halt?: boolean | LiveChain[]
}

/** The faults that apply to requests. */
export type FaultKind = Exclude<keyof FaultOptions, 'halt'>

const LIVE_CHAINS: LiveChain[] = ['P', 'X', 'C']

/** One scenario of the fault suite: faults a client with retries should ride out, and the same fault on every request. */
export interface FaultScenario {
  name: string
  faults: FaultOptions
  exhausted: FaultOptions
}

/**
 * The fault suite shared by the benchmark's fault table and the secrets tests of every adapter: what a real node, a
 * proxy in front of it or the Data API does to a client (latency spikes, resets mid-body, 429 storms with
 * retry-after, 5xx bursts with text, JSON or proxy HTML bodies, truncated JSON, the node's bootstrapping 503).
 */
export const FAULT_SUITE: readonly FaultScenario[] = [
  {
    name: 'latency spikes (400 ms, every 4th)',
    faults: { latency: { ms: 400, every: 4 } },
    exhausted: { latency: { ms: 1_500 } },
  },
  { name: 'connection reset mid-body (every 3rd)', faults: { reset: { every: 3 } }, exhausted: { reset: {} } },
  {
    name: '429 storm with retry-after 1 s (first 3, then every 7th)',
    faults: { rateLimit: { first: 3, every: 7, retryAfter: 1 } },
    exhausted: { rateLimit: { retryAfter: 0 } },
  },
  {
    name: '502 burst, text body (first 3, then every 5th)',
    faults: { httpError: { status: 502, body: 'text', first: 3, every: 5 } },
    exhausted: { httpError: { status: 502, body: 'text' } },
  },
  {
    name: '503 burst, JSON body (every 4th)',
    faults: { httpError: { status: 503, body: 'json', every: 4 } },
    exhausted: { httpError: { status: 503, body: 'json' } },
  },
  { name: 'truncated JSON, HTTP 200 (every 4th)', faults: { truncate: { every: 4 } }, exhausted: { truncate: {} } },
  {
    name: 'HTML error page from a proxy, 502 (every 3rd)',
    faults: { httpError: { status: 502, body: 'html', every: 3 } },
    exhausted: { httpError: { status: 502, body: 'html' } },
  },
  {
    name: 'node bootstrapping 503 (first 2, then every 5th)',
    faults: { bootstrapping: { first: 2, every: 5 } },
    exhausted: { bootstrapping: {} },
  },
]
export const FAULT_KINDS: FaultKind[] = ['latency', 'bootstrapping', 'rateLimit', 'httpError', 'truncate', 'reset']

export class FaultEngine {
  private faults: FaultOptions = {}
  private readonly counters = new Map<FaultKind, number>()

  constructor(faults: FaultOptions | undefined) {
    this.set(faults)
  }

  set(faults: FaultOptions | undefined): void {
    validateFaults(faults ?? {})
    this.faults = { ...(faults ?? {}) }
    this.counters.clear()
  }

  get current(): FaultOptions {
    return this.faults
  }

  /** The chains the `halt` fault stops. */
  get halted(): ReadonlySet<LiveChain> {
    const halt = this.faults.halt
    return new Set(halt === true ? LIVE_CHAINS : halt || [])
  }

  /** Decides, for one request, which faults fire. Advances the counters of every fault whose paths match. */
  decide(path: string): Set<FaultKind> {
    const fired = new Set<FaultKind>()
    for (const kind of FAULT_KINDS) {
      const fault = this.faults[kind]
      if (!fault) continue
      if (fault.paths && !fault.paths.some((p) => path.startsWith(p))) continue
      const k = (this.counters.get(kind) ?? 0) + 1
      this.counters.set(kind, k)
      const always = fault.every === undefined && fault.first === undefined
      if (
        always ||
        (fault.first !== undefined && k <= fault.first) ||
        (fault.every !== undefined && k % fault.every === 0)
      ) {
        fired.add(kind)
      }
    }
    return fired
  }
}

function validateFaults(faults: FaultOptions): void {
  const { halt, ...requestFaults } = faults
  if (
    halt !== undefined &&
    typeof halt !== 'boolean' &&
    !(Array.isArray(halt) && halt.every((c) => LIVE_CHAINS.includes(c)))
  ) {
    throw new RangeError(`faults.halt must be true, false or a list of chains from ${LIVE_CHAINS.join(', ')}`)
  }
  for (const kind of Object.keys(requestFaults) as FaultKind[]) {
    if (!FAULT_KINDS.includes(kind)) {
      throw new RangeError(`unknown fault "${kind}"; known: ${[...FAULT_KINDS, 'halt'].join(', ')}`)
    }
    const fault = faults[kind] as FaultRate
    if (fault.every !== undefined && !(Number.isInteger(fault.every) && fault.every >= 1)) {
      throw new RangeError(`faults.${kind}.every must be an integer >= 1`)
    }
    if (fault.first !== undefined && !(Number.isInteger(fault.first) && fault.first >= 0)) {
      throw new RangeError(`faults.${kind}.first must be an integer >= 0`)
    }
  }
  if (faults.latency && !(faults.latency.ms >= 0 && faults.latency.ms <= 600_000)) {
    throw new RangeError('faults.latency.ms must be from 0 to 600000')
  }
  const fraction = faults.truncate?.fraction
  if (fraction !== undefined && !(fraction >= 0 && fraction < 1)) {
    throw new RangeError('faults.truncate.fraction must be in [0, 1)')
  }
  const status = faults.httpError?.status
  if (status !== undefined && ![500, 502, 503, 504].includes(status)) {
    throw new RangeError('faults.httpError.status must be 500, 502, 503 or 504')
  }
  const body = faults.httpError?.body
  if (body !== undefined && !['html', 'text', 'json'].includes(body)) {
    throw new RangeError('faults.httpError.body must be html, text or json')
  }
}

const NGINX_TITLES: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
}

/** What a reverse proxy in front of a node sends when the upstream is down. */
export function proxyErrorBody(status: number, style: 'html' | 'text' | 'json'): { contentType: string; body: string } {
  if (style === 'json') {
    const error = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' }[status] ?? 'Error'
    return { contentType: 'application/json', body: JSON.stringify({ message: error, statusCode: status, error }) }
  }
  if (style === 'text') {
    return {
      contentType: 'text/plain',
      body: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure',
    }
  }
  const title = `${status} ${NGINX_TITLES[status] ?? 'Error'}`
  return {
    contentType: 'text/html',
    body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  }
}
