import { type ClientOf, type ClientOptions, createClientFor, type ServiceCatalog } from '../client.js'
import { createNodeTransport } from '../transports/node.js'

/**
 * The `createClient` of a lean entry point: the root entry's, with the services of `catalog` only (the catalog's own
 * operation records) and Node's http/https as its default transport. A program bundled from that entry leaves the
 * other services' operations and schemas out; the root entry's client and `catalog` hold them all.
 */
export function leanCreateClient<const Catalog extends ServiceCatalog>(
  catalog: Catalog,
): (options?: ClientOptions) => ClientOf<Catalog> {
  return (options = {}) => createClientFor(catalog, createNodeTransport, options)
}
