/**
 * Parameters shared by the Data API and Metrics API operations. They are strict (unknown keys are refused) and check
 * the limits of the seed document and of the OpenAPI descriptions before any request, each failure naming the
 * parameter and what it accepts. Enumerations come from the generated schemas, so they follow the descriptions.
 */
import * as z from 'zod/mini'
import { isAddress } from '../encoding/address.js'
import { isId, isNodeId } from '../encoding/ids.js'
import { lazy } from '../lazy.js'
import {
  zApiFeature,
  zBlockchainId,
  zCurrencyCode,
  zNetwork,
  zPrimaryNetworkTxType,
  zSortOrder,
  zTransactionStatus,
  zXChainId,
} from './generated/data-api.gen.js'
import { type AnyEnum, knownEnum, type OpenEnum } from './lenient.js'

// Every Data and Metrics API call checks its parameters with zod, and their schemas are built from here. Where zod
// loads on first use (dist/bundled: ../zod-on-demand.ts, for the node's calls without parameters), it loads with
// these operations rather than at their first call, which keeps a Data API walk's first item as quick as before
// (bench/results/client-profile.md). `z.config()` only reads zod's settings.
z.config()

// ---- rate-limit weights ----------------------------------------------------------------------------------------

/** Compute units per call by `x-execution-weight` (builders-hub data-api/rate-limits.mdx). */
/** The flags every Data API read and write shares. */
export const dataRead = { service: 'data', readOnly: true, idempotent: true } as const
export const dataWrite = { service: 'data', readOnly: false, idempotent: false } as const

/** How a pageToken listing continues, said once in every list operation's description. */
export const PAGES =
  'When nextPageToken is present, pass it as pageToken for the next page, or walk with .pages()/.items().'

export const DATA_API_WEIGHTS = { free: 1, small: 10, medium: 20, large: 50, xl: 100, xxl: 200 } as const
/** The Metrics API's scale (builders-hub metrics-api/rate-limits.mdx). */
export const METRICS_API_WEIGHTS = { free: 1, small: 20, medium: 100, large: 500, xl: 1000, xxl: 3000 } as const

/** The sentence every Data API description ends with: the call's cost against the per-minute budget. */
export function dataWeight(weight: keyof typeof DATA_API_WEIGHTS | undefined): string {
  return weight
    ? `Rate-limit weight ${weight}: ${DATA_API_WEIGHTS[weight]} compute units per call, of 6,000 a minute without an API key (8,000 with a free key).`
    : 'Rate-limit weight: not stated by the API description (6,000 compute units a minute without an API key).'
}

/** The sentence every Metrics API description ends with. */
export function metricsWeight(weight: keyof typeof METRICS_API_WEIGHTS | undefined): string {
  return weight
    ? `Rate-limit weight ${weight}: ${METRICS_API_WEIGHTS[weight]} compute units per call, of 8,000 a minute; no API key needed.`
    : 'Rate-limit weight: not stated by the API description (8,000 compute units a minute); no API key needed.'
}

// ---- enumerations ------------------------------------------------------------------------------------------------

/** A strict enum of the values an open enum of the description lists; the message lists them. */
export function closedEnum<E extends AnyEnum>(open: OpenEnum<E>) {
  const known = knownEnum(open)
  return z.enum(known.def.entries, { error: `expected one of ${known.options.join(', ')}` }) as unknown as E
}

export const network = lazy(() => closedEnum(zNetwork()).check(z.describe('mainnet, or fuji (also called testnet).')))
export const currency = lazy(() =>
  closedEnum(zCurrencyCode()).check(z.describe('Currency of prices and values; default usd.')),
)
export const sortOrder = lazy(() =>
  closedEnum(zSortOrder()).check(z.describe('asc (oldest first) or desc (newest first), by timestamp.')),
)
export const transactionStatus = lazy(() =>
  closedEnum(zTransactionStatus()).check(z.describe('Only failed or only successful transactions.')),
)
export const apiFeature = lazy(() => closedEnum(zApiFeature()).check(z.describe('Only chains that have this feature.')))
/**
 * An enumeration the service extends before its description does (data-api.md 0b.4: new transaction types reach the
 * service first; custom networks have blockchain IDs no description lists): the known values type it, and any value
 * of the same form (`form`, named by `what`) is sent as given, for the service to judge.
 */
