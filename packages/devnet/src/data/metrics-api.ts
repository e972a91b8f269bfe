import { bytesToHex, isId, isNodeId } from '@avalanche-automation/core'
import { chainAddress, idString } from '../world/json-values.js'
import { rand } from '../world/random.js'
import type { DataContext, RouteHandler } from './context.js'
import { evmUsers } from './evm-chain.js'
import { badRequest, notFound, num, type Params, str } from './http.js'
import { DAY_ONLY, type Interval, METRICS_END, type Point } from './metrics-model.js'
import { listPage } from './paging.js'
import { pastValidators } from './primary-network.js'

function chainIdsOf(ctx: DataContext, chainId: string): string[] {
  const ids = ctx.metrics.chainKeys(chainId)
  if (!ids) throw notFound(`chain ${chainId} not found; GET /v2/chains lists the chains with metrics`)
  return ids
}

function range(params: Params): [number, number] {
  const start = num(params, 'startTimestamp') ?? 0
  const end = num(params, 'endTimestamp') ?? Number.MAX_SAFE_INTEGER
  if (end < start) throw badRequest(['endTimestamp must not be less than startTimestamp'])
  return [start, end]
}

/** Points in [start, end], newest first. */
function newestFirst(points: Point[], params: Params): Point[] {
  const [start, end] = range(params)
  return points.filter((p) => p.timestamp >= start && p.timestamp <= end).reverse()
}

function chain(ctx: DataContext, chainId: string) {
  const meta = ctx.chains.list.find((m) => m.chain.chainId === chainId)
  if (!meta) return undefined
  return {
    evmChainId: Number(meta.chain.chainId),
    chainName: meta.chain.spec.name,
    blockchainId: meta.chain.spec.blockchainId,
    subnetId: meta.chain.spec.subnetId,
    network: 'testnet',
  }
}

/** The services' health and live probes (NestJS terminus bodies), ok with their dependencies up. */
export const health = () => ({
  status: 'ok',
  info: { database: { status: 'up' }, cache: { status: 'up' } },
  error: {},
  details: { database: { status: 'up' }, cache: { status: 'up' } },
})

function l1Validator(ctx: DataContext, id: string) {
  return ctx.world.p.l1Validators.find(
    (v) => idString(v.validationId) === id || `0x${bytesToHex(v.validationId)}` === id.toLowerCase(),
  )
}

function feeKind(metric: string): 'daily' | 'cumulative' | 'paying' {
  return /Cumulative/.test(metric) ? 'cumulative' : /Paying/.test(metric) ? 'paying' : 'daily'
}

/** The blockchain a filter names, or all: ICM series are labelled with the filter or "all". */
function icmPairs(ctx: DataContext, params: Params) {
  const src = str(params, 'srcBlockchainId')
  const dest = str(params, 'destBlockchainId')
  for (const [name, value] of [
    ['srcBlockchainId', src],
    ['destBlockchainId', dest],
  ] as const) {
    if (value !== undefined && !isId(value)) throw badRequest([`${name} must be a blockchain ID (cb58)`])
  }
  const network = str(params, 'network')
  const pairs = ctx.metrics
    .icmPairs()
    .map((p, index) => ({ ...p, index }))
    .filter((p) => network !== 'mainnet' && (!src || p.src === src) && (!dest || p.dest === dest))
  const groupBy = str(params, 'groupBy') ?? ''
  const bySrc = groupBy.includes('srcBlockchainId')
  const byDest = groupBy.includes('destBlockchainId')
  const groups = new Map<string, { src: string; dest: string; pairs: number[] }>()
  for (const p of pairs) {
    const s = bySrc ? p.src : (src ?? 'all')
    const d = byDest ? p.dest : (dest ?? 'all')
    const group = groups.get(`${s}>${d}`) ?? { src: s, dest: d, pairs: [] }
    group.pairs.push(p.index)
    groups.set(`${s}>${d}`, group)
  }
  if (groups.size === 0) groups.set('none', { src: src ?? 'all', dest: dest ?? 'all', pairs: [] })
  return [...groups.values()]
}

/** Net BTC.b bridged per devnet user (satoshi-like units), largest first. */
function bridgers(ctx: DataContext): { address: string; amount: bigint }[] {
  const seed = ctx.world.options.seed
  return evmUsers(seed)
    .map((address, u) => ({ address, amount: BigInt(rand(seed, 400, u) % 100_000_000) }))
    .sort((a, b) => (a.amount === b.amount ? a.address.localeCompare(b.address) : a.amount > b.amount ? -1 : 1))
}

