import { ByteWriter } from './bytes.js'
import {
  type Input,
  inputJson,
  type Output,
  type Owners,
  outputJson,
  ownersJson,
  signaturesJson,
  writeCredentials,
  writeInput,
  writeOutput,
  writeOwners,
} from './components.js'
import { PvmType, SECP_FX_ID } from './constants.js'
import { hexNc, idString, jsonInt } from './json-values.js'

/** Fields every P-Chain tx starts with (`platformvm/txs.BaseTx`). */
export interface PBase {
  networkId: number
  blockchainId: Uint8Array
  outputs: Output[]
  inputs: Input[]
  memo: Uint8Array
}

export interface PValidator {
  nodeId: Uint8Array
  start: number
  end: number
  weight: bigint
}

export interface Signer {
  publicKey: Uint8Array
  proofOfPossession: Uint8Array
}

export interface L1ValidatorSpec {
  nodeId: Uint8Array
  weight: bigint
  balance: bigint
  signer: Signer
  remainingBalanceOwner: { threshold: number; addresses: Uint8Array[] }
  deactivationOwner: { threshold: number; addresses: Uint8Array[] }
}

/** The P-Chain transactions the devnet produces (`vms/platformvm/txs`). */
export type PTx = (
  | { type: 'base' }
  | { type: 'createSubnet'; owner: Owners }
  | {
      type: 'createChain'
      subnetId: Uint8Array
      chainName: string
      vmId: Uint8Array
      fxIds: Uint8Array[]
      genesisData: Uint8Array
      subnetAuth: number[]
    }
  | { type: 'addSubnetValidator'; validator: PValidator; subnetId: Uint8Array; subnetAuth: number[] }
  | {
      type: 'addPermissionlessValidator'
      validator: PValidator
      subnetId: Uint8Array
      signer: Signer
      stake: Output[]
      validationRewardsOwner: Owners
      delegationRewardsOwner: Owners
      shares: number
    }
  | {
      type: 'addPermissionlessDelegator'
      validator: PValidator
      subnetId: Uint8Array
      stake: Output[]
      rewardsOwner: Owners
    }
  | { type: 'export'; destinationChain: Uint8Array; exportedOutputs: Output[] }
  | {
      type: 'convertSubnetToL1'
      subnetId: Uint8Array
      chainId: Uint8Array
      address: Uint8Array
      validators: L1ValidatorSpec[]
      subnetAuth: number[]
    }
  /** Has no BaseTx on the wire (`txs/reward_validator_tx.go`); `base` is an empty placeholder, never encoded. */
  | { type: 'rewardValidator'; stakerTxId: Uint8Array }
  /** `message`: a signed Warp message carrying an L1ValidatorWeight (`txs/set_l1_validator_weight_tx.go`). */
  | { type: 'setL1ValidatorWeight'; message: Uint8Array }
  | { type: 'increaseL1ValidatorBalance'; validationId: Uint8Array; balance: bigint }
) & { base: PBase; credentials: Uint8Array[][] }

/** The type-specific part of a P tx (a distributive Omit keeps the union discriminated). */
export type PTxBody = PTx extends infer T ? (T extends PTx ? Omit<T, 'base' | 'credentials'> : never) : never

const typeIds: Record<PTx['type'], number> = {
  base: PvmType.baseTx,
  createSubnet: PvmType.createSubnetTx,
  createChain: PvmType.createChainTx,
  addSubnetValidator: PvmType.addSubnetValidatorTx,
  addPermissionlessValidator: PvmType.addPermissionlessValidatorTx,
  addPermissionlessDelegator: PvmType.addPermissionlessDelegatorTx,
  export: PvmType.exportTx,
  convertSubnetToL1: PvmType.convertSubnetToL1Tx,
  rewardValidator: PvmType.rewardValidatorTx,
  setL1ValidatorWeight: PvmType.setL1ValidatorWeightTx,
  increaseL1ValidatorBalance: PvmType.increaseL1ValidatorBalanceTx,
}

function writeValidator(w: ByteWriter, v: PValidator): void {
  w.bytes(v.nodeId).u64(v.start).u64(v.end).u64(v.weight)
}

function writeSubnetAuth(w: ByteWriter, sigIndices: number[]): void {
  w.u32(PvmType.input).u32(sigIndices.length)
  for (const index of sigIndices) w.u32(index)
}

function writePChainOwner(w: ByteWriter, owner: { threshold: number; addresses: Uint8Array[] }): void {
  w.u32(owner.threshold).u32(owner.addresses.length)
  for (const address of owner.addresses) w.bytes(address)
}

