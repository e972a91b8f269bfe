import { z } from 'zod'
import { defineCheck } from './types.js'

const PROBES = { readiness: 'getReadiness', liveness: 'getLiveness', health: 'getHealth' } as const

/** GET /ext/health[/readiness|/liveness]: 200 healthy, 503 not (the body names the failing checks). */
export const health = defineCheck({
  kind: 'health',
  family: 'Node',
  summary: 'GET readiness, liveness or health probe is healthy (optionally only the checks of some tags).',
  fields: z.strictObject({
    probe: z
      .enum(['readiness', 'liveness', 'health'], { error: 'expected readiness, liveness or health' })
      .default('readiness'),
    tags: z.array(z.string().min(1)).optional(),
  }),
  expected: (spec) => `${spec.probe} healthy`,
  async run(spec, { client, call }) {
    const reply = await client.health[PROBES[spec.probe]](spec.tags ? { tag: spec.tags } : undefined, call)
    const failing = Object.entries(reply.checks).filter(([, check]) => check.error !== undefined)
    return {
      ok: reply.healthy,
      observed: reply.healthy
        ? `${spec.probe} healthy (${Object.keys(reply.checks).length} checks)`
        : `${spec.probe} unhealthy: ${failing.map(([name]) => name).join(', ') || 'no check named'}`,
      details: failing.map(([name, check]) => `${name}: ${check.error}`).join('\n') || undefined,
    }
  },
})

export const bootstrapped = defineCheck({
  kind: 'bootstrapped',
  family: 'Node',
  summary: 'info.isBootstrapped is true for each chain (default P, X, C).',
  fields: z.strictObject({ chains: z.array(z.string().min(1)).min(1).default(['P', 'X', 'C']) }),
  expected: (spec) => `${spec.chains.join(', ')} bootstrapped`,
  async run(spec, { client, call }) {
    const done = await Promise.all(spec.chains.map((chain) => client.info.isBootstrapped({ chain }, call)))
    const pending = spec.chains.filter((_, i) => !done[i]?.isBootstrapped)
    return {
      ok: pending.length === 0,
      observed:
        pending.length === 0 ? `${spec.chains.join(', ')} bootstrapped` : `not bootstrapped: ${pending.join(', ')}`,
    }
  },
})

export const network = defineCheck({
  kind: 'network',
  family: 'Node',
  summary: 'The node runs on the expected network: networkId (1 Mainnet, 5 Fuji) and/or networkName.',
  fields: z
    .strictObject({ networkId: z.number().int().nonnegative().optional(), networkName: z.string().min(1).optional() })
    .refine((spec) => spec.networkId !== undefined || spec.networkName !== undefined, {
      error: 'set networkId (1 Mainnet, 5 Fuji), networkName (mainnet, fuji) or both',
    }),
  expected: (spec) =>
    [spec.networkName, spec.networkId === undefined ? undefined : `id ${spec.networkId}`].filter(Boolean).join(', '),
  async run(spec, { client, call }) {
    const [{ networkID }, { networkName }] = await Promise.all([
      client.info.getNetworkID(undefined, call),
      client.info.getNetworkName(undefined, call),
    ])
    return {
      ok:
        (spec.networkId === undefined || spec.networkId === networkID) &&
        (spec.networkName === undefined || spec.networkName === networkName),
      observed: `${networkName}, id ${networkID}`,
    }
  },
})

const semver = z
  .union([z.string(), z.number()], { error: 'expected a version like "1.13.0"' })
  .transform(String)
  .pipe(z.string().regex(/^v?\d+(\.\d+){0,2}$/, { error: 'expected a version like "1.13.0"' }))
const parts = (version: string) =>
  (/(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version) ?? []).slice(1, 4).map((p) => Number(p ?? 0))

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0)
  return 0
}

export const nodeVersion = defineCheck({
  kind: 'node-version',
  family: 'Node',
  summary: 'info.getNodeVersion is at least `min` (e.g. "1.13.0").',
  fields: z.strictObject({ min: semver }),
  expected: (spec) => `≥ ${spec.min.replace(/^v/, '')}`,
  async run(spec, { client, call }) {
    const { version } = await client.info.getNodeVersion(undefined, call)
    return { ok: compareVersions(version.replace(/^[^/]*\//, ''), spec.min) >= 0, observed: version }
  },
})
