/**
 * Transactions and blocks as the node serialises them with `encoding: "json"` (avm.getTx / getBlock /
 * getBlockByHeight, platform.getTx / getBlock / getBlockByHeight). Plain Go integers are JSON numbers there and may
 * exceed 2^53; the executor parses them losslessly, and the fields typed below with `u64` always become bigint, so an
 * amount is a bigint whether it was small or large. The shapes are loose: every tx type adds its own fields, which
 * pass through untouched (numbers above 2^53 in fields not typed here arrive as bigint, smaller ones as number).
 */
import * as z from 'zod'
import { lazy } from '../lazy.js'
import { goSlice, outputOwners, record, u32, u64 } from '../schemas.js'

/** A Go slice under a key that some tx types do not have (it stays absent). */
const optionalList = <T extends z.ZodType>(item: T) => goSlice(item).optional()

/** `message.PChainOwner` of L1 validator registrations: like OutputOwners, but without a locktime. */
const pChainOwner = lazy(() => record({ threshold: u32(), addresses: goSlice(z.string()) }))

/** An FX output body: secp256k1 transfer (`amount`), mint/NFT outputs (no amount), or a P-Chain stakeable lock. */
const outputBody = lazy(() =>
  record({
    addresses: z.array(z.string()).nullish(),
    amount: u64().optional(),
    locktime: u64().optional(),
    threshold: u32().optional(),
    /** Stakeable lock (P-Chain): the locked output inside. */
    output: record({
      addresses: z.array(z.string()).nullish(),
      amount: u64().optional(),
      locktime: u64().optional(),
      threshold: u32().optional(),
    }).optional(),
  }),
)

/** An FX input body: `amount` and `signatureIndices`, or a P-Chain stakeable lock around one. */
const inputBody = lazy(() =>
  record({
    amount: u64().optional(),
    signatureIndices: z.array(z.number()).nullish(),
    locktime: u64().optional(),
    input: record({ amount: u64().optional(), signatureIndices: z.array(z.number()).nullish() }).optional(),
  }),
)

export const transferableOutput = lazy(() =>
  record({
    assetID: z.string(),
    fxID: z.string().optional(),
    output: outputBody(),
  }),
)

export const transferableInput = lazy(() =>
  record({
    txID: z.string(),
    outputIndex: u32(),
    assetID: z.string(),
    fxID: z.string().optional(),
    input: inputBody(),
  }),
)

/** Fields every X- and P-Chain unsigned tx shares (BaseTx) plus the import/export ones. */
const baseTxShape = lazy(() => ({
  networkID: u32().optional(),
  blockchainID: z.string().optional(),
  outputs: optionalList(transferableOutput()),
  inputs: optionalList(transferableInput()),
  /** Hex without checksum ("0x" when empty). */
  memo: z.string().optional(),
  destinationChain: z.string().optional(),
  exportedOutputs: optionalList(transferableOutput()),
  sourceChain: z.string().optional(),
  importedInputs: optionalList(transferableInput()),
}))

// ---- X-Chain ------------------------------------------------------------------------------------------------------

/** An X-Chain transaction with `encoding: "json"` (`vms/avm/txs`). */
export const xChainTx = lazy(() =>
  record({
    unsignedTx: record({
      ...baseTxShape(),
      // CreateAssetTx
      name: z.string().optional(),
      symbol: z.string().optional(),
      denomination: u32().optional(),
      initialStates: z
        .array(
          record({ fxIndex: u32().optional(), fxID: z.string().optional(), outputs: z.array(outputBody()).nullish() }),
        )
        .nullish(),
    }),
    credentials: goSlice(
      record({
        fxID: z.string().optional(),
        credential: record({ signatures: z.array(z.string()).nullish() }).optional(),
      }),
    ),
    id: z.string().optional(),
  }),
)
export type XChainTx = z.output<ReturnType<typeof xChainTx>>

/** An X-Chain block with `encoding: "json"` (`vms/avm/block/standard_block.go`). Heights and times become bigint. */
export const xChainBlock = lazy(() =>
  record({
    parentID: z.string(),
    height: u64(),
    time: u64().optional(),
    merkleRoot: z.string().optional(),
    txs: goSlice(xChainTx()),
    id: z.string().optional(),
  }),
)
export type XChainBlock = z.output<ReturnType<typeof xChainBlock>>

// ---- P-Chain ------------------------------------------------------------------------------------------------------

/** `{nodeID, start, end, weight}` (plus `subnetID` for subnet validators); times in Unix seconds. */
const stakerValidator = lazy(() =>
  record({
    nodeID: z.string(),
    start: u64().optional(),
    end: u64().optional(),
    weight: u64(),
    subnetID: z.string().optional(),
  }),
)

/** A P-Chain transaction with `encoding: "json"` (`vms/platformvm/txs`); the unsigned part varies by tx type. */
export const pChainTx = lazy(() =>
  record({
    unsignedTx: record({
      ...baseTxShape(),
      // Add(Permissionless)Validator/Delegator, AddSubnetValidator
      validator: stakerValidator().optional(),
      subnetID: z.string().optional(),
      stake: optionalList(transferableOutput()),
      rewardsOwner: outputOwners().optional(),
      validationRewardsOwner: outputOwners().optional(),
      delegationRewardsOwner: outputOwners().optional(),
      shares: u32().optional(),
      // ConvertSubnetToL1 / RegisterL1Validator / IncreaseL1ValidatorBalance
      validators: z
        .array(
          record({
            nodeID: z.string(),
            weight: u64(),
            balance: u64().optional(),
            remainingBalanceOwner: pChainOwner().optional(),
            deactivationOwner: pChainOwner().optional(),
          }),
        )
        .nullish(),
      balance: u64().optional(),
      // AdvanceTimeTx (pre-Banff)
      time: u64().optional(),
    }),
    credentials: goSlice(record({ signatures: z.array(z.string()).nullish() })),
    id: z.string().optional(),
  }),
)
export type PChainTx = z.output<ReturnType<typeof pChainTx>>

/**
 * A P-Chain block with `encoding: "json"`. Standard blocks carry `txs`, proposal and atomic blocks `tx`,
 * commit/abort blocks neither; Banff blocks add `time` (Unix seconds).
 */
export const pChainBlock = lazy(() =>
  record({
    parentID: z.string(),
    height: u64(),
    time: u64().optional(),
    txs: optionalList(pChainTx()),
    tx: pChainTx().optional(),
    id: z.string().optional(),
  }),
)
export type PChainBlock = z.output<ReturnType<typeof pChainBlock>>

/** `{tx, encoding}` of getTx: a hex string (signed bytes + checksum), or the decoded tx with `encoding: "json"`. */
export const txReply = <T extends z.ZodType>(tx: T) =>
  z.discriminatedUnion('encoding', [
    record({ tx: z.string(), encoding: z.enum(['hex', 'hexc', 'hexnc']) }),
    record({ tx, encoding: z.literal('json') }),
  ])

/** `{block, encoding}` of getBlock / getBlockByHeight: hex bytes, or the decoded block with `encoding: "json"`. */
export const blockReply = <B extends z.ZodType>(block: B) =>
  z.discriminatedUnion('encoding', [
    record({ block: z.string(), encoding: z.enum(['hex', 'hexc', 'hexnc']) }),
    record({ block, encoding: z.literal('json') }),
  ])
