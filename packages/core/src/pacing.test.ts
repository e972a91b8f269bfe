import { describe, expect, test } from 'vitest'
import { RateLimitPacer } from './pacing.js'

const headers = (limit: number, remaining: number, reset: number) => ({
  'ratelimit-limit': String(limit),
  'ratelimit-remaining': String(remaining),
  'ratelimit-reset': String(reset),
})

describe('RateLimitPacer', () => {
  test('default: nothing is paced without headers (unauthenticated) or while a quarter of the budget remains', () => {
    const pacer = new RateLimitPacer()
    expect(pacer.delay('data', 0)).toBeUndefined()
    pacer.observe('data', {}, 0)
    expect(pacer.delay('data', 0)).toBeUndefined()
    pacer.observe('data', headers(1000, 300, 60), 0)
    expect(pacer.delay('data', 0)).toBeUndefined()
  })

  test('behavior: below a quarter, the rest of the budget is spread over the rest of the window', () => {
    const pacer = new RateLimitPacer()
    pacer.observe('data', headers(1000, 220, 60), 0)
    pacer.observe('data', headers(1000, 200, 50), 10_000) // one request costs 20
    // 200 units left for 50 s: one 20-unit request every 5 s.
    expect(pacer.delay('data', 10_000)).toEqual({ ms: 5_000, remaining: 200, limit: 1000 })
    // The request is counted before its response: the next one waits a little longer.
    expect(pacer.delay('data', 10_000)?.ms).toBe(Math.ceil((50_000 * 20) / 180))
  })

  test('behavior: when not even one request fits, the next waits for the window to end, then nothing is known', () => {
    const pacer = new RateLimitPacer()
    pacer.observe('metrics', headers(100, 40, 30), 0)
    pacer.observe('metrics', headers(100, 10, 20), 10_000) // cost 30 > 10 left
    expect(pacer.delay('metrics', 10_000)).toEqual({ ms: 20_000, remaining: 10, limit: 100 })
    expect(pacer.delay('metrics', 30_000)).toBeUndefined()
    // A window that ended meanwhile paces nothing; the APIs are paced apart.
    pacer.observe('data', headers(100, 0, 5), 0)
    expect(pacer.delay('metrics', 0)).toBeUndefined()
    expect(pacer.delay('data', 6_000)).toBeUndefined()
  })
})
