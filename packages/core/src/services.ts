import { index } from './node/index.js'
import { info } from './node/info.js'

/** Every operation, grouped by service. The client, the catalog and every adapter enumerate this object. */
export const services = { index, info } as const
