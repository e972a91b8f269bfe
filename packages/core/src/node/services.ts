import { admin } from './admin.js'
import { avm } from './avm.js'
import { health } from './health.js'
import { index } from './index.js'
import { info } from './info.js'
import { platform } from './platform.js'

/**
 * The node's services (JSON-RPC, and health's REST routes), in the catalog's order. Typed by reference, so that
 * declaration files do not spell each operation out once more.
 */
export const nodeServices: {
  readonly admin: typeof admin
  readonly avm: typeof avm
  readonly platform: typeof platform
  readonly index: typeof index
  readonly info: typeof info
  readonly health: typeof health
} = { admin, avm, platform, index, info, health }