export function growingEnum<E extends AnyEnum>(open: OpenEnum<E>, form: (value: string) => boolean, what: string) {
  const known = knownEnum(open)
  const error = `expected one of ${known.options.join(', ')}, or ${what}`
  const other = z.string().check(z.refine(form, { error })) as unknown as z.ZodMiniType<string & {}, string>
  return z.union([known, other], { error })
}

const anyBlockchainId = 'the blockchain ID (cb58) of any network'
export const primaryNetworkBlockchainId = lazy(() =>
  growingEnum(zBlockchainId(), isId, anyBlockchainId).check(
    z.describe('p-chain, x-chain, c-chain, or a blockchain ID (those of mainnet and fuji, or of a custom network).'),
  ),
)
export const xChainId = lazy(() =>
  growingEnum(zXChainId(), isId, anyBlockchainId).check(
    z.describe('x-chain, or an X-Chain blockchain ID (of mainnet, fuji or a custom network).'),
  ),
)
export const P_CHAIN_IDS: readonly string[] = ['p-chain', '11111111111111111111111111111111LpoYY']

const txType = lazy(() =>
  growingEnum(
    zPrimaryNetworkTxType(),
    (v) => /^[A-Z][A-Za-z0-9]*Tx$/.test(v),
    'a newer transaction type of the same form (e.g. AddAutoRenewedValidatorTx)',
  ),
)
/** One transaction type or several; sent as repeated `txTypes` keys. */
export const txTypes = lazy(() =>
  z
    .pipe(
      z.union(
        [txType(), z.array(txType()).check(z.minLength(1, { error: 'expected at least one transaction type' }))],
        {
          error: `expected a transaction type or an array of them: ${knownEnum(zPrimaryNetworkTxType()).options.join(', ')}, or a newer type of the same form`,
        },
      ),
      z.transform((v) => (Array.isArray(v) ? v : [v])),
    )
    .check(z.describe('Only transactions of these types, e.g. ["AddPermissionlessValidatorTx", "BaseTx"].')),
)

// ---- identifiers -------------------------------------------------------------------------------------------------

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HASH = /^0x[0-9a-fA-F]{64}$/

export const evmAddress = (what = 'an EVM address') =>
  z.string().check(z.regex(EVM_ADDRESS, { error: `expected ${what}: 0x followed by 40 hex digits` }))

export const txHash = lazy(() =>
  z
    .string()
    .check(
      z.regex(HASH, { error: 'expected a transaction hash: 0x followed by 64 hex digits' }),
      z.describe('Transaction hash, 0x-hex.'),
    ),
)

const CHAIN_ID_ERROR =
  'expected an EVM chain ID like "43114" (number or decimal string) or the blockchain ID of an EVM chain in cb58; data.listChains lists the supported chains'

/** `43114`, `"43114"` or a cb58 blockchain ID; sent as a string. */
export const evmChainId = lazy(() =>
  z
    .pipe(
      z.union([z.string(), z.number()], { error: CHAIN_ID_ERROR }).check(
        z.refine(
          (v) => (typeof v === 'number' ? Number.isSafeInteger(v) && v > 0 : /^[1-9]\d{0,19}$/.test(v) || isId(v)),
          {
            error: CHAIN_ID_ERROR,
          },
        ),
      ),
      z.transform(String),
    )
    .check(z.describe('EVM chain ID (43114 for the C-Chain, 43113 on fuji) or blockchain ID.')),
)

const METRICS_CHAIN_ERROR =
  'expected an EVM chain ID like "43114" (number or decimal string), or "total", "mainnet" or "testnet"; metrics.listChains lists the supported chains'

