/**
 * `@avalanche-automation/core/data/evm` under Node (the `module-sync` export condition, which Node applies and
 * bundlers do not): ./data-evm.ts with the tiered transport (node:http, then undici) as its default, as ../index.node.ts
 * is for the root entry. Bundles keep ./data-evm.ts, whose default transport (node:http) costs no bytes.
 */ import { type ClientOptions, leanCreateClient } from '../client.js'
import { evm } from '../data/evm.js'
import { createTieredTransport } from '../transports/tiered.js'
import type { DataEvmClient } from './data-evm.js'

export * from './data-evm.js'

export const createClient: (options?: ClientOptions) => DataEvmClient = leanCreateClient(
  { data: evm },
  createTieredTransport,
)
