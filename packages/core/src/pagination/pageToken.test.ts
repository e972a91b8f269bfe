import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest'
import { evm } from '../data/evm.js'
import type { NativeTransaction, PChainTransaction } from '../data/generated/data-api.gen.js'
import { metrics } from '../data/metrics.js'
import { BadRequestError, InvalidParamsError, PaginationLimitError } from '../errors.js'
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
    expect(pages.map((p) => p.transactions.length)).toEqual([10, 10, 5])
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
    expect(pages.map((p) => p.transactions.length)).toEqual([10, 10, 10])
    expect(fake.requests).toHaveLength(3)

    fake.clear()
    await expect(collect(client.data.listNativeTransactions.items(params, { limit: 0 }))).resolves.toEqual([])
    expect(fake.requests).toHaveLength(0)
  })

  test('behavior: a walk resumes from a pageToken given as a parameter', async () => {
    const all = many(95)
    const { client, fake } = walkClient({ items: all })
    const first: Tx[] = []
    let resumeFrom: string | undefined
    for await (const page of client.data.listNativeTransactions.pages({ ...params, pageSize: 20 })) {
      first.push(...page.transactions)
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
    expect(pages.map((p) => p.transactions.length)).toEqual([3, 0, 7, 1, 0, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1])
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

  test('behavior: an item a later page repeats (the list moved) is yielded once', async () => {
    const state: Listing = { items: many(30) }
    const { client } = walkClient(state)
    const items: Tx[] = []
    for await (const tx of client.data.listNativeTransactions.items({ ...params, pageSize: 10 })) {
      items.push(tx)
      // Two new transactions arrive at the top after the first page: the next page starts two items earlier.
      if (items.length === 10 && state.items.length === 30) state.items = [nativeTx(900), nativeTx(901), ...state.items]
    }
    expect(items).toEqual(many(30))
  })
})

describe('pageToken walks: expired tokens (seed: a token lives 24 hours, then the listing restarts)', () => {
  test('behavior: a token older than 24 hours restarts from the first page, warns, and skips what was yielded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'))
    const state: Listing = { items: many(30) }
    const { client, fake } = walkClient(state)
    const logger = createRecordingLogger()
    const items: Tx[] = []
    for await (const tx of client.data.listNativeTransactions.items({ ...params, pageSize: 10 }, { logger })) {
      items.push(tx)
      if (items.length === 10) {
        // The consumer pauses for 25 hours; meanwhile a new transaction arrives at the top of the list.
        vi.setSystemTime(Date.now() + PAGE_TOKEN_LIFETIME_MS + 3_600_000)
        state.items = [nativeTx(500), ...state.items]
      }
    }
    expect(fake.requests.map((r) => r.query.pageToken?.[0])).toEqual([undefined, undefined, 'o10', 'o20', 'o30'])
    expect(items).toEqual([...many(10), nativeTx(500), ...many(20, 10)])
    expect(new Set(items.map(itemKey)).size).toBe(items.length)
    expect(logger.warnings).toHaveLength(1)
    expect(logger.warnings[0]?.meta).toMatchObject({
      event: 'pagination-restart',
      operation: 'data.listNativeTransactions',
      reason: 'the next page token is older than 24 hours',
      yielded: 10,
    })
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
      AsyncGenerator<{ value: number; timestamp: number; [k: string]: unknown }>
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
