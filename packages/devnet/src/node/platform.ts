import { formatNodeId } from '@avalanche-automation/core'
import { compareBytes } from '../world/bytes.js'
import type { Output } from '../world/components.js'
import { AVM_ID, EVM_ID, P_CHAIN_BYTES, X_CHAIN_BYTES } from '../world/constants.js'
import { chainAddress, hexNc, idString, jsonFloat, jsonInt, jsonU64 } from '../world/json-values.js'
import { ewoq } from '../world/keys.js'
import { currentSupply, type PChain, type PrimaryValidator } from '../world/pchain.js'
import { pBlockJson, pTxJson } from '../world/platform-codec.js'
import { calculatePrice, L1_VALIDATOR_FEE_CONFIG, l1ValidatorExcess } from '../world/validator-fee.js'
import { type NodeContext, unixNow } from './context.js'
import { goIdFromString, parseServiceAddress } from './ids.js'
import { method, RpcError, type RpcService } from './jsonrpc.js'
import { arrayOf, type Encoding, encoding, height, id, nodeId, string, u64 } from './params.js'
import { findPTx, isZero, pTxRecord } from './tx-lookup.js'
import { encodeBytes, getUtxos, getUtxosParams } from './utxos.js'

const same = (a: Uint8Array, b: Uint8Array) => compareBytes(a, b) === 0
const pAddr = (shortId: Uint8Array) => chainAddress('P', shortId)
const ownerJson = (addresses: Uint8Array[]) => ({ locktime: '0', threshold: '1', addresses: addresses.map(pAddr) })
/** avajson.Float32: the float32 value with four decimals. */
const float32 = (value: number) => jsonFloat(Math.fround(value))

function render(bytes: Uint8Array, enc: Encoding, json: () => unknown): unknown {
  return enc === 'json' ? json() : encodeBytes(bytes, enc)
}

function pBlock(ctx: NodeContext, h: number, enc: Encoding) {
  const { p } = ctx.world
  if (h === 0) {
    return render(p.genesisBlock, enc, () =>
      pBlockJson({ parentId: p.genesisHash, height: 0 }, undefined, p.genesisBlockId, formatNodeId),
    )
  }
  const block = p.chain.block(h)
  return render(block.inner, enc, () =>
    pBlockJson(
      { parentId: p.chain.innerId(h - 1), height: h, time: p.blockTime(h), kind: p.blockKind(h) },
      p.blockTxs(h),
      block.innerId,
      formatNodeId,
    ),
  )
}

/**
 * The part of platform.getBalance an output counts in at `now` (`vms/platformvm/service.go` GetBalance): a transfer
 * output is unlocked once its locktime has passed; a stakeable.LockOut is lockedNotStakeable while its inner
 * locktime is ahead, else unlocked once its stake locktime has passed, else lockedStakeable. Owners play no part.
 */
export function balancePart(out: Output, now: bigint): 'unlocked' | 'lockedStakeable' | 'lockedNotStakeable' {
  if (out.stakeableLocktime === undefined) return out.locktime <= now ? 'unlocked' : 'lockedNotStakeable'
  if (out.locktime > now) return 'lockedNotStakeable'
  return out.stakeableLocktime <= now ? 'unlocked' : 'lockedStakeable'
}

/** Current stakers come out of the node's iterator ordered by end time, then tx ID. */
function byEndTime<T extends { end: number; txId: Uint8Array }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.end - b.end || compareBytes(a.txId, b.txId))
}

function primaryValidatorJson(p: PChain, v: PrimaryValidator, withDelegators: boolean): Record<string, unknown> {
  const delegators = byEndTime(p.delegators.filter((d) => d.node === v.node))
  const json: Record<string, unknown> = {
    txID: idString(v.txId),
    startTime: jsonU64(v.start),
    endTime: jsonU64(v.end),
    weight: jsonU64(v.stake),
    nodeID: v.node.nodeId,
    validationRewardOwner: ownerJson([ewoq.shortId]),
    delegationRewardOwner: ownerJson([ewoq.shortId]),
    potentialReward: jsonU64(v.potentialReward),
    accruedDelegateeReward: '0',
    delegationFee: float32((100 * v.shares) / 1_000_000),
    uptime: float32(v.uptime),
    connected: v.connected,
    signer: { publicKey: hexNc(v.node.publicKey), proofOfPossession: hexNc(v.node.proofOfPossession) },
    delegatorCount: jsonU64(delegators.length),
    delegatorWeight: jsonU64(delegators.reduce((sum, d) => sum + d.weight, 0n)),
  }
  if (withDelegators) {
    json.delegators = delegators.map((d) => ({
      txID: idString(d.txId),
      startTime: jsonU64(d.start),
      endTime: jsonU64(d.end),
      weight: jsonU64(d.weight),
      nodeID: d.node.nodeId,
      rewardOwner: ownerJson([ewoq.shortId]),
      potentialReward: jsonU64(d.potentialReward),
    }))
  }
  return json
}

