import { indexNames } from '@avalanche-automation/core'
import * as z from 'zod/mini'
import { duration, showMs } from '../units.js'
import { defineCheck } from './types.js'

// Builders, not schemas: built with the fields of a kind a run uses (./types.ts, defineCheck).
const window = () => z._default(duration, 10_000)
const minIncrease = () => z._default(z.number().check(z.int(), z.nonnegative()), 1)

/** Reads a counter twice, `window` apart, and wants it to grow by at least `minIncrease`. */
const advancing = async (
  read: () => Promise<bigint>,
  spec: { window: number; minIncrease: number },
  sleep: (ms: number) => Promise<void>,
) => {
  const before = await read()
  await sleep(spec.window)
  const after = await read()
  const delta = after - before
  return {
    ok: delta >= BigInt(spec.minIncrease),
    observed: `${before} → ${after} (+${delta} in ${showMs(spec.window)})`,
    value: Number(delta),
    better: 'higher' as const,
  }
}

export const chainProgress = defineCheck({
  kind: 'chain-progress',
  family: 'Progress',
  nodeOnly: true,
  summary: 'P- or X-Chain height grows by at least `minIncrease` blocks within `window`.',
  fields: () =>
    z.strictObject({
      chain: z.enum(['P', 'X'], { error: 'expected P or X' }),
      window: window(),
      minIncrease: minIncrease(),
    }),
  expected: (spec) => `${spec.chain} height +${spec.minIncrease} in ${showMs(spec.window)}`,
  run: (spec, { client, call, sleep }) =>
    advancing(
      async () =>
        (spec.chain === 'P' ? client.platform.getHeight(undefined, call) : client.avm.getHeight(undefined, call)).then(
          (r) => r.height,
        ),
      spec,
      sleep,
    ),
})

const indexName = () => z.enum(indexNames, { error: `expected one of ${indexNames.join(', ')}` })

export const indexProgress = defineCheck({
  kind: 'index-progress',
  family: 'Progress',
  nodeOnly: true,
  summary:
    'An index (node started with --index-enabled=true) accepts at least `minIncrease` containers within `window`. X/tx and X/vtx stopped growing at Cortina (2023): watch X/block for the X-Chain.',
  fields: () =>
    z.strictObject({ index: z._default(indexName(), 'X/block'), window: window(), minIncrease: minIncrease() }),
  expected: (spec) => `${spec.index} +${spec.minIncrease} in ${showMs(spec.window)}`,
  run: (spec, { client, call, sleep }) =>
    advancing(async () => (await client.index.getLastAccepted({ indexName: spec.index }, call)).index, spec, sleep),
})

export const indexCaughtUp = defineCheck({
  kind: 'index-caught-up',
  family: 'Progress',
  nodeOnly: true,
  summary: "A block index's container count is within `maxLag` of its chain's height (index n is block n+1).",
  fields: () =>
    z.strictObject({
      index: z.enum(['X/block', 'P/block'], { error: 'expected X/block or P/block' }),
      maxLag: z._default(z.number().check(z.int(), z.nonnegative()), 2),
    }),
  expected: (spec) => `lag ≤ ${spec.maxLag} blocks`,
  async run(spec, { client, call }) {
    const [last, chain] = await Promise.all([
      client.index.getLastAccepted({ indexName: spec.index }, call),
      spec.index === 'P/block' ? client.platform.getHeight(undefined, call) : client.avm.getHeight(undefined, call),
    ])
    const lag = chain.height - (last.index + 1n)
    return {
      ok: lag <= BigInt(spec.maxLag),
      observed: `lag ${lag} (index #${last.index}, height ${chain.height})`,
      value: Number(lag),
      better: 'lower',
    }
  },
})
