import { metrics } from './data/metrics.js'
import { data } from './data/services.js'
import { nodeServices } from './node/services.js'

/** Every operation, grouped by service. The client, the catalog and every adapter enumerate this object. */
export const services: Readonly<typeof nodeServices & { data: typeof data; metrics: typeof metrics }> = {
  ...nodeServices,
  data,
  metrics,
}