/** Metrics chain: an EVM chain ID, or an aggregate (`total`, `mainnet`, `testnet`) where the endpoint allows it. */
export const metricsChainId = (aggregates: boolean) =>
  z
    .pipe(
      z.union([z.string(), z.number()], { error: METRICS_CHAIN_ERROR }).check(
        z.refine(
          (v) =>
            typeof v === 'number'
              ? Number.isSafeInteger(v) && v > 0
              : /^[1-9]\d{0,19}$/.test(v) || (aggregates && ['total', 'mainnet', 'testnet'].includes(v)),
          {
            error: aggregates
              ? METRICS_CHAIN_ERROR
              : METRICS_CHAIN_ERROR.replace(', or "total", "mainnet" or "testnet"', ''),
          },
        ),
      ),
      z.transform(String),
    )
    .check(
      z.describe(
        aggregates
          ? 'EVM chain ID (43114 for the C-Chain), or "total", "mainnet" or "testnet" for the sum over chains.'
          : 'EVM chain ID (43114 for the C-Chain).',
      ),
    )

const BLOCK_ID_ERROR = 'expected a block number (whole number >= 0) or a block hash (0x followed by 64 hex digits)'

/** A block number (number, bigint or decimal string) or a block hash; sent as a string. */
export const blockId = lazy(() =>
  z
    .pipe(
      z
        .union([z.string(), z.number(), z.bigint()], { error: BLOCK_ID_ERROR })
        .check(
          z.refine(
            (v) =>
              typeof v === 'string'
                ? /^\d{1,20}$/.test(v) || HASH.test(v)
                : typeof v === 'bigint'
                  ? v >= 0n
                  : isWhole(v),
            { error: BLOCK_ID_ERROR },
          ),
        ),
      z.transform(String),
    )
    .check(z.describe('Block number or block hash.')),
)

/** A block height (number, bigint or decimal string); sent as a decimal string. */
export const blockNumber = lazy(() =>
  z
    .pipe(
      z.union([z.string(), z.number(), z.bigint()], { error: 'expected a block number: a whole number >= 0' }).check(
        z.refine((v) => (typeof v === 'string' ? /^\d{1,20}$/.test(v) : typeof v === 'bigint' ? v >= 0n : isWhole(v)), {
          error: 'expected a block number: a whole number >= 0',
        }),
      ),
      z.transform(String),
    )
    .check(z.describe('Balances as of this block; default the latest block.')),
)

export const nodeId = lazy(() =>
  z.string().check(
    z.refine(isNodeId, {
      error: 'expected a node ID: "NodeID-" followed by cb58, like "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg"',
    }),
    z.describe('Node ID of a Primary Network validator.'),
  ),
)

export const cb58Id = (what: string) =>
  z.string().check(
    z.refine(isId, {
      error: `expected ${what}: 32 bytes in cb58, like "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM"`,
    }),
  )

/** An L1 validation ID: cb58, or the 0x-hex form (`validationIdHex`) that the service also reports. */
export const l1ValidationId = lazy(() =>
  z.string().check(
    z.refine((v) => isId(v) || HASH.test(v), {
      error: 'expected an L1 validation ID: 32 bytes in cb58, or 0x followed by 64 hex digits',
    }),
    z.describe('L1 validation ID (cb58 or 0x-hex).'),
  ),
)

/** Primary Network addresses: `avax1...`, `P-avax1...`, `X-fuji1...` (bech32), or `0x...` for C-Chain atomic txs. */
const pnAddress = lazy(() =>
  z.string().check(
    z.refine(
      (v) =>
        EVM_ADDRESS.test(v) ||
        (isAddress(v, undefined, { allowBare: true }) && (!v.includes('-') || /^[PXC]-/.test(v))),
      {
        error:
          'expected an address like "avax1...", "P-avax1..." or "X-fuji1..." (bech32), or 0x-hex for C-Chain atomic transactions',
      },
    ),
  ),
)

/** A list as an array or a comma-separated string of `item`s (`many`, one of them `one`); sent comma-separated. */
export function commaSeparated(item: z.ZodMiniType<string, string>, many: string, one: string) {
  return z.pipe(
    z.pipe(
      z.pipe(
        z.union([z.string(), z.array(z.string())], {
          error: `expected an array of ${many} or a comma-separated string of them`,
        }),
        z.transform((v) => (Array.isArray(v) ? v : v.split(',')).map((a) => a.trim())),
      ),
      z.array(item).check(z.minLength(1, { error: `expected at least one ${one}` })),
    ),
    z.transform((list) => list.join(',')),
  )
}

