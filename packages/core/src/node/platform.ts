import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  addressParam,
  encodingParam,
  float,
  goSlice,
  idOrAliasParam,
  idParam,
  nodeIdParam,
  noParams,
  outputOwners,
  record,
  u32,
  u64,
  u64Param,
  utxoRef,
} from '../schemas.js'
import { utxoPage, utxoParams } from './avm.js'
import { blockReply, pChainBlock, pChainTx, txReply } from './payloads.js'

/** The P-Chain API (`/ext/bc/P`, service `platform`, `vms/platformvm/service.go`). */
const read = { service: 'platform', endpoint: '/ext/bc/P', readOnly: true, idempotent: true } as const

const JSON_ENCODING =
  'encoding (any case) "hex" (default) or "hexc" returns the bytes as 0x-hex with a 4-byte checksum, "hexnc" without it; "json" returns the decoded object, whose amounts, weights, heights and times are bigint.'
const hexOrJson = lazy(() => encodingParam(['hex', 'hexc', 'hexnc', 'json']))
const subnetID = lazy(() =>
  z.optional(idParam('subnet ID')).check(z.describe('Subnet or L1 ID; omitted means the Primary Network.')),
)

// ---- getCurrentValidators element shapes (`vms/platformvm/api/validator.go`) ---------------------------------------

export const delegator: () => DelegatorSchema = lazy(buildDelegator)
/** The schema `delegator()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface DelegatorSchema extends ReturnType<typeof buildDelegator> {}
function buildDelegator() {
  return record({
    txID: z.string(),
    startTime: u64(),
    endTime: u64(),
    weight: u64(),
    nodeID: z.string(),
    rewardOwner: z.optional(outputOwners()),
    potentialReward: z.optional(u64()),
  })
}

/**
 * A Primary Network or permissionless-subnet validator. `delegationFee` and `uptime` are percentages (the node sends
 * "10.0000"); `uptime` and `connected` are present for the Primary Network only; `delegators` only when exactly one
 * nodeID was requested; `validatorAuthority`, `nextPeriod` and `autoCompoundRewardShares` only for auto-renewed
 * validators. Times and periods are Unix seconds, weights and rewards nAVAX.
 */
export const permissionlessValidator: () => PermissionlessValidatorSchema = lazy(buildPermissionlessValidator)
/** The schema `permissionlessValidator()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface PermissionlessValidatorSchema extends ReturnType<typeof buildPermissionlessValidator> {}
function buildPermissionlessValidator() {
  return record({
    txID: z.string(),
    startTime: u64(),
    endTime: u64(),
    weight: u64(),
    nodeID: z.string(),
    validationRewardOwner: z.optional(outputOwners()),
    delegationRewardOwner: z.optional(outputOwners()),
    potentialReward: z.optional(u64()),
    accruedDelegateeReward: z.optional(u64()),
    delegationFee: float(),
    exactDelegationFee: z.optional(u32()),
    uptime: z.optional(float()),
    connected: z.optional(z.boolean()),
    signer: z.optional(record({ publicKey: z.string(), proofOfPossession: z.string() })),
    // Auto-renewed validators only (AddAutoRenewedValidatorTx, Helicon): `AutoRenewedConfig` in
    // `vms/platformvm/api/validator.go`, set by GetCurrentValidators when the tx has a validator authority.
    /** Who may change this auto-renewed validator's config. */
    validatorAuthority: z.nullish(outputOwners()),
    /** Seconds of the next validation cycle. */
    nextPeriod: z.optional(u64()),
    /** Share of the rewards that is restaked, in millionths (like delegation shares). */
    autoCompoundRewardShares: z.optional(u32()),
    delegatorCount: z.optional(u64()),
    delegatorWeight: z.optional(u64()),
    delegators: z.nullish(z.array(delegator())),
  })
}

/** A validator of a permissioned subnet: the bare staker record. */
export const subnetStaker = lazy(() =>
  record({
    txID: z.string(),
    startTime: u64(),
    endTime: u64(),
    weight: u64(),
    nodeID: z.string(),
  }),
)

/** A validator of an L1 (no txID or endTime; it pays a continuous fee from `balance`, in nAVAX). */
export const l1Validator = lazy(() =>
  record({
    nodeID: z.string(),
    weight: u64(),
    startTime: u64(),
    validationID: z.optional(z.string()),
    publicKey: z.optional(z.string()),
    remainingBalanceOwner: z.optional(outputOwners()),
    deactivationOwner: z.optional(outputOwners()),
    minNonce: z.optional(u64()),
    balance: z.optional(u64()),
  }),
)

