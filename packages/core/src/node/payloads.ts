/**
 * Transactions and blocks as the node serialises them with `encoding: "json"` (avm.getTx / getBlock /
 * getBlockByHeight, platform.getTx / getBlock / getBlockByHeight). Plain Go integers are JSON numbers there and may
 * exceed 2^53; the executor parses them losslessly, and the fields typed below with `u64` always become bigint, so an
 * amount is a bigint whether it was small or large. The shapes are loose: every tx type adds its own fields, which
 * pass through untouched (numbers above 2^53 in fields not typed here arrive as bigint, smaller ones as number).
 */
import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { goSlice, outputOwners, record, u32, u64 } from '../schemas.js'

/** A Go slice under a key that some tx types do not have (it stays absent). */
const optionalList = <T extends z.ZodMiniType>(item: T) => z.optional(goSlice(item))

/** `message.PChainOwner` of L1 validator registrations: like OutputOwners, but without a locktime. */
const pChainOwner = lazy(() => record({ threshold: u32(), addresses: goSlice(z.string()) }))

/** An FX output body: secp256k1 transfer (`amount`), mint/NFT outputs (no amount), or a P-Chain stakeable lock. */
const outputBody = lazy(() =>
  record({
    addresses: z.nullish(z.array(z.string())),
    amount: z.optional(u64()),
    locktime: z.optional(u64()),
    threshold: z.optional(u32()),
    /** Stakeable lock (P-Chain): the locked output inside. */
    output: z.optional(
      record({
        addresses: z.nullish(z.array(z.string())),
        amount: z.optional(u64()),
        locktime: z.optional(u64()),
        threshold: z.optional(u32()),
      }),
    ),
  }),
)

/** An FX input body: `amount` and `signatureIndices`, or a P-Chain stakeable lock around one. */
const inputBody = lazy(() =>
  record({
    amount: z.optional(u64()),
    signatureIndices: z.nullish(z.array(z.number())),
    locktime: z.optional(u64()),
    input: z.optional(record({ amount: z.optional(u64()), signatureIndices: z.nullish(z.array(z.number())) })),
  }),
)

export const transferableOutput: () => TransferableOutputSchema = lazy(buildTransferableOutput)
/** The schema `transferableOutput()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface TransferableOutputSchema extends ReturnType<typeof buildTransferableOutput> {}
function buildTransferableOutput() {
  return record({
    assetID: z.string(),
    fxID: z.optional(z.string()),
    output: outputBody(),
  })
}

export const transferableInput: () => TransferableInputSchema = lazy(buildTransferableInput)
/** The schema `transferableInput()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface TransferableInputSchema extends ReturnType<typeof buildTransferableInput> {}
function buildTransferableInput() {
  return record({
    txID: z.string(),
    outputIndex: u32(),
    assetID: z.string(),
    fxID: z.optional(z.string()),
    input: inputBody(),
  })
}

/** Fields every X- and P-Chain unsigned tx shares (BaseTx) plus the import/export ones. */
const baseTxShape = lazy(() => ({
  networkID: z.optional(u32()),
  blockchainID: z.optional(z.string()),
  outputs: optionalList(transferableOutput()),
  inputs: optionalList(transferableInput()),
  /** Hex without checksum ("0x" when empty). */
  memo: z.optional(z.string()),
  destinationChain: z.optional(z.string()),
  exportedOutputs: optionalList(transferableOutput()),
  sourceChain: z.optional(z.string()),
  importedInputs: optionalList(transferableInput()),
}))

// ---- X-Chain ------------------------------------------------------------------------------------------------------

