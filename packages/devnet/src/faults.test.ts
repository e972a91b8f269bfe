import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from './index.js'

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
const jsonOf = async (res: Response): Promise<any> => res.json()

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet.close()
})

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'avm.getHeight' })
const call = (path = '/ext/bc/X') =>
  fetch(devnet.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY })
const height = async (path = '/ext/bc/X') => (await jsonOf(await call(path))).result?.height

describe('faults', () => {
  it('adds latency on every Nth request only', async () => {
    // The process's first fetch loads its HTTP client: not part of any request's latency here.
    await (await call()).text()
    devnet.setFaults({ latency: { ms: 300, every: 2 } })
    const times: number[] = []
    for (let i = 0; i < 4; i++) {
      const start = performance.now()
      await (await call()).text()
      times.push(performance.now() - start)
    }
    // 290 ms apart: only a request the fault delayed takes that long, however busy the machine.
    expect(times[0]).toBeLessThan(290)
    expect(times[1]).toBeGreaterThanOrEqual(290)
    expect(times[2]).toBeLessThan(290)
    expect(times[3]).toBeGreaterThanOrEqual(290)
  })

  it('resets the connection mid-body for the first N requests, then recovers', async () => {
    devnet.setFaults({ reset: { first: 2 } })
    for (let i = 0; i < 2; i++) {
      const res = await call()
      expect(res.status).toBe(200)
      await expect(res.text()).rejects.toThrow()
    }
    expect(await height()).toBe(String(devnet.fixtures.x.height))
  })

  it('rate-limits with retry-after and ratelimit headers, as a proxy would', async () => {
    devnet.setFaults({ rateLimit: { first: 1, retryAfter: 3, limit: 50 } })
    const res = await call()
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('3')
    expect(res.headers.get('ratelimit-limit')).toBe('50')
    expect(res.headers.get('ratelimit-remaining')).toBe('0')
    expect(res.headers.get('ratelimit-reset')).toBe('3')
    expect(res.headers.get('node-id')).toBeNull()
    await res.text()
    expect(await height()).toBe(String(devnet.fixtures.x.height))
  })

  it('answers 502/503 bursts with proxy bodies', async () => {
    devnet.setFaults({ httpError: { first: 2, status: 502 } })
    const html = await call()
    expect(html.status).toBe(502)
    expect(html.headers.get('content-type')).toBe('text/html')
    expect(await html.text()).toContain('<title>502 Bad Gateway</title>')
    devnet.setFaults({ httpError: { first: 1, status: 503, body: 'text' } })
    const text = await call()
    expect(text.status).toBe(503)
    expect(await text.text()).toMatch(/^upstream connect error/)
    expect(await height()).toBe(String(devnet.fixtures.x.height))
  })

  it('truncates the JSON body with an honest Content-Length', async () => {
    devnet.setFaults({ truncate: { every: 1 } })
    const res = await call()
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(() => JSON.parse(text)).toThrow()
    expect(BODY.length).toBeGreaterThan(0)
  })

  it("injects the node's bootstrapping 503", async () => {
    devnet.setFaults({ bootstrapping: { first: 1 } })
    const res = await call()
    expect(res.status).toBe(503)
    expect(await res.text()).toBe('API call rejected because chain is not done bootstrapping\n')
    expect(res.headers.get('node-id')).toBe(devnet.fixtures.nodeId)
    expect(await height()).toBe(String(devnet.fixtures.x.height))
  })

  it('applies faults only to the paths they target and counts them', async () => {
    devnet.setFaults({ httpError: { every: 1, paths: ['/ext/bc/P'] } })
    devnet.stats.reset()
    expect(await height('/ext/bc/X')).toBe(String(devnet.fixtures.x.height))
    const res = await call('/ext/bc/P')
    expect(res.status).toBe(502)
    await res.text()
    expect(devnet.stats.faults.httpError).toBe(1)
    expect(devnet.stats.requests).toBe(2)
    expect(devnet.stats.byPath['/ext/bc/X']).toBe(1)
    expect(devnet.stats.byMethod['avm.getHeight']).toBe(1)
  })

  it('restarts counters when faults are replaced and clears them with undefined', async () => {
    devnet.setFaults({ rateLimit: { every: 2 } })
    expect((await call()).status).toBe(200)
    expect((await call()).status).toBe(429)
    devnet.setFaults({ rateLimit: { every: 2 } })
    expect((await call()).status).toBe(200)
    devnet.setFaults(undefined)
    expect((await call()).status).toBe(200)
  })

  it('rejects nonsense fault settings', () => {
    expect(() => devnet.setFaults({ rateLimit: { every: 0 } })).toThrow(
      'faults.rateLimit.every must be an integer >= 1',
    )
    expect(() => devnet.setFaults({ truncate: { fraction: 1 } })).toThrow('faults.truncate.fraction must be in [0, 1)')
    expect(() => devnet.setFaults({ halt: ['Q' as 'P'] })).toThrow(
      'faults.halt must be true, false or a list of chains from P, X, C',
    )
    devnet.setFaults(undefined)
  })
})