export const contractAddresses = lazy(() =>
  commaSeparated(evmAddress('a contract address'), 'contract addresses', 'contract address').check(
    z.describe('Only these token contracts (0x addresses).'),
  ),
)

/** One address, an array, or a comma-separated string; sent comma-separated as the service expects. */
export const primaryNetworkAddresses = lazy(() =>
  commaSeparated(pnAddress(), 'addresses', 'address').check(
    z.describe('X-/P-Chain addresses (avax1..., P-avax1..., X-fuji1...) or 0x addresses for C-Chain atomic txs.'),
  ),
)

/** Node IDs, as an array or comma-separated. */
export const nodeIds = lazy(() =>
  commaSeparated(nodeId(), 'node IDs', 'node ID').check(z.describe('Only these node IDs ("NodeID-...").')),
)

// ---- paging, ranges, times ---------------------------------------------------------------------------------------

export const pageToken = lazy(() =>
  z
    .string()
    .check(
      z.minLength(1, { error: 'expected the nextPageToken of a previous page' }),
      z.describe('nextPageToken of the previous page: continue after it (tokens expire after 24 hours).'),
    ),
)

/** Items per page, `min..max` (the seed's 1..100, 1..500 for the balance lists; the description's elsewhere). */
export const pageSize = (max: number, min = 1, fallback = 10) => {
  const error = `must be a whole number from ${min} to ${max}`
  return z
    .number({ error })
    .check(
      z.int({ error }),
      z.gte(min, { error }),
      z.lte(max, { error }),
      z.describe(`Items per page, ${min} to ${max}; default ${fallback}. Walks with .pages()/.items() use ${max}.`),
    )
}

const blockHeight = (what: string) => {
  const error = 'expected a block number: a whole number >= 0'
  return z.number({ error }).check(z.int({ error }), z.gte(0, { error }), z.describe(what))
}
export const startBlock = lazy(() =>
  blockHeight('First block of the range (inclusive); without endBlock, up to the latest block.'),
)
export const endBlock = lazy(() =>
  blockHeight('End of the block range (exclusive); without startBlock, from the genesis block.'),
)

/** Unix seconds; larger than 10^10 is refused as a likely millisecond value. */
export const timestamp = (what: string) => {
  const error = 'expected a Unix time in seconds: a whole number >= 0'
  return z
    .number({ error })
    .check(
      z.int({ error }),
      z.gte(0, { error }),
      z.lte(9_999_999_999, { error: 'expected a Unix time in seconds; this looks like milliseconds (divide by 1000)' }),
      z.describe(what),
    )
}
export const startTimestamp = lazy(() => timestamp('Only items at or after this Unix time (seconds).'))
export const endTimestamp = lazy(() => timestamp('Only items at or before this Unix time (seconds).'))

type Ranges = {
  startBlock?: number | undefined
  endBlock?: number | undefined
  startTimestamp?: number | undefined
  endTimestamp?: number | undefined
}

/** Cross-parameter checks: a range's end is not before its start. */
export function checkRanges<T extends Ranges>(params: T, ctx: z.core.$RefinementCtx<T>): void {
  const { startBlock, endBlock, startTimestamp, endTimestamp } = params
  if (startBlock !== undefined && endBlock !== undefined && endBlock < startBlock) {
    ctx.addIssue({
      code: 'custom',
      path: ['endBlock'],
      input: endBlock,
      message: `must be >= startBlock (${startBlock}): the range is startBlock inclusive to endBlock exclusive`,
    })
  }
  if (startTimestamp !== undefined && endTimestamp !== undefined && endTimestamp < startTimestamp) {
    ctx.addIssue({
      code: 'custom',
      path: ['endTimestamp'],
      input: endTimestamp,
      message: `must be >= startTimestamp (${startTimestamp})`,
    })
  }
}

function isWhole(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0
}