/** An X-Chain transaction with `encoding: "json"` (`vms/avm/txs`). */
export const xChainTx: () => XChainTxSchema = lazy(buildXChainTx)
/** The schema `xChainTx()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface XChainTxSchema extends ReturnType<typeof buildXChainTx> {}
function buildXChainTx() {
  return record({
    unsignedTx: record({
      ...baseTxShape(),
      // CreateAssetTx
      name: z.optional(z.string()),
      symbol: z.optional(z.string()),
      denomination: z.optional(u32()),
      initialStates: z.nullish(
        z.array(
          record({
            fxIndex: z.optional(u32()),
            fxID: z.optional(z.string()),
            outputs: z.nullish(z.array(outputBody())),
          }),
        ),
      ),
    }),
    credentials: goSlice(
      record({
        fxID: z.optional(z.string()),
        credential: z.optional(record({ signatures: z.nullish(z.array(z.string())) })),
      }),
    ),
    id: z.optional(z.string()),
  })
}
export type XChainTx = z.output<ReturnType<typeof xChainTx>>

/** An X-Chain block with `encoding: "json"` (`vms/avm/block/standard_block.go`). Heights and times become bigint. */
export const xChainBlock: () => XChainBlockSchema = lazy(buildXChainBlock)
/** The schema `xChainBlock()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface XChainBlockSchema extends ReturnType<typeof buildXChainBlock> {}
function buildXChainBlock() {
  return record({
    parentID: z.string(),
    height: u64(),
    time: z.optional(u64()),
    merkleRoot: z.optional(z.string()),
    txs: goSlice(xChainTx()),
    id: z.optional(z.string()),
  })
}
export type XChainBlock = z.output<ReturnType<typeof xChainBlock>>

// ---- P-Chain ------------------------------------------------------------------------------------------------------

/** `{nodeID, start, end, weight}` (plus `subnetID` for subnet validators); times in Unix seconds. */
const stakerValidator = lazy(() =>
  record({
    nodeID: z.string(),
    start: z.optional(u64()),
    end: z.optional(u64()),
    weight: u64(),
    subnetID: z.optional(z.string()),
  }),
)

/** A P-Chain transaction with `encoding: "json"` (`vms/platformvm/txs`); the unsigned part varies by tx type. */
export const pChainTx: () => PChainTxSchema = lazy(buildPChainTx)
/** The schema `pChainTx()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface PChainTxSchema extends ReturnType<typeof buildPChainTx> {}
function buildPChainTx() {
  return record({
    unsignedTx: record({
      ...baseTxShape(),
      // Add(Permissionless)Validator/Delegator, AddSubnetValidator
      validator: z.optional(stakerValidator()),
      subnetID: z.optional(z.string()),
      stake: optionalList(transferableOutput()),
      rewardsOwner: z.optional(outputOwners()),
      validationRewardsOwner: z.optional(outputOwners()),
      delegationRewardsOwner: z.optional(outputOwners()),
      shares: z.optional(u32()),
      // ConvertSubnetToL1 / RegisterL1Validator / IncreaseL1ValidatorBalance
      validators: z.nullish(
        z.array(
          record({
            nodeID: z.string(),
            weight: u64(),
            balance: z.optional(u64()),
            remainingBalanceOwner: z.optional(pChainOwner()),
            deactivationOwner: z.optional(pChainOwner()),
          }),
        ),
      ),
      balance: z.optional(u64()),
      // AdvanceTimeTx (pre-Banff)
      time: z.optional(u64()),
    }),
    credentials: goSlice(record({ signatures: z.nullish(z.array(z.string())) })),
    id: z.optional(z.string()),
  })
}
export type PChainTx = z.output<ReturnType<typeof pChainTx>>

/**
 * A P-Chain block with `encoding: "json"`. Standard blocks carry `txs`, proposal and atomic blocks `tx`,
 * commit/abort blocks neither; Banff blocks add `time` (Unix seconds).
 */
export const pChainBlock: () => PChainBlockSchema = lazy(buildPChainBlock)
/** The schema `pChainBlock()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface PChainBlockSchema extends ReturnType<typeof buildPChainBlock> {}
function buildPChainBlock() {
  return record({
    parentID: z.string(),
    height: u64(),
    time: z.optional(u64()),
    txs: optionalList(pChainTx()),
    tx: z.optional(pChainTx()),
    id: z.optional(z.string()),
  })
}
export type PChainBlock = z.output<ReturnType<typeof pChainBlock>>

/** `{tx, encoding}` of getTx: a hex string (signed bytes + checksum), or the decoded tx with `encoding: "json"`. */
export const txReply = <T extends z.ZodMiniType>(tx: T) =>
  z.discriminatedUnion('encoding', [
    record({ tx: z.string(), encoding: z.enum(['hex', 'hexc', 'hexnc']) }),
    record({ tx, encoding: z.literal('json') }),
  ])

/** `{block, encoding}` of getBlock / getBlockByHeight: hex bytes, or the decoded block with `encoding: "json"`. */
export const blockReply = <B extends z.ZodMiniType>(block: B) =>
  z.discriminatedUnion('encoding', [
    record({ block: z.string(), encoding: z.enum(['hex', 'hexc', 'hexnc']) }),
    record({ block, encoding: z.literal('json') }),
  ])
