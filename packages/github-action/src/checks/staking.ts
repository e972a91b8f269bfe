import * as z from 'zod/mini'
import { defineCheck } from './types.js'

const DAY = 86_400
const nodeId = () =>
  z.optional(
    z
      .string()
      .check(z.regex(/^NodeID-/, { error: 'expected a node ID like "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg"' })),
  )

export const uptime = defineCheck({
  kind: 'uptime',
  family: 'Validators',
  nodeOnly: true,
  summary:
    "A validator's uptime is at least `min` percent (default 80, the Primary Network's reward threshold): this node's as the network's stake sees it (info.uptime), or `nodeId`'s as this node sees it (platform.getCurrentValidators).",
  fields: () =>
    z.strictObject({
      nodeId: nodeId(),
      min: z._default(z.number().check(z.gte(0), z.lte(100, { error: 'expected a percentage from 0 to 100' })), 80),
    }),
  expected: (spec) => `${spec.nodeId ?? 'this node'} uptime ≥ ${spec.min}%`,
  async run(spec, { client, call }) {
    if (!spec.nodeId) {
      // `info.uptime` (api/info/service.go Uptime): the stake-weighted average of the uptimes the validators observe
      // for this node, and the share of stake that sees it above its reward threshold.
      const { weightedAveragePercentage: weighted, rewardingStakePercentage: rewarding } = await client.info.uptime(
        undefined,
        call,
      )
      return {
        ok: weighted >= spec.min,
        observed: `uptime ${weighted}% (stake-weighted; ${rewarding}% of stake would reward it)`,
        value: weighted,
        better: 'higher',
      }
    }
    const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [spec.nodeId] }, call)
    const found = validators.find((v) => v.nodeID === spec.nodeId) as { uptime?: number } | undefined
    if (!found) return { ok: false, observed: `${spec.nodeId} is not a current Primary Network validator` }
    if (typeof found.uptime !== 'number') return { ok: false, observed: `${spec.nodeId}: uptime not reported` }
    return { ok: found.uptime >= spec.min, observed: `uptime ${found.uptime}%`, value: found.uptime, better: 'higher' }
  },
})

interface Stake {
  what: string
  txID?: string | undefined
  endTime: bigint
}

export const stakeEnding = defineCheck({
  kind: 'stake-ending',
  family: 'Validators',
  nodeOnly: true,
  summary:
    'No stake of a Primary Network validator (default this node) ends within `days`: its validation and its delegations (platform.getCurrentValidators with that one nodeID lists them), or only those of `include`.',
  fields: () =>
    z.strictObject({
      nodeId: nodeId(),
      days: z.number().check(z.positive({ error: 'expected a number of days above 0' })),
      include: z._default(
        z
          .array(z.enum(['validator', 'delegators'], { error: 'expected validator or delegators' }))
          .check(z.minLength(1)),
        ['validator', 'delegators'],
      ),
    }),
  expected: (spec) => `no ${spec.include.join(' or ')} stake ending within ${spec.days} days`,
  async run(spec, ctx) {
    const id = spec.nodeId ?? (await ctx.nodeId())
    // Exactly one nodeID: the only way the node includes the delegators (vms/platformvm/service.go GetCurrentValidators).
    const { validators } = await ctx.client.platform.getCurrentValidators({ nodeIDs: [id] }, ctx.call)
    const found = validators.find((v) => v.nodeID === id) as
      | { txID?: string; endTime?: bigint; delegators?: { txID: string; endTime: bigint }[] | null }
      | undefined
    if (!found) return { ok: false, observed: `${id} is not a current Primary Network validator` }
    const stakes: Stake[] = []
    if (spec.include.includes('validator') && typeof found.endTime === 'bigint')
      stakes.push({ what: 'validation', txID: found.txID, endTime: found.endTime })
    if (spec.include.includes('delegators'))
      for (const d of found.delegators ?? []) stakes.push({ what: 'delegation', txID: d.txID, endTime: d.endTime })
    if (stakes.length === 0) return { ok: true, observed: `${id}: no ${spec.include.join(' or ')} stake with an end` }
    const now = Date.now() / 1000
    const left = (s: Stake) => (Number(s.endTime) - now) / DAY
    const ending = stakes.filter((s) => left(s) < spec.days).sort((a, b) => Number(a.endTime - b.endTime))
    const next = [...stakes].sort((a, b) => Number(a.endTime - b.endTime))[0] as Stake
    const when = (s: Stake) =>
      `${s.what} ${s.txID ?? ''} ends ${new Date(Number(s.endTime) * 1000).toISOString().slice(0, 10)} (${left(s).toFixed(1)} days)`
    return {
      ok: ending.length === 0,
      observed:
        ending.length === 0
          ? `${stakes.length} stakes, next: ${when(next)}`
          : `${ending.length} of ${stakes.length} stakes end within ${spec.days} days; first: ${when(ending[0] as Stake)}`,
      details: ending.length ? ending.map(when).join('\n') : undefined,
      value: Number(left(next).toFixed(2)),
      better: 'higher',
    }
  },
})
