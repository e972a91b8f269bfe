import { compareBytes } from './bytes.js'
import type { Output } from './components.js'
import { GENESIS_TIME, NANO_PER_AVAX } from './constants.js'
import type { Account } from './keys.js'

/**
 * Outputs that are not simply their owner's to spend now: time-locked (`OutputOwners.Locktime`), stake-locked
 * (`stakeable.LockOut`, P-Chain only) and shared by two addresses (1-of-2 and 2-of-2). dave holds them all, erin
 * co-owns the shared ones. Each carries, by construction, the figure the node counts it in, so fixtures do not
 * depend on the balance code they check.
 */

/** 2100-01-01T00:00:00Z: ahead of any clock the devnet runs under. */
export const LOCKED_UNTIL = 4_102_444_800n
/** A minute after genesis: past on every devnet clock (the chains' and the wall clock). */
export const LOCK_PASSED = BigInt(GENESIS_TIME + 60)

/** The part of platform.getBalance an output counts in (`vms/platformvm/service.go` GetBalance). */
export type PChainPart = 'unlocked' | 'lockedStakeable' | 'lockedNotStakeable'

const nAvax = (avax: number) => BigInt(Math.round(avax * 100)) * BigInt(NANO_PER_AVAX / 100)

function owned(
  assetId: Uint8Array,
  avax: number,
  owners: Account[],
  threshold: number,
  lock: { locktime?: bigint; stake?: bigint } = {},
): Output {
  return {
    assetId,
    typeId: 7,
    amount: nAvax(avax),
    locktime: lock.locktime ?? 0n,
    threshold,
    // secp256k1fx.OutputOwners.Verify: addresses sorted and unique.
    addresses: owners.map((o) => o.shortId).sort(compareBytes),
    ...(lock.stake !== undefined && { stakeableLocktime: lock.stake }),
  }
}

/**
 * dave's X-Chain outputs besides his plain ones, with whether avm.getBalance counts them without includePartial:
 * only an output with exactly one owner whose locktime has passed does (`vms/avm/service.go` GetBalance).
 */
export function xLockedOutputs(avax: Uint8Array, dave: Account, erin: Account) {
  return [
    { output: owned(avax, 3, [dave], 1, { locktime: LOCKED_UNTIL }), spendableAlone: false },
    { output: owned(avax, 0.25, [dave], 1, { locktime: LOCK_PASSED }), spendableAlone: true },
    { output: owned(avax, 40, [dave, erin], 2), spendableAlone: false },
    { output: owned(avax, 500, [dave, erin], 1), spendableAlone: false },
  ]
}

/**
 * dave's P-Chain outputs (one BaseTx pays them all), with the part of platform.getBalance each counts in; threshold
 * and co-owners play no part there, so the shared ones count in full for erin too.
 */
export function pLockedOutputs(avax: Uint8Array, dave: Account, erin: Account): { output: Output; part: PChainPart }[] {
  return [
    { output: owned(avax, 1000, [dave], 1, { stake: LOCKED_UNTIL }), part: 'lockedStakeable' },
    { output: owned(avax, 200, [dave], 1, { stake: LOCK_PASSED }), part: 'unlocked' },
    { output: owned(avax, 30, [dave], 1, { stake: LOCKED_UNTIL, locktime: LOCKED_UNTIL }), part: 'lockedNotStakeable' },
    { output: owned(avax, 4, [dave], 1, { locktime: LOCKED_UNTIL }), part: 'lockedNotStakeable' },
    { output: owned(avax, 0.5, [dave, erin], 2), part: 'unlocked' },
    { output: owned(avax, 0.06, [dave], 1), part: 'unlocked' },
    { output: owned(avax, 7, [dave, erin], 2, { stake: LOCKED_UNTIL }), part: 'lockedStakeable' },
  ]
}
