/**
 * `@avalanche-automation/core/metrics` under Node (the `module-sync` export condition, which Node applies and
 * bundlers do not): ./metrics.ts with the tiered transport (node:http, then undici) as its default, as ../index.node.ts
 * is for the root entry. Bundles keep ./metrics.ts, whose default transport (node:http) costs no bytes.
 */ import { type ClientOptions, leanCreateClient } from '../client.js'
import { metrics } from '../data/metrics.js'
import { createTieredTransport } from '../transports/tiered.js'
import type { MetricsClient } from './metrics.js'

export * from './metrics.js'

export const createClient: (options?: ClientOptions) => MetricsClient = leanCreateClient(
  { metrics },
  createTieredTransport,
)
