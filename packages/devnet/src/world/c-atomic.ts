import { ByteWriter, sha256Fast } from './bytes.js'
import { type Input, type Output, transferOutput, writeCredentials, writeInput, writeOutput } from './components.js'
import { C_CHAIN_BYTES, NETWORK_ID, P_CHAIN_BYTES, TX_FEE, X_CHAIN_BYTES } from './constants.js'
import { ewoq } from './keys.js'
import { below, randomBytes, Stream } from './random.js'
import type { UtxoSource } from './utxo-table.js'

/** coreth's atomic codec (`graft/coreth/plugin/evm/atomic/codec.go`): UnsignedImportTx 0, UnsignedExportTx 1. */
const IMPORT_TX = 0
const EXPORT_TX = 1
/** A block no import needs carries an export every this many heights. */
const EXPORT_EVERY = 5

/** `atomic.EVMInput` (with its nonce) or `atomic.EVMOutput` (`graft/coreth/plugin/evm/atomic/tx.go`). */
export interface EvmTransfer {
  address: Uint8Array
  amount: bigint
  assetId: Uint8Array
  nonce?: bigint
}

export interface CAtomicTx {
  type: 'import' | 'export'
  id: Uint8Array
  bytes: Uint8Array
  /** The C-Chain block that accepted it, and that block's time. */
  height: number
  time: number
  /** Import: the chain it imports from; export: the chain it exports to. */
  otherChain: Uint8Array
  /** Import: the X-Chain export UTXOs it consumes, with their acceptance time. */
  consumed: (UtxoSource & { time: number })[]
  /** Import: the EVM outputs it credits; export: the EVM inputs it debits. */
  evm: EvmTransfer[]
  /** Export: the outputs it puts in the destination's shared memory (UTXO output index = position). */
  exported: Output[]
  /** The one credential's 65-byte signature. */
  signature: Uint8Array
}

export interface CAtomicOptions {
  seed: number
  /** C-Chain height and block times. */
  height: number
  blockTime: (height: number) => number
  avaxAssetId: Uint8Array
  /** The X-Chain's exports to the C-Chain accepted before a time, in order. */
  xExports: (before: number) => (UtxoSource & { time: number })[]
  /** The EVM account every atomic tx credits or debits (ewoq's). */
  evmAddress: Uint8Array
}

/**
 * The C-Chain's atomic transactions (coreth `plugin/evm/atomic`): each X-Chain export to the C-Chain is imported into
 * ewoq's EVM account in the first C-Chain block after it (one import a block), and every fifth block no import takes
 * exports AVAX from that account to ewoq on the X-Chain or the P-Chain (alternately), where it stays in shared memory
 * (avm.getUTXOs / platform.getUTXOs with sourceChain C list it). Bytes follow coreth's codec, ID = sha256(bytes).
 * Fees are a fixed 0.001 AVAX (coreth's are gas-based); the EVM nonce counts these exports only; the C/block index's
 * blocks do not carry these txs in their extra data. Built on first use, in one pass over the C-Chain's heights.
 */
export class CAtomic {
  private list: CAtomicTx[] | undefined

  constructor(private readonly options: CAtomicOptions) {}

  get txs(): CAtomicTx[] {
    this.list ??= this.build()
    return this.list
  }

  /** The exports still in `chain`'s shared memory for one owner (20-byte hex): nothing imports them there. */
  exportsTo(chain: 'X' | 'P', ownerHex: string): UtxoSource[] {
    const destination = chain === 'X' ? X_CHAIN_BYTES : P_CHAIN_BYTES
    const out: UtxoSource[] = []
    for (const tx of this.txs) {
      if (tx.type !== 'export' || Buffer.compare(tx.otherChain, destination) !== 0) continue
      tx.exported.forEach((output, outputIndex) => {
        if (output.addresses.some((a) => Buffer.from(a).toString('hex') === ownerHex)) {
          out.push({ txId: tx.id, outputIndex, output })
        }
      })
    }
    return out
  }

  private build(): CAtomicTx[] {
    const { height, blockTime } = this.options
    const pending = this.options.xExports(blockTime(height))
    const out: CAtomicTx[] = []
    let next = 0
    let exports = 0
    for (let h = 1; h <= height; h++) {
      const utxo = pending[next]
      if (utxo && utxo.time < blockTime(h)) {
        out.push(this.importTx(h, utxo))
        next++
      } else if (h % EXPORT_EVERY === 0) {
        out.push(this.exportTx(h, exports++))
      }
    }
    return out
  }

  private signature(h: number): Uint8Array {
    const sig = randomBytes(this.options.seed, Stream.cAtomic, h, 65)
    sig[64] = (sig[64] as number) & 1
    return sig
  }

  /** `UnsignedImportTx`: networkID, blockchainID, sourceChain, importedInputs, outs; then the credentials. */
  private importTx(h: number, utxo: UtxoSource & { time: number }): CAtomicTx {
    const { avaxAssetId, evmAddress } = this.options
    const input: Input = {
      txId: utxo.txId,
      outputIndex: utxo.outputIndex,
      assetId: avaxAssetId,
      amount: utxo.output.amount,
      sigIndices: [0],
    }
    const credit = { address: evmAddress, amount: utxo.output.amount - BigInt(TX_FEE), assetId: avaxAssetId }
    const w = new ByteWriter(512).u16(0).u32(IMPORT_TX).u32(NETWORK_ID).bytes(C_CHAIN_BYTES).bytes(X_CHAIN_BYTES)
    w.u32(1)
    writeInput(w, input)
    w.u32(1).bytes(credit.address).u64(credit.amount).bytes(credit.assetId)
    const signature = this.signature(h)
    writeCredentials(w, [[signature]])
    return this.signed(w, {
      type: 'import',
      height: h,
      time: this.options.blockTime(h),
      otherChain: X_CHAIN_BYTES,
      consumed: [utxo],
      evm: [credit],
      exported: [],
      signature,
    })
  }

  /** `UnsignedExportTx`: networkID, blockchainID, destinationChain, ins, exportedOutputs; then the credentials. */
  private exportTx(h: number, k: number): CAtomicTx {
    const { avaxAssetId, evmAddress, seed } = this.options
    const amount = BigInt(1 + below(seed, Stream.cAtomic, 1_000_000_000 + k, 1000)) * 10_000_000n
    const debit = { address: evmAddress, amount: amount + BigInt(TX_FEE), assetId: avaxAssetId, nonce: BigInt(k) }
    const output = transferOutput(avaxAssetId, amount, ewoq.shortId)
    const destination = k % 2 === 0 ? X_CHAIN_BYTES : P_CHAIN_BYTES
    const w = new ByteWriter(512).u16(0).u32(EXPORT_TX).u32(NETWORK_ID).bytes(C_CHAIN_BYTES).bytes(destination)
    w.u32(1).bytes(debit.address).u64(debit.amount).bytes(debit.assetId).u64(debit.nonce)
    w.u32(1)
    writeOutput(w, output)
    const signature = this.signature(h)
    writeCredentials(w, [[signature]])
    return this.signed(w, {
      type: 'export',
      height: h,
      time: this.options.blockTime(h),
      otherChain: destination,
      consumed: [],
      evm: [debit],
      exported: [output],
      signature,
    })
  }

  private signed(w: ByteWriter, tx: Omit<CAtomicTx, 'id' | 'bytes'>): CAtomicTx {
    const bytes = w.finish()
    return { ...tx, id: sha256Fast(bytes), bytes }
  }
}
