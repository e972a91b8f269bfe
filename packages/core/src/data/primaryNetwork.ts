import * as z from 'zod/mini'
import { isId } from '../encoding/ids.js'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zGetAssetDetailsResult,
  zGetBalancesByAddressesResult,
  zGetBlockByIdResult,
  zGetChainIdsForAddressesResult,
  zGetLastActivityTimestampByAddressesResult,
  zGetLastActivityTimestampByAddressesV2Result,
  zGetTxByHashResult,
  zGetUtxosByAddressesResult,
  zGetUtxosByAddressesV2Result,
  zListAssetTransactionsResult,
  zListLatestPrimaryNetworkBlocksResult,
  zListLatestPrimaryNetworkTransactionsResult,
  zListPrimaryNetworkBlocksByNodeIdResult,
  zUtxosSortByOption,
} from './generated/data-api.gen.js'
import {
  cb58Id,
  checkRanges,
  closedEnum,
  dataRead,
  dataWeight,
  endTimestamp,
  l1ValidationId,
  network,
  nodeId,
  P_CHAIN_IDS,
  PAGES,
  pageSize,
  pageToken,
  primaryNetworkAddresses,
  primaryNetworkBlockchainId,
  sortOrder,
  startTimestamp,
  timestamp,
  txTypes,
  xChainId,
} from './params.js'

/**
 * The Data API's Primary Network endpoints (`/v1/networks/{network}/blockchains/{blockchainId}/...`, base
 * `dataApiUrl`): P-, X- and C-Chain transactions as the indexer decodes them, and blocks proposed by a node.
 */

const AMOUNTS =
  "Amounts are decimal strings in the asset's smallest unit (nAVAX for AVAX: 1 AVAX = 10^9 nAVAX); timestamps are Unix seconds."
const SHORT_PAGES =
  'A page can hold fewer transactions than pageSize once their UTXOs reach a size threshold; that is not the end of the list (only a missing nextPageToken is).'

/** The filters of the UTXO reads, GET and V2 POST alike (the description's query parameters). */
const utxoFilters = lazy(() => ({
  network: network(),
  blockchainId: primaryNetworkBlockchainId(),
  assetId: z.optional(cb58Id('an asset ID').check(z.describe('Only UTXOs of this asset (X-Chain).'))),
  minUtxoAmount: z.optional(
    z
      .number({ error: "expected an amount >= 0 (the asset's smallest unit)" })
      .check(
        z.gte(0, { error: "expected an amount >= 0 (the asset's smallest unit)" }),
        z.describe('Only UTXOs of at least this amount (inclusive).'),
      ),
  ),
  includeSpent: z.optional(z.boolean({ error: 'expected true or false' }).check(z.describe('Add spent UTXOs.'))),
  sortBy: z.optional(
    closedEnum(zUtxosSortByOption()).check(z.describe('timestamp (creation time) or amount, with sortOrder.')),
  ),
  sortOrder: z.optional(sortOrder()),
  pageToken: z.optional(pageToken()),
}))

/**
 * The V2 POST reads carry the addresses in a JSON body (PrimaryNetworkAddressesBodyDto: comma-separated, required)
 * and the rest in the path and query: POST, but reads, so retried like any GET.
 */
const V2 =
  'The V2 form of the same read: POST with the addresses in the body, for longer address lists than a URL holds.'

const BLOCK =
  'Each block has blockNumber, blockHash, parentHash, blockTimestamp (Unix seconds), blockType, txCount, the transaction IDs, blockSizeBytes and proposerDetails.'

/** A P- or X-Chain block: its height (a number or digits) or its cb58 block ID. */
const primaryBlockId = lazy(() =>
  z
    .pipe(
      z
        .union([z.string(), z.number()], { error: 'expected a block height (whole number >= 0) or a cb58 block ID' })
        .check(
          z.refine(
            (v) => (typeof v === 'number' ? Number.isSafeInteger(v) && v >= 0 : /^\d{1,15}$/.test(v) || isId(v)),
            {
              error: 'expected a block height (whole number >= 0) or a cb58 block ID',
            },
          ),
        ),
      z.transform(String),
    )
    .check(z.describe('Block height, or block ID (cb58).')),
)

