import type { World } from '../world/world.js'
import type { EvmChains } from './evm-chains.js'
import type { Params } from './http.js'
import type { MetricsModel } from './metrics-model.js'
import type { PageTokens } from './page-token.js'
import type { PrimaryNetwork } from './primary-network.js'
import type { Caller } from './rate-limit.js'
import type { Webhooks } from './webhooks.js'

/** What every Data and Metrics API handler reads. */
export interface DataContext {
  world: World
  chains: EvmChains
  primary: PrimaryNetwork
  metrics: MetricsModel
  tokens: PageTokens
  /** Webhook subscriptions and their deliveries. */
  webhooks: Webhooks
  /** The devnet's own URL (rpcUrl of the chains it lists). */
  baseUrl: () => string
  /** The devnet's clock in ms: the node's (balances by address are computed at it, as platform.getBalance is). */
  now: () => number
}

/** One validated request. */
export interface ApiCall {
  ctx: DataContext
  params: Params
  /** The operation's path template: what page tokens are bound to, with the parameters. */
  route: string
  /** A write's parsed JSON body (undefined when it sent none). */
  body?: unknown
  /** Who calls: the account a webhook belongs to. */
  caller?: Caller
}

export type RouteHandler = (call: ApiCall) => unknown

/** Reference exchange rates (units of each currency per USD) for the `currency` parameter. */
export const CURRENCY_RATES: Record<string, number> = {
  usd: 1,
  eur: 0.92,
  aud: 1.52,
  cad: 1.36,
  chf: 0.88,
  clp: 940,
  cny: 7.2,
  czk: 23.1,
  dkk: 6.87,
  gbp: 0.79,
  hkd: 7.8,
  huf: 360,
  jpy: 150,
  nzd: 1.65,
}

/** Money in a currency, rounded to what a price feed shows. */
export function money(usd: number, currency = 'usd'): { currencyCode: string; value: number } {
  const value = usd * (CURRENCY_RATES[currency] ?? 1)
  return { currencyCode: currency, value: Number(value.toPrecision(10)) }
}
