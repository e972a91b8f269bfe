import { InvalidEncodingError } from '../errors.js'
import { cb58Encode } from './cb58.js'
import { CodecReader } from './codec.js'
import { bytesToHexRange, hexDecodeScratch, hexRangeToBytes } from './hex.js'
import { utxoIdOf } from './ids.js'

/** The secp256k1fx transfer output's type ID in the X-Chain and P-Chain codecs. */
export const SECP256K1_TRANSFER_OUTPUT = 7
/**
 * `stakeable.LockOut`'s type ID in the P-Chain codec (`vms/platformvm/txs/codec.go`: registered after LockIn, 21):
 * a stake locktime wrapping a transferable output. Unused in the X-Chain codec, so it only appears in P-Chain UTXOs.
 */
export const STAKEABLE_LOCK_OUTPUT = 22

export interface DecodedUtxo {
  /** UTXO ID: sha256(outputIndex ‖ txID). Computed when first read. */
  id: string
  /** Computed when first read. */
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

/** Where the txID sits in a UTXO's hex text: after "0x" and the 2-byte codec version. */
const TX_ID_HEX = { from: 6, to: 6 + 64 }
const txIdScratch = new Uint8Array(32)

/**
 * A decoded UTXO whose `id` and `txId` are computed when first read, then kept: three SHA-256 and two base58
 * encodings, most of the cost of decoding, that sums of balances never read. They are own enumerable accessors, so
 * JSON, spread, `Object.keys` and deep equality see them as fields; assigning one replaces its value. `source` is a
 * copy of the txID's 32 bytes, or the UTXO's hex text (already checked) that a walk keeps anyway as `bytes`.
 */
class LazyUtxo {
  #source: Uint8Array | string
  #id: string | undefined
  #txId: string | undefined
  declare id: string
  declare txId: string
  declare outputIndex: number

  /** The txID's bytes: in a scratch that the next call overwrites (the IDs are computed from them at once). */
  static #txIdBytes(utxo: LazyUtxo): Uint8Array {
    const source = utxo.#source
    return typeof source === 'string' ? hexRangeToBytes(source, TX_ID_HEX.from, TX_ID_HEX.to, txIdScratch) : source
  }
  static readonly #ID: PropertyDescriptor = {
    get(this: LazyUtxo) {
      this.#id ??= utxoIdOf(LazyUtxo.#txIdBytes(this), this.outputIndex)
      return this.#id
    },
    set(this: LazyUtxo, value: string) {
      this.#id = value
    },
    enumerable: true,
    configurable: true,
  }
  static readonly #TX_ID: PropertyDescriptor = {
    get(this: LazyUtxo) {
      this.#txId ??= cb58Encode(LazyUtxo.#txIdBytes(this))
      return this.#txId
    },
    set(this: LazyUtxo, value: string) {
      this.#txId = value
    },
    enumerable: true,
    configurable: true,
  }

  constructor(source: Uint8Array | string) {
    this.#source = source
    // Defined first, so the keys keep their order: id, txId, outputIndex, ...
    Object.defineProperty(this, 'id', LazyUtxo.#ID)
    Object.defineProperty(this, 'txId', LazyUtxo.#TX_ID)
  }

  /** util.inspect (what logging an object prints) shows the values, not [Getter/Setter]. */
  [Symbol.for('nodejs.util.inspect.custom')](): object {
    return { ...this }
  }
}

/** secp256k1fx.TransferOutput after its type ID: amount, then OutputOwners (locktime, threshold, addresses). */
function readTransferOutput(r: CodecReader, utxo: DecodedUtxo): void {
  utxo.amount = r.u64()
  utxo.locktime = r.u64()
  utxo.threshold = r.u32()
  const owners: string[] = []
  for (let count = r.u32(); count > 0; count--) {
    const at = r.skip(20)
    owners.push(bytesToHexRange(r.source, at, at + 20))
  }
  utxo.owners = owners
}

/**
 * The asset IDs encoded last: an address's UTXOs hold a handful of assets (AVAX and a few tokens, interleaved in UTXO
 * ID order), so a walk encodes each one once instead of once a UTXO. Up to 16, the oldest replaced first.
 */
const assets: { bytes: Uint8Array; id: string }[] = []
let nextAsset = 0
function assetIdAt(bytes: Uint8Array, at: number): string {
  for (const asset of assets) if (bytesEqualAt(asset.bytes, bytes, at)) return asset.id
  // A copy, also when `bytes` is a Buffer (whose slice is a view: the walk's scratch, overwritten by the next UTXO).
  const copy = Uint8Array.prototype.slice.call(bytes, at, at + 32)
  const asset = { bytes: copy, id: cb58Encode(copy) }
  assets[nextAsset] = asset
  nextAsset = (nextAsset + 1) % 16
  return asset.id
}

function bytesEqualAt(a: Uint8Array, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[at + i]) return false
  return true
}

/** The fields after the txID, read into `utxo` (whose IDs come from its source). */
function readUtxo(r: CodecReader, utxo: DecodedUtxo): void {
  const bytes = r.source
  const version = r.u16()
  if (version !== 0) throw new InvalidEncodingError(`UTXO uses codec version ${version}; only 0 is known`)
  r.skip(32) // txID: read from the source when `id` or `txId` is
  utxo.outputIndex = r.u32()
  utxo.assetId = assetIdAt(bytes, r.skip(32))
  const typeId = r.u32()
  utxo.typeId = typeId
  if (typeId === SECP256K1_TRANSFER_OUTPUT) readTransferOutput(r, utxo)
  else if (typeId === STAKEABLE_LOCK_OUTPUT) {
    utxo.stakeableLocktime = r.u64()
    utxo.innerTypeId = r.u32()
    if (utxo.innerTypeId === SECP256K1_TRANSFER_OUTPUT) readTransferOutput(r, utxo)
  }
}

/** Decodes a UTXO as getUTXOs returns it (codec version ‖ txID ‖ outputIndex ‖ assetID ‖ typeID ‖ output). */
export function decodeUtxo(bytes: Uint8Array): DecodedUtxo {
  // A copy of the txID (a Buffer's slice would be a view): the caller may reuse `bytes`.
  const utxo = new LazyUtxo(Uint8Array.prototype.slice.call(bytes, 2, 34)) as unknown as DecodedUtxo
  readUtxo(new CodecReader(bytes), utxo)
  return utxo
}

let hexReader: CodecReader | undefined

/**
 * `decodeUtxo(hexDecode(text))` plus `bytes: text`, for a walk: the bytes go to a scratch buffer and are not kept,
 * the IDs are read again from `text` when first asked for.
 */
export function decodeUtxoHex(text: string): DecodedUtxo & { bytes: string } {
  const bytes = hexDecodeScratch(text)
  const utxo = new LazyUtxo(text) as unknown as DecodedUtxo & { bytes: string }
  // The hex decoder hands the same scratch view over while lengths repeat: so is its reader.
  hexReader = hexReader?.source === bytes ? hexReader.rewind() : new CodecReader(bytes)
  readUtxo(hexReader, utxo)
  utxo.bytes = text
  return utxo
}
