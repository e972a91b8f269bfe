import { cb58Encode } from '@avalanche-automation/core'
import type { HttpReply, HttpRequest } from '../server/http-types.js'
import { jsonReply } from '../server/http-types.js'
import { INITIALLY_ACTIVE_TIME, P_CHAIN_BYTES } from '../world/constants.js'
import { localNodes, type NodeIdentity } from '../world/keys.js'
import type { PChain } from '../world/pchain.js'
import { rfc3339, rfc3339Nano } from '../world/time.js'
import type { NodeContext } from './context.js'
import { goJson } from './json.js'
import { method, type RpcService } from './jsonrpc.js'
import { arrayOf, string } from './params.js'

export type HealthKind = 'health' | 'readiness' | 'liveness'

interface Check {
  name: string
  kinds: HealthKind[]
  /** Subnet tags; application-wide checks have none and match every tag query. */
  tags: string[]
  result: (ctx: NodeContext, at: string) => Record<string, unknown>
}

const PRIMARY_NETWORK = cb58Encode(P_CHAIN_BYTES)

function rfc3339NanoNow(): string {
  const ms = Date.now()
  return rfc3339Nano(Math.floor(ms / 1000), (ms % 1000) * 1_000_000)
}

/**
 * `notYetRunResult` (`api/health/result.go`): a registered check the worker has not run yet. Its zero `Timestamp`
 * still marshals (omitempty does not apply to a struct); a zero duration stays, the other fields are omitted.
 */
const NOT_YET_RUN = { error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 }

/**
 * A chain's check (`snow/networking/handler/health.go`). While the node bootstraps, the chains have just been
 * created and registered their checks, which the worker has not run yet.
 */
function chainCheck(alias: 'C' | 'P' | 'X', height: (ctx: NodeContext) => number): Check {
  return {
    name: alias,
    kinds: ['health'],
    tags: [PRIMARY_NETWORK],
    result: (ctx, at) =>
      ctx.state.bootstrapping
        ? NOT_YET_RUN
        : {
            message: {
              engine: {
                consensus: { lastAcceptedHeight: height(ctx), longestProcessingBlock: '0s', processingBlocks: 0 },
                vm: null,
              },
              networking: { disconnectedValidators: [], percentConnected: 1 },
            },
            timestamp: at,
            duration: 21_000 + (height(ctx) % 997),
          },
  }
}

const healthy = (message: unknown) => (_ctx: NodeContext, at: string) => ({ message, timestamp: at, duration: 8_500 })

/** Primary Network weight of each current validator: its stake plus its delegators' (as the validator set counts it). */
function primaryWeights(p: PChain): Map<NodeIdentity, bigint> {
  const weights = new Map<NodeIdentity, bigint>()
  for (const v of p.primaryValidators) weights.set(v.node, v.stake)
  for (const d of p.delegators) weights.set(d.node, (weights.get(d.node) ?? 0n) + d.weight)
  return weights
}

/**
 * `futureupgrade` (`node/node.go` L1548-1644): the stake-weighted mode of the connected validators' upgrade times
 * (their Granite time, `network/peer/peer.go`), against this node's. Every node of the local network has the same
 * one, and this node's peers are the other four genesis validators.
 */
function futureUpgrade(ctx: NodeContext, at: string) {
  const weights = primaryWeights(ctx.world.p)
  const total = [...weights.values()].reduce((sum, w) => sum + w, 0n)
  const peers = localNodes.slice(1).reduce((sum, node) => sum + (weights.get(node) ?? 0n), 0n)
  const upgradeTime = rfc3339(INITIALLY_ACTIVE_TIME)
  return healthy({
    localUpgradeTime: upgradeTime,
    modeUpgradeTime: upgradeTime,
    modeUpgradeWeightPercentage: (100 * Number(peers)) / Number(total),
    numUpgradeTimes: 1,
  })(ctx, at)
}

const CHECKS: Check[] = [
  chainCheck('C', (ctx) => ctx.world.c.height),
  chainCheck('P', (ctx) => ctx.world.p.height),
  chainCheck('X', (ctx) => ctx.world.x.blockCount),
  {
    name: 'bootstrapped',
    // Registered as a readiness check and as a health check (`chains/manager.go` L1474-1486). While bootstrapping
    // it fails with errNotBootstrapped (L108) and lists the subnets still bootstrapping (`chains/subnets.go`
    // Bootstrapping): only the Primary Network, as the node tracks other subnets once the P-Chain has bootstrapped.
    kinds: ['readiness', 'health'],
    tags: [],
    result: (ctx, at) =>
      ctx.state.bootstrapping
        ? {
            message: [PRIMARY_NETWORK],
            error: 'subnets not bootstrapped',
            timestamp: at,
            duration: 3_000,
            contiguousFailures: 1,
            timeOfFirstFailure: at,
          }
        : { message: [], timestamp: at, duration: 3_000 },
  },
  // This node is a genesis validator registered with its own BLS key (`node/node.go` L1503-1524).
  { name: 'bls', kinds: ['health'], tags: [], result: healthy('node has the correct BLS key') },
  { name: 'database', kinds: ['health'], tags: [], result: healthy(null) },
  // `node/node.go` L1470-1498.
  {
    name: 'diskspace',
    kinds: ['health'],
    tags: [],
    result: healthy({ availableDiskBytes: 412_316_860_416, availableDiskPercentage: 82 }),
  },
  { name: 'futureupgrade', kinds: ['health'], tags: [], result: futureUpgrade },
  { name: 'network', kinds: ['health'], tags: [], result: healthy({ connectedPeers: 4, sendFailRate: 0 }) },
  {
    name: 'router',
    kinds: ['health'],
    tags: [],
    result: healthy({ longestRunningRequest: '0s', outstandingRequests: 0 }),
  },
]

/** `APIReply {checks, healthy}` for one kind, filtered by subnet tags like `health.Reporter`. */
export function healthReply(
  ctx: NodeContext,
  kind: HealthKind,
  tags: string[],
): { checks: Record<string, unknown>; healthy: boolean } {
  const at = rfc3339NanoNow()
  const checks: Record<string, unknown> = {}
  let ok = true
  for (const check of CHECKS) {
    if (!check.kinds.includes(kind)) continue
    if (tags.length > 0 && check.tags.length > 0 && !check.tags.some((t) => tags.includes(t))) continue
    const result = check.result(ctx, at)
    if ('error' in result) ok = false
    checks[check.name] = result
  }
  return { checks, healthy: ok }
}

/** GET /ext/health[/health|/readiness|/liveness]: 200 when healthy, 503 otherwise, `?tag=` filters. */
export function healthGet(ctx: NodeContext, kind: HealthKind, request: HttpRequest): HttpReply {
  const reply = healthReply(ctx, kind, request.query.getAll('tag'))
  const out = jsonReply(reply.healthy ? 200 : 503, goJson(reply))
  out.headers['content-type'] = 'application/json'
  return out
}

/** POST health.health / readiness / liveness: the same reply at HTTP 200. */
export const healthService: RpcService<NodeContext> = {
  name: 'health',
  methods: {
    health: method({ tags: arrayOf(string) }, (args, ctx) => healthReply(ctx, 'health', args.tags)),
    readiness: method({ tags: arrayOf(string) }, (args, ctx) => healthReply(ctx, 'readiness', args.tags)),
    liveness: method({ tags: arrayOf(string) }, (args, ctx) => healthReply(ctx, 'liveness', args.tags)),
  },
}
