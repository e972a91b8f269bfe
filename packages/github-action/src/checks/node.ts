import * as z from 'zod/mini'
import { defineCheck } from './types.js'

const PROBES = { readiness: 'getReadiness', liveness: 'getLiveness', health: 'getHealth' } as const

/** GET /ext/health[/readiness|/liveness]: 200 healthy, 503 not (the body names the failing checks). */
export const health = defineCheck({
  kind: 'health',
  family: 'Node',
  nodeOnly: true,
  summary:
    "GET readiness, liveness or health probe is healthy (optionally only the checks of some subnet tags), with each check's details; minPeers and minFreeDisk (percent) read the health probe's network and diskspace checks.",
  fields: () =>
    z
      .strictObject({
        probe: z._default(
          z.enum(['readiness', 'liveness', 'health'], { error: 'expected readiness, liveness or health' }),
          'readiness',
        ),
        tags: z.optional(z.array(z.string().check(z.minLength(1)))),
        minPeers: z.optional(z.number().check(z.int(), z.nonnegative())),
        minFreeDisk: z.optional(
          z.number().check(z.gte(0), z.lte(100, { error: 'expected a percentage from 0 to 100' })),
        ),
      })
      .check(
        z.refine((s) => s.probe === 'health' || (s.minPeers === undefined && s.minFreeDisk === undefined), {
          error: 'minPeers and minFreeDisk read the network and diskspace checks, which only probe health runs',
          path: ['probe'],
        }),
      ),
  expected: (spec) =>
    [
      `${spec.probe} healthy`,
      spec.tags && `tags ${spec.tags.join(', ')}`,
      spec.minPeers !== undefined && `≥ ${spec.minPeers} peers`,
      spec.minFreeDisk !== undefined && `≥ ${spec.minFreeDisk}% disk free`,
    ]
      .filter(Boolean)
      .join(', '),
  async run(spec, { client, call }) {
    const reply = await client.health[PROBES[spec.probe]](spec.tags ? { tag: spec.tags } : undefined, call)
    const checks = Object.entries(reply.checks).sort(([a], [b]) => a.localeCompare(b))
    const failing = checks.filter(([, check]) => check.error !== undefined)
    const facts = nodeFacts(reply.checks)
    const problems = failing.map(([name]) => name)
    if (spec.minPeers !== undefined && !(facts.peers !== undefined && facts.peers >= spec.minPeers))
      problems.push(facts.peers === undefined ? 'no network check' : `${facts.peers} peers`)
    if (spec.minFreeDisk !== undefined && !(facts.freeDisk !== undefined && facts.freeDisk >= spec.minFreeDisk))
      problems.push(facts.freeDisk === undefined ? 'no diskspace check' : `disk ${facts.freeDisk}% free`)
    const seen = [
      `${checks.length} checks`,
      facts.peers !== undefined && `${facts.peers} peers`,
      facts.freeDisk !== undefined && `disk ${facts.freeDisk}% free`,
    ].filter(Boolean)
    return {
      ok: reply.healthy && problems.length === 0,
      observed:
        problems.length === 0
          ? `${spec.probe} healthy (${seen.join(', ')})`
          : `${spec.probe} unhealthy: ${problems.join(', ')}`,
      details:
        checks
          .map(([name, check]) => `${check.error === undefined ? '✓' : '✗'} ${name}: ${describeCheck(check)}`)
          .join('\n') || undefined,
      ...(facts.peers !== undefined && { value: facts.peers, better: 'higher' as const }),
    }
  },
})

interface HealthCheckResult {
  message?: unknown
  error?: string | undefined
}

/** Connected peers (the network check) and free disk in percent (diskspace), when the reply has those checks. */
function nodeFacts(checks: Record<string, HealthCheckResult>): { peers?: number; freeDisk?: number } {
  const network = checks.network?.message as { connectedPeers?: unknown } | undefined
  const disk = checks.diskspace?.message as { availableDiskPercentage?: unknown } | undefined
  return {
    ...(typeof network?.connectedPeers === 'number' && { peers: network.connectedPeers }),
    ...(typeof disk?.availableDiskPercentage === 'number' && { freeDisk: disk.availableDiskPercentage }),
  }
}

/**
 * One health check in a line: its error first, then what its message says (`node/node.go` registers network with
 * connectedPeers, diskspace with availableDiskBytes/Percentage; a chain's check, `snow/networking/handler/health.go`,
 * has engine.consensus.lastAcceptedHeight and networking.percentConnected).
 */
function describeCheck(check: HealthCheckResult): string {
  const m = (check.message ?? {}) as Record<string, unknown>
  const engine = m.engine as { consensus?: { lastAcceptedHeight?: unknown } } | undefined
  const networking = m.networking as { percentConnected?: unknown } | undefined
  const said =
    typeof m.connectedPeers === 'number'
      ? `${m.connectedPeers} peers connected`
      : typeof m.availableDiskBytes === 'number'
        ? `${(m.availableDiskBytes / 2 ** 30).toFixed(1)} GiB free (${m.availableDiskPercentage}%)`
        : engine?.consensus
          ? `height ${engine.consensus.lastAcceptedHeight}, ${Number(networking?.percentConnected ?? 0) * 100}% of stake connected`
          : check.message === undefined || check.message === null
            ? ''
            : JSON.stringify(check.message).slice(0, 160)
  return [check.error, said].filter(Boolean).join('; ') || 'ok'
}

export const bootstrapped = defineCheck({
  kind: 'bootstrapped',
  family: 'Node',
  nodeOnly: true,
  summary: 'info.isBootstrapped is true for each chain (default P, X, C).',
  fields: () =>
    z.strictObject({
      chains: z._default(z.array(z.string().check(z.minLength(1))).check(z.minLength(1)), ['P', 'X', 'C']),
    }),
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
  nodeOnly: true,
  summary: 'The node runs on the expected network: networkId (1 Mainnet, 5 Fuji) and/or networkName.',
  fields: () =>
    z
      .strictObject({
        networkId: z.optional(z.number().check(z.int(), z.nonnegative())),
        networkName: z.optional(z.string().check(z.minLength(1))),
      })
      .check(
        z.refine((spec) => spec.networkId !== undefined || spec.networkName !== undefined, {
          error: 'set networkId (1 Mainnet, 5 Fuji), networkName (mainnet, fuji) or both',
        }),
      ),
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

const semver = () =>
  z.pipe(
    z.pipe(z.union([z.string(), z.number()], { error: 'expected a version like "1.13.0"' }), z.transform(String)),
    z.string().check(z.regex(/^v?\d+(\.\d+){0,2}$/, { error: 'expected a version like "1.13.0"' })),
  )
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
  nodeOnly: true,
  summary: 'info.getNodeVersion is at least `min` (e.g. "1.13.0").',
  fields: () => z.strictObject({ min: semver() }),
  expected: (spec) => `≥ ${spec.min.replace(/^v/, '')}`,
  async run(spec, { client, call }) {
    const { version } = await client.info.getNodeVersion(undefined, call)
    return { ok: compareVersions(version.replace(/^[^/]*\//, ''), spec.min) >= 0, observed: version }
  },
})
