import { describe, expect, it } from 'vitest'
import { ApiError } from './http.js'
import { checkPrivilege, DEFAULT_RATE_LIMITS, identify, RateLimiter } from './rate-limit.js'

const catchApi = (fn: () => unknown): ApiError => {
  try {
    fn()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected an ApiError')
}

describe('identify', () => {
  const keys = { a: 'full', b: 'limited' } as const
  it('reads x-glacier-api-key or x-data-api-key; no key is the unauthenticated tier', () => {
    expect(identify('data', { 'x-glacier-api-key': 'a' }, keys)).toEqual({ bucket: 'key:a', tier: 'full' })
    expect(identify('data', { 'x-data-api-key': 'b' }, keys)).toEqual({ bucket: 'key:b', tier: 'limited' })
    expect(identify('data', { 'x-glacier-api-key': 'a', 'x-data-api-key': 'a' }, keys).tier).toBe('full')
    expect(identify('data', {}, keys)).toEqual({ bucket: 'unauthenticated', tier: 'unauthenticated' })
    expect(identify('data', { 'x-glacier-api-key': ' ' }, keys).tier).toBe('unauthenticated')
  })
  it('answers 401 for an unknown key (also beside a known one); the Metrics API ignores keys', () => {
    expect(catchApi(() => identify('data', { 'x-glacier-api-key': 'zzz' }, keys)).status).toBe(401)
    expect(catchApi(() => identify('data', { 'x-glacier-api-key': 'a', 'x-data-api-key': 'zzz' }, keys)).status).toBe(
      401,
    )
    expect(catchApi(() => identify('data', { 'x-glacier-api-key': 'toString' }, keys)).status).toBe(401)
    expect(identify('metrics', { 'x-glacier-api-key': 'zzz' }, keys).tier).toBe('metrics')
  })
  it('forbids xl and xxl operations to limited keys only', () => {
    const limited = { bucket: 'key:b', tier: 'limited' } as const
    expect(catchApi(() => checkPrivilege(limited, 'xl', 'op')).status).toBe(403)
    expect(catchApi(() => checkPrivilege(limited, 'xxl', 'op')).status).toBe(403)
    expect(() => checkPrivilege(limited, 'medium', 'op')).not.toThrow()
    expect(() => checkPrivilege({ bucket: 'unauthenticated', tier: 'unauthenticated' }, 'xl', 'op')).not.toThrow()
  })
})

describe('RateLimiter', () => {
  const caller = { bucket: 'unauthenticated', tier: 'unauthenticated' } as const
  const keyed = { bucket: 'key:a', tier: 'full' } as const
  it('charges weights in fixed windows, answers 429 without charging, and resets with the window', () => {
    let now = 60_000 * 1000 + 15_000
    const limiter = new RateLimiter({ full: 100 }, () => now)
    expect(limiter.charge(keyed, 60).headers).toEqual({
      'ratelimit-policy': '100;w=60',
      'ratelimit-limit': '100',
      'ratelimit-remaining': '40',
      'ratelimit-reset': '45',
    })
    const error = catchApi(() => limiter.charge(keyed, 60))
    expect(error.status).toBe(429)
    expect(error.headers).toMatchObject({ 'retry-after': '45', 'ratelimit-remaining': '40' })
    expect(limiter.charge(keyed, 40).remaining).toBe(0)
    now += 45_000
    expect(limiter.charge(keyed, 60).remaining).toBe(40)
  })
  it('tells unauthenticated callers nothing: no ratelimit headers, a bare 429 (data-api.md 0b.3)', () => {
    const limiter = new RateLimiter({ unauthenticated: 100 }, () => 0)
    expect(limiter.charge(caller, 60).headers).toEqual({})
    const error = catchApi(() => limiter.charge(caller, 60))
    expect(error.status).toBe(429)
    expect(error.headers).toEqual({})
  })
  it('keeps one budget per bucket; false disables limiting', () => {
    const limiter = new RateLimiter({ full: 10 }, () => 0)
    limiter.charge({ bucket: 'key:a', tier: 'full' }, 10)
    expect(limiter.charge({ bucket: 'key:c', tier: 'full' }, 10).remaining).toBe(0)
    expect(limiter.budget(caller)).toBe(DEFAULT_RATE_LIMITS.unauthenticated)
    const off = new RateLimiter(false, () => 0)
    expect(off.charge(caller, 1e12).remaining).toBeGreaterThan(1e12)
  })
})