export function writePTxBody(w: ByteWriter, tx: PTx): void {
  if (tx.type === 'rewardValidator') {
    w.u32(typeIds[tx.type]).bytes(tx.stakerTxId)
    writeCredentials(w, tx.credentials)
    return
  }
  const { base } = tx
  w.u32(typeIds[tx.type]).u32(base.networkId).bytes(base.blockchainId)
  w.u32(base.outputs.length)
  for (const out of base.outputs) writeOutput(w, out)
  w.u32(base.inputs.length)
  for (const input of base.inputs) writeInput(w, input)
  w.sizedBytes(base.memo)
  switch (tx.type) {
    case 'base':
      break
    case 'createSubnet':
      w.u32(PvmType.outputOwners)
      writeOwners(w, tx.owner)
      break
    case 'createChain':
      w.bytes(tx.subnetId).str(tx.chainName).bytes(tx.vmId).u32(tx.fxIds.length)
      for (const fx of tx.fxIds) w.bytes(fx)
      w.sizedBytes(tx.genesisData)
      writeSubnetAuth(w, tx.subnetAuth)
      break
    case 'addSubnetValidator':
      writeValidator(w, tx.validator)
      w.bytes(tx.subnetId)
      writeSubnetAuth(w, tx.subnetAuth)
      break
    case 'addPermissionlessValidator':
      writeValidator(w, tx.validator)
      w.bytes(tx.subnetId).u32(PvmType.proofOfPossession).bytes(tx.signer.publicKey).bytes(tx.signer.proofOfPossession)
      w.u32(tx.stake.length)
      for (const out of tx.stake) writeOutput(w, out)
      w.u32(PvmType.outputOwners)
      writeOwners(w, tx.validationRewardsOwner)
      w.u32(PvmType.outputOwners)
      writeOwners(w, tx.delegationRewardsOwner)
      w.u32(tx.shares)
      break
    case 'addPermissionlessDelegator':
      writeValidator(w, tx.validator)
      w.bytes(tx.subnetId).u32(tx.stake.length)
      for (const out of tx.stake) writeOutput(w, out)
      w.u32(PvmType.outputOwners)
      writeOwners(w, tx.rewardsOwner)
      break
    case 'export':
      w.bytes(tx.destinationChain).u32(tx.exportedOutputs.length)
      for (const out of tx.exportedOutputs) writeOutput(w, out)
      break
    case 'convertSubnetToL1':
      w.bytes(tx.subnetId).bytes(tx.chainId).sizedBytes(tx.address).u32(tx.validators.length)
      for (const v of tx.validators) {
        w.sizedBytes(v.nodeId).u64(v.weight).u64(v.balance).bytes(v.signer.publicKey).bytes(v.signer.proofOfPossession)
        writePChainOwner(w, v.remainingBalanceOwner)
        writePChainOwner(w, v.deactivationOwner)
      }
      writeSubnetAuth(w, tx.subnetAuth)
      break
    case 'setL1ValidatorWeight':
      w.sizedBytes(tx.message)
      break
    case 'increaseL1ValidatorBalance':
      w.bytes(tx.validationId).u64(tx.balance)
      break
  }
  writeCredentials(w, tx.credentials)
}

export function encodePTx(tx: PTx): Uint8Array {
  const w = new ByteWriter(512)
  w.u16(0)
  writePTxBody(w, tx)
  return w.finish()
}

const validatorJson = (v: PValidator, nodeId: string) => ({
  nodeID: nodeId,
  start: jsonInt(v.start),
  end: jsonInt(v.end),
  weight: jsonInt(v.weight),
})
const signerJson = (s: Signer) => ({ publicKey: hexNc(s.publicKey), proofOfPossession: hexNc(s.proofOfPossession) })
const pChainOwnerJson = (o: { threshold: number; addresses: Uint8Array[] }) => ({
  threshold: o.threshold,
  addresses: o.addresses.map(idString),
})

