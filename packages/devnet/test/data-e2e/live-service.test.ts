/**
 * What the live Data and Metrics APIs do that their descriptions do not say (data-api.md 0b), produced by the devnet
 * and met by core over real HTTP: ERC-1155 batches whose records look alike (0b.1), fields left out or typed
 * differently (0b.2), rate limits as the service applies them (0b.3), enums that grow (0b.4), proxies that
 * authenticate by header (0b.6).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AvalancheClient,
  createNodeTransport,
  type Logger,
  RateLimitError,
  UnauthorizedError,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient, raw, rejection } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of raw JSON in assertions
type Any = Record<string, any>

const C = 43112
const MINUTE = 60_000
let now = Date.UTC(2026, 2, 1)
let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, evmTxs: 3_000, cBlocks: 40, now: () => now })
  client = dataClient(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const evm = () => devnet.fixtures.data.evm

/** Every record of a listing as the service sends it, page by page over plain HTTP. */
async function rawListing(path: string, field: string): Promise<Any[]> {
  const out: Any[] = []
  let token: string | undefined
  do {
    const sep = path.includes('?') ? '&' : '?'
    const { body } = await raw(devnet, `${path}${sep}pageSize=100${token ? `&pageToken=${token}` : ''}`)
    out.push(...((body as Any)[field] as Any[]))
    token = (body as Any).nextPageToken
  } while (token)
  return out
}

/** What tells the records of one batch apart, and what makes two of them identical. */
const record = (t: Any) => `${t.txHash}/${t.logIndex}/${t.erc1155Token?.tokenId ?? t.erc20Token?.address}/${t.value}`

describe('0b.1: an ERC-1155 batch is several records with the same txHash and logIndex; walks keep every one', () => {
  const listings = [
    ['listErc1155Transactions', () => `/v1/chains/${C}/addresses/${evm().accounts.ewoq}/transactions:listErc1155`],
    ['listTransfers', () => `/v1/chains/${C}/tokens/${evm().contracts.items}/transfers`],
  ] as const
  const walk = (name: (typeof listings)[number][0], options: { pageSize?: number } = {}) =>
    name === 'listErc1155Transactions'
      ? client.data.listErc1155Transactions.items({ chainId: C, address: evm().accounts.ewoq, ...options })
      : client.data.listTransfers.items({ chainId: C, address: evm().contracts.items, ...options })

  it.each(listings)('%s: the devnet lists batches, some with two identical records', async (name, path) => {
    const records = await rawListing(path(), name === 'listTransfers' ? 'transfers' : 'transactions')
    const perLog = new Map<string, number>()
    for (const t of records) perLog.set(`${t.txHash}/${t.logIndex}`, (perLog.get(`${t.txHash}/${t.logIndex}`) ?? 0) + 1)
    expect([...perLog.values()].filter((n) => n > 1).length).toBeGreaterThan(20)
    expect(records.length - new Set(records.map((t) => JSON.stringify(t))).size).toBeGreaterThan(5)
  })

  it.each(listings)('%s: .items() yields every record the pages hold, in order, pages of 7 too', async (name, path) => {
    const records = await rawListing(path(), name === 'listTransfers' ? 'transfers' : 'transactions')
    for (const options of [{}, { pageSize: 7 }]) {
      const walked = (await collect(walk(name, options))) as Any[]
      expect(walked.map(record)).toEqual(records.map(record))
    }
  })

  it('a walk restarted by an expired token (24 h) skips to where it stood, by position: no loss, no repeat', async () => {
    const path = listings[0][1]()
    const records = await rawListing(path, 'transactions')
    const warnings: Record<string, unknown>[] = []
    const c = dataClient(devnet, { logger: { debug() {}, warn: (_m, meta) => warnings.push(meta ?? {}) } })
    const seen: Any[] = []
    let pages = 0
    const address = evm().accounts.ewoq
    for await (const page of c.data.listErc1155Transactions.pages({ chainId: C, address, pageSize: 7 })) {
      seen.push(...(page.transactions ?? []))
      if (++pages === 5) now += 24 * 3600 * 1000 + 1 // the 5th page's token expires before it is used
    }
    expect(warnings).toEqual([expect.objectContaining({ event: 'pagination-restart', status: 400, yielded: 35 })])
    expect(seen.map(record)).toEqual(records.map(record))
    await c.close()
  })
})

