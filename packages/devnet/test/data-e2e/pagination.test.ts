/**
 * (c) Page-token pagination of 10,000+ items through core's `.items()`: nothing lost or repeated, also under injected
 * 429s and connection resets; an expired token restarts the listing (core warns `pagination-restart`); prefetch on
 * and off give the same sequence.
 */
import { type AvalancheClient, ResponseShapeError } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient, rejection } from './helpers.js'

const C = 43112
const EVM_TXS = 12_000
let devnet: Devnet
let client: AvalancheClient
let now = Date.UTC(2026, 2, 1)
let baseline: string[]

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, evmTxs: EVM_TXS, xTxs: 10_300, utxosPerAddress: 100, now: () => now })
  client = dataClient(devnet)
  const items = await collect(client.data.listNativeTransactions.items({ chainId: C, address: ewoq() }))
  baseline = items.map((t) => t.txHash)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const ewoq = () => devnet.fixtures.data.evm.accounts.ewoq

describe('pageToken walks of 10,000+ items', () => {
  it('lists all 12,000 transactions of ewoq once each, newest first', async () => {
    expect(baseline).toHaveLength(EVM_TXS)
    expect(new Set(baseline).size).toBe(EVM_TXS)
    const first = await client.data.listNativeTransactions({ chainId: C, address: ewoq(), pageSize: 100 })
    expect(first.transactions?.map((t) => t.txHash)).toEqual(baseline.slice(0, 100))
    const positions = (first.transactions ?? []).map((t) => Number(t.blockNumber) * 10_000 + (t.blockIndex ?? 0))
    expect(positions).toEqual([...positions].sort((a, b) => b - a))
  })

  it('prefetch on gives the same sequence as prefetch off', async () => {
    const prefetched = await collect(
      client.data.listNativeTransactions.items({ chainId: C, address: ewoq() }, { prefetch: true }),
    )
    expect(prefetched.map((t) => t.txHash)).toEqual(baseline)
    const small = await collect(
      client.data.listNativeTransactions.items({ chainId: C, address: ewoq(), pageSize: 37 }, { prefetch: true }),
    )
    expect(small.map((t) => t.txHash)).toEqual(baseline)
  })

  it('survives injected 429s and connection resets without losing or repeating items', async () => {
    const c = dataClient(devnet, { retry: { retries: 8, baseDelayMs: 1, maxDelayMs: 50 } })
    devnet.stats.reset()
    devnet.setFaults({
      rateLimit: { every: 5, retryAfter: 0, paths: ['/v1/'] },
      reset: { every: 7, paths: ['/v1/'] },
    })
    try {
      for (const prefetch of [false, true]) {
        const items = await collect(c.data.listNativeTransactions.items({ chainId: C, address: ewoq() }, { prefetch }))
        expect(items.map((t) => t.txHash)).toEqual(baseline)
      }
      expect(devnet.stats.faults.rateLimit).toBeGreaterThan(20)
      expect(devnet.stats.faults.reset).toBeGreaterThan(10)
    } finally {
      devnet.setFaults(undefined)
      await c.close()
    }
  })

  it('restarts from the first page when a token expires (24 h), with a pagination-restart warning', async () => {
    const warnings: Record<string, unknown>[] = []
    const c = dataClient(devnet, { logger: { debug() {}, warn: (_m, meta) => warnings.push(meta ?? {}) } })
    const seen: string[] = []
    let pages = 0
    for await (const page of c.data.listNativeTransactions.pages({ chainId: C, address: ewoq() })) {
      seen.push(...(page.transactions ?? []).map((t) => t.txHash))
      // Between the 3rd and the 4th page, a day passes: the 3rd page's token has expired.
      if (++pages === 3) now += 24 * 3600 * 1000 + 1
    }
    expect(warnings).toEqual([expect.objectContaining({ event: 'pagination-restart', status: 400, yielded: 300 })])
    expect(seen).toEqual(baseline)
    await c.close()
  })

  it('a garbage or foreign token answers 400; a walk resumed from one restarts', async () => {
    const warnings: unknown[] = []
    const c = dataClient(devnet, { logger: { debug() {}, warn: (_m, meta) => warnings.push(meta) } })
    const fromGarbage = await collect(
      c.data.getLatestBlocks.items({ chainId: C, pageToken: 'AQGh_not-a-token' }, { limit: 150 }),
    )
    expect(fromGarbage.map((b) => b.blockNumber)).toEqual(
      Array.from({ length: 100 }, (_, i) => String(devnet.fixtures.c.height - i)),
    )
    expect(warnings).toHaveLength(1)
    // A token of another listing is refused too (tokens are bound to their path and filters).
    const other = await c.data.listNativeTransactions({ chainId: C, address: ewoq(), pageSize: 1 })
    const response = await fetch(`${devnet.url}/v1/chains/${C}/blocks?pageToken=${other.nextPageToken}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(/different request/)
    await c.close()
  })

  it('omits nextPageToken on the last page, even when it is exactly full; pageSize defaults per the spec', async () => {
    const height = devnet.fixtures.c.height
    const pages = await collect(client.data.getLatestBlocks.pages({ chainId: C, pageSize: height / 4 }))
    expect(pages.map((p) => p.blocks?.length)).toEqual([height / 4, height / 4, height / 4, height / 4])
    expect(pages.map((p) => 'nextPageToken' in p)).toEqual([true, true, true, false])
    const defaults = async (path: string, field: string) =>
      ((await (await fetch(`${devnet.url}${path}`)).json()) as Record<string, unknown[]>)[field]?.length
    expect(await defaults(`/v1/chains/${C}/blocks`, 'blocks')).toBe(10)
    expect(await defaults(`/v2/chains/${C}/metrics/txCount`, 'results')).toBe(100)
    expect(await defaults('/v2/chains/43114/btcb/bridged:getAddresses?threshold=0', 'addresses')).toBe(64)
    expect(
      await defaults(
        `/v1/chains/${C}/addresses/${ewoq()}/balances:listErc20?filterSpamTokens=false`,
        'erc20TokenBalances',
      ),
    ).toBe(4)
  })

  it('walks 10,800 hourly metric points in pages of 2,160', async () => {
    const points = await collect(
      client.metrics.getEvmChainMetrics.items({ chainId: C, metric: 'txCount', timeInterval: 'hour' }),
    )
    expect(points).toHaveLength(10_800)
    for (let i = 1; i < points.length; i++) {
      expect((points[i - 1]?.timestamp as number) - (points[i]?.timestamp as number)).toBe(3600)
    }
  })

  it('walks 10,300 X-Chain transactions, short pages at the UTXO threshold included', async () => {
    const pages = await collect(
      client.data.listLatestPrimaryNetworkTransactions.pages({ network: 'fuji', blockchainId: 'x-chain' }),
    )
    const txs = pages.flatMap((p) => p.transactions as { txHash: string }[])
    expect(txs).toHaveLength(devnet.fixtures.x.txCount)
    expect(new Set(txs.map((t) => t.txHash)).size).toBe(devnet.fixtures.x.txCount)
    expect(txs[0]?.txHash).toBe(devnet.fixtures.x.txs.last)
    expect(txs.at(-1)?.txHash).toBe(devnet.fixtures.x.txs.first)
    // Fan-out transactions hold 130 UTXOs each: their pages stop early, which is not the end of the listing.
    expect(pages.some((p, i) => i < pages.length - 1 && (p.transactions?.length ?? 0) < 100)).toBe(true)
  })
})

describe('fault injection on the Data API routes', () => {
  it('latency delays /v1 responses', async () => {
    devnet.setFaults({ latency: { ms: 120, first: 1, paths: ['/v1/'] } })
    const started = Date.now()
    await client.data.getChainInfo({ chainId: C })
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    devnet.setFaults(undefined)
  })

  it('a truncated body is a ResponseShapeError', async () => {
    const c = dataClient(devnet, { retry: false })
    devnet.setFaults({ truncate: { first: 1, paths: ['/v1/'] } })
    await rejection(c.data.getChainInfo({ chainId: C }), ResponseShapeError)
    devnet.setFaults(undefined)
    await c.close()
  })
})
