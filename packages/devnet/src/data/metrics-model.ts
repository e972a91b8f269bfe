import { GENESIS_TIME } from '../world/constants.js'
import { Lru } from '../world/lru.js'
import { rand } from '../world/random.js'
import type { World } from '../world/world.js'
import type { EvmChain } from './evm-chain.js'
import type { EvmChains } from './evm-chains.js'

/** Days of history the Metrics API holds, from the devnet's genesis (2025-01-01) on. */
export const METRICS_DAYS = 450
export const HOUR = 3600
export const DAY = 86_400
/** Where every series ends (exclusive) and when its last point was computed (`lastRun`). */
export const METRICS_END = GENESIS_TIME + METRICS_DAYS * DAY

export type Interval = 'hour' | 'day' | 'week' | 'month'
export interface Point {
  timestamp: number
  value: number
}

/** Metrics the service computes per day only (the description: cumulative*, avg*, max*, contracts, deployers). */
export const DAY_ONLY = /^(cumulative|avg|max)|^(contracts|deployers|feesPaid)$/

/** Fee the devnet charges an L1 validator per second (nAVAX), as the P-Chain's continuous fee. */
export const L1_FEE_PER_SECOND = 512n

/**
 * The Metrics API's data: deterministic hourly activity per EVM chain (seeded; the devnet's own chains are young, so
 * their history here is synthetic) aggregated to days, weeks and months; staking series read from the P-Chain's
 * validator sets (counts and weights at the end of each day); L1 validator fees from each L1 validator's balance and
 * a continuous fee of 512 nAVAX a second; ICM message counts between the C-Chain and the L1. The blocks a live chain
 * appends add their transactions and gas to the hours they fall in (`LiveActivity`), so the series extend with them.
 */
export class MetricsModel {
  private readonly series = new Lru<string, Point[]>(128)
  private readonly live = new Map<string, LiveActivity>()
  readonly seed: number

  constructor(
    readonly world: World,
    readonly chains: EvmChains,
  ) {
    this.seed = world.options.seed
  }

  // ---------------------------------------------------------------- chain activity

  /** `total` and `testnet` sum the devnet's chains; `mainnet` has none. */
  chainKeys(chainId: string): string[] | undefined {
    if (chainId === 'total' || chainId === 'testnet') return this.chains.list.map((m) => m.chain.chainId)
    if (chainId === 'mainnet') return []
    return this.chains.list.some((m) => m.chain.chainId === chainId) ? [chainId] : undefined
  }

  /** The live blocks' activity by hour, of a chain that grows (undefined for one that stands still). */
  private liveActivity(chainId: string): LiveActivity | undefined {
    const chain = this.chains.get(chainId)?.chain
    if (!chain?.spec.tip) return undefined
    let live = this.live.get(chainId)
    if (!live) {
      live = new LiveActivity(chain)
      this.live.set(chainId, live)
    }
    return live.extend()
  }

  private hourly(chainId: string, metric: string, h: number, live: LiveActivity | undefined): number {
    const salt = Number(chainId) % 100_000
    const r = (stream: number, n: number) => rand(this.seed, 200 + stream + salt * 31, h) % n
    const scale = chainId === this.chains.list[0]?.chain.chainId ? 1 : 0.05
    const weekday = new Date((GENESIS_TIME + h * HOUR) * 1000).getUTCDay()
    const busy = weekday === 0 || weekday === 6 ? 0.7 : 1
    const synthetic = Math.round((1_000 + r(1, 2_000)) * scale * busy)
    const added = live?.hours.get(h)
    const tx = synthetic + (added?.txs ?? 0)
    const gasPrice = 25e9 + r(2, 1_000) * 1e7
    const gas = synthetic * (40_000 + r(3, 10_000)) + (added?.gas ?? 0)
    switch (metric) {
      case 'txCount':
        return tx
      case 'activeAddresses':
        return Math.round(tx * 0.35)
      case 'activeSenders':
        return Math.round(tx * 0.2)
      case 'gasUsed':
        return gas
      case 'contracts':
        return r(4, 4)
      case 'deployers':
        return r(5, 3)
      case 'avgTps':
        return tx / HOUR
      case 'maxTps':
        return (tx / HOUR) * (1.5 + r(6, 150) / 100)
      case 'avgGps':
        return gas / HOUR
      case 'maxGps':
        return (gas / HOUR) * (1.5 + r(7, 150) / 100)
      case 'avgGasPrice':
        return gasPrice
      case 'maxGasPrice':
        return gasPrice * (1.2 + r(8, 100) / 100)
      case 'feesPaid':
        return gas * gasPrice
      case 'newAddresses':
        return Math.round(tx * 0.02)
      default:
        return 0
    }
  }

