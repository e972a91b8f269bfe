import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecReader } from './codec.js'
import { concatBytes } from './hash.js'
import { idFromBytes } from './ids.js'
import { type DecodedProposerBlock, decodeProposerBlock, isProposerBlock } from './proposervm.js'

/**
 * Type IDs of the X-Chain's linear codec, in registration order: the five tx types (`vms/avm/txs/parser.go`
 * NewCustomParser), then five types per fx in the chain's fx order, secp256k1fx, nftfx, propertyfx on the Primary
 * Network (`vms/secp256k1fx/fx.go`, `vms/nftfx/fx.go`, `vms/propertyfx/fx.go` Initialize), then the block
 * (`vms/avm/block/parser.go`).
 */
export const AVM_TYPE = {
  baseTx: 0,
  createAssetTx: 1,
  operationTx: 2,
  importTx: 3,
  exportTx: 4,
  secp256k1TransferInput: 5,
  secp256k1MintOutput: 6,
  secp256k1TransferOutput: 7,
  secp256k1MintOperation: 8,
  secp256k1Credential: 9,
  nftMintOutput: 10,
  nftTransferOutput: 11,
  nftMintOperation: 12,
  nftTransferOperation: 13,
  nftCredential: 14,
  propertyMintOutput: 15,
  propertyOwnedOutput: 16,
  propertyMintOperation: 17,
  propertyBurnOperation: 18,
  propertyCredential: 19,
  standardBlock: 20,
} as const

/** The X-Chain transaction types, named as avalanchego and the Data API name them. */
export const avmTxTypes = ['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx'] as const
export type AvmTxType = (typeof avmTxTypes)[number]

/** `secp256k1.SignatureLen`: recoverable signatures of every credential type. */
const SIGNATURE_LENGTH = 65
const ID_LENGTH = 32
const ADDRESS_LENGTH = 20
const CODEC_VERSION = Uint8Array.of(0, 0)

export interface DecodedAvmTx {
  /** Transaction ID: sha256 of the signed bytes (`vms/avm/txs/tx.go` SetBytes). */
  id: string
  type: AvmTxType
  /** Signed bytes, codec version included: what avm.getTx returns with `encoding: "hex"` (before its checksum). */
  bytes: Uint8Array
}

export interface DecodedAvmBlock {
  /** Block ID: sha256 of the block bytes (`vms/avm/block/standard_block.go`); what avm.getBlock takes. */
  id: string
  parentId: string
  height: bigint
  /** Unix seconds. */
  time: bigint
  merkleRoot: string
  /** In block order. */
  txs: DecodedAvmTx[]
}

/** Decodes signed X-Chain transaction bytes (codec version 0): its ID and type, checking that every byte belongs. */
export function decodeAvmTx(bytes: Uint8Array): DecodedAvmTx {
  const r = new CodecReader(bytes)
  readCodecVersion(r, 'X-Chain tx')
  const type = readSignedTx(r)
  r.expectEnd('X-Chain tx')
  return { id: idFromBytes(bytes), type, bytes }
}

/**
 * Decodes an X-Chain standard block (`vms/avm/block/standard_block.go`: parent ID, u64 height, u64 time, merkle root,
 * txs) and splits it into its transactions. A block embeds each signed tx without the codec version, so a tx's bytes
 * and ID (`Tx.Initialize`) are those of the version followed by its slice of the block.
 */
export function decodeAvmBlock(bytes: Uint8Array): DecodedAvmBlock {
  const r = new CodecReader(bytes)
  readCodecVersion(r, 'X-Chain block')
  const type = r.u32()
  if (type !== AVM_TYPE.standardBlock) {
    throw new InvalidEncodingError(
      `X-Chain block has type ID ${type}, not ${AVM_TYPE.standardBlock} (StandardBlock): is it an X-Chain block?`,
    )
  }
  const parentId = cb58Encode(r.bytes(ID_LENGTH))
  const height = r.u64()
  const time = r.u64()
  const merkleRoot = cb58Encode(r.bytes(ID_LENGTH))
  const count = r.u32()
  const txs: DecodedAvmTx[] = []
  for (let k = 0; k < count; k++) {
    const start = r.position
    const type = readSignedTx(r)
    const signed = concatBytes(CODEC_VERSION, bytes.subarray(start, r.position))
    txs.push({ id: idFromBytes(signed), type, bytes: signed })
  }
  r.expectEnd('X-Chain block')
  return { id: idFromBytes(bytes), parentId, height, time, merkleRoot, txs }
}

