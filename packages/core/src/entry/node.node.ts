/**
 * `@avalanche-automation/core/node` under Node (the `module-sync` export condition, which Node applies and
 * bundlers do not): ./node.ts with the tiered transport (node:http, then undici) as its default, as ../index.node.ts
 * is for the root entry. Bundles keep ./node.ts, whose default transport (node:http) costs no bytes.
 */ import { type ClientOptions, leanCreateClient } from '../client.js'
import { nodeServices } from '../node/services.js'
import { createTieredTransport } from '../transports/tiered.js'
import type { NodeClient } from './node.js'

export * from './node.js'

export const createClient: (options?: ClientOptions) => NodeClient = leanCreateClient(
  nodeServices,
  createTieredTransport,
)
