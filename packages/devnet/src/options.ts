import type { ApiKeyTier, RateLimits } from './data/rate-limit.js'
import { DOCUMENTED_DELIVERY, type WebhookDeliveryOptions } from './data/webhooks.js'
import type { FaultOptions } from './faults.js'
import { defaultXDagTxs, minimumXTxs } from './world/world.js'

export interface DevnetOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number
  /** Bind address; loopback by default, like the node's `--http-host`. */
  host?: string
  /** Same seed, same chain, byte for byte. Default 1. */
  seed?: number
  /** Serve /ext/admin (the node's `--api-admin-enabled`). Default false. */
  admin?: boolean
  /** Serve /ext/index/* (the node's `--index-enabled`). Default false. */
  index?: boolean
  /** X-Chain transactions of both eras. Default 5000; millions work (derived on demand). */
  xTxs?: number
  /**
   * X-Chain transactions of the DAG era (before Cortina), like Mainnet's: only these are in index X/tx and in X/vtx's
   * vertices, which stopped growing at Cortina; the others are in the linear chain's blocks (X/block,
   * avm.getBlock*). 0 = Cortina active at genesis (a local network: X/tx and X/vtx empty). At most xTxs - 1.
   * Default: the setup transactions (assets, fan-outs, imports) and a fifth of the rest.
   */
  xDagTxs?: number
  /** A network with Cortina active at genesis, like a local network: the same as `xDagTxs: 0`. Default false. */
  cortinaAtGenesis?: boolean
  /** Fan-out UTXOs of the ewoq address on the X-Chain. Default 3000. */
  utxosPerAddress?: number
  /** Mean transactions per X-Chain block (sizes vary from 1 to 2n-1). Default 4. */
  xBlockTxs?: number
  /** P-Chain height (blocks 1..n). Default 200. */
  pBlocks?: number
  /** C-Chain height, for index C/block. Default 100. */
  cBlocks?: number
  /** Every chain answers 503 `API call rejected because chain is not done bootstrapping`. Default false. */
  bootstrapping?: boolean
  /** Fault injection; replace later with `devnet.setFaults`. */
  faults?: FaultOptions
  /**
   * Host header filter like `--http-allowed-hosts`. Default `['*']` (any): the node's own default (`localhost`)
   * would reject containers reaching the devnet by service name. IPs are always accepted.
   */
  allowedHosts?: string[]
  /**
   * Transactions of the C-Chain (EVM chain 43112) as the Data API indexes it, spread over its `cBlocks` blocks; ewoq
   * takes part in every one. Default 60,000; derived on demand, so millions work.
   */
  evmTxs?: number
  /**
   * Data API keys (sent in `x-glacier-api-key` or `x-data-api-key`) and their tiers: `full` may call everything,
   * `limited` gets 403 on the xl/xxl-weight endpoints (the Primary Network transaction lists). Any other key gets
   * 401; requests without a key use the unauthenticated tier. Default none.
   */
  apiKeys?: Record<string, ApiKeyTier>
  /**
   * Compute-unit budgets per window (Data API per key or for unauthenticated clients, Metrics API for everyone),
   * charged by each operation's `x-execution-weight`; `false` disables rate limiting. Default: the live budgets
   * times 1,000 (`LIVE_RATE_LIMITS` has the live ones).
   */
  rateLimits?: RateLimits | false
  /**
   * The clock (ms since the epoch) of page tokens (24-hour lifetime), rate-limit windows and the node's balance
   * methods (locktimes are compared with it, like the node's wall clock). Default Date.now.
   */
  now?: () => number
  /**
   * Answer like the live Data and Metrics APIs where they deviate from their descriptions (src/data/quirks.ts):
   * fields left out (`tokenReputation` off the C-Chain, some chains' `description`, `baseFee` before Apricot Phase 3)
   * and numbers typed as strings or the reverse (`Money.value`, the Metrics `sortKey`). Default true.
   */
  quirks?: boolean
  /**
   * Webhook delivery timing: the attempt timeout and the waits between attempts. Default the documented 10 s and
   * 10 s, 1 min, 5 min, 10 min, 30 min, 2 h, 6 h, 12 h, 24 h (builders-hub webhook-api/retries.mdx); tests compress
   * them to milliseconds.
   */
  webhookDelivery?: Partial<WebhookDeliveryOptions>
  /**
   * A live devnet: every chain advances one round every this many milliseconds (P-Chain, X-Chain and C-Chain blocks
   * with new transactions, the Data API's EVM chains, Metrics and webhook deliveries with them). 0 (default): the
   * chains stand still until `devnet.advance()`.
   */
  blockInterval?: number
}

export interface NumericOption {
  key:
    | 'port'
    | 'seed'
    | 'xTxs'
    | 'xDagTxs'
    | 'utxosPerAddress'
    | 'xBlockTxs'
    | 'pBlocks'
    | 'cBlocks'
    | 'evmTxs'
    | 'blockInterval'
  flag: string
  min: number
  max: number
  default: number
  /** How the default is derived, when it depends on other options (`default` is then the default devnet's value). */
  defaultText?: string
  describe: string
}

