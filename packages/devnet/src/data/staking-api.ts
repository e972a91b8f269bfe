import { bytesToHex } from '@avalanche-automation/core'
import { NANO_PER_AVAX, NODE_VERSION, P_CHAIN_ID } from '../world/constants.js'
import { chainAddress, hexNc, idString } from '../world/json-values.js'
import { ewoq } from '../world/keys.js'
import type { Delegator, L1Validator, PastValidator, PChain, PrimaryValidator, SubnetStaker } from '../world/pchain.js'
import { utxoIdBytes } from '../world/utxo-table.js'
import type { World } from '../world/world.js'
import type { RouteHandler } from './context.js'
import { badRequest, bool, list, type Params, str } from './http.js'
import { listPage } from './paging.js'
import { addressShortId, pastValidators, rewardTxId } from './primary-network.js'
import { chainInfo, timestamps } from './primary-network-api.js'

/**
 * The Data API's validators, delegators and L1 validators: the node's own stakers (world.p, the same ones
 * platform.getCurrentValidators lists), in the shapes of data-api.openapi.json: ActiveValidatorDetails (validators of
 * the Primary Network and of the permissioned subnet), ActiveDelegatorDetails, L1ValidatorDetailsFull. The static
 * world's stakers are all current (their stake ends decades after genesis); a live devnet adds validators whose stake
 * ends within rounds, then lists them as CompletedValidatorDetails (`completed`, with the RewardValidatorTx that paid
 * them). Asking for a status nobody is in answers an empty page, as the service does. The same stakers
 * give the pending rewards (their potential rewards) and the active staking transactions of an address.
 */

/** The largest weight a Primary Network validator may carry: min(5 x own stake, 3M AVAX) (avalanchego genesis params). */
const MAX_VALIDATOR_WEIGHT = 3_000_000n * BigInt(NANO_PER_AVAX)
const MAX_WEIGHT_FACTOR = 5n

const split = (params: Params, name: string) =>
  str(params, name)
    ?.split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')

const rewardAddress = (shortId: Uint8Array) => chainAddress('P', shortId).slice(2)

function delegatorsOf(p: PChain, v: PrimaryValidator): Delegator[] {
  return p.delegators.filter((d) => d.node === v.node)
}

/** ActiveValidatorDetails (data-api.openapi.json components.schemas.ActiveValidatorDetails). */
function primaryValidator(p: PChain, v: PrimaryValidator, totalStake: bigint): Record<string, unknown> {
  const delegators = delegatorsOf(p, v)
  const delegated = delegators.reduce((sum, d) => sum + d.weight, 0n)
  const cap = v.stake * MAX_WEIGHT_FACTOR < MAX_VALIDATOR_WEIGHT ? v.stake * MAX_WEIGHT_FACTOR : MAX_VALIDATOR_WEIGHT
  const capacity = cap - v.stake - delegated
  const feePercent = v.shares / 10_000
  const delegationFees = delegators.reduce((sum, d) => sum + (d.potentialReward * BigInt(v.shares)) / 1_000_000n, 0n)
  return {
    txHash: idString(v.txId),
    nodeId: v.node.nodeId,
    subnetId: P_CHAIN_ID,
    amountStaked: v.stake.toString(),
    delegationFee: feePercent.toFixed(4),
    startTimestamp: v.start,
    endTimestamp: v.end,
    blsCredentials: { publicKey: hexNc(v.node.publicKey), proofOfPossession: hexNc(v.node.proofOfPossession) },
    stakePercentage: Number((v.stake * 1_000_000n) / totalStake) / 10_000,
    delegatorCount: delegators.length,
    amountDelegated: delegated.toString(),
    uptimePerformance: v.uptime,
    avalancheGoVersion: NODE_VERSION,
    delegationCapacity: (capacity > 0n ? capacity : 0n).toString(),
    potentialRewards: {
      validationRewardAmount: v.potentialReward.toString(),
      delegationRewardAmount: delegationFees.toString(),
      rewardAddresses: [rewardAddress(ewoq.shortId)],
    },
    validationStatus: 'active',
    validatorHealth: {
      reachabilityPercent: v.connected ? 100 : 0,
      benchedPChainRequestsPercent: 0,
      benchedXChainRequestsPercent: 0,
      benchedCChainRequestsPercent: 0,
    },
    geolocation: { city: 'Localhost', country: 'Devnet', countryCode: 'ZZ', latitude: 0, longitude: 0 },
  }
}

