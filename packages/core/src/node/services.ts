import { withKnownShapes } from '../operation.js'
import { admin } from './admin.js'
import { avm } from './avm.js'
import { health } from './health.js'
import { index } from './index.js'
import { info } from './info.js'
import { platform } from './platform.js'
import { nodeShapes } from './shapes.gen.js'

/**
 * The node's services (JSON-RPC, and health's REST routes), in the catalog's order. Typed by reference, so that
 * declaration files do not spell each operation out once more. Their calls without parameters check their replies by
 * the shapes generated from their schemas (./shapes.gen.ts), without building the schemas.
 */
export const nodeServices: {
  readonly admin: typeof admin
  readonly avm: typeof avm
  readonly platform: typeof platform
  readonly index: typeof index
  readonly info: typeof info
  readonly health: typeof health
} = withKnownShapes({ admin, avm, platform, index, info, health }, nodeShapes)
