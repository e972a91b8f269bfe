/**
 * Client-side pacing from the rate-limit headers of the Data and Metrics APIs, so that a long walk slows down before
 * the service refuses it rather than after. Every keyed response carries `ratelimit-limit`, `ratelimit-remaining` and
 * `ratelimit-reset` (seconds until the window ends; builders-hub data-api/usage.mdx, data-api.md 3.1). While more than
 * a quarter of the budget remains, requests go out at once; below that, the rest of the budget is spread evenly over
 * the rest of the window; when not even one more request fits, the next one waits for the window to end.
 * Unauthenticated responses carry no such headers (data-api.md 0b.3): then nothing is paced, and a 429 is backed off.
 */

/** Below this share of the budget, requests are spread over the rest of the window. */
const RESERVE = 0.25
/** The cost assumed for a request before two responses of one window have shown it: 1% of the budget. */
const DEFAULT_COST_SHARE = 0.01

interface Window {
  limit: number
  /** What the service last said remains, minus the requests sent since. */
  remaining: number
  /** What the service last said remains. */
  observed: number
  /** When the window ends (Date.now() time). */
  resetAt: number
  /** Compute units of one request, as the last drop of `remaining` within the window showed. */
  cost: number
}

export class RateLimitPacer {
  private readonly windows = new Map<string, Window>()

  /** Reads the rate-limit headers of a successful response of `api`; responses without them change nothing. */
  observe(api: string, headers: Readonly<Record<string, string | undefined>>, now = Date.now()): void {
    const limit = whole(headers['ratelimit-limit'])
    const remaining = whole(headers['ratelimit-remaining'])
    const reset = whole(headers['ratelimit-reset'])
    if (limit === undefined || remaining === undefined || reset === undefined || limit === 0) return
    const previous = this.windows.get(api)
    const sameWindow = previous !== undefined && previous.resetAt > now && previous.limit === limit
    const drop = sameWindow ? previous.observed - remaining : 0
    const cost = drop > 0 ? drop : sameWindow ? previous.cost : Math.max(1, Math.ceil(limit * DEFAULT_COST_SHARE))
    this.windows.set(api, { limit, remaining, observed: remaining, resetAt: now + reset * 1000, cost })
  }

  /**
   * How long the next request of `api` should wait, in ms (0: send now), counting it as sent. After a wait for the
   * end of the window, nothing is known of the next one until its first response.
   */
  delay(api: string, now = Date.now()): { ms: number; remaining: number; limit: number } | undefined {
    const window = this.windows.get(api)
    if (!window) return undefined
    const left = window.resetAt - now
    if (left <= 0) {
      this.windows.delete(api)
      return undefined
    }
    const { remaining, limit, cost } = window
    window.remaining -= cost
    if (remaining >= limit * RESERVE) return undefined
    if (remaining < cost) {
      this.windows.delete(api)
      return { ms: Math.ceil(left), remaining, limit }
    }
    return { ms: Math.ceil((left * cost) / remaining), remaining, limit }
  }
}

function whole(text: string | undefined): number | undefined {
  const value = text?.trim()
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined
}
