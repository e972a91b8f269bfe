import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zDelegationStatusType,
  zListActivePrimaryNetworkStakingTransactionsResult,
  zListDelegatorsResult,
  zListHistoricalPrimaryNetworkRewardsResult,
  zListL1ValidatorsResult,
  zListPendingPrimaryNetworkRewardsResult,
  zListValidatorsResult,
  zPChainId,
  zSortByOption,
  zValidationStatusType,
} from './generated/data-api.gen.js'
import {
  cb58Id,
  checkRanges,
  closedEnum,
  commaSeparated,
  currency,
  dataRead,
  dataWeight,
  endTimestamp,
  l1ValidationId,
  network,
  nodeId,
  nodeIds,
  PAGES,
  pageSize,
  pageToken,
  primaryNetworkAddresses,
  sortOrder,
  startTimestamp,
  txTypes,
} from './params.js'

/**
 * The Data API's validator and delegator endpoints (`/v1/networks/{network}/validators|delegators|l1Validators`):
 * the Primary Network's and subnets' stakers and the L1s' validators as the indexer sees the P-Chain, for callers
 * without a node of their own (platform.getCurrentValidators asks a node).
 */

const AMOUNTS = 'Amounts are decimal strings in nAVAX (1 AVAX = 10^9 nAVAX); timestamps are Unix seconds.'

const validationStatus = lazy(() =>
  closedEnum(zValidationStatusType()).check(
    z.describe('Only validations in this state: active, pending, completed or removed.'),
  ),
)
const delegationStatus = lazy(() =>
  closedEnum(zDelegationStatusType()).check(z.describe('Only delegations in this state.')),
)
const subnetId = lazy(() =>
  cb58Id('a subnet ID').check(
    z.describe('Subnet ID (cb58); the Primary Network is 11111111111111111111111111111111LpoYY.'),
  ),
)

/** A bounded number, as the description bounds it (`minimum`/`maximum`). */
const bounded = (min: number, max: number, what: string) => {
  const error = `must be a number from ${min} to ${max}`
  return z.number({ error }).check(z.gte(min, { error }), z.lte(max, { error }), z.describe(what))
}
/** An nAVAX amount as the description types it (a string of digits); numbers and bigints are sent as digits. */
const nAvax = (what: string) => {
  const error = 'expected an amount in nAVAX: a whole number >= 0'
  return z
    .pipe(
      z
        .union([z.string(), z.number(), z.bigint()], { error })
        .check(
          z.refine(
            (v) =>
              typeof v === 'string'
                ? /^\d{1,20}$/.test(v)
                : typeof v === 'bigint'
                  ? v >= 0n
                  : Number.isSafeInteger(v) && v >= 0,
            { error },
          ),
        ),
      z.transform(String),
    )
    .check(z.describe(what))
}

/** The description's pairs of bounds: each max not below its min. */
function checkBounds<T extends Record<string, unknown>>(params: T, ctx: z.core.$RefinementCtx<T>): void {
  for (const name of ['DelegationCapacity', 'TimeRemaining', 'FeePercentage', 'UptimePerformance']) {
    const [lo, hi] = [params[`min${name}`], params[`max${name}`]]
    if (lo === undefined || hi === undefined) continue
    if (Number(hi) < Number(lo)) {
      ctx.addIssue({ code: 'custom', path: [`max${name}`], message: `must be >= min${name} (${String(lo)})` })
    }
  }
}

/** "One of addresses or nodeIds is required" (the rewards listings' parameters). */
function needsAddressesOrNodes<T extends { addresses?: string | undefined; nodeIds?: string | undefined }>(
  params: T,
  ctx: z.core.$RefinementCtx<T>,
): void {
  if (params.addresses !== undefined || params.nodeIds !== undefined) return
  ctx.addIssue({ code: 'custom', path: ['addresses'], message: 'give addresses or nodeIds (one of them is required)' })
}

const REWARD =
  'Each reward has txHash (the staking tx), nodeId, amountStaked, startTimestamp, endTimestamp, rewardType (VALIDATOR, DELEGATOR or VALIDATOR_FEE) and the reward owners (addresses)'