/** A permissioned subnet's validator in the same shape: no delegation, no reward, its weight as amountStaked. */
function subnetValidator(p: PChain, v: SubnetStaker): Record<string, unknown> {
  return {
    txHash: idString(v.txId),
    nodeId: v.node.nodeId,
    subnetId: idString(p.subnetId),
    amountStaked: v.weight.toString(),
    startTimestamp: v.start,
    endTimestamp: v.end,
    stakePercentage: Number((v.weight * 1_000_000n) / p.subnetValidators.reduce((s, x) => s + x.weight, 0n)) / 10_000,
    delegatorCount: 0,
    uptimePerformance: 100,
    avalancheGoVersion: NODE_VERSION,
    potentialRewards: { validationRewardAmount: '0', delegationRewardAmount: '0' },
    validationStatus: 'active',
    validatorHealth: {
      reachabilityPercent: 100,
      benchedPChainRequestsPercent: 0,
      benchedXChainRequestsPercent: 0,
      benchedCChainRequestsPercent: 0,
    },
    geolocation: { city: 'Localhost', country: 'Devnet', countryCode: 'ZZ', latitude: 0, longitude: 0 },
  }
}

/**
 * A validator whose stake ended, as CompletedValidatorDetails (data-api.openapi.json line 18159): its `rewards` name
 * the RewardValidatorTx (in the proposal block before the commit block that removed it) and its reward, paid to ewoq.
 */
function completedValidator(p: PChain, v: PastValidator): Record<string, unknown> {
  const delegators = delegatorsOf(p, v)
  return {
    txHash: idString(v.txId),
    nodeId: v.node.nodeId,
    subnetId: P_CHAIN_ID,
    amountStaked: v.stake.toString(),
    delegationFee: (v.shares / 10_000).toFixed(4),
    startTimestamp: v.start,
    endTimestamp: v.end,
    blsCredentials: { publicKey: hexNc(v.node.publicKey), proofOfPossession: hexNc(v.node.proofOfPossession) },
    delegatorCount: delegators.length,
    amountDelegated: delegators.reduce((sum, d) => sum + d.weight, 0n).toString(),
    rewards: {
      validationRewardAmount: v.potentialReward.toString(),
      delegationRewardAmount: '0',
      rewardAddresses: [rewardAddress(ewoq.shortId)],
      rewardTxHash: idString(rewardTxId(p, v)),
    },
    validationStatus: 'completed',
  }
}

/**
 * A paid validation reward as HistoricalReward (data-api.openapi.json line 16598): the reward UTXO the
 * RewardValidatorTx created for ewoq on the staker tx, at output index len(outputs) + len(stake)
 * (`vms/platformvm/txs/executor/proposal_tx_executor.go` rewardValidatorTx; world/pchain.ts rewardUtxos).
 */
function historicalReward(world: World, v: PastValidator): Record<string, unknown> {
  const { p } = world
  const { tx } = p.tx(world.index('pTx').find(v.txId))
  const outputIndex = 'stake' in tx ? tx.base.outputs.length + tx.stake.length : 0
  return {
    addresses: [rewardAddress(ewoq.shortId)],
    txHash: idString(v.txId),
    amountStaked: v.stake.toString(),
    nodeId: v.node.nodeId,
    startTimestamp: v.start,
    endTimestamp: v.end,
    rewardType: 'VALIDATOR',
    utxoId: idString(utxoIdBytes(v.txId, outputIndex)),
    outputIndex,
    reward: {
      assetId: idString(p.avaxAssetId),
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'secp256k1',
      amount: v.potentialReward.toString(),
    },
    rewardTxHash: idString(rewardTxId(p, v)),
  }
}

