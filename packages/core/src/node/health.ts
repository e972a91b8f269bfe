import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import { record } from '../schemas.js'

/**
 * The health API (`/ext/health`, `api/health`): JSON-RPC `health.health/readiness/liveness` (always HTTP 200) and the
 * GET probes `/ext/health`, `/ext/health/readiness`, `/ext/health/liveness`, which answer 200 when healthy and 503
 * when not, with the same JSON body either way.
 */
const read = { service: 'health', readOnly: true, idempotent: true } as const

/** One check's outcome (`api/health/result.go`). `duration` is in nanoseconds. */
export const healthCheck = lazy(() =>
  record({
    /** Check-specific details, e.g. `engine.consensus.lastAcceptedHeight` for the chain checks (`C`, `P`, `X`). */
    message: z.optional(z.unknown()),
    /** Why the check fails ("not yet run" before its first run). */
    error: z.optional(z.string()),
    timestamp: z.optional(z.string()),
    duration: z.number(),
    contiguousFailures: z.optional(z.number().check(z.int())),
    timeOfFirstFailure: z.nullish(z.string()),
  }),
)

export const healthReply = lazy(() =>
  record({
    healthy: z.boolean(),
    checks: z.record(z.string(), healthCheck()),
  }),
)
export type HealthReply = z.output<ReturnType<typeof healthReply>>

const tags = lazy(() =>
  z
    .optional(
      z.array(z.string().check(z.minLength(1, { error: 'expected a non-empty tag' })), {
        error: 'expected an array of tags',
      }),
    )
    .check(z.describe('Only the checks with these tags (subnet IDs, or "application").')),
)

const rpcParams = lazy(() => z.optional(z.strictObject({ tags: tags() })))
const probeParams = lazy(() => z.optional(z.strictObject({ tag: tags() })))

const CHECKS =
  'checks maps each check name (C, P, X, bootstrapped, database, diskspace, network, router, ...) to {message, error, timestamp, duration in ns, contiguousFailures, timeOfFirstFailure}.'
const PROBE = 'The node answers HTTP 503 when unhealthy; that is still a result here (healthy: false), not an error.'

export const health = {
  health: defineOperation({
    ...read,
    id: 'health.health',
    endpoint: '/ext/health',
    summary: "The node's overall health: whether every health check passes, and each check's result.",
    params: rpcParams,
    result: healthReply,
  }),
  readiness: defineOperation({
    ...read,
    id: 'health.readiness',
    endpoint: '/ext/health',
    summary: 'Whether the node is ready (its chains have finished bootstrapping), with each readiness check.',
    params: rpcParams,
    result: healthReply,
  }),
  liveness: defineOperation({
    ...read,
    id: 'health.liveness',
    endpoint: '/ext/health',
    summary: 'Whether the node process is alive and should not be restarted, with each liveness check.',
    params: rpcParams,
    result: healthReply,
  }),
  getHealth: defineOperation({
    ...read,
    id: 'health.getHealth',
    endpoint: 'GET /ext/health',
    summary: "The node's overall health from the GET probe (HTTP 200 healthy, 503 unhealthy), with each check.",
    params: probeParams,
    result: healthReply,
    okStatuses: [503],
  }),
  getReadiness: defineOperation({
    ...read,
    id: 'health.getReadiness',
    endpoint: 'GET /ext/health/readiness',
    summary: 'Whether the node is ready, from the GET readiness probe (HTTP 200 ready, 503 not ready).',
    params: probeParams,
    result: healthReply,
    okStatuses: [503],
  }),
  getLiveness: defineOperation({
    ...read,
    id: 'health.getLiveness',
    endpoint: 'GET /ext/health/liveness',
    summary: 'Whether the node is alive, from the GET liveness probe (HTTP 200 alive, 503 not).',
    params: probeParams,
    result: healthReply,
    okStatuses: [503],
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const healthDescriptions = (): Descriptions<typeof health> => ({
  'health.health': `Pass tags to evaluate only the checks of those subnets. ${CHECKS}`,
  'health.readiness': `Pass tags to evaluate only the checks of those subnets. ${CHECKS}`,
  'health.liveness': `Pass tags to evaluate only the checks of those subnets. ${CHECKS}`,
  'health.getHealth': `${PROBE} tag filters checks (repeated ?tag=). ${CHECKS}`,
  'health.getReadiness': `${PROBE} tag filters checks (repeated ?tag=). ${CHECKS}`,
  'health.getLiveness': `${PROBE} tag filters checks (repeated ?tag=). ${CHECKS}`,
})
