import { type DecodedUtxo, SECP256K1_TRANSFER_OUTPUT, STAKEABLE_LOCK_OUTPUT } from './utxo.js'

/**
 * Balances computed from decoded UTXOs by the node's own rules, so that a sum over a getUTXOs walk equals what the
 * node's (deprecated) balance methods answer. `now` is unix seconds: the node compares locktimes with its clock.
 */

/** The three parts platform.getBalance splits a P-Chain balance into. */
export type PChainBalanceKind = 'unlocked' | 'lockedStakeable' | 'lockedNotStakeable'

const seconds = (now: bigint | number) => (typeof now === 'bigint' ? now : BigInt(Math.floor(now)))

/**
 * Where platform.getBalance counts a P-Chain UTXO at `now` (`GetBalance`, `vms/platformvm/service.go`):
 * - a transfer output (7) is `unlocked` once its locktime ≤ now, else `lockedNotStakeable`;
 * - a stake-locked output (22 around a 7) is `lockedNotStakeable` while the inner locktime > now, else `unlocked`
 *   once the stake locktime ≤ now, else `lockedStakeable` (spendable on staking only).
 * Threshold and owner count play no part. Undefined for outputs the node skips (any other type).
 */
export function pChainBalanceKind(utxo: DecodedUtxo, now: bigint | number): PChainBalanceKind | undefined {
  const at = seconds(now)
  if (utxo.amount === undefined || utxo.locktime === undefined) return undefined
  if (utxo.typeId === SECP256K1_TRANSFER_OUTPUT) return utxo.locktime <= at ? 'unlocked' : 'lockedNotStakeable'
  if (utxo.typeId !== STAKEABLE_LOCK_OUTPUT || utxo.stakeableLocktime === undefined) return undefined
  if (utxo.locktime > at) return 'lockedNotStakeable'
  return utxo.stakeableLocktime <= at ? 'unlocked' : 'lockedStakeable'
}

/**
 * Whether avm.getBalance and avm.getAllBalances count a UTXO without `includePartial` (`GetBalance`,
 * `vms/avm/service.go`): a transfer output with exactly one owner (so the address asked about holds it alone) whose
 * locktime ≤ now. With `includePartial` every transfer output the address is one of the owners of counts.
 */
export function isSpendableAlone(utxo: DecodedUtxo, now: bigint | number): boolean {
  return (
    utxo.typeId === SECP256K1_TRANSFER_OUTPUT &&
    utxo.owners?.length === 1 &&
    utxo.locktime !== undefined &&
    utxo.locktime <= seconds(now)
  )
}

/** One asset's P-Chain balance as platform.getBalance reports it; `total` is its `balance` (the three added). */
export interface PChainBalance {
  unlocked: bigint
  lockedStakeable: bigint
  lockedNotStakeable: bigint
  total: bigint
}

/** One asset's X-Chain balance: `spendable` = avm.getBalance without includePartial, `total` = with it. */
export interface XChainBalance {
  spendable: bigint
  total: bigint
}

/** Per-asset sums at one clock reading; `of` gives zeros for an asset no UTXO holds. */
abstract class AssetSums<T> {
  readonly byAsset = new Map<string, T>()
  protected readonly now: bigint

  constructor(now: bigint | number) {
    this.now = seconds(now)
  }

  protected abstract zero(): T

  of(assetId: string): T {
    return this.byAsset.get(assetId) ?? this.zero()
  }

  /** The entry of an asset, created on first use. */
  protected entry(assetId: string): T {
    const entry = this.of(assetId)
    this.byAsset.set(assetId, entry)
    return entry
  }
}

/**
 * Adds up P-Chain UTXOs (from a platform.getUTXOs walk over the addresses) per asset ID, as platform.getBalance does.
 * The node saturates at 2^64-1 where this keeps the exact sum; no real balance gets there.
 */
export class PChainBalances extends AssetSums<PChainBalance> {
  protected zero(): PChainBalance {
    return { unlocked: 0n, lockedStakeable: 0n, lockedNotStakeable: 0n, total: 0n }
  }

  add(utxo: DecodedUtxo): void {
    const kind = pChainBalanceKind(utxo, this.now)
    if (!kind) return
    const entry = this.entry(utxo.assetId)
    entry[kind] += utxo.amount as bigint
    entry.total += utxo.amount as bigint
  }
}

/** Adds up the X-Chain UTXOs of one address (an avm.getUTXOs walk) per asset ID, as avm.getBalance does. */
export class XChainBalances extends AssetSums<XChainBalance> {
  protected zero(): XChainBalance {
    return { spendable: 0n, total: 0n }
  }

  add(utxo: DecodedUtxo): void {
    if (utxo.typeId !== SECP256K1_TRANSFER_OUTPUT || utxo.amount === undefined) return
    const entry = this.entry(utxo.assetId)
    entry.total += utxo.amount
    if (isSpendableAlone(utxo, this.now)) entry.spendable += utxo.amount
  }
}
