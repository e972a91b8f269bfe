/**
 * `@avalanche-automation/core/metrics`: `createClient` with the Metrics API only (`client.metrics`).
 * A program bundled from here leaves the other services' operations and schemas out (README, "Entry points").
 */
import { type ClientOf, type ClientOptions, leanCreateClient } from '../client.js'
import { metrics } from '../data/metrics.js'
import { createNodeTransport } from '../transports/node.js'

export type { ClientOptions } from '../client.js'
export * from '../errors.js'
export type { CallOptions } from '../execute.js'

export type MetricsClient = ClientOf<{ readonly metrics: typeof metrics }>
export const createClient: (options?: ClientOptions) => MetricsClient = leanCreateClient(
  { metrics },
  createNodeTransport,
)