interface Row {
  json: Record<string, unknown>
  status: 'active' | 'completed'
  /** Where the row stays in the blockIndex order as validators are added: its height, then its rank there. */
  position: number
  height: number
  subnet: string
  nodeId: string
  fee: number | undefined
  capacity: bigint
  end: number
  uptime: number
}

const completedRows = new WeakMap<PChain, Row[]>()

/** Every validation, Primary Network and subnet, current and completed, as rows the filters and sort keys read. */
function validatorRows(p: PChain): Row[] {
  const total = p.primaryValidators.reduce((s, v) => s + v.stake, 0n)
  const primary = p.primaryValidators.map((v) => {
    const json = primaryValidator(p, v, total)
    return {
      json,
      status: 'active' as const,
      position: 0,
      height: v.addedHeight,
      subnet: P_CHAIN_ID,
      nodeId: v.node.nodeId,
      fee: v.shares / 10_000,
      capacity: BigInt(json.delegationCapacity as string),
      end: v.end,
      uptime: v.uptime,
    }
  })
  // An ended validation never changes: its row is made once, as validations end.
  let completed = completedRows.get(p)
  if (!completed) {
    completed = []
    completedRows.set(p, completed)
  }
  const past = pastValidators(p)
  for (let k = completed.length; k < past.length; k++) {
    const v = past[k] as PastValidator
    completed.push({
      json: completedValidator(p, v),
      status: 'completed',
      position: 0,
      height: v.addedHeight,
      subnet: P_CHAIN_ID,
      nodeId: v.node.nodeId,
      fee: v.shares / 10_000,
      capacity: 0n,
      end: v.end,
      uptime: v.uptime,
    })
  }
  const subnet = p.subnetValidators.map((v) => ({
    json: subnetValidator(p, v),
    status: 'active' as const,
    position: 0,
    height: v.addedHeight,
    subnet: idString(p.subnetId),
    nodeId: v.node.nodeId,
    fee: undefined,
    capacity: 0n,
    end: v.end,
    uptime: 100,
  }))
  const rows = sortRows([...primary, ...completed, ...subnet], 'blockIndex', false)
  rows.forEach((row, i) => {
    const previous = rows[i - 1]
    row.position = previous?.height === row.height ? previous.position + 1 : row.height * 1024
  })
  return rows
}

/** Sort keys of the description's SortByOption; blockIndex (the staking tx's P-Chain height) by default. */
const SORT_KEYS: Record<string, (r: Row) => number | bigint> = {
  blockIndex: (r) => r.height,
  delegationCapacity: (r) => r.capacity,
  timeRemaining: (r) => r.end,
  delegationFee: (r) => r.fee ?? 0,
  uptimePerformance: (r) => r.uptime,
}

function sortRows(rows: Row[], sortBy: string, descending: boolean): Row[] {
  const key = SORT_KEYS[sortBy] ?? SORT_KEYS.blockIndex
  const ordered = [...rows].sort((a, b) => {
    const [x, y] = [(key as (r: Row) => number | bigint)(a), (key as (r: Row) => number | bigint)(b)]
    return x < y ? -1 : x > y ? 1 : a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0
  })
  return descending ? ordered.reverse() : ordered
}

/** The bounds the listValidators query may set (data-api.openapi.json /v1/networks/{network}/validators). */
function withinBounds(row: Row, params: Params, now: number): boolean {
  const inRange = (value: number | bigint, min: unknown, max: unknown) =>
    (min === undefined || value >= (typeof value === 'bigint' ? BigInt(min as string) : (min as number))) &&
    (max === undefined || value <= (typeof value === 'bigint' ? BigInt(max as string) : (max as number)))
  for (const name of ['minDelegationCapacity', 'maxDelegationCapacity']) {
    const value = str(params, name)
    if (value !== undefined && !/^\d{1,20}$/.test(value)) throw badRequest([`${name} must be a number string in nAVAX`])
  }
  const feeFilter = params.minFeePercentage !== undefined || params.maxFeePercentage !== undefined
  // "If this field is populated no subnet validators will be returned" (the fee and uptime filters' descriptions).
  if (
    row.fee === undefined &&
    (feeFilter || params.minUptimePerformance !== undefined || params.maxUptimePerformance !== undefined)
  ) {
    return false
  }
  return (
    inRange(row.capacity, params.minDelegationCapacity, params.maxDelegationCapacity) &&
    inRange(row.end - now, params.minTimeRemaining, params.maxTimeRemaining) &&
    (!feeFilter || inRange(row.fee ?? 0, params.minFeePercentage, params.maxFeePercentage)) &&
    inRange(row.uptime, params.minUptimePerformance, params.maxUptimePerformance)
  )
}