  /** Hour index range [first, end) of every bucket of an interval, newest last. */
  buckets(interval: Interval): { start: number; first: number; end: number }[] {
    const hours = METRICS_DAYS * 24
    const out: { start: number; first: number; end: number }[] = []
    let first = 0
    while (first < hours) {
      const t = GENESIS_TIME + first * HOUR
      const d = new Date(t * 1000)
      let next: number
      let start = t
      if (interval === 'hour') next = t + HOUR
      else if (interval === 'day') next = t + DAY
      else if (interval === 'week') {
        const monday = t - ((d.getUTCDay() + 6) % 7) * DAY
        start = monday
        next = monday + 7 * DAY
      } else {
        start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000
        next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000
      }
      const end = Math.min(hours, (next - GENESIS_TIME) / HOUR)
      out.push({ start, first, end })
      first = end
    }
    return out
  }

  /** A chain metric per bucket, oldest first. */
  chainSeries(chainIds: string[], metric: string, interval: Interval): Point[] {
    const live = new Map(chainIds.map((c) => [c, this.liveActivity(c)]))
    // A series holds the live blocks summed when it was made: the key names how far each chain had grown.
    const grown = [...live.values()].map((l) => l?.through ?? 0).join(',')
    const key = `${chainIds.join('+')}/${metric}/${interval}@${grown}`
    const cached = this.series.get(key)
    if (cached) return cached
    const cumulative = metric.startsWith('cumulative')
    const base = cumulative
      ? ({
          cumulativeTxCount: 'txCount',
          cumulativeAddresses: 'newAddresses',
          cumulativeContracts: 'contracts',
          cumulativeDeployers: 'deployers',
        }[metric] ?? 'txCount')
      : metric
    const hourValue = (h: number) => {
      let v = 0
      for (const c of chainIds) {
        const x = this.hourly(c, base, h, live.get(c))
        v = base.startsWith('max') ? Math.max(v, x) : base === 'avgGasPrice' ? v + x / chainIds.length : v + x
      }
      return v
    }
    const distinct = { hour: 1, day: 0.6, week: 0.45, month: 0.35 }[interval]
    let running = 0
    const points = this.buckets(interval).map(({ start, first, end }) => {
      let sum = 0
      let max = 0
      for (let h = first; h < end; h++) {
        const v = hourValue(h)
        sum += v
        max = Math.max(max, v)
      }
      let value: number
      if (base.startsWith('max')) value = max
      else if (base.startsWith('avg')) value = sum / (end - first)
      else if (base === 'activeAddresses' || base === 'activeSenders') value = Math.round(sum * distinct)
      else value = sum
      if (cumulative) {
        running += value
        value = running
      }
      return { timestamp: start, value: round(value) }
    })
    this.series.set(key, points)
    return points
  }

  /** The metric over the last hour, day, week, month, 90 days, year and all time, ending at METRICS_END. */
  rollingWindow(chainIds: string[], metric: string): Record<string, number> {
    const hours = this.chainSeries(chainIds, metric, 'hour')
    const windows: [string, number][] = [
      ['lastHour', 1],
      ['lastDay', 24],
      ['lastWeek', 24 * 7],
      ['lastMonth', 24 * 30],
      ['last90Days', 24 * 90],
      ['lastYear', 24 * 365],
      ['allTime', hours.length],
    ]
    const out: Record<string, number> = {}
    const distinctOnly = metric === 'activeAddresses' || metric === 'activeSenders'
    for (const [name, n] of windows) {
      if (distinctOnly && !['lastHour', 'lastDay', 'lastWeek'].includes(name)) continue
      const slice = hours.slice(-n)
      let value: number
      if (metric.startsWith('max')) value = Math.max(...slice.map((p) => p.value))
      else if (metric.startsWith('avg')) value = slice.reduce((s, p) => s + p.value, 0) / slice.length
      else value = slice.reduce((s, p) => s + p.value, 0) * (distinctOnly ? 0.6 : 1)
      out[name] = round(value)
    }
    return out
  }

  // ---------------------------------------------------------------- staking

  /** Days of the metrics history: timestamps of each day's start, oldest first. */
  days(): number[] {
    return Array.from({ length: METRICS_DAYS }, (_, d) => GENESIS_TIME + d * DAY)
  }

