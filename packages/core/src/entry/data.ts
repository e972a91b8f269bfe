/**
 * `@avalanche-automation/core/data`: `createClient` with the Data API only (`client.data`).
 * A program bundled from here leaves the other services' operations and schemas out (README, "Entry points").
 */
import { type ClientOf, type ClientOptions, leanCreateClient } from '../client.js'
import { data } from '../data/services.js'
import { createNodeTransport } from '../transports/node.js'

export type { ClientOptions } from '../client.js'
export * from '../errors.js'
export type { CallOptions } from '../execute.js'

export type DataClient = ClientOf<{ readonly data: typeof data }>
export const createClient: (options?: ClientOptions) => DataClient = leanCreateClient({ data }, createNodeTransport)
