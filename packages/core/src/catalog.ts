import { evmDescriptions } from './data/evm.js'
import { icmDescriptions } from './data/icm.js'
import { metricsDescriptions } from './data/metrics.js'
import { networksDescriptions } from './data/networks.js'
import { primaryNetworkDescriptions } from './data/primaryNetwork.js'
import { signatureAggregatorDescriptions } from './data/signatureAggregator.js'
import { stakingDescriptions } from './data/staking.js'
import { webhooksDescriptions } from './data/webhooks.js'
import { lazy } from './lazy.js'
import { adminDescriptions } from './node/admin.js'
import { avmDescriptions } from './node/avm.js'
import { healthDescriptions } from './node/health.js'
import { indexDescriptions } from './node/index.js'
import { infoDescriptions } from './node/info.js'
import { platformDescriptions } from './node/platform.js'
import type { AnyOperation } from './operation.js'
import { services } from './services.js'

/** Every operation of every service, in a stable order. */
export const catalog: readonly AnyOperation[] = Object.values(services).flatMap((ops) => Object.values(ops))

const byId = new Map(catalog.map((op) => [op.id, op]))

/** The operation with this id (`platform.getCurrentValidators`), or undefined. */
export function findOperation(id: string): AnyOperation | undefined {
  return byId.get(id)
}

// Built on first use: a program that only finds operations (the Action) then bundles none of the texts.
const descriptions = /* @__PURE__ */ lazy(
  (): Readonly<Record<string, string | undefined>> => ({
    ...adminDescriptions(),
    ...avmDescriptions(),
    ...platformDescriptions(),
    ...indexDescriptions(),
    ...infoDescriptions(),
    ...healthDescriptions(),
    ...evmDescriptions(),
    ...primaryNetworkDescriptions(),
    ...stakingDescriptions(),
    ...icmDescriptions(),
    ...networksDescriptions(),
    ...webhooksDescriptions(),
    ...signatureAggregatorDescriptions(),
    ...metricsDescriptions(),
  }),
)

/**
 * What a caller must know about an operation beyond its summary (units, caveats, deprecation), as the adapters show
 * it to users and assistants; undefined when the summary says it all.
 */
export function describeOperation(op: AnyOperation): string | undefined {
  const all = descriptions()
  return Object.hasOwn(all, op.id) ? all[op.id] : undefined
}
