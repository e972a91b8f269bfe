import * as z from 'zod/mini'
import { AVAX, amount, observedAmount, parseThreshold, showAmount } from '../units.js'
import { betterOf, defineCheck } from './types.js'

const STATUSES = ['Validating', 'Created', 'Preferred', 'Syncing', 'Unknown'] as const

export const blockchainStatus = defineCheck({
  kind: 'blockchain-status',
  family: 'P-Chain',
  nodeOnly: true,
  summary: 'platform.getBlockchainStatus of a blockchain is one of `in` (default Validating).',
  fields: () =>
    z.strictObject({
      blockchainId: z.string().check(z.minLength(1)),
      in: z._default(
        z.array(z.enum(STATUSES, { error: `expected one of ${STATUSES.join(', ')}` })).check(z.minLength(1)),
        ['Validating'],
      ),
    }),
  expected: (spec) => spec.in.join(' or '),
  async run(spec, { client, call }) {
    const { status } = await client.platform.getBlockchainStatus({ blockchainID: spec.blockchainId }, call)
    return { ok: (spec.in as string[]).includes(status), observed: status }
  },
})

export const supply = defineCheck({
  kind: 'supply',
  family: 'P-Chain',
  nodeOnly: true,
  summary: 'platform.getCurrentSupply (Primary Network, or a subnet) is within [min, max].',
  fields: () =>
    z
      .strictObject({
        subnetId: z.optional(z.string().check(z.minLength(1))),
        min: z.optional(amount),
        max: z.optional(amount),
      })
      .check(z.refine((s) => s.min !== undefined || s.max !== undefined, { error: 'set min, max or both' })),
  expected: (spec) => [spec.min && `≥ ${spec.min}`, spec.max && `≤ ${spec.max}`].filter(Boolean).join(' and '),
  async run(spec, { client, call }) {
    const { supply } = await client.platform.getCurrentSupply(
      spec.subnetId ? { subnetID: spec.subnetId } : undefined,
      call,
    )
    const unit = spec.subnetId ? { symbol: '', denomination: 0 } : AVAX
    const min = spec.min === undefined ? undefined : parseThreshold(spec.min, unit)
    const max = spec.max === undefined ? undefined : parseThreshold(spec.max, unit)
    return {
      ok: (min === undefined || supply >= min) && (max === undefined || supply <= max),
      observed: showAmount(supply, unit),
      amounts: { supply: observedAmount(supply, unit) },
      better: betterOf(spec),
    }
  },
})