/**
 * An X-Chain block as the `X/block` index stores it (proposervm-wrapped) or as avm.getBlockByHeight returns it (the
 * AVM block itself): the two are told apart by their codec type ID (proposervm 0-2, AVM block 20).
 */
export function decodeXChainBlock(bytes: Uint8Array): { block: DecodedAvmBlock; proposer?: DecodedProposerBlock } {
  if (!isProposerBlock(bytes)) return { block: decodeAvmBlock(bytes) }
  const proposer = decodeProposerBlock(bytes)
  return { block: decodeAvmBlock(proposer.inner), proposer }
}

function readCodecVersion(r: CodecReader, what: string): void {
  const version = r.u16()
  if (version !== 0) throw new InvalidEncodingError(`${what} uses codec version ${version}; only 0 is known`)
}

function unknownType(type: number, what: string, r: CodecReader): InvalidEncodingError {
  return new InvalidEncodingError(
    `X-Chain codec: type ID ${type} at offset ${r.position - 4} is no ${what} of the X-Chain codec (secp256k1fx, nftfx, propertyfx)`,
  )
}

function repeat(r: CodecReader, read: (r: CodecReader) => void): void {
  for (let count = r.u32(); count > 0; count--) read(r)
}

/** `txs.Tx`: the unsigned tx (an interface: type ID first), then its credentials. */
function readSignedTx(r: CodecReader): AvmTxType {
  const type = r.u32()
  const name = avmTxTypes[type]
  if (name === undefined) throw unknownType(type, 'transaction type', r)
  readBaseTx(r)
  if (type === AVM_TYPE.createAssetTx) {
    r.str() // name
    r.str() // symbol
    r.u8() // denomination
    repeat(r, (s) => {
      s.u32() // fx index
      repeat(s, readState)
    })
  } else if (type === AVM_TYPE.operationTx) {
    repeat(r, readOperation)
  } else if (type === AVM_TYPE.importTx) {
    r.bytes(ID_LENGTH) // source chain
    repeat(r, readTransferableInput)
  } else if (type === AVM_TYPE.exportTx) {
    r.bytes(ID_LENGTH) // destination chain
    repeat(r, readTransferableOutput)
  }
  repeat(r, readCredential)
  return name
}

/** `avax.BaseTx`: network ID, blockchain ID, outputs, inputs, memo. */
function readBaseTx(r: CodecReader): void {
  r.u32()
  r.bytes(ID_LENGTH)
  repeat(r, readTransferableOutput)
  repeat(r, readTransferableInput)
  r.sizedBytes()
}

/** `secp256k1fx.OutputOwners`: u64 locktime, u32 threshold, addresses. */
function readOwners(r: CodecReader): void {
  r.u64()
  r.u32()
  r.bytes(ADDRESS_LENGTH * r.u32())
}

/** `secp256k1fx.Input`: signature indices. */
function readSigIndices(r: CodecReader): void {
  r.bytes(4 * r.u32())
}

/** `nftfx.TransferOutput` without its type ID: group ID, payload, owners. */
function readNftTransferOutput(r: CodecReader): void {
  r.u32()
  r.sizedBytes()
  readOwners(r)
}

type Read = (r: CodecReader) => void

/** Reads an interface value: its type ID, then the body `bodies` knows for it (`what` names the kind in errors). */
function readTyped(r: CodecReader, bodies: ReadonlyMap<number, Read>, what: string): void {
  const type = r.u32()
  const read = bodies.get(type)
  if (!read) throw unknownType(type, what, r)
  read(r)
}

