import { setMaxListeners } from 'node:events'
import { InvalidParamsError } from './errors.js'

/** Calls that start within this many milliseconds of each other share one deadline timer. */
const WINDOW_MS = 50
/** Node's timers take at most 2^31 - 1 ms, and a deadline fires up to WINDOW_MS late. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1 - WINDOW_MS

/** A `timeoutMs` (client or call option) must be a whole number of milliseconds a timer can hold. */
export function checkTimeout(operation: string, timeoutMs: number | undefined): void {
  if (timeoutMs === undefined || (Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) return
  throw new InvalidParamsError(operation, [
    {
      path: 'timeoutMs',
      message: `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${timeoutMs})`,
    },
  ])
}

/**
 * Deadline signals without a timer per call: calls with the same timeout that start in the same 50 ms window share
 * one `AbortSignal.timeout`, so a deadline fires between `timeoutMs` and `timeoutMs + 50` after its call started.
 * A timer per call measurably slowed small JSON-RPC calls (see bench/).
 */
export function createDeadlines(): (timeoutMs: number) => AbortSignal {
  const current = new Map<number, { until: number; signal: AbortSignal }>()
  return (timeoutMs) => {
    const now = Date.now()
    const slot = current.get(timeoutMs)
    if (slot && now < slot.until) return slot.signal
    const signal = AbortSignal.timeout(timeoutMs + WINDOW_MS)
    setMaxListeners(0, signal) // shared by every request in flight in its window
    current.set(timeoutMs, { until: now + WINDOW_MS, signal })
    return signal
  }
}
