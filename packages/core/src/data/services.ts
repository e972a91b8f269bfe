import { evm } from './evm.js'
import { icm } from './icm.js'
import { networks } from './networks.js'
import { primaryNetwork } from './primaryNetwork.js'
import { signatureAggregator } from './signatureAggregator.js'
import { staking } from './staking.js'
import { webhooks } from './webhooks.js'

/**
 * The Data API: its EVM endpoints, then its Primary Network, staking, Interchain Messaging and network-wide endpoints.
 * Typed by reference, so that declaration files do not spell each operation out once more.
 */
export const data: Readonly<
  typeof evm &
    typeof primaryNetwork &
    typeof staking &
    typeof icm &
    typeof networks &
    typeof webhooks &
    typeof signatureAggregator
> = {
  ...evm,
  ...primaryNetwork,
  ...staking,
  ...icm,
  ...networks,
  ...webhooks,
  ...signatureAggregator,
}
