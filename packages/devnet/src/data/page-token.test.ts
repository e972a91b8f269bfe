import { describe, expect, it } from 'vitest'
import { ApiError } from './http.js'
import { PAGE_TOKEN_TTL_MS, PageTokens } from './page-token.js'

describe('PageTokens', () => {
  let now = 1_772_000_000_000
  const tokens = new PageTokens(1, () => now)

  const rejection = (fn: () => unknown): ApiError => {
    try {
      fn()
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError)
      return error as ApiError
    }
    throw new Error('expected a 400')
  }

  it('round-trips a position, deterministically, as an opaque base64url string', () => {
    const token = tokens.issue('/v1/chains/{chainId}/blocks?chainId="43112"', 123_456_789)
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(tokens.issue('/v1/chains/{chainId}/blocks?chainId="43112"', 123_456_789)).toBe(token)
    expect(tokens.read(token, '/v1/chains/{chainId}/blocks?chainId="43112"')).toBe(123_456_789)
    expect(new PageTokens(2, () => now).issue('r', 1)).not.toBe(tokens.issue('r', 1))
  })

  it('expires 24 hours after issue', () => {
    const token = tokens.issue('r', 5)
    now += PAGE_TOKEN_TTL_MS - 1
    expect(tokens.read(token, 'r')).toBe(5)
    now += 1
    const error = rejection(() => tokens.read(token, 'r'))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/expired/)
  })

  it('refuses garbage, tampered tokens and tokens of another request', () => {
    const token = tokens.issue('r', 5)
    for (const bad of ['', 'abc', `${token}A`, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}`]) {
      expect(rejection(() => tokens.read(bad, 'r')).message).toMatch(/not a page token/)
    }
    expect(rejection(() => tokens.read(token, 'other')).message).toMatch(/different request/)
    expect(rejection(() => new PageTokens(9, () => now).read(token, 'r')).message).toMatch(/not a page token/)
  })
})
