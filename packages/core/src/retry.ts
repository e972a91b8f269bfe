/** Retry policy: exponential backoff with full jitter, bounded by a count and an elapsed-time budget. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 3. */
  retries: number
  /** First backoff ceiling; doubles each retry. Default 250 ms. */
  baseDelayMs: number
  /** Largest single wait, including a server's `retry-after`. Default 20 000 ms. */
  maxDelayMs: number
  /** No retry starts after this much time since the first attempt. Default 60 000 ms. */
  budgetMs: number
  /**
   * The least wait after a 429 that says nothing of when to come back (no `retry-after` or `ratelimit-reset`: the
   * Data API's unauthenticated answer), doubling each retry up to `maxDelayMs`. Its windows are per minute, so quick
   * retries only extend the block (data-api.md 0b.3). Default 5 000 ms.
   */
  rateLimitDelayMs: number
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  budgetMs: 60_000,
  rateLimitDelayMs: 5_000,
}

/** Full jitter (AWS architecture blog): a uniform wait in [0, min(max, base * 2^attempt)). */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt))
}

/** The wait a server asked for: `retry-after` (seconds or HTTP date), else `ratelimit-reset` (seconds). */
export function serverDelay(
  headers: Readonly<Record<string, string | undefined>>,
  now = Date.now(),
): number | undefined {
  const retryAfter = headers['retry-after']?.trim()
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000)
    const date = Date.parse(retryAfter)
    if (!Number.isNaN(date)) return Math.max(0, date - now)
  }
  const reset = headers['ratelimit-reset']?.trim()
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000
  return undefined
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