/** One table for validation messages in the library and the CLI. */
export const NUMERIC_OPTIONS: NumericOption[] = [
  { key: 'port', flag: '--port', min: 0, max: 65_535, default: 0, describe: 'TCP port (0 = any free port)' },
  { key: 'seed', flag: '--seed', min: 0, max: 4_294_967_295, default: 1, describe: 'world seed' },
  {
    key: 'utxosPerAddress',
    flag: '--utxos-per-address',
    min: 1,
    max: 1_000_000,
    default: 3_000,
    describe: 'X-Chain UTXOs of the ewoq address',
  },
  // After utxosPerAddress: its minimum depends on it.
  { key: 'xTxs', flag: '--x-txs', min: 1, max: 16_000_000, default: 5_000, describe: 'X-Chain transactions' },
  // After xTxs: its maximum and default depend on it.
  {
    key: 'xDagTxs',
    flag: '--x-dag-txs',
    min: 0,
    max: 15_999_999,
    default: defaultXDagTxs(5_000, 3_000),
    defaultText: 'setup txs + a fifth of the rest',
    describe: 'X-Chain txs of the DAG era (index X/tx, X/vtx); 0 = Cortina at genesis',
  },
  { key: 'xBlockTxs', flag: '--x-block-txs', min: 1, max: 256, default: 4, describe: 'mean txs per X-Chain block' },
  { key: 'pBlocks', flag: '--p-blocks', min: 38, max: 100_000, default: 200, describe: 'P-Chain height' },
  { key: 'cBlocks', flag: '--c-blocks', min: 1, max: 1_000_000, default: 100, describe: 'C-Chain height' },
  {
    key: 'blockInterval',
    flag: '--block-interval',
    min: 0,
    max: 3_600_000,
    default: 0,
    describe: 'ms between rounds of a live devnet; 0 = chains stand still (also 2s, 500ms)',
  },
  {
    key: 'evmTxs',
    flag: '--evm-txs',
    min: 6,
    max: 16_000_000,
    default: 60_000,
    describe: 'C-Chain transactions of the Data API',
  },
]

export type ResolvedOptions = Required<Omit<DevnetOptions, 'faults' | 'webhookDelivery'>> & {
  faults: FaultOptions | undefined
  webhookDelivery: WebhookDeliveryOptions
}

/** A numeric option out of range; `message` names the option, the CLI re-words it with the flag. */
export class OptionError extends RangeError {
  constructor(
    readonly option: NumericOption,
    readonly min: number,
    readonly max: number,
    readonly value: unknown,
  ) {
    super(`${option.key} must be an integer from ${min} to ${max}, got ${String(value)}`)
  }
}

/** Applies defaults and checks ranges; errors name the option and its accepted range. */
export function resolveOptions(options: DevnetOptions): ResolvedOptions {
  const out: Record<string, unknown> = {
    host: options.host ?? '127.0.0.1',
    admin: options.admin ?? false,
    index: options.index ?? false,
    bootstrapping: options.bootstrapping ?? false,
    faults: options.faults,
    allowedHosts: options.allowedHosts ?? ['*'],
    quirks: options.quirks ?? true,
    cortinaAtGenesis: options.cortinaAtGenesis ?? false,
    apiKeys: { ...options.apiKeys },
    rateLimits: options.rateLimits === false ? false : { ...options.rateLimits },
    now: options.now ?? Date.now,
    webhookDelivery: { ...DOCUMENTED_DELIVERY, ...options.webhookDelivery },
  }
  for (const [key, tier] of Object.entries(options.apiKeys ?? {})) {
    if (key.trim() === '' || (tier !== 'full' && tier !== 'limited')) {
      throw new RangeError(
        `apiKeys: each key must be non-empty with tier "full" or "limited" (got "${key}": ${String(tier)})`,
      )
    }
  }
  const delivery = out.webhookDelivery as WebhookDeliveryOptions
  const durations = [delivery.timeoutMs, ...delivery.retryDelaysMs]
  if (!Array.isArray(delivery.retryDelaysMs) || !durations.every((ms) => Number.isSafeInteger(ms) && ms >= 0)) {
    throw new RangeError('webhookDelivery: timeoutMs and each of retryDelaysMs must be a whole number of ms >= 0')
  }
  for (const [name, value] of Object.entries(options.rateLimits || {})) {
    if (!(typeof value === 'number' && Number.isSafeInteger(value) && value > 0)) {
      throw new RangeError(`rateLimits.${name} must be a whole number > 0 (got ${String(value)})`)
    }
  }
  if (options.cortinaAtGenesis && options.xDagTxs !== undefined && options.xDagTxs !== 0) {
    throw new RangeError(
      `cortinaAtGenesis means no DAG era, but xDagTxs is ${options.xDagTxs}: drop one of them (or set xDagTxs to 0)`,
    )
  }
  for (const spec of NUMERIC_OPTIONS) {
    const value = options[spec.key] ?? defaultOf(spec, out, options.cortinaAtGenesis === true)
    // The X-Chain must hold its setup transactions, which grow with utxosPerAddress.
    const min = spec.key === 'xTxs' ? Math.max(spec.min, minimumXTxs(Number(out.utxosPerAddress))) : spec.min
    // The linear era holds at least one tx, so X/block and avm.getBlockByHeight(1) exist.
    const max = spec.key === 'xDagTxs' ? Math.min(spec.max, Number(out.xTxs) - 1) : spec.max
    if (!Number.isInteger(value) || value < min || value > max) throw new OptionError(spec, min, max, value)
    out[spec.key] = value
  }
  out.cortinaAtGenesis = out.xDagTxs === 0
  return out as ResolvedOptions
}

function defaultOf(spec: NumericOption, resolved: Record<string, unknown>, cortinaAtGenesis: boolean): number {
  if (spec.key !== 'xDagTxs') return spec.default
  return cortinaAtGenesis ? 0 : defaultXDagTxs(Number(resolved.xTxs), Number(resolved.utxosPerAddress))
}