describe('0b.2: fields left out or typed unlike the description parse, and keep what arrived', () => {
  it('ChainInfo without description (the L1)', async () => {
    const l1 = evm().chains[1]?.chainId as string
    const { body } = await raw(devnet, `/v1/chains/${l1}`)
    expect(body).not.toHaveProperty('description')
    const info = await client.data.getChainInfo({ chainId: l1 })
    expect(info).toEqual(body)
    expect((await client.data.listChains()).chains?.map((c) => 'description' in c)).toEqual([true, false])
  })

  it('EvmBlock without baseFee before Apricot Phase 3, in a walk of every block', async () => {
    const { body } = await raw(devnet, `/v1/chains/${C}/blocks/1`)
    expect(body).not.toHaveProperty('baseFee')
    expect(await client.data.getBlock({ chainId: C, blockId: 1 })).toEqual(body)
    const blocks = await collect(client.data.getLatestBlocks.items({ chainId: C }))
    expect(blocks.map((b) => b.blockNumber)).toEqual(Array.from({ length: 40 }, (_, i) => String(40 - i)))
    expect(blocks.filter((b) => b.baseFee === undefined).map((b) => b.blockNumber)).toEqual(['1'])
  })

  it('Money.value as a decimal string; tokenReputation left out off the C-Chain', async () => {
    const path = `/v1/chains/${C}/addresses/${evm().accounts.ewoq}/balances:listErc20?filterSpamTokens=false`
    const { body } = (await raw(devnet, path)) as { body: Any }
    const sent = body.nativeTokenBalance.price.value
    expect(sent).toMatch(/^\d+(\.\d+)?$/)
    const balances = await client.data.listErc20Balances({
      chainId: C,
      address: evm().accounts.ewoq,
      filterSpamTokens: false,
    })
    expect(balances.nativeTokenBalance?.price?.value).toBe(Number(sent))
    expect(balances.erc20TokenBalances?.map((b) => b.tokenReputation)).toEqual(
      body.erc20TokenBalances.map((b: Any) => b.tokenReputation),
    )
    const l1 = evm().chains[1]?.chainId as string
    const onL1 = await raw(devnet, `/v1/chains/${l1}/addresses/${evm().accounts.ewoq}/balances:listErc20`)
    expect((onL1.body as Any).erc20TokenBalances[0]).not.toHaveProperty('tokenReputation')
    const parsed = await client.data.listErc20Balances({ chainId: l1, address: evm().accounts.ewoq })
    expect(parsed.erc20TokenBalances?.length).toBe((onL1.body as Any).erc20TokenBalances.length)
  })

  it('the Metrics sortKey as a number (its example) arrives as its text', async () => {
    const { body } = (await raw(devnet, '/v2/chains/43114/btcb/bridged:getAddresses?threshold=0&pageSize=5')) as {
      body: Any
    }
    expect(typeof body.addresses[0].sortKey).toBe('number')
    const page = await client.metrics.getAddressesByBtcbBridged({ threshold: '0', pageSize: 5 })
    expect(page.addresses?.map((a) => a.sortKey)).toEqual(body.addresses.map((a: Any) => String(a.sortKey)))
  })
})

describe('0b.4: parameters take values the description does not list yet', () => {
  it("a custom network's blockchain ID, and a newer transaction type the service knows", async () => {
    const x = devnet.fixtures.chains.x
    const page = await client.data.listLatestPrimaryNetworkTransactions({
      network: 'fuji',
      blockchainId: x,
      pageSize: 3,
    })
    expect(page.transactions).toHaveLength(3)
    const p = await client.data.listLatestPrimaryNetworkTransactions({
      network: 'fuji',
      blockchainId: 'p-chain',
      addresses: devnet.fixtures.accounts.ewoq.p,
      txTypes: ['AddAutoRenewedValidatorTx'],
    })
    expect(p.transactions).toEqual([])
  })
})

describe('0b.6: extra headers for a proxy that authenticates by header, kept out of errors and logs', () => {
  const SECRET = 'proxy-secret-4f1c9a'
  let proxy: Server
  let proxyUrl: string
  beforeAll(async () => {
    // Forwards requests that carry the key; answers 401 otherwise (and for chain 999999), echoing the request's
    // headers as proxies may.
    proxy = createServer(async (req, res) => {
      const key = req.headers['x-proxy-key']
      if (key !== SECRET || req.url?.includes('/999999')) {
        res.writeHead(401, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: `rejected: ${JSON.stringify(req.headers)}`, statusCode: 401 }))
        return
      }
      const upstream = await fetch(`${devnet.url}${req.url}`)
      res.writeHead(upstream.status, { 'content-type': 'application/json' })
      res.end(await upstream.text())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())))

  it('dataHeaders and metricsHeaders reach the proxy; errors and logs show no value of theirs', async () => {
    const lines: string[] = []
    const logger: Logger = {
      debug: (m, meta) => lines.push(m, JSON.stringify(meta)),
      warn: (m, meta) => lines.push(m, JSON.stringify(meta)),
    }
    const headers = { 'X-Proxy-Key': SECRET }
    const c = dataClient(devnet, {
      dataApiUrl: proxyUrl,
      metricsApiUrl: proxyUrl,
      dataHeaders: headers,
      metricsHeaders: headers,
      logger,
      retry: false,
    })
    expect((await c.data.getChainInfo({ chainId: C })).chainId).toBe(String(C))
    expect((await c.metrics.getChain({ chainId: C })).chainName).toBeDefined()
    const error = await rejection(c.data.getChainInfo({ chainId: 999999 }), UnauthorizedError)
    const shown = JSON.stringify({ message: error.message, details: error.details, body: error.body, lines })
    expect(shown).toContain('rejected')
    expect(shown).not.toContain(SECRET)
    const without = dataClient(devnet, { dataApiUrl: proxyUrl, retry: false })
    await rejection(without.data.getChainInfo({ chainId: C }), UnauthorizedError)
    await c.close()
    await without.close()
  })
})