function currentValidators(ctx: NodeContext, subnetId: Uint8Array, nodeIds: Uint8Array[]): unknown[] {
  const { p } = ctx.world
  const wanted = (shortId: Uint8Array) => nodeIds.length === 0 || nodeIds.some((n) => same(n, shortId))
  if (same(subnetId, p.l1SubnetId)) {
    return p.l1Validators
      .filter((v) => wanted(v.node.shortId))
      .map((v) => ({
        nodeID: v.node.nodeId,
        weight: jsonU64(v.weight),
        startTime: jsonU64(v.startTime),
        validationID: idString(v.validationId),
        publicKey: hexNc(v.node.publicKey),
        remainingBalanceOwner: ownerJson([ewoq.shortId]),
        deactivationOwner: ownerJson([ewoq.shortId]),
        minNonce: jsonU64(v.minNonce),
        balance: jsonU64(v.balance),
      }))
  }
  if (isZero(subnetId)) {
    const unique = new Set(nodeIds.map((n) => Buffer.from(n).toString('hex')))
    return byEndTime(p.primaryValidators)
      .filter((v) => wanted(v.node.shortId))
      .map((v) => primaryValidatorJson(p, v, unique.size === 1))
  }
  if (same(subnetId, p.subnetId)) {
    return byEndTime(p.subnetValidators)
      .filter((v) => wanted(v.node.shortId))
      .map((v) => ({
        txID: idString(v.txId),
        startTime: jsonU64(v.start),
        endTime: jsonU64(v.end),
        weight: jsonU64(v.weight),
        nodeID: v.node.nodeId,
      }))
  }
  return []
}

/** The validator set of a subnet at a P-Chain height: `{NodeID: {publicKey, weight}}`, keys sorted like Go maps. */
function validatorsAt(ctx: NodeContext, h: number, subnetId: Uint8Array): Record<string, unknown> {
  const { p } = ctx.world
  const set: [string, Uint8Array, bigint][] = []
  if (isZero(subnetId)) {
    for (const v of [...p.primaryValidators, ...p.pastValidatorsAt(h)]) {
      if (v.addedHeight > h) continue
      const delegated = p.delegators
        .filter((d) => d.node === v.node && d.addedHeight <= h)
        .reduce((sum, d) => sum + d.weight, 0n)
      set.push([v.node.nodeId, v.node.publicKey, v.stake + delegated])
    }
  } else if (same(subnetId, p.subnetId)) {
    for (const v of p.subnetValidators) if (v.addedHeight <= h) set.push([v.node.nodeId, v.node.publicKey, v.weight])
  } else if (same(subnetId, p.l1SubnetId)) {
    for (const v of p.l1Validators) if (v.addedHeight <= h) set.push([v.node.nodeId, v.node.publicKey, v.weight])
  }
  set.sort((a, b) => (a[0] < b[0] ? -1 : 1))
  const out: Record<string, unknown> = {}
  for (const [nodeIdText, publicKey, weight] of set)
    out[nodeIdText] = { publicKey: hexNc(publicKey), weight: jsonU64(weight) }
  return out
}

function totalWeight(ctx: NodeContext, subnetId: Uint8Array): bigint {
  const set = validatorsAt(ctx, ctx.world.p.height, subnetId) as Record<string, { weight: string }>
  return Object.values(set).reduce((sum, v) => sum + BigInt(v.weight), 0n)
}

/** The P-Chain time (`state.GetTimestamp`), whole seconds, as Go's time.Time marshals it (RFC 3339). */
const chainTime = (ctx: NodeContext) => `${new Date(ctx.world.p.now * 1000).toISOString().slice(0, 19)}Z`