/** The seed's rule 1 and 2: txTypes and timestamps filter only within addresses, or on the P-Chain an L1 validation. */
function checkTransactionFilters<
  T extends {
    blockchainId: string
    addresses?: string | undefined
    l1ValidationId?: string | undefined
    txTypes?: string[] | undefined
    startTimestamp?: number | undefined
    endTimestamp?: number | undefined
  },
>(params: T, ctx: z.core.$RefinementCtx<T>): void {
  checkRanges(params, ctx)
  if (params.l1ValidationId !== undefined && !P_CHAIN_IDS.includes(params.blockchainId)) {
    ctx.addIssue({
      code: 'custom',
      path: ['l1ValidationId'],
      message: `only the P-Chain has L1 validations: use blockchainId "p-chain" (got "${params.blockchainId}")`,
    })
  }
  if (params.addresses !== undefined || params.l1ValidationId !== undefined) return
  for (const key of ['txTypes', 'startTimestamp', 'endTimestamp'] as const) {
    if (params[key] === undefined) continue
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message:
        'needs addresses (or l1ValidationId on the P-Chain): the service filters by txTypes and timestamps only within an address filter',
    })
  }
}

export const primaryNetwork = {
  listLatestPrimaryNetworkTransactions: defineOperation({
    ...dataRead,
    id: 'data.listLatestPrimaryNetworkTransactions',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions',
    summary: 'The latest transactions of the P-, X- or C-Chain, optionally of some addresses, types and time range.',
    params: () =>
      z
        .strictObject({
          network: network(),
          blockchainId: primaryNetworkBlockchainId(),
          addresses: z.optional(primaryNetworkAddresses()),
          l1ValidationId: z.optional(l1ValidationId()),
          txTypes: z.optional(txTypes()),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
          sortOrder: z.optional(sortOrder()),
        })
        .check(z.superRefine(checkTransactionFilters)),
    result: zListLatestPrimaryNetworkTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listAssetTransactions: defineOperation({
    ...dataRead,
    id: 'data.listAssetTransactions',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
    summary: 'The X-Chain transactions that moved or created one asset, optionally of some types and time range.',
    params: () =>
      z
        .strictObject({
          network: network(),
          blockchainId: xChainId(),
          assetId: cb58Id('an asset ID').check(z.describe('X-Chain asset ID (cb58).')),
          txTypes: z.optional(txTypes()),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkRanges)),
    result: zListAssetTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listPrimaryNetworkBlocksByNodeId: defineOperation({
    ...dataRead,
    id: 'data.listPrimaryNetworkBlocksByNodeId',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks',
    summary: 'The latest P- or X-Chain blocks proposed by one node, optionally within a time range.',
    params: () =>
      z
        .strictObject({
          network: network(),
          blockchainId: primaryNetworkBlockchainId(),
          nodeId: nodeId(),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkRanges)),
    result: zListPrimaryNetworkBlocksByNodeIdResult,
    pagination: { kind: 'pageToken', items: 'blocks' },
  }),
  getUtxosByAddresses: defineOperation({
    ...dataRead,
    id: 'data.getUtxosByAddresses',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/utxos',
    summary:
      'The UTXOs some addresses hold on the P-, X- or C-Chain (C: its shared memory), optionally spent ones too.',
    params: () =>
      z.strictObject({
        ...utxoFilters(),
        addresses: z.optional(primaryNetworkAddresses()),
        pageSize: z.optional(pageSize(100)),
      }),
    result: zGetUtxosByAddressesResult,
    pagination: { kind: 'pageToken', items: 'utxos' },
  }),
  getBalancesByAddresses: defineOperation({
    ...dataRead,
    id: 'data.getBalancesByAddresses',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/balances',
    summary:
      'The balances of some addresses on the P-, X- or C-Chain, split into unlocked, locked, staked and shared memory.',
    params: () =>
      z.strictObject({
        network: network(),
        blockchainId: primaryNetworkBlockchainId(),
        addresses: z.optional(primaryNetworkAddresses()),
        blockTimestamp: z.optional(timestamp('Compute locks at this Unix time (seconds) instead of now.')),
      }),
    result: zGetBalancesByAddressesResult,
  }),
  getChainIdsForAddresses: defineOperation({
    ...dataRead,
    id: 'data.getChainIdsForAddresses',
    endpoint: 'GET /v1/networks/{network}/addresses:listChainIds',
    summary: 'For each address, the Primary Network chains (P, X, C) it has had any on-chain activity on.',
    params: () => z.strictObject({ network: network(), addresses: primaryNetworkAddresses() }),
    result: zGetChainIdsForAddressesResult,
  }),
  getLastActivityTimestampByAddresses: defineOperation({
    ...dataRead,
    id: 'data.getLastActivityTimestampByAddresses',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
    summary: 'When some addresses last created or spent a UTXO on a Primary Network chain: time, block, tx and UTXO.',
    params: () =>
      z.strictObject({
        network: network(),
        blockchainId: primaryNetworkBlockchainId(),
        addresses: z.optional(primaryNetworkAddresses()),
      }),
    result: zGetLastActivityTimestampByAddressesResult,
  }),
  getUtxosByAddressesV2: defineOperation({
    ...dataRead,
    id: 'data.getUtxosByAddressesV2',
    endpoint: 'POST /v1/networks/{network}/blockchains/{blockchainId}/utxos',
    query: ['pageToken', 'pageSize', 'assetId', 'minUtxoAmount', 'includeSpent', 'sortBy', 'sortOrder'],
    summary: 'data.getUtxosByAddresses for many addresses: the addresses in a POST body, up to 1024 UTXOs a page.',
    params: () =>
      z.strictObject({
        ...utxoFilters(),
        addresses: primaryNetworkAddresses(),
        pageSize: z.optional(pageSize(1024)),
      }),
    result: zGetUtxosByAddressesV2Result,
    pagination: { kind: 'pageToken', items: 'utxos' },
    okStatuses: [201],
  }),
  getLastActivityTimestampByAddressesV2: defineOperation({
    ...dataRead,
    id: 'data.getLastActivityTimestampByAddressesV2',
    endpoint: 'POST /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
    summary: 'data.getLastActivityTimestampByAddresses for many addresses: the addresses in a POST body.',
    params: () =>
      z.strictObject({
        network: network(),
        blockchainId: primaryNetworkBlockchainId(),
        addresses: primaryNetworkAddresses(),
      }),
    result: zGetLastActivityTimestampByAddressesV2Result,
  }),
  getTxByHash: defineOperation({
    ...dataRead,
    id: 'data.getTxByHash',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
    summary: 'One P-, X- or C-Chain (atomic) transaction by ID, decoded: type, UTXOs consumed and emitted, amounts.',
    params: () =>
      z.strictObject({
        network: network(),
        blockchainId: primaryNetworkBlockchainId(),
        txHash: cb58Id('a transaction ID').check(z.describe('Transaction ID (cb58).')),
      }),
    result: zGetTxByHashResult,
  }),
  getBlockById: defineOperation({
    ...dataRead,
    id: 'data.getBlockById',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}',
    summary: 'One P- or X-Chain block by height or ID: time, transactions, size and proposer.',
    params: () =>
      z.strictObject({ network: network(), blockchainId: primaryNetworkBlockchainId(), blockId: primaryBlockId() }),
    result: zGetBlockByIdResult,
  }),
  listLatestPrimaryNetworkBlocks: defineOperation({
    ...dataRead,
    id: 'data.listLatestPrimaryNetworkBlocks',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/blocks',
    summary: 'The latest P- or X-Chain blocks, newest first, optionally within a time range.',
    params: () =>
      z
        .strictObject({
          network: network(),
          blockchainId: primaryNetworkBlockchainId(),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkRanges)),
    result: zListLatestPrimaryNetworkBlocksResult,
    pagination: { kind: 'pageToken', items: 'blocks' },
  }),
  getAssetDetails: defineOperation({
    ...dataRead,
    id: 'data.getAssetDetails',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}',
    summary: 'An X-Chain asset: name, symbol, denomination, fixed or variable cap and creation time.',
    params: () =>
      z.strictObject({
        network: network(),
        blockchainId: xChainId(),
        assetId: cb58Id('an asset ID').check(z.describe('X-Chain asset ID (cb58).')),
      }),
    result: zGetAssetDetailsResult,
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const primaryNetworkDescriptions = (): Descriptions<typeof primaryNetwork> => ({
  'data.listLatestPrimaryNetworkTransactions': `addresses: X-/P-Chain addresses ("avax1...", "P-avax1...", "X-fuji1...") or 0x addresses for C-Chain atomic transactions, as an array or comma-separated. txTypes, startTimestamp and endTimestamp need addresses, except on the P-Chain with l1ValidationId, which lists one L1 validator's transactions (ConvertSubnetToL1Tx, IncreaseL1ValidatorBalanceTx, ...). The result's shape follows the chain: P-Chain, X-Chain or C-Chain atomic transactions, with chainInfo. ${SHORT_PAGES} ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.listAssetTransactions': `blockchainId is "x-chain" or an X-Chain blockchain ID; assetId any X-Chain asset (AVAX is FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z on mainnet). Each transaction lists consumed and emitted UTXOs and the amounts unlocked and created. ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.listPrimaryNetworkBlocksByNodeId': `Each block has blockNumber, blockHash, blockTimestamp (Unix seconds), blockType, txCount, the transaction IDs and proposerDetails. ${PAGES} ${dataWeight('medium')}`,
  'data.getUtxosByAddresses': `addresses: as an array or comma-separated (the description makes it optional; the answer is about them). Each address's UTXOs once (a UTXO several of them own is listed once), as the node's avm/platform.getUTXOs walk them, decoded: utxoId, amount (asset.amount), owners (addresses, threshold), locktimes and the creating transaction; P-Chain UTXOs add stakeableLocktime and staked. On the C-Chain they are the atomic UTXOs waiting in its shared memory. includeSpent adds spent ones with their consuming transaction. assetId filters the X-Chain only. sortBy timestamp (creation) or amount, desc by default. ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.getBalancesByAddresses': `Per asset, each with amount and utxoCount, over the addresses' UTXOs (each once). P-Chain: unlockedUnstaked, lockedStakeable and lockedPlatform are platform.getBalance's unlocked, lockedStakeable and lockedNotStakeable; unlockedStaked, lockedStaked and pendingStaked are stake of current and future stakers; atomicMemoryUnlocked/Locked are UTXOs other chains exported to it, not imported yet. X-Chain: unlocked and locked (by locktime; together avm.getBalance with includePartial), and atomic memory. C-Chain: only its shared memory (for the EVM balance use data.getNativeBalance). blockTimestamp (Unix seconds) computes locks at that time instead of now. ${AMOUNTS} ${dataWeight('xl')}`,
  'data.getChainIdsForAddresses': `addresses: as an array or comma-separated (X-/P-Chain addresses, avax1.../P-avax1.../X-fuji1...); the answer lists each with blockchainIds. ${dataWeight('xl')}`,
  'data.getLastActivityTimestampByAddresses': `timestamp (Unix seconds), blockNumber, txHash, the utxoId created or consumed and isConsumed. An address without activity answers timestamp 0. ${dataWeight('xl')}`,
  'data.getUtxosByAddressesV2': `${V2} Answers like data.getUtxosByAddresses; the live service answers HTTP 201 (data-api.md 0b.5). ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.getLastActivityTimestampByAddressesV2': `${V2} timestamp (Unix seconds), blockNumber, txHash, the utxoId created or consumed and isConsumed; no activity answers timestamp 0. ${dataWeight('xl')}`,
  'data.getTxByHash': `The shape follows the chain, as in data.listLatestPrimaryNetworkTransactions; an ID the chain does not know answers 404. ${AMOUNTS} ${dataWeight('medium')}`,
  'data.getBlockById': `${BLOCK} An unknown block answers 404. ${dataWeight('xl')}`,
  'data.listLatestPrimaryNetworkBlocks': `${BLOCK} ${PAGES} ${dataWeight('medium')}`,
  'data.getAssetDetails': `What avm.getAssetDescription answers, with type, cap and createdAtTimestamp (Unix seconds); an unknown asset answers 404. ${dataWeight('xl')}`,
})
