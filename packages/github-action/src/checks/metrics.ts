import * as z from 'zod/mini'
import { betterOf, defineCheck } from './types.js'

const chainId = () => z.string().check(z.minLength(1, { error: 'expected an EVM chain ID like "43114"' }))
const bounds = (s: { min?: number | undefined; max?: number | undefined }) => s.min !== undefined || s.max !== undefined
const showBounds = (s: { min?: number | undefined; max?: number | undefined }) =>
  [s.min !== undefined && `≥ ${s.min}`, s.max !== undefined && `≤ ${s.max}`].filter(Boolean).join(' and ')
const within = (v: number, s: { min?: number | undefined; max?: number | undefined }) =>
  (s.min === undefined || v >= s.min) && (s.max === undefined || v <= s.max)

export const tps = defineCheck({
  kind: 'tps',
  family: 'Metrics',
  summary: "The latest daily average TPS of an EVM chain (the seed's GET /v1/avg_tps/{chainId}) is ≥ min.",
  fields: () => z.strictObject({ chainId: chainId(), min: z.number().check(z.nonnegative()) }),
  expected: (spec) => `≥ ${spec.min} tx/s`,
  async run(spec, { client, call }) {
    const { results } = await client.metrics.getAvgTps({ chainId: spec.chainId }, call)
    const latest = results[0]
    if (!latest) return { ok: false, observed: 'no data points' }
    const day = new Date(Number(latest.timestamp) * 1000).toISOString().slice(0, 10)
    return {
      ok: Number(latest.value) >= spec.min,
      observed: `${Number(latest.value).toFixed(3)} tx/s (${day})`,
      value: Number(latest.value),
      better: 'higher',
    }
  },
})

export const chainMetric = defineCheck({
  kind: 'chain-metric',
  family: 'Metrics',
  summary:
    'The latest point of any Metrics API v2 chain metric (txCount, activeAddresses, gasUsed, ...) is within [min, max].',
  fields: () =>
    z
      .strictObject({
        chainId: chainId(),
        metric: z.string().check(z.minLength(1)),
        timeInterval: z._default(
          z.enum(['hour', 'day', 'week', 'month'], { error: 'expected hour, day, week or month' }),
          'day',
        ),
        min: z.optional(z.number()),
        max: z.optional(z.number()),
      })
      .check(z.refine(bounds, { error: 'set min, max or both' })),
  expected: (spec) => `${spec.metric} ${showBounds(spec)}`,
  async run(spec, { client, call }) {
    const page = await client.metrics.getEvmChainMetrics(
      // The metric name is checked by the operation's own schema, which lists every metric the API knows.
      { chainId: spec.chainId, metric: spec.metric as 'txCount', timeInterval: spec.timeInterval, pageSize: 1 },
      call,
    )
    const latest = page.results?.[0]
    if (latest?.value === undefined) return { ok: false, observed: 'no data points' }
    const value = Number(latest.value)
    const at = new Date(Number(latest.timestamp) * 1000).toISOString().slice(0, 16).replace('T', ' ')
    return {
      ok: within(value, spec),
      observed: `${spec.metric} ${value} (${spec.timeInterval} of ${at})`,
      value,
      better: betterOf(spec),
    }
  },
})