/** One element of getCurrentValidators: tried in this order, unknown fields kept. */
export const currentValidator: () => CurrentValidatorSchema = lazy(buildCurrentValidator)
/** The schema `currentValidator()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface CurrentValidatorSchema extends ReturnType<typeof buildCurrentValidator> {}
function buildCurrentValidator() {
  return z.union([permissionlessValidator(), subnetStaker(), l1Validator()])
}
export type CurrentValidator = z.output<ReturnType<typeof currentValidator>>

const proposed = 'proposed'
const PROPOSED_HEIGHT_CODE = (2n ** 64n - 1n).toString()

export const platform = {
  getBalance: defineOperation({
    ...read,
    id: 'platform.getBalance',
    summary: 'The P-Chain balances of a set of addresses, in nAVAX for AVAX, split into unlocked and locked amounts.',
    params: () =>
      z.strictObject({
        addresses: z
          .array(addressParam('P'), { error: 'expected an array of addresses' })
          .check(z.minLength(1, { error: 'must hold at least 1 address' })),
      }),
    result: () =>
      record({
        balance: u64(),
        unlocked: u64(),
        lockedStakeable: u64(),
        lockedNotStakeable: u64(),
        balances: z.optional(z.record(z.string(), u64())),
        unlockeds: z.optional(z.record(z.string(), u64())),
        lockedStakeables: z.optional(z.record(z.string(), u64())),
        lockedNotStakeables: z.optional(z.record(z.string(), u64())),
        utxoIDs: goSlice(utxoRef()),
      }),
    deprecated: { since: 'v1.9.12', use: 'platform.getUTXOs' },
  }),
  getBlock: defineOperation({
    ...read,
    id: 'platform.getBlock',
    summary: 'A P-Chain block by ID, as hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ blockID: idParam('block ID'), encoding: hexOrJson() }),
    result: () => blockReply(pChainBlock()),
  }),
  getBlockByHeight: defineOperation({
    ...read,
    id: 'platform.getBlockByHeight',
    summary: 'The accepted P-Chain block at a height, as hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ height: u64Param(), encoding: hexOrJson() }),
    result: () => blockReply(pChainBlock()),
  }),
  getBlockchains: defineOperation({
    ...read,
    id: 'platform.getBlockchains',
    summary: 'Every blockchain on the network except the P-Chain, with its ID, name, subnet and VM.',
    params: noParams,
    result: () =>
      record({
        blockchains: z.array(record({ id: z.string(), name: z.string(), subnetID: z.string(), vmID: z.string() })),
      }),
    deprecated: { since: 'v1.9.12' },
  }),
  getBlockchainStatus: defineOperation({
    ...read,
    id: 'platform.getBlockchainStatus',
    summary: 'How this node relates to a blockchain: Validating, Created, Preferred, Syncing or Unknown.',
    params: () => z.strictObject({ blockchainID: idOrAliasParam('blockchain') }),
    result: () => record({ status: z.enum(['Validating', 'Created', 'Preferred', 'Syncing', 'Unknown']) }),
  }),
  getCurrentSupply: defineOperation({
    ...read,
    id: 'platform.getCurrentSupply',
    summary: 'An upper bound of the tokens that can stake on a subnet (nAVAX for the Primary Network), and its height.',
    params: () => z.optional(z.strictObject({ subnetID: subnetID() })),
    result: () => record({ supply: u64(), height: z.optional(u64()) }),
  }),
  getCurrentValidators: defineOperation({
    ...read,
    id: 'platform.getCurrentValidators',
    summary: 'The current validators of the Primary Network, a subnet or an L1, with weights, rewards and uptimes.',
    params: () => z.optional(z.strictObject({ subnetID: subnetID(), nodeIDs: z.optional(z.array(nodeIdParam())) })),
    result: () =>
      record({
        validators: goSlice(currentValidator()),
      }),
  }),
  getHeight: defineOperation({
    ...read,
    id: 'platform.getHeight',
    summary: 'The height of the last accepted P-Chain block.',
    params: noParams,
    result: () => record({ height: u64() }),
  }),
  getProposedHeight: defineOperation({
    ...read,
    id: 'platform.getProposedHeight',
    summary: 'The P-Chain height this node would put in a block it proposes now (its proposervm view).',
    params: noParams,
    result: () => record({ height: u64() }),
  }),
  getValidatorsAt: defineOperation({
    ...read,
    id: 'platform.getValidatorsAt',
    summary: 'The validator set of a subnet at a P-Chain height, as a map from node ID to {publicKey, weight}.',
    params: () =>
      z.strictObject({
        height: z
          .union([z.literal(proposed), u64Param()], {
            error: 'expected a P-Chain height (whole number from 0 to 18446744073709551614) or "proposed"',
          })
          .check(
            // `platformapi.Height` refuses MaxUint64 as a number: it is the code of "proposed" (`vms/platformvm/api/height.go` L43-47).
            z.refine((height) => height !== PROPOSED_HEIGHT_CODE, {
              error: `${PROPOSED_HEIGHT_CODE} (2^64-1) stands for the proposed height and the node refuses it as a number: pass "proposed"`,
            }),
          ),
        subnetID: subnetID(),
      }),
    result: () => z.record(z.string(), record({ publicKey: z.nullable(z.string()), weight: u64() })),
  }),
  getValidatorFeeConfig: defineOperation({
    ...read,
    id: 'platform.getValidatorFeeConfig',
    summary: 'The static parameters of the L1 validator fee: capacity, target, minimum price and excess constant.',
    params: noParams,
    // `fee.Config` (`vms/platformvm/validators/fee/fee.go`): plain uint64 fields, so JSON numbers on the wire.
    result: () => record({ capacity: u64(), target: u64(), minPrice: u64(), excessConversionConstant: u64() }),
  }),
  getValidatorFeeState: defineOperation({
    ...read,
    id: 'platform.getValidatorFeeState',
    summary: 'The current L1 validator fee: the excess, the price in nAVAX per validator per second, and its time.',
    params: noParams,
    // `GetValidatorFeeStateReply` (`vms/platformvm/service.go`): gas.Gas/gas.Price are plain uint64 (JSON numbers).
    result: () => record({ excess: u64(), price: u64(), timestamp: z.string() }),
  }),
  getUTXOs: defineOperation({
    ...read,
    id: 'platform.getUTXOs',
    summary: 'One page (up to 1024) of the UTXOs that reference any of the given P-Chain addresses, as hex bytes.',
    params: () => z.strictObject(utxoParams('P')),
    result: utxoPage,
    pagination: { kind: 'utxoCursor' },
  }),
  getTx: defineOperation({
    ...read,
    id: 'platform.getTx',
    summary: 'A P-Chain transaction by ID, as signed hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ txID: idParam('transaction ID'), encoding: hexOrJson() }),
    result: () => txReply(pChainTx()),
  }),
  getTxStatus: defineOperation({
    ...read,
    id: 'platform.getTxStatus',
    summary: 'The status of a P-Chain transaction (Committed, Aborted, Processing, Dropped or Unknown) and why.',
    params: () => z.strictObject({ txID: idParam('transaction ID') }),
    result: () =>
      record({
        status: z.enum(['Committed', 'Aborted', 'Processing', 'Dropped', 'Unknown']),
        reason: z.optional(z.string()),
      }),
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const platformDescriptions = (): Descriptions<typeof platform> => ({
  'platform.getBalance':
    'Deprecated since avalanchego v1.9.12: walk platform.getUTXOs instead (core\'s PChainBalances sums it by these same rules). Takes addresses (an array; the old singular "address" is silently ignored by current nodes). Every UTXO any of the addresses owns counts in full, shared or multisig alike, split at the node\'s clock: unlocked = spendable now; lockedStakeable = stake-locked outputs (P-Chain genesis vesting, stakeable.LockOut) usable only for staking until their stake locktime; lockedNotStakeable = outputs whose own locktime is still ahead; balance = the three added. balance, unlocked, lockedStakeable and lockedNotStakeable count AVAX only; balances, unlockeds, lockedStakeables and lockedNotStakeables map every asset ID to its amount. 1 AVAX = 10^9 nAVAX.',
  'platform.getBlock': JSON_ENCODING,
  'platform.getBlockByHeight': JSON_ENCODING,
  'platform.getBlockchains':
    'Deprecated since avalanchego v1.9.12 with no replacement in the node API (the Data API lists blockchains too).',
  'platform.getBlockchainStatus':
    'Validating: this node validates it. Created: it exists but this node does not validate it. Preferred: its creation is proposed and likely. Syncing: this node follows it without validating. Unknown: not proposed, or its proposal is not preferred.',
  'platform.getCurrentSupply':
    "Burned tokens, fees included, are not deducted. height (the P-Chain height of the answer) is absent from older nodes and from the node docs' example.",
  'platform.getCurrentValidators':
    'Three shapes: Primary Network / permissionless validators (delegationFee and uptime as percentages, connected, signer, delegators when exactly one nodeID is asked), permissioned subnet stakers (txID, startTime, endTime, weight, nodeID) and L1 validators (validationID, balance, minNonce; no endTime). Weights and rewards in nAVAX, times in Unix seconds. Node IDs that are not current validators are left out. Not paginated: Mainnet returns the whole set.',
  'platform.getValidatorsAt':
    'height is a block height or "proposed" (the proposed height). The answer is the map itself (no "validators" wrapper, since avalanchego v1.10.6); publicKey is the BLS key (0x-hex) or null, weight is in nAVAX for the Primary Network.',
  'platform.getValidatorFeeConfig':
    'capacity and target count L1 validators; minPrice is nAVAX per validator per second; the price grows as minPrice * e^(excess / excessConversionConstant). Local networks: 20000, 10000, 1, 865617; Fuji 512 nAVAX/s minimum (genesis/genesis_*.go).',
  'platform.getValidatorFeeState':
    'Every active L1 validator pays price nAVAX per second from its balance; price = gas.CalculatePrice(minPrice, excess, excessConversionConstant). timestamp is the chain time (RFC 3339).',
  'platform.getUTXOs':
    "When numFetched equals limit there may be more: pass endIndex as startIndex, or use .items() / .pages(), which walk every page and drop duplicates. With sourceChain, returns atomic UTXOs exported from that chain to the P-Chain. Lists stake-locked (type 22), time-locked and multisig UTXOs too: .items() decodes each one's amount, owners, threshold, locktime and stakeableLocktime.",
  'platform.getTx': `${JSON_ENCODING} Unknown IDs fail with "couldn't get tx: not found" (JsonRpcError.isNotFound).`,
  'platform.getTxStatus': 'reason explains a Dropped transaction.',
})