const readTransferOutput: Read = (r) => {
  r.u64() // amount
  readOwners(r)
}

/** `verify.State` (initial states of CreateAssetTx): every output type of the three fxs. */
const STATES = new Map<number, Read>([
  [AVM_TYPE.secp256k1MintOutput, readOwners],
  [AVM_TYPE.secp256k1TransferOutput, readTransferOutput],
  [
    AVM_TYPE.nftMintOutput,
    (r) => {
      r.u32() // group ID
      readOwners(r)
    },
  ],
  [AVM_TYPE.nftTransferOutput, readNftTransferOutput],
  [AVM_TYPE.propertyMintOutput, readOwners],
  [AVM_TYPE.propertyOwnedOutput, readOwners],
])

/**
 * `avax.TransferableOut` / `TransferableIn` need an amount (`Amounter`): only secp256k1fx.TransferOutput and
 * TransferInput have one, so the codec accepts no other type there.
 */
const TRANSFER_OUTPUTS = new Map<number, Read>([[AVM_TYPE.secp256k1TransferOutput, readTransferOutput]])
const TRANSFER_INPUTS = new Map<number, Read>([
  [
    AVM_TYPE.secp256k1TransferInput,
    (r) => {
      r.u64() // amount
      readSigIndices(r)
    },
  ],
])

/** fx operations (`vms/*fx/*_operation.go`); each starts with its secp256k1fx.Input, struct fields carry no type ID. */
const OPERATIONS = new Map<number, Read>([
  [
    AVM_TYPE.secp256k1MintOperation, // input, mint output, transfer output
    (r) => {
      readSigIndices(r)
      readOwners(r)
      readTransferOutput(r)
    },
  ],
  [
    AVM_TYPE.nftMintOperation, // input, group ID, payload, owners list
    (r) => {
      readSigIndices(r)
      r.u32()
      r.sizedBytes()
      repeat(r, readOwners)
    },
  ],
  [
    AVM_TYPE.nftTransferOperation, // input, NFT transfer output
    (r) => {
      readSigIndices(r)
      readNftTransferOutput(r)
    },
  ],
  [
    AVM_TYPE.propertyMintOperation, // input, mint output, owned output
    (r) => {
      readSigIndices(r)
      readOwners(r)
      readOwners(r)
    },
  ],
  [AVM_TYPE.propertyBurnOperation, readSigIndices],
])

/** `fxs.FxCredential`: a credential of any fx, each a list of 65-byte signatures. */
const readSignatures: Read = (r) => {
  r.bytes(SIGNATURE_LENGTH * r.u32())
}
const CREDENTIALS = new Map<number, Read>([
  [AVM_TYPE.secp256k1Credential, readSignatures],
  [AVM_TYPE.nftCredential, readSignatures],
  [AVM_TYPE.propertyCredential, readSignatures],
])

const readState: Read = (r) => readTyped(r, STATES, 'output')
const readCredential: Read = (r) => readTyped(r, CREDENTIALS, 'credential')

/** `avax.TransferableOutput`: asset ID, output. */
function readTransferableOutput(r: CodecReader): void {
  r.bytes(ID_LENGTH)
  readTyped(r, TRANSFER_OUTPUTS, 'transferable output')
}

/** `avax.TransferableInput`: UTXO ID (tx ID, output index), asset ID, input. */
function readTransferableInput(r: CodecReader): void {
  r.bytes(ID_LENGTH + 4 + ID_LENGTH)
  readTyped(r, TRANSFER_INPUTS, 'transferable input')
}

/** `txs.Operation`: asset ID, UTXO IDs, fx operation. */
function readOperation(r: CodecReader): void {
  r.bytes(ID_LENGTH)
  r.bytes((ID_LENGTH + 4) * r.u32())
  readTyped(r, OPERATIONS, 'operation')
}
