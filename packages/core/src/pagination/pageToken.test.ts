import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest'
import { evm } from '../data/evm.js'
import type { NativeTransaction, PChainTransaction } from '../data/generated/data-api.gen.js'
import { metrics } from '../data/metrics.js'
import { BadRequestError, InvalidParamsError, PaginationLimitError, RateLimitError } from '../errors.js'
import {
  createFakeClient,
  createRecordingLogger,
  type FakeReply,
  type RecordedRequest,
} from '../testing/fake-transport.js'
import { itemKey, maxPageSize, PAGE_TOKEN_LIFETIME_MS } from './pageToken.js'

const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const PATH = `/v1/chains/43114/addresses/${WALLET}/transactions:listNative`
const ROUTE = `GET ${PATH}`
const params = { chainId: 43114, address: WALLET }

const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}`

/** A native transaction as the Data API lists it; `n` makes its hashes unique. */
function nativeTx(n: number) {
  return {
    blockNumber: String(1_000_000 - n),
    blockTimestamp: 1_700_000_000 - n,
    blockHash: hex(n, 32),
    chainId: '43114',
    blockIndex: 0,
    txHash: hex(n + 1, 32),
    txStatus: '1',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: String(n),
    from: { address: WALLET },
    to: { address: hex(7, 20) },
    value: '1000000000000000000',
  }
}
type Tx = ReturnType<typeof nativeTx>

interface Listing {
  /** The list as the service currently holds it, newest first; tests may change it between pages. */
  items: Tx[]
  /** Most items a page holds whatever pageSize says (the Primary Network's UTXO threshold), by page number. */
  cap?: (page: number) => number
  /** Answers instead of the listing for a request, when it returns a reply. */
  override?: (request: RecordedRequest) => FakeReply | undefined
  /** How the listing changes while a consumer pauses (pausedWalk). */
  change?: (items: Tx[]) => Tx[]
}

/**
 * A listing that pages with offset tokens `o<offset>` (`o<offset>-<page>` after an empty page, so that the token still
 * changes), the way a service hands out opaque cursors.
 */
function listing(state: Listing) {
  let page = 0
  return (request: RecordedRequest): FakeReply => {
    const override = state.override?.(request)
    if (override) return override
    const token = request.query.pageToken?.[0]
    const offset = token ? Number.parseInt(token.slice(1), 10) : 0
    const size = Math.min(Number(request.query.pageSize?.[0] ?? 10), state.cap?.(page) ?? Number.POSITIVE_INFINITY)
    const transactions = state.items.slice(offset, offset + size)
    const end = offset + transactions.length
    const nextPageToken = transactions.length ? `o${end}` : `o${end}-${page}`
    page++
    return { body: end < state.items.length ? { transactions, nextPageToken } : { transactions } }
  }
}

function walkClient(state: Listing) {
  return createFakeClient({ [ROUTE]: listing(state) })
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of source) out.push(item)
  return out
}

const many = (count: number, from = 0) => Array.from({ length: count }, (_, i) => nativeTx(from + i))

afterEach(() => {
  vi.useRealTimers()
})

describe('pageToken walks', () => {
  test('default: .items() yields 10,050 transactions over 101 pages, nothing lost or duplicated', async () => {
    const all = many(10_050)
    const { client, fake } = walkClient({ items: all })
    const items = await collect(client.data.listNativeTransactions.items(params))
    expect(items).toHaveLength(10_050)
    expect(items).toEqual(all)
    expect(new Set(items.map((t) => t.txHash)).size).toBe(10_050)
    expect(fake.requests).toHaveLength(101)
    // Without a pageSize the walk asks for the largest page: every request costs the same rate-limit weight.
    expect(fake.requests.every((r) => r.query.pageSize?.[0] === '100')).toBe(true)
    expect(fake.requests[0]?.query.pageToken).toBeUndefined()
    expect(fake.requests.slice(1).map((r) => r.query.pageToken?.[0])).toEqual(
      Array.from({ length: 100 }, (_, i) => `o${(i + 1) * 100}`),
    )
  })

  test('default: .pages() yields whole pages, each with the nextPageToken to resume from', async () => {
    const { client } = walkClient({ items: many(25) })
    const pages = await collect(client.data.listNativeTransactions.pages({ ...params, pageSize: 10 }))
    expect(pages.map((p) => p.transactions?.length)).toEqual([10, 10, 5])
    expect(pages.map((p) => p.nextPageToken)).toEqual(['o10', 'o20', undefined])
  })

  test('behavior: limit caps items across pages and shrinks the page size when it is smaller', async () => {
    const { client, fake } = walkClient({ items: many(1000) })
    const items = await collect(client.data.listNativeTransactions.items(params, { limit: 250 }))
    expect(items).toEqual(many(250))
    expect(fake.requests.map((r) => r.query.pageSize?.[0])).toEqual(['100', '100', '100'])

    fake.clear()
    await expect(collect(client.data.listNativeTransactions.items(params, { limit: 5 }))).resolves.toHaveLength(5)
    expect(fake.requests.map((r) => r.query.pageSize?.[0])).toEqual(['5'])

    fake.clear()
    const pages = await collect(client.data.listNativeTransactions.pages({ ...params, pageSize: 10 }, { limit: 25 }))
    expect(pages.map((p) => p.transactions?.length)).toEqual([10, 10, 10])
    expect(fake.requests).toHaveLength(3)

    fake.clear()
    await expect(collect(client.data.listNativeTransactions.items(params, { limit: 0 }))).resolves.toEqual([])
    expect(fake.requests).toHaveLength(0)
  })

  test('leniency: a page without its list field (the service omits empty arrays) yields no items, not an error', async () => {
    const { client } = createFakeClient({
      [ROUTE]: (request) =>
        request.query.pageToken ? { body: { transactions: many(2) } } : { body: { nextPageToken: 'next' } },
    })
    await expect(collect(client.data.listNativeTransactions.items(params))).resolves.toEqual(many(2))
  })

  test('behavior: a walk resumes from a pageToken given as a parameter', async () => {
    const all = many(95)
    const { client, fake } = walkClient({ items: all })
    const first: unknown[] = []
    let resumeFrom: string | undefined
    for await (const page of client.data.listNativeTransactions.pages({ ...params, pageSize: 20 })) {
      first.push(...(page.transactions ?? []))
      resumeFrom = page.nextPageToken
      if (first.length >= 40) break
    }
    expect(resumeFrom).toBe('o40')
    const rest = await collect(
      client.data.listNativeTransactions.items({ ...params, pageSize: 20, pageToken: resumeFrom }),
    )
    expect([...first, ...rest]).toEqual(all)
    expect(fake.requests.at(2)?.query.pageToken).toEqual(['o40'])
  })

  test('behavior: pages shorter than pageSize, even empty ones, do not end the walk (seed rule 3)', async () => {
    const all = many(40)
    const caps = [3, 0, 7, 1, 0, 100]
    const { client, fake } = walkClient({ items: all, cap: (page) => caps[page] ?? 2 })
    const pages = await collect(client.data.listNativeTransactions.pages({ ...params, pageSize: 10 }))
    // 21 items in the first six pages, then the remaining 19 two at a time.
    expect(pages.map((p) => p.transactions?.length)).toEqual([3, 0, 7, 1, 0, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1])
    expect(pages.flatMap((p) => p.transactions)).toEqual(all)
    expect(fake.requests).toHaveLength(16)
  })

  test('behavior: Primary Network transaction pages cut short by the UTXO threshold are walked to the end', async () => {
    const tx = (n: number) => ({
      txHash: `tx${n}`,
      txType: 'AddPermissionlessDelegatorTx',
      blockTimestamp: 1_700_000_000 + n,
      blockNumber: String(n),
      blockHash: `block${n}`,
      consumedUtxos: [],
      emittedUtxos: [],
      value: [],
      amountBurned: [],
      amountStaked: [],
      amountL1ValidatorBalanceBurned: [],
    })
    const chainInfo = { chainName: 'p-chain', network: 'mainnet' }
    const pages = [[tx(1), tx(2)], [tx(3)], [], [tx(4), tx(5)]]
    const { client, fake } = createFakeClient({
      'GET /v1/networks/mainnet/blockchains/p-chain/transactions': (request) => {
        const index = Number(request.query.pageToken?.[0] ?? 0)
        const nextPageToken = index + 1 < pages.length ? String(index + 1) : ''
        return { body: { transactions: pages[index], chainInfo, nextPageToken } }
      },
    })
    const items = await collect(
      client.data.listLatestPrimaryNetworkTransactions.items({ network: 'mainnet', blockchainId: 'p-chain' }),
    )
    expect(items.map((t) => t.txHash)).toEqual(['tx1', 'tx2', 'tx3', 'tx4', 'tx5'])
    expect(fake.requests).toHaveLength(4)
    expectTypeOf(items[0]).toExtend<PChainTransaction | Record<string, unknown> | undefined>()
  })

  test('error: a page token handed out twice stops the walk with PaginationLimitError', async () => {
    let n = 0
    const { client, fake } = createFakeClient({
      [ROUTE]: () => ({ body: { transactions: [nativeTx(n++)], nextPageToken: 'same' } }),
    })
    const walk = collect(client.data.listNativeTransactions.items(params))
    await expect(walk).rejects.toBeInstanceOf(PaginationLimitError)
    await expect(walk).rejects.toThrow(
      /data.listNativeTransactions stopped: the service returned page token "same" a second time/,
    )
    expect(fake.requests).toHaveLength(2)

    const cycle: Record<string, string> = { '': 'a', a: 'b', b: 'a' }
    const { client: cycling } = createFakeClient({
      [ROUTE]: (request) => ({
        body: { transactions: [], nextPageToken: cycle[request.query.pageToken?.[0] ?? ''] },
      }),
    })
    await expect(collect(cycling.data.listNativeTransactions.pages(params))).rejects.toBeInstanceOf(
      PaginationLimitError,
    )
  })

  test('behavior: prefetch requests the next page before the consumer is done with the current one', async () => {
    const { client, fake } = walkClient({ items: many(30) })
    const inFlight: number[] = []
    for await (const page of client.data.listNativeTransactions.pages(
      { ...params, pageSize: 10 },
      { prefetch: true },
    )) {
      inFlight.push(fake.requests.length)
      expect(page.transactions).toHaveLength(10)
    }
    // While the consumer held page 1 (of 3), the request for page 2 was already out; the last page asks for nothing.
    expect(inFlight).toEqual([2, 3, 3])

    fake.clear()
    const seen: number[] = []
    for await (const _ of client.data.listNativeTransactions.pages({ ...params, pageSize: 10 })) {
      seen.push(fake.requests.length)
    }
    expect(seen).toEqual([1, 2, 3])
  })

  test('behavior: prefetch stops at the limit and when the consumer leaves early', async () => {
    const { client, fake } = walkClient({ items: many(100) })
    await collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }, { prefetch: true, limit: 20 }))
    expect(fake.requests).toHaveLength(2)
    fake.clear()
    for await (const _ of client.data.listNativeTransactions.pages({ ...params, pageSize: 10 }, { prefetch: true }))
      break
    expect(fake.requests).toHaveLength(2)
  })

  test('behavior: records that look alike are all yielded, across page boundaries too (data-api.md 0b.1)', async () => {
    // One ERC-1155 TransferBatch: records with the same txHash, logIndex and block, told apart by token and value;
    // the last two are identical in every field (the same token twice in one batch).
    const batch = (tokenId: string, value: string) => ({
      ...nativeTx(7),
      logIndex: 3,
      erc1155Token: { tokenId },
      value,
    })
    const records = [nativeTx(1), batch('1', '5'), batch('2', '1'), batch('4', '2'), batch('4', '2'), nativeTx(9)]
    for (const pageSize of [1, 2, 3, 10]) {
      const { client } = walkClient({ items: records as Tx[] })
      await expect(collect(client.data.listNativeTransactions.items({ ...params, pageSize }))).resolves.toEqual(records)
    }
  })
})

describe('pageToken walks: expired tokens (seed: a token lives 24 hours, then the listing restarts)', () => {
  /**
   * Walks `records` in pages of `pageSize`; after `pause` items the consumer pauses for `pauseMs` (the next token has
   * expired) while `change` alters the listing.
   */
  async function pausedWalk(
    records: unknown[],
    pageSize: number,
    pause: number,
    pauseMs: number,
    change: Listing['change'],
  ) {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'))
    const state: Listing = { items: records as Tx[] }
    const { client, fake } = walkClient(state)
    const logger = createRecordingLogger()
    const items: unknown[] = []
    for await (const tx of client.data.listNativeTransactions.items({ ...params, pageSize }, { logger })) {
      items.push(tx)
      if (items.length === pause) {
        vi.setSystemTime(Date.now() + pauseMs)
        state.items = change?.(state.items) ?? state.items
      }
    }
    return { items, fake, logger }
  }

  test('behavior: a token older than 24 hours restarts from the first page, warns, and skips what was yielded', async () => {
    // The consumer pauses for 25 hours; meanwhile a new transaction arrives at the top of the list.
    const { items, fake, logger } = await pausedWalk(many(30), 10, 10, PAGE_TOKEN_LIFETIME_MS + 3_600_000, (list) => [
      nativeTx(500),
      ...list,
    ])
    // The restarted listing is read up to the last item yielded (the 10th, now 11th) and continues after it: the
    // new transaction above the walk's position is not part of it, as in a walk that never restarted.
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual([undefined, undefined, 'o10', 'o20', 'o30'])
    expect(items).toEqual(many(30))
    expect(logger.warnings).toHaveLength(1)
    expect(logger.warnings[0]?.meta).toMatchObject({
      event: 'pagination-restart',
      operation: 'data.listNativeTransactions',
      reason: 'the next page token is older than 24 hours',
      yielded: 10,
    })
  })

  test('behavior: a restart finds its position inside a run of look-alike records, by position', async () => {
    const batch = (tokenId: string) => ({ ...nativeTx(7), logIndex: 3, erc1155Token: { tokenId }, value: '1' })
    // Pages of 4 split the batch of five identical-looking records after its second one.
    const records = [nativeTx(1), nativeTx(2), batch('1'), batch('1'), batch('2'), batch('2'), batch('3'), nativeTx(9)]
    const { items, fake, logger } = await pausedWalk(records, 4, 4, PAGE_TOKEN_LIFETIME_MS, (list) => [
      nativeTx(500),
      ...list,
    ])
    expect(items).toEqual(records)
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual([undefined, undefined, 'o4', 'o8'])
    expect(logger.warnings.map((w) => w.meta?.event)).toEqual(['pagination-restart'])
  })

  test('behavior: when the restarted listing no longer holds the last item, it skips as many as were yielded', async () => {
    // The 10th transaction was re-indexed meanwhile: its block hash changed, so the walk cannot find it.
    const reindexed = (list: Tx[]) => list.map((t, i) => (i === 9 ? { ...t, blockHash: hex(999, 32) } : t))
    const { items, fake, logger } = await pausedWalk(many(30), 10, 10, PAGE_TOKEN_LIFETIME_MS, reindexed)
    expect(items).toEqual(many(30))
    expect(logger.warnings.map((w) => w.meta?.reason)).toEqual([
      'the next page token is older than 24 hours',
      'the restarted listing no longer holds the last item yielded',
    ])
    expect(fake.requests).toHaveLength(1 + 3 + 3)
  })

  test('behavior: a 400 to a pageToken the caller passed restarts from the first page', async () => {
    const all = many(15)
    const { client, fake } = walkClient({
      items: all,
      override: (request) =>
        request.query.pageToken?.[0] === 'stale'
          ? { status: 400, body: { message: 'Invalid page token', statusCode: 400, error: 'Bad Request' } }
          : undefined,
    })
    const logger = createRecordingLogger()
    const items = await collect(
      client.data.listNativeTransactions.items({ ...params, pageSize: 10, pageToken: 'stale' }, { logger }),
    )
    expect(items).toEqual(all)
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual(['stale', undefined, 'o10'])
    expect(logger.warnings[0]?.meta).toMatchObject({ event: 'pagination-restart', status: 400 })
    expect(logger.warnings[0]?.message).toMatch(/restarting the listing from the first page/)
  })

  test('behavior: a 404 saying the token expired restarts, even for a token received moments ago', async () => {
    let expired = false
    const all = many(25)
    const { client, fake } = walkClient({
      items: all,
      override: (request) => {
        if (request.query.pageToken?.[0] !== 'o10' || expired) return undefined
        expired = true
        return { status: 404, body: { message: ['pageToken expired'], statusCode: 404, error: 'Not Found' } }
      },
    })
    const items = await collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }))
    expect(items).toEqual(all)
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual([undefined, 'o10', undefined, 'o10', 'o20'])
  })

  test('error: any other 400 to a fresh token is raised, not restarted', async () => {
    const { client, fake } = walkClient({
      items: many(25),
      override: (request) =>
        request.query.pageToken?.[0] === 'o10'
          ? { status: 400, body: { message: 'Invalid address format', statusCode: 400, error: 'Bad Request' } }
          : undefined,
    })
    const logger = createRecordingLogger()
    const walk = collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }, { logger }))
    await expect(walk).rejects.toBeInstanceOf(BadRequestError)
    expect(fake.requests).toHaveLength(2)
    expect(logger.warnings).toEqual([])
  })

  test('error: a listing whose tokens keep expiring gives up after 3 restarts', async () => {
    const { client, fake } = walkClient({
      items: many(25),
      override: (request) =>
        request.query.pageToken
          ? { status: 400, body: { message: 'token expired', statusCode: 400, error: 'Bad Request' } }
          : undefined,
    })
    await expect(collect(client.data.listNativeTransactions.pages({ ...params, pageSize: 10 }))).rejects.toBeInstanceOf(
      BadRequestError,
    )
    expect(fake.requests).toHaveLength(8)
  })
})

describe('pageToken walks: rate limits (data-api.md 0b.3: windows are per minute)', () => {
  const tooMany = (headers: Record<string, string> = {}): FakeReply => ({
    status: 429,
    headers,
    body: { message: 'Too many requests', statusCode: 429, error: 'Too Many Requests' },
  })
  /** A listing whose requests answer 429 as `answers` says (by request number), else the page. */
  function limited(answers: Record<number, FakeReply>, options: Record<string, unknown> = {}) {
    const pages = listing({ items: many(25) })
    let n = 0
    const sleeps: number[] = []
    const { client, fake, logger } = createFakeClient(
      { [ROUTE]: (request) => answers[++n] ?? pages(request) },
      { sleep: async (ms) => void sleeps.push(ms), ...options },
    )
    return { client, fake, logger, sleeps }
  }

  test('behavior: a retry-after longer than the retry policy allows (45 s) is waited out by the walk', async () => {
    const { client, fake, logger, sleeps } = limited({ 2: tooMany({ 'retry-after': '45' }) }, { retry: undefined })
    const items = await collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }))
    expect(items).toEqual(many(25))
    // The call gives up at once (45 s > its 20 s maxDelayMs); the walk waits and asks for the same page again.
    expect(sleeps).toEqual([45_000])
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual([undefined, 'o10', 'o10', 'o20'])
    expect(logger.warnings.map((w) => w.meta)).toEqual([
      expect.objectContaining({ event: 'rate-limit-wait', delayMs: 45_000, retryAfterMs: 45_000, yielded: 10 }),
    ])
  })

  test('behavior: a 429 without retry-after is waited out from 5 s, doubling', async () => {
    const { client, sleeps } = limited({ 1: tooMany(), 2: tooMany(), 3: tooMany() })
    await expect(collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }))).resolves.toEqual(
      many(25),
    )
    expect(sleeps).toEqual([5_000, 10_000, 20_000])
  })

  test('error: a retry-after above maxRateLimitWaitMs (default 60 s) ends the walk with the RateLimitError', async () => {
    const { client, sleeps } = limited({ 2: tooMany({ 'retry-after': '90' }) })
    await expect(collect(client.data.listNativeTransactions.items({ ...params, pageSize: 10 }))).rejects.toBeInstanceOf(
      RateLimitError,
    )
    const { client: impatient } = limited({ 2: tooMany({ 'retry-after': '5' }) })
    await expect(
      collect(impatient.data.listNativeTransactions.items({ ...params, pageSize: 10 }, { maxRateLimitWaitMs: 0 })),
    ).rejects.toBeInstanceOf(RateLimitError)
    expect(sleeps).toEqual([])
    await expect(
      limited({}).client.data.listNativeTransactions.items(params, { maxRateLimitWaitMs: -1 }).next(),
    ).rejects.toThrow(/maxRateLimitWaitMs must be a number of milliseconds >= 0, got -1/)
  })
})

describe('pageToken walks: parameters and types', () => {
  test('error: invalid parameters fail before any request; so does a bad limit', async () => {
    const { client, fake } = walkClient({ items: many(5) })
    await expect(
      collect(client.data.listNativeTransactions.items({ ...params, address: '0x1' })),
    ).rejects.toBeInstanceOf(InvalidParamsError)
    await expect(collect(client.data.listNativeTransactions.pages(params, { limit: -1 }))).rejects.toThrow(
      /limit must be a whole number >= 0/,
    )
    expect(fake.requests).toHaveLength(0)
  })

  test('default: items are typed with the item type of the list field', () => {
    const { client } = walkClient({ items: [] })
    expectTypeOf(client.data.listNativeTransactions.items).returns.toEqualTypeOf<AsyncGenerator<NativeTransaction>>()
    expectTypeOf(client.metrics.getAvgTps.items).returns.toEqualTypeOf<
      AsyncGenerator<{ value?: number | undefined; timestamp: number; [k: string]: unknown }>
    >()
    // Operations whose parameters are all optional walk without any.
    expectTypeOf(client.metrics.listChains.pages).parameters.toEqualTypeOf<
      [
        params?: { pageToken?: string | undefined; network?: 'mainnet' | 'fuji' | 'testnet' | undefined } | undefined,
        options?: import('./pageToken.js').PageTokenWalkOptions,
      ]
    >()
  })

  test('default: the walk page size is the largest each operation allows', () => {
    expect(maxPageSize(evm.listNativeTransactions)).toBe(100)
    expect(maxPageSize(evm.listErc20Balances)).toBe(500)
    expect(maxPageSize(evm.getTransactionsForBlock)).toBe(100)
    expect(maxPageSize(metrics.getEvmChainMetrics)).toBe(2160)
    expect(maxPageSize(metrics.getAddressesByBtcbBridged)).toBe(5000)
    expect(maxPageSize(metrics.listChains)).toBeUndefined()
    expect(maxPageSize(metrics.getAvgTps)).toBeUndefined()
  })

  test('behavior: a metrics series walks by pageToken too', async () => {
    const pages = [
      { results: [{ timestamp: 1724803200, value: 2.1 }], status: 200, lastRun: 1724880000, nextPageToken: 'u1' },
      { results: [{ timestamp: 1724716800, value: 1.98 }], status: 200, lastRun: 1724880000 },
    ]
    const { client, fake } = createFakeClient({
      'GET /v1/avg_tps/43114': (request) => ({ body: request.query.pageToken ? pages[1] : pages[0] }) as FakeReply,
    })
    const points = await collect(client.metrics.getAvgTps.items({ chainId: 43114 }))
    expect(points).toEqual([
      { timestamp: 1724803200, value: 2.1 },
      { timestamp: 1724716800, value: 1.98 },
    ])
    expect(fake.requests.map((r) => r.url)).toEqual([
      'https://metrics.avax.network/v1/avg_tps/43114',
      'https://metrics.avax.network/v1/avg_tps/43114?pageToken=u1',
    ])
  })

  test('default: item keys tell items apart by their identifying fields', () => {
    expect(itemKey(nativeTx(1))).toBe(itemKey({ ...nativeTx(1), gasPrice: '1' }))
    expect(itemKey(nativeTx(1))).not.toBe(itemKey(nativeTx(2)))
    expect(itemKey({ nativeTransaction: nativeTx(3), erc20Transfers: [] })).toBe(itemKey(nativeTx(3)))
    expect(itemKey({ timestamp: 1, value: 2 })).not.toBe(itemKey({ timestamp: 2, value: 2 }))
    expect(itemKey({ addresses: ['P-avax1a'], sortKey: '1' })).not.toBe(
      itemKey({ addresses: ['P-avax1b'], sortKey: '1' }),
    )
    expect(itemKey('text')).toBe('"text"')
  })
})
