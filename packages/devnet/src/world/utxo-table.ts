import { bytesToHex } from '@avalanche-automation/core'
import { encodeUtxo } from './avm-codec.js'
import { compareBytes, sha256Fast } from './bytes.js'
import { type Output, transferOutput } from './components.js'
import { hexChecked } from './json-values.js'

export interface UtxoSource {
  txId: Uint8Array
  outputIndex: number
  output: Output
}

/** UTXO ID = sha256(uint64 big-endian outputIndex ‖ txID) (`ids.ID.Prefix`). */
export function utxoIdBytes(txId: Uint8Array, outputIndex: number): Uint8Array {
  const buf = new Uint8Array(40)
  new DataView(buf.buffer).setUint32(4, outputIndex)
  buf.set(txId, 8)
  return sha256Fast(buf)
}

/**
 * One address's UTXOs in the order the node iterates them: by UTXO ID (the address index is a prefix DB keyed by
 * UTXO ID). Stored column-wise in typed arrays (~90 bytes per UTXO) so 100,000 UTXOs stay off the JS heap; the few
 * outputs that are not the address's alone without locktime (multisig, time- or stake-locked) are kept whole.
 */
export class UtxoTable {
  readonly count: number
  private readonly ids: Uint8Array
  private readonly txIds: Uint8Array
  private readonly outputIndexes: Uint32Array
  private readonly assetIndexes: Uint8Array
  private readonly typeIds: Uint8Array
  private readonly amounts: BigUint64Array
  /** Outputs other than `owner` alone with no locktime, by position. */
  private readonly special = new Map<number, Output>()
  /** Per asset index: sum of every transfer output's amount (what a getUTXOs walk adds up). */
  readonly balances: bigint[]
  /** Per asset index: the same sum over the plain outputs (not in `special`). */
  private readonly plainBalances: bigint[]
  /** Rendered UTXOs (checksummed hex), kept for tables small enough that caching them all is cheap. */
  private readonly rendered: (string | undefined)[] | undefined

  static readonly empty = new UtxoTable([], [], new Uint8Array(20))

  constructor(
    sources: UtxoSource[],
    private readonly assetIds: Uint8Array[],
    private readonly owner: Uint8Array,
  ) {
    const assetIndex = new Map(assetIds.map((id, k) => [bytesToHex(id), k]))
    const keyed = sources.map((s) => ({ s, id: utxoIdBytes(s.txId, s.outputIndex) }))
    keyed.sort((a, b) => compareBytes(a.id, b.id))
    this.count = keyed.length
    this.ids = new Uint8Array(this.count * 32)
    this.txIds = new Uint8Array(this.count * 32)
    this.outputIndexes = new Uint32Array(this.count)
    this.assetIndexes = new Uint8Array(this.count)
    this.typeIds = new Uint8Array(this.count)
    this.amounts = new BigUint64Array(this.count)
    this.balances = assetIds.map(() => 0n)
    this.plainBalances = assetIds.map(() => 0n)
    this.rendered = this.count <= 20_000 ? new Array(this.count) : undefined
    keyed.forEach(({ s, id }, k) => {
      const asset = assetIndex.get(bytesToHex(s.output.assetId)) ?? 0
      this.ids.set(id, k * 32)
      this.txIds.set(s.txId, k * 32)
      this.outputIndexes[k] = s.outputIndex
      this.assetIndexes[k] = asset
      this.typeIds[k] = s.output.typeId
      this.amounts[k] = s.output.amount
      if (!isPlain(s.output, owner)) this.special.set(k, s.output)
      if (s.output.typeId !== 7) return
      this.balances[asset] = (this.balances[asset] as bigint) + s.output.amount
      if (!this.special.has(k)) this.plainBalances[asset] = (this.plainBalances[asset] as bigint) + s.output.amount
    })
  }

  utxoId(k: number): Uint8Array {
    return this.ids.subarray(k * 32, k * 32 + 32)
  }

  txId(k: number): Uint8Array {
    return this.txIds.subarray(k * 32, k * 32 + 32)
  }

  outputIndex(k: number): number {
    return this.outputIndexes[k] as number
  }

  assetIndex(k: number): number {
    return this.assetIndexes[k] as number
  }

  output(k: number): Output {
    const special = this.special.get(k)
    if (special) return special
    return {
      assetId: this.assetIds[this.assetIndexes[k] as number] as Uint8Array,
      typeId: this.typeIds[k] === 6 ? 6 : 7,
      amount: this.amounts[k] as bigint,
      locktime: 0n,
      threshold: 1,
      addresses: [this.owner],
    }
  }

  /**
   * Per asset index: the sum of the transfer outputs `counts` accepts. Plain outputs share one verdict, so the cost
   * does not grow with the table (getAllBalances on an address with a million UTXOs).
   */
  sum(counts: (out: Output) => boolean): bigint[] {
    const plain = counts(transferOutput(new Uint8Array(32), 0n, this.owner))
    const sums = this.plainBalances.map((amount) => (plain ? amount : 0n))
    for (const [k, out] of this.special) {
      const asset = this.assetIndexes[k] as number
      if (out.typeId === 7 && counts(out)) sums[asset] = (sums[asset] as bigint) + out.amount
    }
    return sums
  }

  /** The UTXO as getUTXOs returns it with the default encoding: "0x" + hex(bytes ‖ checksum). */
  hex(k: number): string {
    const cached = this.rendered?.[k]
    if (cached !== undefined) return cached
    const text = hexChecked(encodeUtxo(this.txId(k), this.outputIndex(k), this.output(k)))
    if (this.rendered) this.rendered[k] = text
    return text
  }

  /**
   * First position to read after a cursor: the node's iterator starts at the first key >= start and skips a key
   * equal to start, so a cursor naming a UTXO that no longer exists still resumes at the right place.
   */
  after(start: Uint8Array): number {
    let lo = 0
    let hi = this.count
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compareBytes(this.utxoId(mid), start) < 0) lo = mid + 1
      else hi = mid
    }
    if (lo < this.count && compareBytes(this.utxoId(lo), start) === 0) lo++
    return lo
  }
}

/** Whether an output is the shape the table stores in columns: a transfer or mint output of `owner` alone, no lock. */
function isPlain(out: Output, owner: Uint8Array): boolean {
  return (
    out.stakeableLocktime === undefined &&
    out.locktime === 0n &&
    out.threshold === 1 &&
    out.addresses.length === 1 &&
    compareBytes(out.addresses[0] as Uint8Array, owner) === 0
  )
}