/** `encoding: "json"` form of a signed P-Chain tx. `nodeIdText` renders a 20-byte node ID as `NodeID-…`. */
export function pTxJson(tx: PTx, txId: Uint8Array, nodeIdText: (b: Uint8Array) => string): Record<string, unknown> {
  if (tx.type === 'rewardValidator') {
    return { unsignedTx: { txID: idString(tx.stakerTxId) }, credentials: [], id: idString(txId) }
  }
  const { base } = tx
  const u: Record<string, unknown> = {
    networkID: base.networkId,
    blockchainID: idString(base.blockchainId),
    outputs: base.outputs.map((o) => outputJson('P', o, SECP_FX_ID)),
    inputs: base.inputs.map((i) => inputJson(i, SECP_FX_ID)),
    memo: hexNc(base.memo),
  }
  switch (tx.type) {
    case 'base':
      break
    case 'createSubnet':
      u.owner = ownersJson('P', tx.owner)
      break
    case 'createChain':
      u.subnetID = idString(tx.subnetId)
      u.chainName = tx.chainName
      u.vmID = idString(tx.vmId)
      u.fxIDs = tx.fxIds.map(idString)
      u.genesisData = Buffer.from(tx.genesisData).toString('base64')
      u.subnetAuthorization = { signatureIndices: tx.subnetAuth }
      break
    case 'addSubnetValidator':
      u.validator = { ...validatorJson(tx.validator, nodeIdText(tx.validator.nodeId)), subnetID: idString(tx.subnetId) }
      u.subnetAuthorization = { signatureIndices: tx.subnetAuth }
      break
    case 'addPermissionlessValidator':
      u.validator = validatorJson(tx.validator, nodeIdText(tx.validator.nodeId))
      u.subnetID = idString(tx.subnetId)
      u.signer = signerJson(tx.signer)
      u.stake = tx.stake.map((o) => outputJson('P', o, SECP_FX_ID))
      u.validationRewardsOwner = ownersJson('P', tx.validationRewardsOwner)
      u.delegationRewardsOwner = ownersJson('P', tx.delegationRewardsOwner)
      u.shares = tx.shares
      break
    case 'addPermissionlessDelegator':
      u.validator = validatorJson(tx.validator, nodeIdText(tx.validator.nodeId))
      u.subnetID = idString(tx.subnetId)
      u.stake = tx.stake.map((o) => outputJson('P', o, SECP_FX_ID))
      u.rewardsOwner = ownersJson('P', tx.rewardsOwner)
      break
    case 'export':
      u.destinationChain = idString(tx.destinationChain)
      u.exportedOutputs = tx.exportedOutputs.map((o) => outputJson('P', o, SECP_FX_ID))
      break
    case 'convertSubnetToL1':
      u.subnetID = idString(tx.subnetId)
      u.chainID = idString(tx.chainId)
      u.address = hexNc(tx.address)
      u.validators = tx.validators.map((v) => ({
        nodeID: hexNc(v.nodeId),
        weight: jsonInt(v.weight),
        balance: jsonInt(v.balance),
        signer: signerJson(v.signer),
        remainingBalanceOwner: pChainOwnerJson(v.remainingBalanceOwner),
        deactivationOwner: pChainOwnerJson(v.deactivationOwner),
      }))
      u.subnetAuthorization = { signatureIndices: tx.subnetAuth }
      break
    case 'setL1ValidatorWeight':
      // types.JSONByteSlice: hex with 0x, no checksum (`vms/types/blob_data.go`).
      u.message = hexNc(tx.message)
      break
    case 'increaseL1ValidatorBalance':
      u.validationID = idString(tx.validationId)
      u.balance = jsonInt(tx.balance)
      break
  }
  return {
    unsignedTx: u,
    credentials: tx.credentials.map((sigs) => ({ signatures: signaturesJson(sigs) })),
    id: idString(txId),
  }
}

/** Banff standard block: time, parent, height, txs (`platformvm/block.BanffStandardBlock`). */
export function encodePBlock(parentId: Uint8Array, height: number, time: number, txs: readonly PTx[]): Uint8Array {
  const w = new ByteWriter(256 + txs.length * 512)
  w.u16(0).u32(PvmType.banffStandardBlock).u64(time).bytes(parentId).u64(height).u32(txs.length)
  for (const tx of txs) writePTxBody(w, tx)
  return w.finish()
}

/**
 * Banff proposal block: time, decision txs (none here), parent, height, the proposal tx
 * (`platformvm/block/proposal_block.go`). The devnet proposes only RewardValidatorTx, as the node does when a
 * staker's end time is reached.
 */
export function encodePProposalBlock(parentId: Uint8Array, height: number, time: number, tx: PTx): Uint8Array {
  const w = new ByteWriter(256)
  w.u16(0).u32(PvmType.banffProposalBlock).u64(time).u32(0).bytes(parentId).u64(height)
  writePTxBody(w, tx)
  return w.finish()
}

/** Banff commit block: time, parent, height (`platformvm/block/commit_block.go`). */
export function encodePCommitBlock(parentId: Uint8Array, height: number, time: number): Uint8Array {
  return new ByteWriter(64).u16(0).u32(PvmType.banffCommitBlock).u64(time).bytes(parentId).u64(height).finish()
}

/** The genesis block is an Apricot commit block whose parent is the genesis hash. */
export function encodePGenesisBlock(genesisHash: Uint8Array): Uint8Array {
  return new ByteWriter(48).u16(0).u32(PvmType.apricotCommitBlock).bytes(genesisHash).u64(0).finish()
}

/**
 * `encoding: "json"` form of a block, fields in Go's order: a standard block is time, parentID, height, id, txs; a
 * proposal block time, txs (its decision txs: none), parentID, height, id, tx; a commit block time, parentID, height,
 * id (`platformvm/block/*_block.go`).
 */
export function pBlockJson(
  header: { parentId: Uint8Array; height: number; time?: number; kind?: 'standard' | 'proposal' | 'commit' },
  txs: readonly { tx: PTx; id: Uint8Array }[] | undefined,
  blockId: Uint8Array,
  nodeIdText: (b: Uint8Array) => string,
): Record<string, unknown> {
  const json: Record<string, unknown> = {}
  if (header.time !== undefined) json.time = jsonInt(header.time)
  if (header.kind === 'proposal') json.txs = []
  json.parentID = idString(header.parentId)
  json.height = jsonInt(header.height)
  json.id = idString(blockId)
  const rendered = txs?.map((t) => pTxJson(t.tx, t.id, nodeIdText))
  if (header.kind === 'proposal') json.tx = rendered?.[0]
  else if (rendered && header.kind !== 'commit') json.txs = rendered
  return json
}
