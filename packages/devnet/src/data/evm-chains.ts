import { cb58Encode } from '@avalanche-automation/core'
import { C_BLOCK_SECONDS, C_CHAIN_ID, EVM_ID, L1_STATIC_BLOCKS, P_CHAIN_ID, SUBNET_EVM_ID } from '../world/constants.js'
import type { World } from '../world/world.js'
import { avaxUsd, EvmChain, type EvmChainSpec } from './evm-chain.js'

/** The local C-Chain's EVM chain ID (coreth's local network ID). */
export const C_CHAIN_EVM_ID = '43112'

export interface EvmChainMeta {
  chain: EvmChain
  vmId: string
  isTestnet: boolean
  enabledFeatures: ('nftIndexing' | 'webhooks' | 'teleporter')[]
  rpcPath: string
}

/**
 * The EVM chains the devnet's Data API indexes: the C-Chain (43112; its block hashes, times and height are those of
 * the node's `C/block` index, live blocks included) and the devnet's L1 (the P-Chain's `devnet-l1` chain: its EVM
 * chain ID comes from the createChain genesis, its subnet is the converted L1, and its blocks start when the
 * conversion was accepted; in a live devnet it gains one block a round, at the round's time).
 */
export class EvmChains {
  readonly list: EvmChainMeta[]

  constructor(world: World, options: { evmTxs: number }) {
    const seed = world.options.seed
    const c: EvmChainSpec = {
      chainId: C_CHAIN_EVM_ID,
      blockchainId: C_CHAIN_ID,
      subnetId: P_CHAIN_ID,
      name: 'Avalanche (C-Chain)',
      description: "The devnet's C-Chain (local network 12345) as the Data API indexes it.",
      height: world.c.height,
      txCount: Math.max(options.evmTxs, 6),
      genesisTime: world.c.blockTime(0),
      blockSeconds: C_BLOCK_SECONDS,
      tip: () => world.c.height,
      liveBlockTime: (h) => world.c.blockTime(h),
      blockHash: (h) => world.c.chain.innerId(h),
      salt: 0,
      nativeToken: {
        name: 'Avalanche',
        symbol: 'AVAX',
        description: 'AVAX is the native utility token of Avalanche.',
        usd: (day) => avaxUsd(seed, day),
      },
    }
    this.list = [
      {
        chain: new EvmChain(seed, c),
        vmId: cb58Encode(EVM_ID),
        isTestnet: true,
        rpcPath: '/ext/bc/C/rpc',
        enabledFeatures: ['nftIndexing', 'webhooks', 'teleporter'],
      },
    ]
    const l1 = this.l1Spec(world)
    if (l1) {
      this.list.push({
        chain: new EvmChain(seed, l1),
        vmId: cb58Encode(SUBNET_EVM_ID),
        isTestnet: true,
        rpcPath: `/ext/bc/${l1.blockchainId}/rpc`,
        enabledFeatures: ['nftIndexing', 'teleporter'],
      })
    }
  }

  private l1Spec(world: World): EvmChainSpec | undefined {
    const { p } = world
    for (let j = 0; j < p.setupCount; j++) {
      const { tx, id } = p.tx(j)
      if (tx.type !== 'createChain' || Buffer.compare(tx.subnetId, p.l1SubnetId) !== 0) continue
      let chainId: number
      try {
        chainId = Number(JSON.parse(new TextDecoder().decode(tx.genesisData)).config.chainId)
      } catch {
        return undefined
      }
      const converted = p.l1Validators[0]?.startTime ?? p.blockTime(p.txHeight(j))
      return {
        chainId: String(chainId),
        blockchainId: cb58Encode(id),
        subnetId: cb58Encode(tx.subnetId),
        name: tx.chainName,
        description: `The devnet's L1 (subnet ${cb58Encode(tx.subnetId)}), converted by ConvertSubnetToL1Tx.`,
        height: L1_STATIC_BLOCKS,
        txCount: 2_000,
        genesisTime: converted,
        blockSeconds: 1,
        tip: () => L1_STATIC_BLOCKS + world.round,
        liveBlockTime: (h) => world.liveTime(h - L1_STATIC_BLOCKS),
        salt: 1,
        nativeToken: {
          name: 'Devnet L1 Token',
          symbol: 'DLT',
          description: "The devnet L1's gas token.",
          usd: () => 0.05,
        },
      }
    }
    return undefined
  }

  /** By decimal EVM chain ID or by cb58 blockchain ID. */
  get(id: string): EvmChainMeta | undefined {
    return this.list.find((m) => m.chain.spec.chainId === id || m.chain.spec.blockchainId === id)
  }
}