const rewardParams = lazy(() => ({
  network: network(),
  addresses: z.optional(primaryNetworkAddresses().check(z.describe('Only rewards owned by these P-Chain addresses.'))),
  nodeIds: z.optional(nodeIds()),
  sortOrder: z.optional(sortOrder()),
  pageToken: z.optional(pageToken()),
  pageSize: z.optional(pageSize(100)),
}))

export const staking = {
  listValidators: defineOperation({
    ...dataRead,
    id: 'data.listValidators',
    endpoint: 'GET /v1/networks/{network}/validators',
    summary: 'The validators of the Primary Network and subnets (active, pending, completed or removed), filterable.',
    params: () =>
      z
        .strictObject({
          network: network(),
          nodeIds: z.optional(
            commaSeparated(z.string().check(z.minLength(1)), 'node IDs', 'node ID').check(
              z.describe('Only node IDs containing one of these (substring match).'),
            ),
          ),
          sortBy: z.optional(closedEnum(zSortByOption()).check(z.describe('Sort key, with sortOrder.'))),
          sortOrder: z.optional(sortOrder()),
          validationStatus: z.optional(validationStatus()),
          minDelegationCapacity: z.optional(
            nAvax('Only validators that can take at least this much more delegation (nAVAX).'),
          ),
          maxDelegationCapacity: z.optional(
            nAvax('Only validators that can take at most this much more delegation (nAVAX).'),
          ),
          minTimeRemaining: z.optional(
            bounded(0, 2147483647, 'Only validations ending at least this many seconds from now.'),
          ),
          maxTimeRemaining: z.optional(
            bounded(0, 2147483647, 'Only validations ending at most this many seconds from now.'),
          ),
          minFeePercentage: z.optional(
            bounded(2, 100, 'Only validators whose delegation fee is at least this percentage.'),
          ),
          maxFeePercentage: z.optional(
            bounded(2, 100, 'Only validators whose delegation fee is at most this percentage.'),
          ),
          minUptimePerformance: z.optional(bounded(0, 100, 'Only validators with at least this uptime percentage.')),
          maxUptimePerformance: z.optional(bounded(0, 100, 'Only validators with at most this uptime percentage.')),
          subnetId: z.optional(subnetId()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkBounds)),
    result: zListValidatorsResult,
    pagination: { kind: 'pageToken', items: 'validators' },
  }),
  getSingleValidatorDetails: defineOperation({
    ...dataRead,
    id: 'data.getSingleValidatorDetails',
    endpoint: 'GET /v1/networks/{network}/validators/{nodeId}',
    summary: "One node's validations of the Primary Network and subnets, past and present, newest first by default.",
    params: () =>
      z.strictObject({
        network: network(),
        nodeId: nodeId(),
        validationStatus: z.optional(validationStatus()),
        sortOrder: z.optional(sortOrder()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100)),
      }),
    result: zListValidatorsResult,
    pagination: { kind: 'pageToken', items: 'validators' },
  }),
  listDelegators: defineOperation({
    ...dataRead,
    id: 'data.listDelegators',
    endpoint: 'GET /v1/networks/{network}/delegators',
    summary: 'The delegators of the Primary Network, optionally of some nodes, reward addresses and status.',
    params: () =>
      z.strictObject({
        network: network(),
        nodeIds: z.optional(nodeIds()),
        rewardAddresses: z.optional(
          primaryNetworkAddresses().check(z.describe('Only delegations rewarding these P-Chain addresses.')),
        ),
        delegationStatus: z.optional(delegationStatus()),
        sortOrder: z.optional(sortOrder()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100)),
      }),
    result: zListDelegatorsResult,
    pagination: { kind: 'pageToken', items: 'delegators' },
  }),
  listL1Validators: defineOperation({
    ...dataRead,
    id: 'data.listL1Validators',
    endpoint: 'GET /v1/networks/{network}/l1Validators',
    summary: 'The validators of L1s (ACP-77): validation ID, node, weight, remaining fee balance and owners.',
    params: () =>
      z.strictObject({
        network: network(),
        l1ValidationId: z.optional(l1ValidationId()),
        includeInactiveL1Validators: z.optional(z.boolean({ error: 'expected true or false' })),
        nodeId: z.optional(nodeId()),
        subnetId: z.optional(subnetId()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100)),
      }),
    result: zListL1ValidatorsResult,
    pagination: { kind: 'pageToken', items: 'validators' },
  }),
  listActivePrimaryNetworkStakingTransactions: defineOperation({
    ...dataRead,
    id: 'data.listActivePrimaryNetworkStakingTransactions',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
    summary: 'The P-Chain staking transactions of some addresses whose staking period has not ended.',
    params: () =>
      z
        .strictObject({
          network: network(),
          blockchainId: closedEnum(zPChainId()).check(
            z.describe('p-chain, or the P-Chain ID 11111111111111111111111111111111LpoYY.'),
          ),
          addresses: z.optional(primaryNetworkAddresses()),
          txTypes: z.optional(txTypes()),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          sortOrder: z.optional(sortOrder()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkRanges)),
    result: zListActivePrimaryNetworkStakingTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listPendingPrimaryNetworkRewards: defineOperation({
    ...dataRead,
    id: 'data.listPendingPrimaryNetworkRewards',
    endpoint: 'GET /v1/networks/{network}/rewards:listPending',
    summary: 'The rewards current stakers will receive when their staking ends, by reward address or node.',
    params: () => z.strictObject(rewardParams()).check(z.superRefine(needsAddressesOrNodes)),
    result: zListPendingPrimaryNetworkRewardsResult,
    pagination: { kind: 'pageToken', items: 'pendingRewards' },
  }),
  listHistoricalPrimaryNetworkRewards: defineOperation({
    ...dataRead,
    id: 'data.listHistoricalPrimaryNetworkRewards',
    endpoint: 'GET /v1/networks/{network}/rewards',
    summary: 'The rewards paid to stakers whose staking ended, by reward address or node.',
    params: () =>
      z
        .strictObject({ ...rewardParams(), currency: z.optional(currency()) })
        .check(z.superRefine(needsAddressesOrNodes)),
    result: zListHistoricalPrimaryNetworkRewardsResult,
    pagination: { kind: 'pageToken', items: 'historicalRewards' },
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const stakingDescriptions = (): Descriptions<typeof staking> => ({
  'data.listValidators': `Each validator has txHash, nodeId, subnetId, amountStaked, startTimestamp, endTimestamp and validationStatus; active ones add delegatorCount, amountDelegated, delegationCapacity, uptimePerformance and potentialRewards. nodeIds matches substrings. The fee and uptime filters drop subnet validators. ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.getSingleValidatorDetails': `validators lists each validation of the node (one per staking transaction) in the shape of data.listValidators; an unknown node gives an empty list. ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listDelegators': `Each delegator has txHash, nodeId, rewardAddresses, amountDelegated, delegationFee, startTimestamp, endTimestamp and delegationStatus; active ones add estimatedGrossReward and estimatedNetReward. rewardAddresses are P-Chain addresses (avax1... or P-avax1...). ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listL1Validators': `remainingBalance is the nAVAX left to pay the L1 validator's continuous fee; weight is the L1's own unit. includeInactiveL1Validators adds validators whose balance ran out or that were disabled. blockHeight is the P-Chain height of the answer. ${PAGES} ${dataWeight('medium')}`,
  'data.listActivePrimaryNetworkStakingTransactions': `blockchainId is "p-chain" (or the P-Chain ID). The transactions (AddPermissionlessValidatorTx, AddPermissionlessDelegatorTx, AddSubnetValidatorTx, ...) in the P-Chain form of data.listLatestPrimaryNetworkTransactions, newest first by default; txTypes and the time range narrow them. ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.listPendingPrimaryNetworkRewards': `${REWARD}, progress (% of the period elapsed) and estimatedReward (nAVAX; a validator's is platform.getCurrentValidators' potentialReward). Give addresses or nodeIds. ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
  'data.listHistoricalPrimaryNetworkRewards': `${REWARD}, the reward (nAVAX, with historicalPrice in currency when older than 24 h), its UTXO (utxoId, outputIndex) and rewardTxHash. Give addresses or nodeIds. ${AMOUNTS} ${PAGES} ${dataWeight('xl')}`,
})
