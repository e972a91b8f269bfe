import * as z from 'zod/mini'
import { AVAX, amount, observedAmount, parseThreshold, showAmount, type Unit } from '../units.js'
import { type CheckContext, defineCheck } from './types.js'

const DAY = 86_400

export const validator = defineCheck({
  kind: 'validator',
  family: 'Validators',
  summary:
    'A node (default: this node) is a current validator of the Primary Network or a subnet/L1, optionally connected, with uptime, days left, weight and L1 balance thresholds; `source: data` reads the Data API (getSingleValidatorDetails on `network`) when the node you reach is not the validator.',
  fields: () =>
    z
      .strictObject({
        nodeId: z.optional(
          z
            .string()
            .check(
              z.regex(/^NodeID-/, { error: 'expected a node ID like "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg"' }),
            ),
        ),
        subnetId: z.optional(z.string().check(z.minLength(1))),
        connected: z.optional(z.boolean()),
        minUptime: z.optional(z.number().check(z.gte(0), z.lte(100, { error: 'expected a percentage from 0 to 100' }))),
        minDaysLeft: z.optional(z.number()),
        minWeight: z.optional(amount),
        minBalance: z.optional(amount),
        source: z.optional(
          z.enum(['node', 'data'], { error: 'expected node (platform.getCurrentValidators) or data (Data API)' }),
        ),
        network: z.optional(z.enum(['mainnet', 'fuji'], { error: 'expected mainnet or fuji' })),
      })
      .check(
        z.refine((s) => s.source !== 'data' || (s.nodeId !== undefined && s.network !== undefined), {
          error:
            'source data needs nodeId and network (mainnet or fuji): the Data API does not know which node you mean',
          path: ['source'],
        }),
        z.refine((s) => s.source === 'data' || s.network === undefined, {
          error: 'network applies to source data only',
          path: ['network'],
        }),
        z.refine((s) => s.source !== 'data' || (s.connected === undefined && s.minBalance === undefined), {
          error:
            'source data reports no connection and no L1 balance: drop connected/minBalance or read the node (source node)',
          path: ['source'],
        }),
      ),
  expected: (spec) =>
    [
      spec.nodeId ? `${spec.nodeId} validating` : 'this node validating',
      spec.connected === undefined ? undefined : spec.connected ? 'connected' : 'not connected',
      spec.minUptime === undefined ? undefined : `uptime ≥ ${spec.minUptime}%`,
      spec.minDaysLeft === undefined ? undefined : `≥ ${spec.minDaysLeft} days left`,
      spec.minWeight === undefined ? undefined : `weight ≥ ${spec.minWeight}`,
      spec.minBalance === undefined ? undefined : `balance ≥ ${spec.minBalance}`,
    ]
      .filter(Boolean)
      .join(', '),
  async run(spec, ctx) {
    const nodeId = spec.nodeId ?? (await ctx.nodeId())
    const found =
      spec.source === 'data'
        ? await fromDataApi(ctx, nodeId, spec.network as 'mainnet' | 'fuji', spec.subnetId)
        : (
            await ctx.client.platform.getCurrentValidators(
              { ...(spec.subnetId ? { subnetID: spec.subnetId } : {}), nodeIDs: [nodeId] },
              ctx.call,
            )
          ).validators.find((v) => v.nodeID === nodeId)
    if (!found)
      return {
        ok: false,
        observed: `${nodeId} is not a current validator of ${spec.subnetId ?? 'the Primary Network'}`,
      }
    const v = found as Record<string, unknown> & { weight: bigint }
    const weightUnit: Unit = spec.subnetId ? { symbol: '', denomination: 0 } : AVAX
    const seen: string[] = ['validating']
    const problems: string[] = []
    const want = (ok: boolean, text: string) => {
      seen.push(text)
      if (!ok) problems.push(text)
    }
    if (spec.connected !== undefined) {
      if (typeof v.connected !== 'boolean') want(false, 'connected not reported (Primary Network only)')
      else want(v.connected === spec.connected, v.connected ? 'connected' : 'not connected')
    }
    if (spec.minUptime !== undefined) {
      if (typeof v.uptime !== 'number') want(false, 'uptime not reported (Primary Network only)')
      else want(v.uptime >= spec.minUptime, `uptime ${v.uptime}%`)
    }
    if (spec.minDaysLeft !== undefined) {
      if (typeof v.endTime !== 'bigint') seen.push('no end time (L1 validator)')
      else {
        const days = (Number(v.endTime) - Date.now() / 1000) / DAY
        want(
          days >= spec.minDaysLeft,
          `${days.toFixed(1)} days left (ends ${new Date(Number(v.endTime) * 1000).toISOString().slice(0, 10)})`,
        )
      }
    }
    if (spec.minWeight !== undefined) {
      want(v.weight >= parseThreshold(spec.minWeight, weightUnit), `weight ${showAmount(v.weight, weightUnit)}`)
    }
    if (spec.minBalance !== undefined) {
      if (typeof v.balance !== 'bigint') want(false, 'no balance (not an L1 validator)')
      else want(v.balance >= parseThreshold(spec.minBalance, AVAX), `balance ${showAmount(v.balance, AVAX)}`)
    }
    return {
      ok: problems.length === 0,
      observed: (problems.length ? problems : seen).join(', '),
      details: `${nodeId} on ${spec.subnetId ?? 'the Primary Network'}${spec.source === 'data' ? ' (Data API)' : ''}`,
      amounts: {
        weight: observedAmount(v.weight, weightUnit),
        ...(typeof v.balance === 'bigint' && { balance: observedAmount(v.balance, AVAX) }),
      },
    }
  },
})

/**
 * The node's active validation of the Primary Network (or `subnetId`) as the Data API's getSingleValidatorDetails
 * lists it, in the fields the node's getCurrentValidators uses: weight = amountStaked (its own stake, nAVAX),
 * uptime = uptimePerformance (%), endTime = endTimestamp (Unix seconds).
 */
async function fromDataApi(
  ctx: CheckContext,
  nodeId: string,
  network: 'mainnet' | 'fuji',
  subnetId: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  const primary = '11111111111111111111111111111111LpoYY'
  const params = { network, nodeId, validationStatus: 'active' } as const
  for await (const v of ctx.client.data.getSingleValidatorDetails.items(params, ctx.call)) {
    const record = v as Record<string, unknown>
    if (record.subnetId !== (subnetId ?? primary)) continue
    return {
      weight: BigInt(String(record.amountStaked ?? record.weight ?? 0)),
      ...(typeof record.uptimePerformance === 'number' && { uptime: record.uptimePerformance }),
      ...(record.endTimestamp !== undefined && { endTime: BigInt(String(record.endTimestamp)) }),
    }
  }
  return undefined
}
