import * as z from 'zod/mini'
import { AVAX, observedAmount, showAmount } from '../units.js'
import { defineCheck } from './types.js'

const DAY = 86_400n

export const l1ValidatorBalance = defineCheck({
  kind: 'l1-validator-balance',
  family: 'Validators',
  nodeOnly: true,
  summary:
    "An L1 validator (by nodeId or validationId on subnetId) has at least minDays of fee left: its balance (platform.getCurrentValidators) over the current fee (platform.getValidatorFeeState's price, nAVAX per second).",
  fields: () =>
    z
      .strictObject({
        subnetId: z.string().check(z.minLength(1, { error: 'expected the L1 (subnet) ID the validator belongs to' })),
        nodeId: z.optional(
          z
            .string()
            .check(
              z.regex(/^NodeID-/, { error: 'expected a node ID like "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg"' }),
            ),
        ),
        validationId: z.optional(z.string().check(z.minLength(1))),
        minDays: z.number().check(z.nonnegative({ error: 'expected a number of days, 0 or more' })),
      })
      .check(
        z.refine((s) => (s.nodeId === undefined) !== (s.validationId === undefined), {
          error: 'set nodeId or validationId (one of them): which L1 validator to check',
          path: ['nodeId'],
        }),
      ),
  expected: (spec) => `≥ ${spec.minDays} days of fee at the current price`,
  async run(spec, { client, call }) {
    const who = spec.nodeId ?? `validation ${spec.validationId}`
    const [{ validators }, fee] = await Promise.all([
      client.platform.getCurrentValidators(
        { subnetID: spec.subnetId, ...(spec.nodeId && { nodeIDs: [spec.nodeId] }) },
        call,
      ),
      client.platform.getValidatorFeeState(undefined, call),
    ])
    const found = validators.find((v) =>
      spec.nodeId ? v.nodeID === spec.nodeId : 'validationID' in v && v.validationID === spec.validationId,
    )
    if (!found) return { ok: false, observed: `${who} is not a current validator of ${spec.subnetId}` }
    const balance = (found as { balance?: unknown }).balance
    if (typeof balance !== 'bigint') {
      return { ok: false, observed: `${who} has no balance: ${spec.subnetId} is not an L1 (or not converted yet)` }
    }
    const perDay = fee.price * DAY
    const amounts = {
      balance: observedAmount(balance, AVAX),
      pricePerSecond: observedAmount(fee.price, AVAX),
      feePerDay: observedAmount(perDay, AVAX),
    }
    const rate = `${fee.price} nAVAX/s`
    // The node deactivates a validator whose balance is spent (`service.go` convertL1ValidatorToAPI: balance 0).
    if (balance === 0n) return { ok: false, observed: `inactive: balance 0 (fee ${rate})`, amounts }
    if (perDay === 0n) return { ok: true, observed: `no fee (price 0): balance ${showAmount(balance, AVAX)}`, amounts }
    // Exact: the balance covers minDays when it holds minDays' worth of seconds at the price (whole seconds, rounded up).
    const needed = BigInt(Math.ceil(spec.minDays * 86_400)) * fee.price
    const days = Number((balance * 10n) / perDay) / 10
    return {
      ok: balance >= needed,
      observed: `${days.toFixed(1)} days left: balance ${showAmount(balance, AVAX)} at ${rate} (${showAmount(perDay, AVAX)}/day)`,
      details: `${who} on ${spec.subnetId}; fee at ${fee.timestamp}, excess ${fee.excess}`,
      amounts,
      value: days,
      better: 'higher',
    }
  },
})
