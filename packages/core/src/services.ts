import { evm } from './data/evm.js'
import { icm } from './data/icm.js'
import { metrics } from './data/metrics.js'
import { networks } from './data/networks.js'
import { primaryNetwork } from './data/primaryNetwork.js'
import { signatureAggregator } from './data/signatureAggregator.js'
import { staking } from './data/staking.js'
import { webhooks } from './data/webhooks.js'
import { admin } from './node/admin.js'
import { avm } from './node/avm.js'
import { health } from './node/health.js'
import { index } from './node/index.js'
import { info } from './node/info.js'
import { platform } from './node/platform.js'

/** The Data API: its EVM endpoints, then its Primary Network, staking, Interchain Messaging and network-wide endpoints. */
const data = {
  ...evm,
  ...primaryNetwork,
  ...staking,
  ...icm,
  ...networks,
  ...webhooks,
  ...signatureAggregator,
} as const

/** Every operation, grouped by service. The client, the catalog and every adapter enumerate this object. */
export const services = { admin, avm, platform, index, info, health, data, metrics } as const
