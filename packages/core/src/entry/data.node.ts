/**
 * `@avalanche-automation/core/data` under Node (the `module-sync` export condition, which Node applies and
 * bundlers do not): ./data.ts with the tiered transport (node:http, then undici) as its default, as ../index.node.ts
 * is for the root entry. Bundles keep ./data.ts, whose default transport (node:http) costs no bytes.
 */ import { type ClientOptions, leanCreateClient } from '../client.js'
import { data } from '../data/services.js'
import { createTieredTransport } from '../transports/tiered.js'
import type { DataClient } from './data.js'

export * from './data.js'

export const createClient: (options?: ClientOptions) => DataClient = leanCreateClient({ data }, createTieredTransport)
