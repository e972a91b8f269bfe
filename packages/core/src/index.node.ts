/**
 * The package's entry under Node (the `module-sync` export condition, which Node applies and bundlers do not): the
 * same API as ./index.ts, with the tiered transport as the default: node:http for a client's first requests, then
 * undici's, the fastest of those measured in bench/results/transports.md (./transports/tiered.ts says why both).
 * Bundles keep ./index.ts, whose default transport (node:http) costs no bytes.
 */
import { type AvalancheClient, type ClientOptions, createClientFor } from './client.js'
import { services } from './services.js'
import { createTieredTransport } from './transports/tiered.js'

export * from './index.js'
export { createUndiciTransport, type UndiciTransport, type UndiciTransportOptions } from './transports/undici.js'

export function createClient(options: ClientOptions = {}): AvalancheClient {
  return createClientFor(services, createTieredTransport, options)
}
