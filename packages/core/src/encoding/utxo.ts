import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecReader } from './codec.js'
import { bytesEqual } from './hash.js'
import { bytesToHex } from './hex.js'
import { utxoIdOf } from './ids.js'

/** The secp256k1fx transfer output's type ID in the X-Chain and P-Chain codecs. */
export const SECP256K1_TRANSFER_OUTPUT = 7
/**
 * `stakeable.LockOut`'s type ID in the P-Chain codec (`vms/platformvm/txs/codec.go`: registered after LockIn, 21):
 * a stake locktime wrapping a transferable output. Unused in the X-Chain codec, so it only appears in P-Chain UTXOs.
 */
export const STAKEABLE_LOCK_OUTPUT = 22

export interface DecodedUtxo {
  /** UTXO ID: sha256(outputIndex ‖ txID). */
  id: string
  txId: string
  outputIndex: number
  assetId: string
  /**
   * Codec type ID of the output: 7 = secp256k1 transfer output, 22 = stake-locked output (P-Chain `stakeable.LockOut`
   * around a transfer output). For any other type only the IDs are read and `amount`/`owners` are absent.
   */
  typeId: number
  /** Type 22 only: the wrapped output's type ID (7; anything else leaves `amount`/`owners` absent). */
  innerTypeId?: number
  /** Amount in the asset's smallest unit. */
  amount?: bigint
  /** The owners' locktime (`OutputOwners.Locktime`, unix seconds): nobody can spend the output before it. */
  locktime?: bigint
  /** Signatures needed out of `owners`. */
  threshold?: number
  /** Owner short IDs as 40-digit hex. */
  owners?: string[]
  /** Type 22 only: until this time (unix seconds) the output can be spent on staking only. */
  stakeableLocktime?: bigint
}

/** secp256k1fx.TransferOutput after its type ID: amount, then OutputOwners (locktime, threshold, addresses). */
function readTransferOutput(r: CodecReader, utxo: DecodedUtxo): void {
  utxo.amount = r.u64()
  utxo.locktime = r.u64()
  utxo.threshold = r.u32()
  utxo.owners = r.array((x) => bytesToHex(x.bytes(20)))
}

/** The last asset ID encoded: an address's UTXOs are nearly all of one asset (AVAX), so a walk encodes it once. */
let lastAsset: { bytes: Uint8Array; id: string } | undefined
function assetIdOf(bytes: Uint8Array): string {
  if (lastAsset && bytesEqual(lastAsset.bytes, bytes)) return lastAsset.id
  lastAsset = { bytes: bytes.slice(), id: cb58Encode(bytes) }
  return lastAsset.id
}

/** Decodes a UTXO as getUTXOs returns it (codec version ‖ txID ‖ outputIndex ‖ assetID ‖ typeID ‖ output). */
export function decodeUtxo(bytes: Uint8Array): DecodedUtxo {
  const r = new CodecReader(bytes)
  const version = r.u16()
  if (version !== 0) throw new InvalidEncodingError(`UTXO uses codec version ${version}; only 0 is known`)
  const txIdBytes = r.bytes(32)
  const outputIndex = r.u32()
  const assetId = assetIdOf(r.bytes(32))
  const typeId = r.u32()
  const id = utxoIdOf(txIdBytes, outputIndex)
  const utxo: DecodedUtxo = { id, txId: cb58Encode(txIdBytes), outputIndex, assetId, typeId }
  if (typeId === SECP256K1_TRANSFER_OUTPUT) readTransferOutput(r, utxo)
  else if (typeId === STAKEABLE_LOCK_OUTPUT) {
    utxo.stakeableLocktime = r.u64()
    utxo.innerTypeId = r.u32()
    if (utxo.innerTypeId === SECP256K1_TRANSFER_OUTPUT) readTransferOutput(r, utxo)
  }
  return utxo
}
