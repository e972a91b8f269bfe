import { ByteWriter, compareBytes } from './bytes.js'
import { AvmType, PvmType } from './constants.js'
import { chainAddress, hexNc, idString, jsonInt } from './json-values.js'

/**
 * The parts shared by X- and P-Chain transactions (`vms/components/avax`, `vms/secp256k1fx`). Type IDs 5, 7, 9 are
 * the same in both codecs, so the bytes are identical.
 */
export interface Output {
  assetId: Uint8Array
  /** 7 = secp256k1fx.TransferOutput, 6 = secp256k1fx.MintOutput (no amount). */
  typeId: 6 | 7
  amount: bigint
  locktime: bigint
  threshold: number
  addresses: Uint8Array[]
  /**
   * P-Chain only: the output is a `stakeable.LockOut` (type 22, `vms/platformvm/stakeable/stakeable_lock.go`) that
   * wraps this transfer output; until this time it can only be staked.
   */
  stakeableLocktime?: bigint
}

export interface Input {
  txId: Uint8Array
  outputIndex: number
  assetId: Uint8Array
  amount: bigint
  sigIndices: number[]
}

export interface Owners {
  locktime: bigint
  threshold: number
  addresses: Uint8Array[]
}

export function transferOutput(assetId: Uint8Array, amount: bigint, owner: Uint8Array): Output {
  return { assetId, typeId: 7, amount, locktime: 0n, threshold: 1, addresses: [owner] }
}

/** The output without its asset: type ID and fields (`verify.State` inside initial states and UTXOs). */
export function writeOutputBody(w: ByteWriter, out: Output): void {
  if (out.stakeableLocktime !== undefined) w.u32(PvmType.stakeableLockOut).u64(out.stakeableLocktime)
  w.u32(out.typeId)
  if (out.typeId === AvmType.transferOutput) w.u64(out.amount)
  w.u64(out.locktime).u32(out.threshold).u32(out.addresses.length)
  for (const address of out.addresses) w.bytes(address)
}

export function writeOutput(w: ByteWriter, out: Output): void {
  w.bytes(out.assetId)
  writeOutputBody(w, out)
}

export function writeInput(w: ByteWriter, input: Input): void {
  w.bytes(input.txId).u32(input.outputIndex).bytes(input.assetId).u32(AvmType.transferInput).u64(input.amount)
  w.u32(input.sigIndices.length)
  for (const index of input.sigIndices) w.u32(index)
}

export function writeOwners(w: ByteWriter, owners: Owners): void {
  w.u64(owners.locktime).u32(owners.threshold).u32(owners.addresses.length)
  for (const address of owners.addresses) w.bytes(address)
}

/** One secp256k1fx.Credential per signed input: type 9, then 65-byte recoverable signatures. */
export function writeCredentials(w: ByteWriter, credentials: Uint8Array[][]): void {
  w.u32(credentials.length)
  for (const sigs of credentials) {
    w.u32(AvmType.credential).u32(sigs.length)
    for (const sig of sigs) w.bytes(sig)
  }
}

const sortScratch = new ByteWriter(256)

/** `avax.SortTransferableOutputs`: by asset, then by the output's codec bytes. */
export function sortOutputs<T extends Output>(outputs: T[]): T[] {
  if (outputs.length < 2) return outputs
  const keyed = outputs.map((out) => ({ out, key: undefined as Uint8Array | undefined }))
  const key = (k: (typeof keyed)[number]) => {
    if (!k.key) {
      writeOutput(sortScratch.reset(), k.out)
      k.key = sortScratch.finish()
    }
    return k.key
  }
  keyed.sort((a, b) => {
    // Transfer outputs of one asset: their codec bytes first differ at the amount (u64 big-endian), if anywhere.
    if (
      plainTransfer(a.out) &&
      plainTransfer(b.out) &&
      a.out.assetId === b.out.assetId &&
      a.out.amount !== b.out.amount
    )
      return a.out.amount < b.out.amount ? -1 : 1
    return compareBytes(key(a), key(b))
  })
  return keyed.map((k) => k.out)
}

const plainTransfer = (out: Output) => out.typeId === AvmType.transferOutput && out.stakeableLocktime === undefined

/** `avax.SortTransferableInputs`: by (txID, outputIndex). */
export function sortInputs<T extends Input>(inputs: T[]): T[] {
  return inputs.sort((a, b) => compareBytes(a.txId, b.txId) || a.outputIndex - b.outputIndex)
}

// JSON shapes (`encoding: "json"`): Go marshals the secp256k1fx outputs through a map, so their keys are sorted.

export function ownersJson(chain: string, owners: Owners): Record<string, unknown> {
  return {
    addresses: owners.addresses.map((a) => chainAddress(chain, a)),
    locktime: jsonInt(owners.locktime),
    threshold: owners.threshold,
  }
}

export function outputBodyJson(chain: string, out: Output): Record<string, unknown> {
  if (out.stakeableLocktime !== undefined) {
    // LockOut's fields: `locktime` and the embedded TransferableOut as `output` (struct order, not sorted).
    const { stakeableLocktime, ...inner } = out
    return { locktime: jsonInt(stakeableLocktime), output: outputBodyJson(chain, inner) }
  }
  const addresses = out.addresses.map((a) => chainAddress(chain, a))
  if (out.typeId === AvmType.mintOutput) return { addresses, locktime: jsonInt(out.locktime), threshold: out.threshold }
  return { addresses, amount: jsonInt(out.amount), locktime: jsonInt(out.locktime), threshold: out.threshold }
}

export function outputJson(chain: string, out: Output, fxId: Uint8Array): Record<string, unknown> {
  return { assetID: idString(out.assetId), fxID: idString(fxId), output: outputBodyJson(chain, out) }
}

export function inputJson(input: Input, fxId: Uint8Array): Record<string, unknown> {
  return {
    txID: idString(input.txId),
    outputIndex: input.outputIndex,
    assetID: idString(input.assetId),
    fxID: idString(fxId),
    input: { amount: jsonInt(input.amount), signatureIndices: input.sigIndices },
  }
}

export function signaturesJson(sigs: Uint8Array[]): string[] {
  return sigs.map(hexNc)
}