export const metricsHandlers: Record<string, RouteHandler> = {
  'metrics-health-check': health,
  'metrics-live-check': health,

  listChains: (call) => {
    const network = str(call.params, 'network')
    const chains = network === 'mainnet' ? [] : call.ctx.chains.list.map((m) => chain(call.ctx, m.chain.chainId))
    const page = listPage(call, chains, { network }, 100)
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), chains: page.items }
  },

  getChain: ({ ctx, params }) => {
    const id = str(params, 'chainId') as string
    const found = chain(ctx, id)
    if (!found) throw notFound(`chain ${id} not found; GET /v2/chains lists the chains with metrics`)
    return found
  },

  getEvmChainMetrics: (call) => {
    const { params, ctx } = call
    const metric = str(params, 'metric') as string
    const interval = (str(params, 'timeInterval') ?? 'day') as Interval
    if (interval !== 'day' && DAY_ONLY.test(metric)) {
      throw badRequest([`${metric} supports only timeInterval day`])
    }
    const ids = chainIdsOf(ctx, str(params, 'chainId') as string)
    const points = ids.length ? newestFirst(ctx.metrics.chainSeries(ids, metric, interval), params) : []
    const page = listPage(call, points, { ids, metric, interval, range: range(params) }, 100)
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), results: page.items }
  },

  getEvmChainRollingWindowMetrics: ({ ctx, params }) => {
    const ids = chainIdsOf(ctx, str(params, 'chainId') as string)
    const metric = str(params, 'metric') as string
    return { result: ids.length ? ctx.metrics.rollingWindow(ids, metric) : {} }
  },

  getICMTimeseries: (call) => {
    const { ctx, params } = call
    const interval = (str(params, 'timeInterval') ?? 'day') as Interval
    const [start, end] = range(params)
    const rows: { value: number; timestamp: number; srcBlockchainId: string; destBlockchainId: string }[] = []
    const groups = icmPairs(ctx, params).map((g) => ({ g, points: ctx.metrics.icmSeries(g.pairs, interval) }))
    const count = groups[0]?.points.length ?? 0
    for (let i = count - 1; i >= 0; i--) {
      for (const { g, points } of groups) {
        const p = points[i] as Point
        if (p.timestamp < start || p.timestamp > end) continue
        rows.push({ value: p.value, timestamp: p.timestamp, srcBlockchainId: g.src, destBlockchainId: g.dest })
      }
    }
    const page = listPage(call, rows, { ...params, interval }, 100)
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), results: page.items }
  },

  getICMSummary: ({ ctx, params }) => {
    const groups = icmPairs(ctx, params)
    const hours = groups.map((g) => ctx.metrics.icmSeries(g.pairs, 'hour'))
    const total = (n: number) => hours.reduce((s, series) => s + series.slice(-n).reduce((t, p) => t + p.value, 0), 0)
    const first = groups[0] as { src: string; dest: string }
    return {
      result: {
        lastHour: total(1),
        lastDay: total(24),
        lastWeek: total(24 * 7),
        lastMonth: total(24 * 30),
        last90Days: total(24 * 90),
        lastYear: total(24 * 365),
        allTime: total(Number.MAX_SAFE_INTEGER),
        srcBlockchainId: groups.length === 1 ? first.src : 'all',
        destBlockchainId: groups.length === 1 ? first.dest : 'all',
      },
    }
  },

  getStakingMetrics: (call) => {
    const { ctx, params } = call
    const subnetId = str(params, 'subnetId') as string
    const metric = str(params, 'metric') as string
    const series = ctx.metrics.stakingSeries(subnetId, metric)
    if (!series) throw notFound(`subnet ${subnetId} not found`)
    const points = newestFirst(series, params)
    const page = listPage(
      call,
      points,
      { subnetId, metric, network: str(params, 'network'), range: range(params) },
      100,
    )
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), results: page.items }
  },

  getTotalL1ValidatorMetrics: ({ ctx, params }) => {
    const metric = str(params, 'metric') as string
    return { results: newestFirst(ctx.metrics.feeSeries(ctx.world.p.l1Validators, feeKind(metric)), params) }
  },

  getMetricsByValidationId: ({ ctx, params }) => {
    const id = str(params, 'l1ValidationId') as string
    const v = l1Validator(ctx, id)
    if (!v) throw notFound(`L1 validation ${id} not found`)
    return { results: newestFirst(ctx.metrics.feeSeries([v], feeKind(str(params, 'metric') as string)), params) }
  },

  getMetricsByNodeId: ({ ctx, params }) => {
    const nodeId = str(params, 'nodeId') as string
    if (!isNodeId(nodeId)) throw badRequest([`nodeId must be a node ID like NodeID-... (got ${nodeId})`])
    const validators = ctx.world.p.l1Validators.filter((v) => v.node.nodeId === nodeId)
    const metric = str(params, 'metric') as string
    return { results: validators.length ? newestFirst(ctx.metrics.feeSeries(validators, feeKind(metric)), params) : [] }
  },

  getMetricsBySubnetId: ({ ctx, params }) => {
    const subnetId = str(params, 'subnetId') as string
    if (!isId(subnetId)) throw badRequest([`subnetId must be a subnet ID (cb58), got ${subnetId}`])
    const validators = subnetId === ctx.world.fixtures.p.l1SubnetId ? ctx.world.p.l1Validators : []
    const metric = str(params, 'metric') as string
    return { results: validators.length ? newestFirst(ctx.metrics.feeSeries(validators, feeKind(metric)), params) : [] }
  },

  getAddressesByBtcbBridged: (call) => {
    const threshold = str(call.params, 'threshold') as string
    if (!/^\d+$/.test(threshold)) throw badRequest(['threshold must be a non-negative whole number'])
    const min = BigInt(threshold)
    const rows = bridgers(call.ctx)
      .filter((b) => b.amount >= min)
      .map((b) => ({ address: b.address, sortKey: b.amount.toString() }))
    const page = listPage(call, rows, { threshold }, 1000)
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), addresses: page.items }
  },

  getValidatorsByDateRange: (call) => {
    const { ctx, params } = call
    const subnetId = str(params, 'subnetId') as string
    const { p, fixtures } = ctx.world
    const [start, end] = range(params)
    const bare = (a: Uint8Array) => chainAddress('P', a).slice(2)
    let rows: { addresses: string[]; sortKey: string; from: number; to: number }[]
    if (subnetId === '11111111111111111111111111111111LpoYY') {
      // Those whose stake has ended too: they validated within their dates.
      rows = [...p.primaryValidators, ...pastValidators(p)].map((v) => ({
        addresses: [bare(ewoqShortId(ctx))],
        sortKey: v.node.nodeId,
        from: v.start,
        to: v.end,
      }))
    } else if (subnetId === fixtures.p.subnetId) {
      rows = p.subnetValidators.map((v) => ({ addresses: [], sortKey: v.node.nodeId, from: v.start, to: v.end }))
    } else if (subnetId === fixtures.p.l1SubnetId) {
      rows = p.l1Validators.map((v) => ({
        addresses: [bare(ewoqShortId(ctx))],
        sortKey: v.node.nodeId,
        from: v.startTime,
        to: METRICS_END,
      }))
    } else if (isId(subnetId)) {
      throw notFound(`subnet ${subnetId} not found`)
    } else {
      throw badRequest([`subnetId must be a subnet ID (cb58), got ${subnetId}`])
    }
    const kept = rows
      .filter((r) => r.from <= end && r.to >= start)
      .map(({ addresses, sortKey }) => ({ addresses, sortKey }))
      .sort((a, b) => a.sortKey.localeCompare(b.sortKey))
    const page = listPage(call, str(params, 'network') === 'mainnet' ? [] : kept, { subnetId, start, end }, 1000)
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), addresses: page.items }
  },

  /** Seed 001's `GET /v1/avg_tps/{chainId}`: daily average TPS, newest first, 100 points a page. */
  getAvgTps: (call) => {
    const { ctx, params } = call
    const chainId = str(params, 'chainId') as string
    const ids = chainIdsOf(ctx, chainId)
    const points = ids.length ? [...ctx.metrics.chainSeries(ids, 'avgTps', 'day')].reverse() : []
    const page = listPage(call, points, { ids }, 100)
    return {
      results: page.items,
      status: 200,
      lastRun: METRICS_END,
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    }
  },
}

function ewoqShortId(ctx: DataContext): Uint8Array {
  return Uint8Array.from(Buffer.from(ctx.world.fixtures.accounts.ewoq.shortId, 'hex'))
}
