import { cb58Encode } from '@avalanche-automation/core'
import type { HttpReply, HttpRequest } from '../server/http-types.js'
import { jsonReply } from '../server/http-types.js'
import { P_CHAIN_BYTES } from '../world/constants.js'
import { rfc3339Nano } from '../world/time.js'
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

function rfc3339NanoNow(): string {
  const ms = Date.now()
  return rfc3339Nano(Math.floor(ms / 1000), (ms % 1000) * 1_000_000)
}

function chainCheck(alias: 'C' | 'P' | 'X', height: (ctx: NodeContext) => number): Check {
  return {
    name: alias,
    kinds: ['health'],
    tags: [cb58Encode(P_CHAIN_BYTES)],
    result: (ctx, at) =>
      ctx.state.bootstrapping
        ? { error: 'not yet run', timestamp: at, duration: 0 }
        : {
            message: {
              engine: {
                consensus: { lastAcceptedHeight: height(ctx), longestProcessingBlock: '0s', processingBlocks: 0 },
                vm: null,
              },
              networking: { percentConnected: 1 },
            },
            timestamp: at,
            duration: 21_000 + (height(ctx) % 997),
          },
  }
}

const healthy = (message: unknown) => (_ctx: NodeContext, at: string) => ({ message, timestamp: at, duration: 8_500 })

const CHECKS: Check[] = [
  chainCheck('C', (ctx) => ctx.world.c.height),
  chainCheck('P', (ctx) => ctx.world.p.height),
  chainCheck('X', (ctx) => ctx.world.x.blockCount),
  {
    name: 'bootstrapped',
    // Registered as a readiness check and as a health check (node.go).
    kinds: ['readiness', 'health'],
    tags: [],
    result: (ctx, at) =>
      ctx.state.bootstrapping
        ? {
            message: ['C', 'P', 'X'],
            error: 'chains not bootstrapped',
            timestamp: at,
            duration: 3_000,
            contiguousFailures: 1,
            timeOfFirstFailure: at,
          }
        : { message: [], timestamp: at, duration: 3_000 },
  },
  { name: 'database', kinds: ['health'], tags: [], result: healthy(null) },
  { name: 'diskspace', kinds: ['health'], tags: [], result: healthy({ availableDiskBytes: 412_316_860_416 }) },
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
