import { type ClientOf, type ClientOptions, createClientFor, type ServiceCatalog } from '../client.js'
import type { Transport } from '../transport.js'
import { createNodeTransport } from '../transports/node.js'

/**
 * The `createClient` of a lean entry point: the root entry's, with the services of `catalog` only (the catalog's own
 * operation records) and Node's http/https as its default transport, which costs a bundle no bytes (under Node, the
 * entry's `module-sync` twin, ./*.node.ts, passes undici's instead, as the root entry does). A program bundled from
 * that entry leaves the other services' operations and schemas out; the root entry's client and `catalog` hold them all.
 */
export function leanCreateClient<const Catalog extends ServiceCatalog>(
  catalog: Catalog,
  defaultTransport: () => Transport & { close(): Promise<void> } = createNodeTransport,
): (options?: ClientOptions) => ClientOf<Catalog> {
  return (options = {}) => createClientFor(catalog, defaultTransport, options)
}
