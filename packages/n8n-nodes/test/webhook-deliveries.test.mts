/**
 * The Webhook Trigger's bookkeeping of deliveries: the shared secret read once, read again after a rotation but at
 * most once a minute, never for a delivery without a well-formed signature; emitted messageIds remembered, bounded.
 */
import { signWebhookPayload, verifyWebhookSignature } from '@avalanche-automation/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  REMEMBERED_MESSAGES,
  RecentIds,
  SECRET_REFRESH_MS,
  SecretCache,
} from '../nodes/AvalancheWebhookTrigger/deliveries'

const [OLD, NEW] = ['aa'.repeat(32), 'bb'.repeat(32)]
const body = JSON.stringify({ webhookId: 'w1', eventType: 'address_activity', messageId: 'm1', event: {} })
const checker = (signature: string | undefined) => (secret: string) => verifyWebhookSignature(body, signature, secret)

afterEach(() => vi.useRealTimers())

describe('the shared secret of deliveries', () => {
  it('is read on the first delivery and then kept', async () => {
    const cache = new SecretCache()
    const fetch = vi.fn(async () => OLD)
    expect(await cache.verify('w1', checker(signWebhookPayload(body, OLD)), { fetch })).toBeUndefined()
    expect(await cache.verify('w1', checker(signWebhookPayload(body, OLD)), { fetch })).toBeUndefined()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('is not read for a delivery without a well-formed signature', async () => {
    const cache = new SecretCache()
    const fetch = vi.fn(async () => OLD)
    expect((await cache.verify('w1', checker(undefined), { fetch }))?.problem).toBe('missing')
    expect((await cache.verify('w1', checker('nope'), { fetch }))?.problem).toBe('malformed')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('is read again after a rotation, at most once a minute however many forged deliveries arrive', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const cache = new SecretCache()
    cache.set('w1', OLD)
    const fetch = vi.fn(async () => NEW)
    const forged = checker(signWebhookPayload(body, 'cc'.repeat(32)))
    // Within the minute: the cached secret answers, no read.
    expect((await cache.verify('w1', forged, { fetch }))?.problem).toBe('mismatch')
    expect(fetch).not.toHaveBeenCalled()
    vi.setSystemTime(1_000_000 + SECRET_REFRESH_MS)
    // The account's secret was rotated: the first delivery signed with the new one reads it and passes.
    expect(await cache.verify('w1', checker(signWebhookPayload(body, NEW)), { fetch })).toBeUndefined()
    for (let i = 0; i < 10; i++) expect((await cache.verify('w1', forged, { fetch }))?.problem).toBe('mismatch')
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('the emitted messageIds', () => {
  it('drop a message seen by this process or stored in static data, and stay bounded', () => {
    const recent = new RecentIds()
    const state: { seen?: string[] } = { seen: ['stored-before-restart'] }
    expect(recent.add('w1', 'stored-before-restart', state)).toBe(false)
    expect(recent.add('w1', 'm1', state)).toBe(true)
    expect(recent.add('w1', 'm1', state)).toBe(false)
    // A delivery handled at the same time sees the static data as it was loaded: memory still knows m1.
    expect(recent.add('w1', 'm1', { seen: [] })).toBe(false)
    // Another webhook's message IDs are its own.
    expect(recent.add('w2', 'm1', {})).toBe(true)
    for (let i = 0; i < REMEMBERED_MESSAGES + 10; i++) recent.add('w1', `n${i}`, state)
    expect(state.seen).toHaveLength(REMEMBERED_MESSAGES)
    expect(state.seen?.at(-1)).toBe(`n${REMEMBERED_MESSAGES + 9}`)
  })
})
