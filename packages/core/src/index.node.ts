/**
 * The package's entry under Node (the `module-sync` export condition, which Node applies and bundlers do not): the
 * same API as ./index.ts, with undici as the default transport, the fastest of those measured in
 * bench/results/transports.md. Bundles keep ./index.ts, whose default transport (node:http) costs no bytes.
 */
import type { AvalancheClient, ClientOptions } from './client.js'
import { createClientWith } from './client.js'
import { createUndiciTransport } from './transports/undici.js'

export * from './index.js'
export { createUndiciTransport, type UndiciTransport, type UndiciTransportOptions } from './transports/undici.js'

export function createClient(options: ClientOptions = {}): AvalancheClient {
  return createClientWith(createUndiciTransport, options)
}