/** The P-Chain service (`vms/platformvm/service.go`), served on /ext/bc/P. */
export const platformService: RpcService<NodeContext> = {
  name: 'platform',
  methods: {
    getBalance: method({ addresses: arrayOf(string) }, (args, ctx) => {
      const owners = new Map<string, Uint8Array>()
      for (const text of args.addresses) {
        let bytes: Uint8Array
        try {
          bytes = parseServiceAddress(text, P_CHAIN_BYTES, ctx.state)
        } catch (error) {
          throw new RpcError((error as Error).message)
        }
        owners.set(Buffer.from(bytes).toString('hex'), bytes)
      }
      // `avax.GetAllUTXOs`: addresses in byte order, each UTXO once even when several of them own it.
      const now = unixNow(ctx)
      const parts = { unlocked: 0n, lockedStakeable: 0n, lockedNotStakeable: 0n }
      const seen = new Set<string>()
      const found = new Set<keyof typeof parts>()
      const utxoIDs: { txID: string; outputIndex: number }[] = []
      for (const owner of [...owners.values()].sort(compareBytes)) {
        const table = ctx.world.utxos('P', 'local', owner)
        for (let k = 0; k < table.count; k++) {
          const id = Buffer.from(table.utxoId(k)).toString('hex')
          if (seen.has(id)) continue
          seen.add(id)
          const output = table.output(k)
          const part = balancePart(output, now)
          parts[part] += output.amount
          found.add(part)
          utxoIDs.push({ txID: idString(table.txId(k)), outputIndex: table.outputIndex(k) })
        }
      }
      // Each map holds the asset only when some UTXO counted in it (`newJSONBalanceMap` of the Go maps).
      const avax = idString(ctx.world.assetIds[0] as Uint8Array)
      const map = (amount: bigint, present: boolean) => (present ? { [avax]: jsonU64(amount) } : {})
      const total = parts.unlocked + parts.lockedStakeable + parts.lockedNotStakeable
      return {
        balance: jsonU64(total),
        unlocked: jsonU64(parts.unlocked),
        lockedStakeable: jsonU64(parts.lockedStakeable),
        lockedNotStakeable: jsonU64(parts.lockedNotStakeable),
        balances: map(total, found.size > 0),
        unlockeds: map(parts.unlocked, found.has('unlocked')),
        lockedStakeables: map(parts.lockedStakeable, found.has('lockedStakeable')),
        lockedNotStakeables: map(parts.lockedNotStakeable, found.has('lockedNotStakeable')),
        utxoIDs: utxoIDs.length > 0 ? utxoIDs : null,
      }
    }),

    getBlock: method({ blockID: id, encoding }, (args, ctx) => {
      const h = ctx.world.index('pBlock').find(args.blockID)
      if (h < 0) throw new RpcError(`couldn't get block with id ${idString(args.blockID)}: not found`)
      return { block: pBlock(ctx, h, args.encoding), encoding: args.encoding }
    }),

    getBlockByHeight: method({ height: u64, encoding }, (args, ctx) => {
      if (args.height > BigInt(ctx.world.p.height)) {
        throw new RpcError(`couldn't get block at height ${args.height}: not found`)
      }
      return { block: pBlock(ctx, Number(args.height), args.encoding), encoding: args.encoding }
    }),

    getBlockchains: method({}, (_args, ctx) => {
      const { p } = ctx.world
      const chains = [...p.blockchains].sort((a, b) => compareBytes(a.subnetId, b.subnetId) || compareBytes(a.id, b.id))
      const primary = [
        { id: X_CHAIN_BYTES, name: 'X-Chain', vmId: idString(AVM_ID) },
        { id: ctx.state.lookup('C'), name: 'C-Chain', vmId: idString(EVM_ID) },
      ].sort((a, b) => compareBytes(a.id, b.id))
      return {
        blockchains: [
          ...chains.map((c) => ({
            id: idString(c.id),
            name: c.name,
            subnetID: idString(c.subnetId),
            vmID: idString(c.vmId),
          })),
          ...primary.map((c) => ({
            id: idString(c.id),
            name: c.name,
            subnetID: idString(P_CHAIN_BYTES),
            vmID: c.vmId,
          })),
        ],
      }
    }),

    getBlockchainStatus: method({ blockchainID: string }, (args, ctx) => {
      if (args.blockchainID === '') throw new RpcError("argument 'blockchainID' not given")
      const { p } = ctx.world
      const aliased = ctx.state.tryLookup(args.blockchainID)
      if (aliased) {
        // The node validates the primary network and the permissioned subnet; P itself has no CreateChainTx.
        const known = same(aliased, X_CHAIN_BYTES) || same(aliased, ctx.state.lookup('C'))
        const subnetChain = p.blockchains.find((b) => same(b.id, aliased) && same(b.subnetId, p.subnetId))
        return { status: known || subnetChain ? 'Validating' : 'Syncing' }
      }
      let chainId: Uint8Array
      try {
        chainId = goIdFromString(args.blockchainID)
      } catch (error) {
        throw new RpcError(
          `problem parsing blockchainID ${JSON.stringify(args.blockchainID)}: ${(error as Error).message}`,
        )
      }
      return { status: p.blockchains.some((b) => same(b.id, chainId)) ? 'Created' : 'Unknown' }
    }),

    getCurrentSupply: method({ subnetID: id }, (args, ctx) => {
      if (!isZero(args.subnetID)) throw new RpcError('fetching current supply failed: not found')
      const { p } = ctx.world
      return { supply: jsonU64(currentSupply(p)), height: jsonU64(p.height) }
    }),

    getCurrentValidators: method({ subnetID: id, nodeIDs: arrayOf(nodeId) }, (args, ctx) => ({
      validators: currentValidators(ctx, args.subnetID, args.nodeIDs),
    })),

    getHeight: method({}, (_args, ctx) => ({ height: jsonU64(ctx.world.p.height) })),

    getProposedHeight: method({}, (_args, ctx) => ({ height: jsonU64(ctx.world.p.height) })),

    getMinStake: method({ subnetID: id }, (args) => {
      if (!isZero(args.subnetID)) {
        throw new RpcError(`failed fetching subnet transformation for ${idString(args.subnetID)}: not found`)
      }
      return { minValidatorStake: '2000000000000', minDelegatorStake: '25000000000' }
    }),

    getStakingAssetID: method({ subnetID: id }, (args, ctx) => {
      if (!isZero(args.subnetID)) {
        throw new RpcError(`failed fetching subnet transformation for ${idString(args.subnetID)}: not found`)
      }
      return { assetID: idString(ctx.world.assetIds[0] as Uint8Array) }
    }),

    getSubnets: method({ ids: arrayOf(id) }, (args, ctx) => {
      const { p } = ctx.world
      const subnets = [p.subnetId, p.l1SubnetId].sort(compareBytes)
      const all = [
        ...subnets.map((s) => ({ id: idString(s), controlKeys: [pAddr(ewoq.shortId)], threshold: '1' })),
        { id: idString(P_CHAIN_BYTES), controlKeys: [] as string[], threshold: '0' },
      ]
      if (args.ids.length === 0) return { subnets: all }
      const wanted = new Set(args.ids.map((i) => idString(i)))
      const found = all.filter((s) => wanted.has(s.id))
      return { subnets: found.length > 0 ? found : null }
    }),

    getTimestamp: method({}, (_args, ctx) => ({ timestamp: chainTime(ctx) })),

    getTotalStake: method({ subnetID: id }, (args, ctx) => {
      const weight = jsonU64(totalWeight(ctx, args.subnetID))
      return { stake: weight, weight }
    }),

    getTx: method({ txID: id, encoding }, (args, ctx) => {
      const position = findPTx(ctx.world, args.txID)
      if (position === undefined) throw new RpcError("couldn't get tx: not found")
      const record = pTxRecord(ctx.world, position)
      return {
        tx: render(record.bytes, args.encoding, () => pTxJson(record.tx, record.id, formatNodeId)),
        encoding: args.encoding,
      }
    }),

    getTxStatus: method({ txID: id }, (args, ctx) => ({
      status: findPTx(ctx.world, args.txID) === undefined ? 'Unknown' : 'Committed',
    })),

    getUTXOs: method(getUtxosParams, (args, ctx) => getUtxos(ctx, 'P', args)),

    // `GetValidatorFeeConfig` (`vms/platformvm/service.go`): the `fee.Config` fields, plain uint64 (JSON numbers).
    getValidatorFeeConfig: method({}, () => {
      const c = L1_VALIDATOR_FEE_CONFIG
      return {
        capacity: jsonInt(c.capacity),
        target: jsonInt(c.target),
        minPrice: jsonInt(c.minPrice),
        excessConversionConstant: jsonInt(c.excessConversionConstant),
      }
    }),

    // `GetValidatorFeeState` (`vms/platformvm/service.go`): excess, gas.CalculatePrice of it, and the chain time.
    getValidatorFeeState: method({}, (_args, ctx) => {
      const c = L1_VALIDATOR_FEE_CONFIG
      const excess = l1ValidatorExcess(ctx.world.p)
      return {
        excess: jsonInt(excess),
        price: jsonInt(calculatePrice(c.minPrice, excess, c.excessConversionConstant)),
        timestamp: chainTime(ctx),
      }
    }),

    getValidatorsAt: method({ height, subnetID: id }, (args, ctx) => {
      const current = ctx.world.p.height
      const h = args.height === 'proposed' ? BigInt(current) : args.height
      if (h > BigInt(current)) {
        throw new RpcError(
          // `service.go` L1954 wraps `validators/manager.go` L262-268 (vms/platformvm).
          `failed to get validator set at ${h}: failed to fetch validator set at unfinalized height with SubnetID = ${idString(args.subnetID)}: current P-chain height (${current}) < requested P-Chain height (${h})`,
        )
      }
      return validatorsAt(ctx, Number(h), args.subnetID)
    }),
  },
}
