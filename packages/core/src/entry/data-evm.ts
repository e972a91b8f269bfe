/**
 * `@avalanche-automation/core/data/evm`: `createClient` with the Data API's EVM endpoints only (`client.data`:
 * chains, blocks, transactions, balances, contracts), the leanest bundle of a Data API call.
 * A program bundled from here leaves the other services' operations and schemas out (README, "Entry points").
 */
import { type ClientOf, type ClientOptions, leanCreateClient } from '../client.js'
import { evm } from '../data/evm.js'
import { createNodeTransport } from '../transports/node.js'

export type { ClientOptions } from '../client.js'
export * from '../errors.js'
export type { CallOptions } from '../execute.js'

export type DataEvmClient = ClientOf<{ readonly data: typeof evm }>
export const createClient: (options?: ClientOptions) => DataEvmClient = leanCreateClient(
  { data: evm },
  createNodeTransport,
)
