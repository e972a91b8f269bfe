import type { IncomingHttpHeaders } from 'node:http'
import { ApiError, type ApiName } from './http.js'

/**
 * API keys and their tiers. `full`: every endpoint. `limited`: every endpoint except the expensive ones, those whose
 * `x-execution-weight` is xl or xxl (the Primary Network transaction lists), which answer 403.
 */
export type ApiKeyTier = 'full' | 'limited'

/** Compute-unit budgets per window, per API key (or for all unauthenticated Data API clients together). */
export interface RateLimits {
  /** Data API requests without a key. Live: 6,000 a minute. */
  unauthenticated?: number
  /** Per `full` key. Live (Pro tier): 20,000 a minute. */
  full?: number
  /** Per `limited` key. Live (Free tier): 8,000 a minute. */
  limited?: number
  /** The Metrics API (no keys; one budget for all clients). Live: 8,000 a minute. */
  metrics?: number
  /** Fixed window length in ms. Default 60,000. */
  windowMs?: number
}

/** The live services' per-minute budgets (builders-hub data-api and metrics-api rate-limits.mdx). */
export const LIVE_RATE_LIMITS: Required<RateLimits> = {
  unauthenticated: 6_000,
  full: 20_000,
  limited: 8_000,
  metrics: 8_000,
  windowMs: 60_000,
}

/** The devnet's default: the live budgets times 1,000, so tests never reach them by accident. */
export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  unauthenticated: 6_000_000,
  full: 20_000_000,
  limited: 8_000_000,
  metrics: 8_000_000,
  windowMs: 60_000,
}

export const KEY_HEADERS = ['x-glacier-api-key', 'x-data-api-key'] as const

export interface Caller {
  /** The budget this request is charged to. */
  bucket: string
  tier: ApiKeyTier | 'unauthenticated' | 'metrics'
}

/**
 * Who is calling: the Data API reads `x-glacier-api-key` (the live service, the spec) or `x-data-api-key` (seed 001);
 * a key that is not configured answers 401. Without a key the unauthenticated tier applies, silently, as live. The
 * Metrics API takes no key (its description has no security scheme) and ignores these headers.
 */
export function identify(
  api: ApiName,
  headers: IncomingHttpHeaders,
  keys: Readonly<Record<string, ApiKeyTier>>,
): Caller {
  if (api === 'metrics') return { bucket: 'metrics', tier: 'metrics' }
  const given = KEY_HEADERS.map((h) => headers[h])
    .flatMap((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]))
    .map((v) => v.trim())
    .filter((v) => v !== '')
  if (given.length === 0) return { bucket: 'unauthenticated', tier: 'unauthenticated' }
  for (const key of given) {
    if (!Object.hasOwn(keys, key)) throw new ApiError(401, 'Invalid API key: it is not a key of this service')
  }
  const key = given[0] as string
  return { bucket: `key:${key}`, tier: keys[key] as ApiKeyTier }
}

/** The tier rule: limited keys may not call xl or xxl operations. */
export function checkPrivilege(caller: Caller, weight: string | null, operationId: string): void {
  if (caller.tier === 'limited' && (weight === 'xl' || weight === 'xxl')) {
    throw new ApiError(
      403,
      `Forbidden: this API key's tier does not include ${operationId} (weight ${weight}); use a key with full access`,
    )
  }
}

export interface Charge {
  limit: number
  remaining: number
  /** Seconds until the window ends. */
  reset: number
  headers: Record<string, string>
}

/**
 * Fixed-window budgets in compute units. A request that fits is charged its weight; one that does not answers 429
 * and is not charged. Replies to keyed and Metrics requests carry `ratelimit-policy`, `ratelimit-limit`,
 * `ratelimit-remaining` and `ratelimit-reset` (the IETF draft headers the live service sends with a valid key,
 * builders-hub data-api/usage.mdx); their 429 adds `retry-after`, all in seconds: up to the window's 60 s. Requests
 * without a key get none of these, and a bare 429 (data-api.md 0b.3): the client cannot tell when to come back.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>()
  private readonly limits: Required<RateLimits>

  constructor(
    limits: RateLimits | false,
    private readonly now: () => number,
  ) {
    this.limits = limits === false ? { ...DEFAULT_RATE_LIMITS, ...infinite } : { ...DEFAULT_RATE_LIMITS, ...limits }
  }

  budget(caller: Caller): number {
    return caller.tier === 'metrics' ? this.limits.metrics : this.limits[caller.tier]
  }

  charge(caller: Caller, cost: number): Charge {
    const windowMs = this.limits.windowMs
    const now = this.now()
    const start = Math.floor(now / windowMs) * windowMs
    let window = this.windows.get(caller.bucket)
    if (!window || window.start !== start) {
      window = { start, used: 0 }
      this.windows.set(caller.bucket, window)
    }
    const limit = this.budget(caller)
    const reset = Math.max(1, Math.ceil((start + windowMs - now) / 1000))
    const fits = window.used + cost <= limit
    if (fits) window.used += cost
    const remaining = Math.max(0, limit - window.used)
    const headers: Record<string, string> = {
      'ratelimit-policy': `${limit};w=${Math.round(windowMs / 1000)}`,
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(reset),
    }
    const bare = caller.tier === 'unauthenticated'
    if (!fits) {
      if (bare) throw new ApiError(429, 'Too many requests: the rate limit of unauthenticated requests is exceeded')
      throw new ApiError(
        429,
        `Rate limit exceeded: this request costs ${cost} compute units and ${remaining} of ${limit} remain in this window; retry in ${reset} s`,
        { ...headers, 'retry-after': String(reset) },
      )
    }
    return { limit, remaining, reset, headers: bare ? {} : headers }
  }
}

const infinite = {
  unauthenticated: Number.MAX_SAFE_INTEGER,
  full: Number.MAX_SAFE_INTEGER,
  limited: Number.MAX_SAFE_INTEGER,
  metrics: Number.MAX_SAFE_INTEGER,
}
