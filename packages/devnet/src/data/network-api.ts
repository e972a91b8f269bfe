import { bytesToHex } from '@avalanche-automation/core'
import { compareBytes } from '../world/bytes.js'
import {
  AVM_ID,
  C_CHAIN_BYTES,
  EVM_ID,
  GENESIS_TIME,
  NANO_PER_AVAX,
  NODE_VERSION,
  P_CHAIN_ID,
  X_CHAIN_BYTES,
} from '../world/constants.js'
import { chainAddress, idString } from '../world/json-values.js'
import { ewoq } from '../world/keys.js'
import { currentSupply, stakingRewards } from '../world/pchain.js'
import type { PTx } from '../world/platform-codec.js'
import type { World } from '../world/world.js'
import type { DataContext, RouteHandler } from './context.js'
import { notFound, str } from './http.js'
import { health } from './metrics-api.js'
import { listPage } from './paging.js'

/**
 * The Data API's network-wide reads: the network's staking figures, its blockchains and subnets (those the node's
 * platform.getBlockchains / getSubnets report, with the P-Chain block that created each), the AVAX supply (the
 * node's platform.getCurrentSupply, world/pchain.ts currentSupply, in AVAX) and the service's health probes.
 */

/** nAVAX as a decimal string of AVAX, as AvaxSupplyResponse writes its figures ("454257251.7149865"). */
function avax(nAvax: bigint): string {
  const unit = BigInt(NANO_PER_AVAX)
  const fraction = (nAvax % unit).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${nAvax / unit}.${fraction}` : `${nAvax / unit}`
}

/** Position of the first setup tx of a type (the devnet's P-Chain creates each subnet, chain and conversion once). */
function setupTxs(world: World, type: PTx['type']): number[] {
  const out: number[] = []
  for (let j = 0; j < world.p.setupCount; j++) if (world.p.tx(j).tx.type === type) out.push(j)
  return out
}

interface BlockchainRow {
  id: Uint8Array
  name: string
  subnetId: string
  vmId: Uint8Array
  height: number
}

/** X and C at genesis (P-Chain height 0), then each CreateChainTx's chain at its block. */
function blockchainRows(world: World): BlockchainRow[] {
  const { p } = world
  const created = setupTxs(world, 'createChain').map((j) => {
    const id = p.txId(j)
    const chain = p.blockchains.find((b) => compareBytes(b.id, id) === 0)
    return {
      id,
      name: chain?.name ?? '',
      subnetId: idString(chain?.subnetId ?? new Uint8Array(32)),
      vmId: chain?.vmId ?? EVM_ID,
      height: p.txHeight(j),
    }
  })
  return [
    { id: X_CHAIN_BYTES, name: 'X-Chain', subnetId: P_CHAIN_ID, vmId: AVM_ID, height: 0 },
    { id: C_CHAIN_BYTES, name: 'C-Chain', subnetId: P_CHAIN_ID, vmId: EVM_ID, height: 0 },
    ...created,
  ]
}

/** Blockchain (data-api.openapi.json components.schemas.Blockchain); evmChainId for the EVM chains the API indexes. */
function blockchainJson(ctx: DataContext, b: BlockchainRow): Record<string, unknown> {
  const id = idString(b.id)
  const evm = ctx.chains.get(id)
  return {
    createBlockTimestamp: b.height === 0 ? GENESIS_TIME : ctx.world.p.blockTime(b.height),
    createBlockNumber: String(b.height),
    blockchainId: id,
    vmId: idString(b.vmId),
    subnetId: b.subnetId,
    blockchainName: b.name,
    ...(evm ? { evmChainId: Number(evm.chain.chainId) } : {}),
  }
}

/** Subnet (components.schemas.Subnet): ewoq owns both devnet subnets (platform.getSubnets' controlKeys). */
function subnetRows(ctx: DataContext): Record<string, unknown>[] {
  const { world } = ctx
  const { p } = world
  const owner = [chainAddress('P', ewoq.shortId).slice(2)]
  const [convert] = setupTxs(world, 'convertSubnetToL1')
  const chains = blockchainRows(world)
  return setupTxs(world, 'createSubnet').map((j) => {
    const id = idString(p.txId(j))
    const height = p.txHeight(j)
    const isL1 = compareBytes(p.txId(j), p.l1SubnetId) === 0
    const out: Record<string, unknown> = {
      createBlockTimestamp: p.blockTime(height),
      createBlockIndex: String(height),
      subnetId: id,
      ownerAddresses: owner,
      threshold: 1,
      locktime: 0,
      subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: owner },
      isL1,
      blockchains: chains.filter((c) => c.subnetId === id).map((c) => blockchainJson(ctx, c)),
    }
    if (isL1 && convert !== undefined) {
      const tx = p.tx(convert).tx as Extract<PTx, { type: 'convertSubnetToL1' }>
      out.l1ConversionTransactionHash = idString(p.txId(convert))
      out.l1ValidatorManagerDetails = {
        blockchainId: idString(tx.chainId),
        contractAddress: `0x${bytesToHex(tx.address)}`,
      }
    }
    return out
  })
}

/** Creation order, oldest first for asc (sortOrder's description: "sorted by timestamp"); desc by default. */
function ordered<T>(list: T[], sortOrder: string | undefined): T[] {
  return (sortOrder ?? 'desc') === 'desc' ? [...list].reverse() : list
}

export const networkHandlers: Record<string, RouteHandler> = {
  'data-health-check': health,
  'live-check': health,

  getAvaxSupply: ({ ctx }) => {
    const { p } = ctx.world
    const total = currentSupply(ctx.world.p)
    const staked = [...p.primaryValidators.map((v) => v.stake), ...p.delegators.map((d) => d.weight)].reduce(
      (a, b) => a + b,
      0n,
    )
    // Burned fees are not totalled by the devnet's model: reported as 0 (nothing is locked either).
    return {
      circulatingSupply: avax(total),
      totalSupply: avax(total),
      totalPBurned: '0',
      totalCBurned: '0',
      totalXBurned: '0',
      totalStaked: avax(staked),
      totalLocked: '0',
      totalRewards: avax(stakingRewards(ctx.world.p)),
      lastUpdated: new Date(p.now * 1000).toISOString(),
      genesisUnlock: '360000000',
      l1ValidatorFees: '0',
    }
  },

  getNetworkDetails: ({ ctx }) => {
    const { p } = ctx.world
    const validatorStake = p.primaryValidators.reduce((s, v) => s + v.stake, 0n)
    const delegatorStake = p.delegators.reduce((s, d) => s + d.weight, 0n)
    const ratio = Number(((validatorStake + delegatorStake) * 1_000_000n) / currentSupply(ctx.world.p)) / 1_000_000
    return {
      validatorDetails: {
        validatorCount: p.primaryValidators.length,
        totalAmountStaked: validatorStake.toString(),
        // The rate platform.getCurrentValidators' potential rewards use: 8% a year.
        estimatedAnnualStakingReward: (((validatorStake + delegatorStake) * 8n) / 100n).toString(),
        stakingDistributionByVersion: [
          {
            version: NODE_VERSION,
            amountStaked: validatorStake.toString(),
            validatorCount: p.primaryValidators.length,
          },
        ],
        stakingRatio: String(ratio),
      },
      delegatorDetails: { delegatorCount: p.delegators.length, totalAmountStaked: delegatorStake.toString() },
    }
  },

  listBlockchains: (call) => {
    const rows = ordered(blockchainRows(call.ctx.world), str(call.params, 'sortOrder'))
    const { items, ...next } = listPage(call, rows, { sortOrder: str(call.params, 'sortOrder') }, 100)
    return { ...next, blockchains: items.map((b) => blockchainJson(call.ctx, b)) }
  },

  getBlockchainById: ({ ctx, params }) => {
    const id = str(params, 'blockchainId') as string
    const row = blockchainRows(ctx.world).find((b) => idString(b.id) === id)
    if (!row) throw notFound(`Blockchain ${id} not found`)
    return blockchainJson(ctx, row)
  },

  listSubnets: (call) => {
    const rows = ordered(subnetRows(call.ctx), str(call.params, 'sortOrder'))
    const { items, ...next } = listPage(call, rows, { sortOrder: str(call.params, 'sortOrder') }, 100)
    return { ...next, subnets: items }
  },

  getSubnetById: ({ ctx, params }) => {
    const id = str(params, 'subnetId') as string
    const subnet = subnetRows(ctx).find((s) => s.subnetId === id)
    if (!subnet) throw notFound(`Subnet ${id} not found`)
    return subnet
  },
}
