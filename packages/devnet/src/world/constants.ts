import { cb58Decode } from '@avalanche-automation/core'

/** Values fixed by the node for a local network (network ID 12345); the world's contents are derived from the seed. */
export const NETWORK_ID = 12345
export const NETWORK_NAME = 'local'
export const HRP = 'local'
export const NODE_VERSION = 'avalanchego/1.14.2'
export const DATABASE_VERSION = 'v1.4.5'
/** `RPCChainVMProtocol` of avalanchego 1.14.2 (`version/constants.go` L18). */
export const RPC_PROTOCOL_VERSION = '45'
/**
 * `upgrade.InitiallyActiveTime` (2020-12-05T05:00:00Z, `upgrade/upgrade.go` L16): a local network (`upgrade.Default`)
 * has every upgrade up to Granite active from then; Helicon is unscheduled.
 */
export const INITIALLY_ACTIVE_TIME = 1_607_144_400
export const GIT_COMMIT = '1cf1fc3d3fb9b7b4a3c4c8d0e6e1f8a7c2b9d5e4'

/** Real local-network chain IDs: X and C are created by the P-Chain genesis, P is ids.Empty. */
export const X_CHAIN_ID = '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed'
export const C_CHAIN_ID = '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU'
export const P_CHAIN_ID = '11111111111111111111111111111111LpoYY'
export const X_CHAIN_BYTES = cb58Decode(X_CHAIN_ID, 32)
export const C_CHAIN_BYTES = cb58Decode(C_CHAIN_ID, 32)
export const P_CHAIN_BYTES = new Uint8Array(32)

/** VM and Fx IDs are their names zero-padded to 32 bytes (`ids.ID{'a','v','m'}`). */
export function paddedId(name: string): Uint8Array {
  const out = new Uint8Array(32)
  out.set(new TextEncoder().encode(name))
  return out
}
export const AVM_ID = paddedId('avm')
export const EVM_ID = paddedId('evm')
export const PLATFORM_VM_ID = paddedId('platformvm')
export const SUBNET_EVM_ID = paddedId('subnetevm')
export const SECP_FX_ID = paddedId('secp256k1fx')
export const NFT_FX_ID = paddedId('nftfx')
export const PROPERTY_FX_ID = paddedId('propertyfx')

/** The well-known local-network key every tutorial funds (`genesis/genesis_local.go`). */
export const EWOQ_SHORT_ID = Uint8Array.from(Buffer.from('3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c', 'hex'))
/** The same key's C-Chain (EVM) address, which the local genesis funds too. */
export const EWOQ_EVM_ADDRESS = Uint8Array.from(Buffer.from('8db97c7cece249c2b98bdc0226cc4c2a57bf52fc', 'hex'))

/** The five local-network validators; the devnet answers as the first. */
export const LOCAL_NODE_IDS = [
  'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ',
  'NodeID-NFBbbJ4qCmNaCzeW7sxErhvWqvEQMnYcN',
  'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu',
  'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
]

/** Fees as the node reports them (nAVAX). */
export const TX_FEE = 1_000_000
export const CREATE_ASSET_TX_FEE = 10_000_000
export const NANO_PER_AVAX = 1_000_000_000

/** Genesis time of every chain (2025-01-01T00:00:00Z); block times advance deterministically from it. */
export const GENESIS_TIME = 1_735_689_600
export const X_BLOCK_SECONDS = 2
export const P_BLOCK_SECONDS = 5
export const C_BLOCK_SECONDS = 2
/** Chain time between two rounds of a live devnet. */
export const ROUND_SECONDS = 2
/** The Data API's L1 chain: one-second blocks from the P-Chain's conversion of its subnet, before any live round. */
export const L1_STATIC_BLOCKS = 200
export const YEAR_SECONDS = 365 * 24 * 3600

/** avm codec type IDs (`vms/avm/txs/parser.go`, fxs registered in order secp256k1fx, nftfx, propertyfx). */
export const AvmType = {
  baseTx: 0,
  createAssetTx: 1,
  operationTx: 2,
  importTx: 3,
  exportTx: 4,
  transferInput: 5,
  mintOutput: 6,
  transferOutput: 7,
  mintOperation: 8,
  credential: 9,
  standardBlock: 20,
} as const

/** platformvm codec type IDs (`vms/platformvm/txs/codec.go`, `block/codec.go`). */
export const PvmType = {
  apricotCommitBlock: 2,
  transferInput: 5,
  transferOutput: 7,
  credential: 9,
  input: 10,
  outputOwners: 11,
  addSubnetValidatorTx: 13,
  createChainTx: 15,
  createSubnetTx: 16,
  importTx: 17,
  exportTx: 18,
  rewardValidatorTx: 20,
  stakeableLockOut: 22,
  addPermissionlessValidatorTx: 25,
  addPermissionlessDelegatorTx: 26,
  proofOfPossession: 28,
  banffProposalBlock: 29,
  banffCommitBlock: 31,
  banffStandardBlock: 32,
  baseTx: 34,
  convertSubnetToL1Tx: 35,
  setL1ValidatorWeightTx: 37,
  increaseL1ValidatorBalanceTx: 38,
} as const
