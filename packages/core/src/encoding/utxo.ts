import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecReader } from './codec.js'
import { bytesToHex } from './hex.js'
import { utxoId } from './ids.js'

/** The secp256k1fx transfer output's type ID in the X-Chain and P-Chain codecs. */
export const SECP256K1_TRANSFER_OUTPUT = 7

export interface DecodedUtxo {
  /** UTXO ID: sha256(outputIndex ‖ txID). */
  id: string
  txId: string
  outputIndex: number
  assetId: string
  /** Codec type ID of the output (7 = secp256k1 transfer output). */
  typeId: number
  /** For transfer outputs: amount in the asset's smallest unit. */
  amount?: bigint
  locktime?: bigint
  threshold?: number
  /** Owner short IDs as 40-digit hex. */
  owners?: string[]
}

/** Decodes a UTXO as getUTXOs returns it (codec version ‖ txID ‖ outputIndex ‖ assetID ‖ typeID ‖ output). */
export function decodeUtxo(bytes: Uint8Array): DecodedUtxo {
  const r = new CodecReader(bytes)
  const version = r.u16()
  if (version !== 0) throw new InvalidEncodingError(`UTXO uses codec version ${version}; only 0 is known`)
  const txId = cb58Encode(r.bytes(32))
  const outputIndex = r.u32()
  const assetId = cb58Encode(r.bytes(32))
  const typeId = r.u32()
  const utxo: DecodedUtxo = { id: utxoId(txId, outputIndex), txId, outputIndex, assetId, typeId }
  if (typeId === SECP256K1_TRANSFER_OUTPUT) {
    utxo.amount = r.u64()
    utxo.locktime = r.u64()
    utxo.threshold = r.u32()
    utxo.owners = r.array((x) => bytesToHex(x.bytes(20)))
  }
  return utxo
}
