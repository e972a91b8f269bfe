import { bytesToHex } from '@avalanche-automation/core'
import { hexNc, idString } from '../world/json-values.js'
import type { World } from '../world/world.js'
import { GrowingInt32 } from './growing.js'
import { upperBound } from './paging.js'

interface State {
  weight: bigint
  balance: bigint
  /** What the tx added to the balance. */
  change: bigint
}

/**
 * The P-Chain txs that changed each L1 validation (SetL1ValidatorWeightTx, IncreaseL1ValidatorBalanceTx), with the
 * validation's weight and balance after each: read once per tx as the chain grows (one pass over the txs it added),
 * so a listing by validation and a tx's `l1ValidatorDetails` as of that tx cost a lookup.
 */
export class L1History {
  private readonly changes = new Map<string, { positions: GrowingInt32; states: State[] }>()
  private scanned = 0

  constructor(private readonly world: World) {}

  /** Sorted positions of the txs that changed a validation (cb58 ID). */
  positions(validationId: string): Int32Array {
    return this.extend().changes.get(validationId)?.positions.view() ?? new Int32Array()
  }

  /** The validation a P-Chain tx changed, if any. */
  validationOf(j: number): string | undefined {
    return this.change(j)?.id
  }

  /**
   * L1 validator k as P-Chain tx j left it, as L1ValidatorDetailsTransaction (data-api.openapi.json line 15203: "the
   * state at the time of the transaction, not in real-time"): the conversion's weight and balance, then each
   * change's up to tx j; balanceChange is what tx j added.
   */
  details(k: number, j: number): Record<string, unknown> {
    const { p } = this.world
    const v = p.l1Validators[k] as (typeof p.l1Validators)[number]
    const id = idString(v.validationId)
    const history = this.extend().changes.get(id)
    const at = history ? upperBound(history.positions.view(), j) - 1 : -1
    const initial = this.initial(k)
    const state = at >= 0 ? (history?.states[at] as State) : initial
    const change = j === conversionOf(v) ? initial.balance : history?.positions.at(at) === j ? state.change : 0n
    return {
      validationId: id,
      validationIdHex: `0x${bytesToHex(v.validationId)}`,
      nodeId: v.node.nodeId,
      subnetId: idString(p.l1SubnetId),
      weight: Number(state.weight),
      remainingBalance: Number(state.balance),
      balanceChange: Number(change),
      blsCredentials: { publicKey: hexNc(v.node.publicKey), proofOfPossession: hexNc(v.node.proofOfPossession) },
    }
  }

  private extend(): this {
    const { p } = this.world
    for (let j = this.scanned; j < p.txCount; j++) {
      const change = this.change(j)
      if (!change) continue
      let history = this.changes.get(change.id)
      if (!history) {
        history = { positions: new GrowingInt32(), states: [] }
        this.changes.set(change.id, history)
      }
      const previous = history.states.at(-1) ?? this.initial(change.k)
      history.positions.push(j)
      history.states.push({
        weight: change.weight ?? previous.weight,
        balance: previous.balance + change.added,
        change: change.added,
      })
    }
    this.scanned = p.txCount
    return this
  }

  /** The conversion's weight and balance of L1 validator k (ConvertSubnetToL1Tx lists them in the same order). */
  private initial(k: number): State {
    const { p } = this.world
    const v = p.l1Validators[k] as (typeof p.l1Validators)[number]
    const { tx } = p.tx(conversionOf(v))
    const spec = tx.type === 'convertSubnetToL1' ? tx.validators[k] : undefined
    return { weight: spec?.weight ?? v.weight, balance: spec?.balance ?? v.balance, change: 0n }
  }

  /**
   * What tx j did to an L1 validation: IncreaseL1ValidatorBalanceTx names it and the amount; SetL1ValidatorWeightTx
   * carries an L1ValidatorWeight in its Warp message (codec version, type ID, validation ID, nonce, weight:
   * `vms/platformvm/warp/message/l1_validator_weight.go`), found by the L1's validation IDs in the message bytes.
   */
  private change(j: number): { id: string; k: number; weight?: bigint; added: bigint } | undefined {
    const { p } = this.world
    const { tx } = p.tx(j)
    if (tx.type === 'increaseL1ValidatorBalance') {
      const k = p.l1Validators.findIndex((l) => Buffer.compare(l.validationId, tx.validationId) === 0)
      return k < 0 ? undefined : { id: idString(tx.validationId), k, added: tx.balance }
    }
    if (tx.type !== 'setL1ValidatorWeight') return undefined
    const message = Buffer.from(tx.message)
    for (const [k, l] of p.l1Validators.entries()) {
      const at = message.indexOf(Buffer.from(l.validationId))
      if (at >= 0) return { id: idString(l.validationId), k, weight: message.readBigUInt64BE(at + 40), added: 0n }
    }
    return undefined
  }
}

/** Position of the ConvertSubnetToL1Tx that registered an L1 validator (the tx of the block it was added in). */
export function conversionOf(v: { addedHeight: number }): number {
  return v.addedHeight - 1
}