  /** Validator or delegator count or weight at the end of each day, for the Primary Network or one subnet. */
  stakingSeries(subnetId: string, metric: string): Point[] | undefined {
    const { p } = this.world
    const primary = subnetId === '11111111111111111111111111111111LpoYY'
    const l1 = subnetId === this.world.fixtures.p.l1SubnetId
    const permissioned = subnetId === this.world.fixtures.p.subnetId
    if (!primary && !l1 && !permissioned) return undefined
    return this.days().map((day) => {
      const t = day + DAY - 1
      let count = 0
      let weight = 0n
      const add = (w: bigint) => {
        count++
        weight += w
      }
      if (metric.startsWith('validator')) {
        if (primary) for (const v of p.primaryValidators) if (v.start <= t && t < v.end) add(v.stake)
        if (permissioned) for (const v of p.subnetValidators) if (v.start <= t && t < v.end) add(v.weight)
        if (l1)
          for (const v of p.l1Validators)
            if (v.startTime <= t && this.l1PaidUntil(v.balance, v.startTime) > t) add(v.weight)
      } else if (primary) {
        for (const d of p.delegators) if (d.start <= t && t < d.end) add(d.weight)
      }
      return { timestamp: day, value: metric.endsWith('Count') ? count : Number(weight) }
    })
  }

  // ---------------------------------------------------------------- L1 validator fees

  private l1PaidUntil(balance: bigint, start: number): number {
    return start + Number(balance / L1_FEE_PER_SECOND)
  }

  /** nAVAX one L1 validator paid on each day (its balance drains at 512 nAVAX/s from its start). */
  l1DailyFees(validator: { balance: bigint; startTime: number }): number[] {
    const until = this.l1PaidUntil(validator.balance, validator.startTime)
    return this.days().map((day) => {
      const from = Math.max(day, validator.startTime)
      const to = Math.min(day + DAY, until)
      return to > from ? Number(BigInt(to - from) * L1_FEE_PER_SECOND) : 0
    })
  }

  /** Daily fees, cumulative fees or paying-validator counts over a set of L1 validators. */
  feeSeries(validators: { balance: bigint; startTime: number }[], kind: 'daily' | 'cumulative' | 'paying'): Point[] {
    const perValidator = validators.map((v) => this.l1DailyFees(v))
    let running = 0
    return this.days().map((timestamp, d) => {
      const fees = perValidator.map((f) => f[d] as number)
      const daily = fees.reduce((s, f) => s + f, 0)
      running += daily
      const value = kind === 'daily' ? daily : kind === 'cumulative' ? running : fees.filter((f) => f > 0).length
      return { timestamp, value }
    })
  }

  // ---------------------------------------------------------------- ICM

  /** Chain pairs with Interchain Messaging traffic: C-Chain to L1 and back. */
  icmPairs(): { src: string; dest: string; weight: number }[] {
    const [c, l1] = this.chains.list
    if (!c || !l1) return []
    return [
      { src: c.chain.spec.blockchainId, dest: l1.chain.spec.blockchainId, weight: 20 },
      { src: l1.chain.spec.blockchainId, dest: c.chain.spec.blockchainId, weight: 8 },
    ]
  }

  /** Messages of one pair per hour. */
  icmHourly(pair: number, h: number): number {
    const weight = this.icmPairs()[pair]?.weight ?? 0
    return rand(this.seed, 300 + pair, h) % (weight + 1)
  }

  icmSeries(pairs: number[], interval: Interval): Point[] {
    return this.buckets(interval).map(({ start, first, end }) => {
      let value = 0
      for (let h = first; h < end; h++) for (const pair of pairs) value += this.icmHourly(pair, h)
      return { timestamp: start, value }
    })
  }
}

function round(value: number): number {
  return Number.isInteger(value) ? value : Number(value.toPrecision(12))
}

/**
 * Transactions and gas of a live chain's appended blocks, per hour since GENESIS_TIME: summed once per block as the
 * chain grows (a growing chain costs its new blocks, not a rescan). A metric point holds "data within the duration of
 * the associated timestamp plus the requested timeInterval" and "the latest data point ... may change on each update"
 * (metrics-api.openapi.json line 500, getEvmChainMetrics), so a new block counts in the hour it falls in.
 */
class LiveActivity {
  readonly hours = new Map<number, { txs: number; gas: number }>()
  /** The last block summed. */
  through: number

  constructor(private readonly chain: EvmChain) {
    this.through = chain.spec.height
  }

  extend(): this {
    const height = this.chain.height
    for (let h = this.through + 1; h <= height; h++) {
      const block = this.chain.block(h)
      const hour = Math.floor((block.timestamp - GENESIS_TIME) / HOUR)
      const sum = this.hours.get(hour) ?? { txs: 0, gas: 0 }
      sum.txs += block.txCount
      sum.gas += block.gasUsed
      this.hours.set(hour, sum)
    }
    this.through = Math.max(this.through, height)
    return this
  }
}
