import { ByteWriter, sha256Fast } from './bytes.js'
import {
  type Input,
  inputJson,
  type Output,
  outputBodyJson,
  outputJson,
  signaturesJson,
  writeCredentials,
  writeInput,
  writeOutput,
  writeOutputBody,
} from './components.js'
import { AvmType, SECP_FX_ID } from './constants.js'
import { hexNc, idString, jsonInt } from './json-values.js'

/** An X-Chain transaction before encoding (`vms/avm/txs`). */
export interface XTx {
  type: 'base' | 'createAsset' | 'import' | 'export'
  networkId: number
  blockchainId: Uint8Array
  outputs: Output[]
  inputs: Input[]
  memo: Uint8Array
  name?: string
  symbol?: string
  denomination?: number
  /** CreateAssetTx initial states: fx index 0 (secp256k1fx) and its outputs, in UTXO order. */
  states?: { fxIndex: number; outputs: Output[] }[]
  sourceChain?: Uint8Array
  importedInputs?: Input[]
  destinationChain?: Uint8Array
  exportedOutputs?: Output[]
  /** One credential per input (inputs first, then imported inputs), each a list of 65-byte signatures. */
  credentials: Uint8Array[][]
}

const typeIds = {
  base: AvmType.baseTx,
  createAsset: AvmType.createAssetTx,
  import: AvmType.importTx,
  export: AvmType.exportTx,
} as const

/** Unsigned tx and credentials, without the codec version: the form a block embeds. */
export function writeXTxBody(w: ByteWriter, tx: XTx): void {
  w.u32(typeIds[tx.type]).u32(tx.networkId).bytes(tx.blockchainId)
  w.u32(tx.outputs.length)
  for (const out of tx.outputs) writeOutput(w, out)
  w.u32(tx.inputs.length)
  for (const input of tx.inputs) writeInput(w, input)
  w.sizedBytes(tx.memo)
  if (tx.type === 'createAsset') {
    w.str(tx.name ?? '')
      .str(tx.symbol ?? '')
      .u8(tx.denomination ?? 0)
    const states = tx.states ?? []
    w.u32(states.length)
    for (const state of states) {
      w.u32(state.fxIndex).u32(state.outputs.length)
      for (const out of state.outputs) writeOutputBody(w, out)
    }
  } else if (tx.type === 'import') {
    w.bytes(tx.sourceChain as Uint8Array)
    const imported = tx.importedInputs ?? []
    w.u32(imported.length)
    for (const input of imported) writeInput(w, input)
  } else if (tx.type === 'export') {
    w.bytes(tx.destinationChain as Uint8Array)
    const exported = tx.exportedOutputs ?? []
    w.u32(exported.length)
    for (const out of exported) writeOutput(w, out)
  }
  writeCredentials(w, tx.credentials)
}

const scratch = new ByteWriter(4096)

/** Signed tx bytes: codec version 0, then the body. tx ID = sha256 of exactly these bytes. */
export function encodeXTx(tx: XTx): Uint8Array {
  scratch.reset().u16(0)
  writeXTxBody(scratch, tx)
  return scratch.finish()
}

/** The tx ID without keeping the bytes: hashes the scratch buffer in place (bulk ID scans). */
export function xTxId(tx: XTx): Uint8Array {
  scratch.reset().u16(0)
  writeXTxBody(scratch, tx)
  return sha256Fast(scratch.written())
}

/**
 * UTXOs a tx creates, in output-index order: the base outputs, then (CreateAssetTx) the initial-state outputs, or
 * (ExportTx) nothing more locally: exported outputs live in shared memory at indices after the base outputs.
 */
export function localOutputs(tx: XTx, txId: Uint8Array): Output[] {
  if (tx.type !== 'createAsset') return tx.outputs
  // Initial-state outputs hold the asset the tx creates: its own ID.
  return [...tx.outputs, ...(tx.states ?? []).flatMap((s) => s.outputs.map((o) => ({ ...o, assetId: txId })))]
}

/** UTXO bytes as getUTXOs returns them: version ‖ txID ‖ outputIndex ‖ assetID ‖ typeID ‖ output. */
export function encodeUtxo(txId: Uint8Array, outputIndex: number, out: Output): Uint8Array {
  const w = new ByteWriter(96 + 20 * out.addresses.length)
  w.u16(0).bytes(txId).u32(outputIndex)
  writeOutput(w, out)
  return w.finish()
}

/** `encoding: "json"` form of a signed X tx (`txs.Tx` after txInit). */
export function xTxJson(tx: XTx, txId: Uint8Array): Record<string, unknown> {
  const unsigned: Record<string, unknown> = {
    networkID: tx.networkId,
    blockchainID: idString(tx.blockchainId),
    outputs: tx.outputs.map((o) => outputJson('X', o, SECP_FX_ID)),
    inputs: tx.inputs.map((i) => inputJson(i, SECP_FX_ID)),
    memo: hexNc(tx.memo),
  }
  if (tx.type === 'createAsset') {
    unsigned.name = tx.name
    unsigned.symbol = tx.symbol
    unsigned.denomination = tx.denomination
    unsigned.initialStates = (tx.states ?? []).map((s) => ({
      fxIndex: s.fxIndex,
      fxID: idString(SECP_FX_ID),
      outputs: s.outputs.map((o) => outputBodyJson('X', o)),
    }))
  } else if (tx.type === 'import') {
    unsigned.sourceChain = idString(tx.sourceChain as Uint8Array)
    unsigned.importedInputs = (tx.importedInputs ?? []).map((i) => inputJson(i, SECP_FX_ID))
  } else if (tx.type === 'export') {
    unsigned.destinationChain = idString(tx.destinationChain as Uint8Array)
    unsigned.exportedOutputs = (tx.exportedOutputs ?? []).map((o) => outputJson('X', o, SECP_FX_ID))
  }
  return {
    unsignedTx: unsigned,
    credentials: tx.credentials.map((sigs) => ({
      fxID: idString(SECP_FX_ID),
      credential: { signatures: signaturesJson(sigs) },
    })),
    id: idString(txId),
  }
}

/** An X-Chain block (`vms/avm/block.StandardBlock`): parent, height, time, merkle root (unused, empty), txs. */
export interface XBlockHeader {
  parentId: Uint8Array
  height: number
  time: number
}

export function encodeXBlock(header: XBlockHeader, txs: readonly XTx[]): Uint8Array {
  const w = new ByteWriter(128 + txs.length * 512)
  w.u16(0).u32(AvmType.standardBlock).bytes(header.parentId).u64(header.height).u64(header.time)
  w.bytes(new Uint8Array(32)).u32(txs.length)
  for (const tx of txs) writeXTxBody(w, tx)
  return w.finish()
}

export function xBlockJson(
  header: XBlockHeader,
  txs: readonly { tx: XTx; id: Uint8Array }[],
  blockId: Uint8Array,
): Record<string, unknown> {
  return {
    parentID: idString(header.parentId),
    height: jsonInt(header.height),
    time: jsonInt(header.time),
    merkleRoot: idString(new Uint8Array(32)),
    txs: txs.map((t) => xTxJson(t.tx, t.id)),
    id: idString(blockId),
  }
}
