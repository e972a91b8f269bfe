/**
 * `@avalanche-automation/core/node`: `createClient` with the node's services only (admin, avm, platform, index,
 * info, health).
 * A program bundled from here leaves the other services' operations and schemas out (README, "Entry points").
 */
import { type ClientOf, type ClientOptions, leanCreateClient } from '../client.js'
import { nodeServices } from '../node/services.js'
import { createNodeTransport } from '../transports/node.js'

export type { ClientOptions } from '../client.js'
export * from '../errors.js'
export type { CallOptions } from '../execute.js'

export type NodeClient = ClientOf<typeof nodeServices>
export const createClient: (options?: ClientOptions) => NodeClient = leanCreateClient(nodeServices, createNodeTransport)