function delegatorJson(p: PChain, d: Delegator): Record<string, unknown> {
  const v = p.primaryValidators.find((x) => x.node === d.node) as PrimaryValidator
  const fee = (d.potentialReward * BigInt(v.shares)) / 1_000_000n
  return {
    txHash: idString(d.txId),
    nodeId: d.node.nodeId,
    rewardAddresses: [rewardAddress(ewoq.shortId)],
    amountDelegated: d.weight.toString(),
    delegationFee: (v.shares / 10_000).toFixed(4),
    startTimestamp: d.start,
    endTimestamp: d.end,
    estimatedGrossReward: d.potentialReward.toString(),
    estimatedNetReward: (d.potentialReward - fee).toString(),
    delegationStatus: 'active',
  }
}

/** L1ValidatorDetailsFull; the owners are ewoq's, as platform.getCurrentValidators reports them for the L1. */
function l1ValidatorJson(p: PChain, v: L1Validator): Record<string, unknown> {
  const owner = { addresses: [rewardAddress(ewoq.shortId)], threshold: 1 }
  return {
    validationId: idString(v.validationId),
    validationIdHex: `0x${bytesToHex(v.validationId)}`,
    nodeId: v.node.nodeId,
    subnetId: idString(p.l1SubnetId),
    weight: Number(v.weight),
    remainingBalance: Number(v.balance),
    creationTimestamp: v.startTime,
    blsCredentials: { publicKey: hexNc(v.node.publicKey), proofOfPossession: hexNc(v.node.proofOfPossession) },
    remainingBalanceOwner: owner,
    deactivationOwner: owner,
  }
}

/** A pending reward (components.schemas.PendingReward); progress is the share of the staking period elapsed, in %. */
function pendingReward(
  p: PChain,
  staker: { txId: Uint8Array; node: { nodeId: string }; start: number; end: number },
  amountStaked: bigint,
  rewardType: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE',
  amount: bigint,
): Record<string, unknown> {
  const progress = Math.min(100, Math.max(0, ((p.now - staker.start) * 100) / (staker.end - staker.start)))
  return {
    addresses: [rewardAddress(ewoq.shortId)],
    txHash: idString(staker.txId),
    amountStaked: amountStaked.toString(),
    nodeId: staker.node.nodeId,
    startTimestamp: staker.start,
    endTimestamp: staker.end,
    rewardType,
    progress: Number(progress.toFixed(4)),
    estimatedReward: {
      assetId: idString(p.avaxAssetId),
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'secp256k1',
      amount: amount.toString(),
    },
  }
}

/**
 * The rewards the current stakers will receive (platform.getCurrentValidators' potentialReward): a validator's own
 * (VALIDATOR), each delegator's net of the fee (DELEGATOR) and that fee, paid to the validator (VALIDATOR_FEE). ewoq
 * owns every reward (validationRewardOwner, delegationRewardOwner, the delegators' rewardsOwner).
 */
function pendingRewards(p: PChain): { node: string; start: number; json: Record<string, unknown> }[] {
  const out: { node: string; start: number; json: Record<string, unknown> }[] = []
  for (const v of p.primaryValidators) {
    out.push({
      node: v.node.nodeId,
      start: v.start,
      json: pendingReward(p, v, v.stake, 'VALIDATOR', v.potentialReward),
    })
    for (const d of delegatorsOf(p, v)) {
      const fee = (d.potentialReward * BigInt(v.shares)) / 1_000_000n
      out.push({
        node: d.node.nodeId,
        start: d.start,
        json: pendingReward(p, d, d.weight, 'DELEGATOR', d.potentialReward - fee),
      })
      out.push({ node: d.node.nodeId, start: d.start, json: pendingReward(p, d, d.weight, 'VALIDATOR_FEE', fee) })
    }
  }
  return out
}