describe('0b.3: rate limits as the live service applies them (per-minute windows; a clock the sleeps move)', () => {
  let limited: Devnet
  /** The devnet's clock: real time since the scenario began, plus every sleep, which moves it instead of waiting. */
  let clock = Date.UTC(2026, 2, 1)
  let anchor = Date.now()
  const time = () => clock + (Date.now() - anchor)
  const sleeps: number[] = []
  const sleep = async (ms: number) => {
    sleeps.push(ms)
    clock += ms
  }
  /** Statuses the client saw, through the default transport (real HTTP). */
  const statuses: number[] = []
  const base = createNodeTransport()
  const transport = async (request: Parameters<typeof base>[0]) => {
    const response = await base(request)
    statuses.push(response.status)
    return response
  }
  const events: Record<string, unknown>[] = []
  const logger: Logger = { debug: (_m, meta) => events.push(meta ?? {}), warn: (_m, meta) => events.push(meta ?? {}) }
  const walkOf = (c: AvalancheClient) =>
    collect(c.data.listNativeTransactions.items({ chainId: C, address: limited.fixtures.data.evm.accounts.ewoq }))

  beforeAll(async () => {
    // 200 compute units a minute: ten listNativeTransactions pages (medium, 20 each); the walk needs 30 pages.
    limited = await startDevnet({
      seed: 5,
      evmTxs: 3_000,
      cBlocks: 40,
      apiKeys: { 'walk-key': 'full', 'spent-key': 'full' },
      rateLimits: { full: 200, unauthenticated: 200 },
      now: time,
    })
  })
  afterAll(async () => {
    await base.close()
    await limited.close()
  })
  const fresh = (options: Parameters<typeof dataClient>[1] = {}) => {
    sleeps.length = 0
    statuses.length = 0
    events.length = 0
    clock = Math.ceil(time() / MINUTE) * MINUTE // each scenario starts with a new window
    anchor = Date.now()
    return dataClient(limited, { sleep, transport, logger, ...options })
  }

  it('a keyed walk paces itself from ratelimit-remaining/-reset and is never refused', async () => {
    const c = fresh({ apiKey: 'walk-key' })
    const items = await walkOf(c)
    expect(items).toHaveLength(3_000)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    expect(statuses).toHaveLength(30)
    // 600 compute units at 200 a minute: the walk spread over three windows instead of meeting a 429.
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2 * MINUTE - 1_000)
    expect(events.filter((e) => e.event === 'rate-limit-pace').length).toBeGreaterThan(5)
  })

  it('a walk meeting a 429 with retry-after of 30 s and more waits it out (retry policy: 20 s at most)', async () => {
    const c = fresh({ apiKey: 'spent-key' })
    clock += 10_000 // 50 s left in this window
    const other = dataClient(limited, { apiKey: 'spent-key', retry: false })
    for (let i = 0; i < 10; i++) await other.data.listLatestTransactions({ chainId: C, pageSize: 1 })
    await rejection(other.data.listLatestTransactions({ chainId: C, pageSize: 1 }), RateLimitError)
    const items = await walkOf(c)
    expect(items).toHaveLength(3_000)
    const [wait] = events.filter((e) => e.event === 'rate-limit-wait')
    expect(wait).toMatchObject({ yielded: 0, delayMs: wait?.retryAfterMs })
    expect(wait?.retryAfterMs).toBeGreaterThanOrEqual(30_000)
    expect(statuses[0]).toBe(429)
    await other.close()
  })

  it('without a key a 429 carries no headers: the walk backs off for seconds, not milliseconds', async () => {
    const c = fresh()
    const items = await walkOf(c)
    expect(items).toHaveLength(3_000)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect(sleeps.length).toBeGreaterThan(0)
    expect(Math.min(...sleeps)).toBeGreaterThanOrEqual(5_000)
  })
})