/** The rewards listings need addresses or nodeIds ("One of addresses or nodeIds is required"). */
function rewardFilters(params: Params): { owners: string[] | undefined; nodeIds: string[] | undefined } {
  const nodeIds = split(params, 'nodeIds')
  const owners = split(params, 'addresses')?.map((a) => {
    const id = addressShortId(a)
    if (id === undefined) throw badRequest([`Invalid address format: ${a}`])
    return id
  })
  if (!owners?.length && !nodeIds?.length) throw badRequest(['One of addresses or nodeIds is required'])
  return { owners, nodeIds }
}

/** The staking tx types of the P-Chain the devnet makes (the validators' and delegators' txs, and the subnet's). */
const STAKING_TYPES = ['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'AddSubnetValidatorTx']

export const stakingHandlers: Record<string, RouteHandler> = {
  listActivePrimaryNetworkStakingTransactions: (call) => {
    const { params } = call
    const { primary, world } = call.ctx
    const { p } = world
    const owners = split(params, 'addresses')?.map((a) => {
      const id = addressShortId(a)
      if (id === undefined) throw badRequest([`Invalid address format: ${a}`])
      return id
    })
    const txTypes = list(params, 'txTypes')
    const [start, end] = timestamps(params)
    // Active: the staker's period has not ended (data-api.openapi.json L1804, "active staking transactions").
    const active = new Set(
      [...p.primaryValidators, ...p.delegators, ...p.subnetValidators]
        .filter((v) => v.end > p.now)
        .map((v) => idString(v.txId)),
    )
    const positions = new Set<number>()
    for (const owner of owners ?? []) for (const j of primary.byOwner('p', owner)) positions.add(j)
    const rows = [...positions]
      .filter((j) => {
        const type = primary.txType('p', j)
        const time = primary.time('p', j)
        return (
          STAKING_TYPES.includes(type) &&
          active.has(idString(p.txId(j))) &&
          (txTypes === undefined || txTypes.includes(type)) &&
          (start === undefined || time >= start) &&
          (end === undefined || time <= end)
        )
      })
      .sort((a, b) => a - b)
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    if (descending) rows.reverse()
    // Positions are the txs' own: a page token keeps its place as stakes start and end.
    const { items, ...next } = listPage(call, rows, { ...params }, 10, { position: (j) => j, descending })
    return { ...next, transactions: items.map((j) => primary.renderP(j)), chainInfo: chainInfo('p', params) }
  },

  listPendingPrimaryNetworkRewards: (call) => {
    const { params } = call
    const { p } = call.ctx.world
    const { owners, nodeIds } = rewardFilters(params)
    const ewoqOwner = bytesToHex(ewoq.shortId)
    const list = pendingRewards(p)
      .filter(
        (r) =>
          (owners === undefined || owners.includes(ewoqOwner)) && (nodeIds === undefined || nodeIds.includes(r.node)),
      )
      .sort((a, b) => a.start - b.start)
    if ((str(params, 'sortOrder') ?? 'desc') === 'desc') list.reverse()
    const { items, ...next } = listPage(call, list, { ...params })
    return { ...next, pendingRewards: items.map((r) => r.json) }
  },

  listHistoricalPrimaryNetworkRewards: (call) => {
    // Rewards are paid when a staking period ends (RewardValidatorTx): the static world's stakers are all current, so
    // its history is empty; a live devnet's validators whose stake ended were paid, to ewoq. Sorted by the time of
    // the reward (sortOrder's "sorted by timestamp"); positions are the order they ended in, which never changes.
    const { params } = call
    const { p } = call.ctx.world
    const { owners, nodeIds } = rewardFilters(params)
    const ewoqOwner = bytesToHex(ewoq.shortId)
    const rewards = pastValidators(p)
      .map((v, k) => ({ v, k }))
      .filter(
        ({ v }) =>
          v.potentialReward > 0n &&
          (owners === undefined || owners.includes(ewoqOwner)) &&
          (nodeIds === undefined || nodeIds.includes(v.node.nodeId)),
      )
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    if (descending) rewards.reverse()
    const keyed = { position: (r: { k: number }) => r.k, descending }
    const { items, ...next } = listPage(call, rewards, { ...params }, 10, keyed)
    return { ...next, historicalRewards: items.map((r) => historicalReward(call.ctx.world, r.v)) }
  },

  listValidators: (call) => {
    const { params } = call
    const { p } = call.ctx.world
    const nodeIds = split(params, 'nodeIds')
    const subnetId = str(params, 'subnetId')
    const status = str(params, 'validationStatus')
    const sortBy = str(params, 'sortBy') ?? 'blockIndex'
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    const rows = validatorRows(p).filter(
      (r) =>
        (status === undefined || status === r.status) &&
        (subnetId === undefined || r.subnet === subnetId) &&
        // "Supports substring matching" (the nodeIds parameter's description).
        (nodeIds === undefined || nodeIds.some((n) => r.nodeId.includes(n))) &&
        withinBounds(r, params, p.now),
    )
    // Sorted by blockIndex (the default), a page token keeps its place while validators are added.
    const keyed =
      SORT_KEYS[sortBy] === SORT_KEYS.blockIndex ? { position: (r: Row) => r.position, descending } : undefined
    const { items, ...next } = listPage(call, sortRows(rows, sortBy, descending), { ...params }, 10, keyed)
    return { ...next, validators: items.map((r) => r.json) }
  },

  getSingleValidatorDetails: (call) => {
    const { params } = call
    const { p } = call.ctx.world
    const nodeId = str(params, 'nodeId') as string
    if (!/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/.test(nodeId)) throw badRequest([`Invalid nodeId: ${nodeId}`])
    const status = str(params, 'validationStatus')
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    const rows = validatorRows(p).filter((r) => r.nodeId === nodeId && (status === undefined || status === r.status))
    const { items, ...next } = listPage(call, sortRows(rows, 'blockIndex', descending), { ...params })
    return { ...next, validators: items.map((r) => r.json) }
  },

  listDelegators: (call) => {
    const { params } = call
    const { p } = call.ctx.world
    const nodeIds = split(params, 'nodeIds')
    const rewardOwners = split(params, 'rewardAddresses')?.map((a) => {
      const id = addressShortId(a)
      if (id === undefined) throw badRequest([`Invalid address format: ${a}`])
      return id
    })
    const status = str(params, 'delegationStatus')
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    const ewoqOwner = bytesToHex(ewoq.shortId)
    const list = p.delegators
      .filter(
        (d) =>
          (status === undefined || status === 'active') &&
          (nodeIds === undefined || nodeIds.includes(d.node.nodeId)) &&
          (rewardOwners === undefined || rewardOwners.includes(ewoqOwner)),
      )
      // Sorted by start time (sortOrder's description), then by height.
      .sort((a, b) => a.start - b.start || a.addedHeight - b.addedHeight)
    if (descending) list.reverse()
    const { items, ...next } = listPage(call, list, { ...params })
    return { ...next, delegators: items.map((d) => delegatorJson(p, d)) }
  },

  listL1Validators: (call) => {
    const { params } = call
    const { p } = call.ctx.world
    const validationId = str(params, 'l1ValidationId')
    const nodeId = str(params, 'nodeId')
    const subnetId = str(params, 'subnetId')
    const includeInactive = bool(params, 'includeInactiveL1Validators') === true
    const list = p.l1Validators.filter(
      (v) =>
        (validationId === undefined ||
          idString(v.validationId) === validationId ||
          `0x${bytesToHex(v.validationId)}` === validationId.toLowerCase()) &&
        (nodeId === undefined || v.node.nodeId === nodeId) &&
        (subnetId === undefined || idString(p.l1SubnetId) === subnetId) &&
        // An L1 validator whose balance ran out is inactive (ACP-77); listed only when asked for.
        (includeInactive || v.balance > 0n),
    )
    const { items, ...next } = listPage(call, list, { ...params })
    return {
      ...next,
      validators: items.map((v) => l1ValidatorJson(p, v)),
      blockHeight: String(p.height),
    }
  },
}
