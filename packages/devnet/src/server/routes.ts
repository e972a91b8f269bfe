import { cb58Encode } from '@avalanche-automation/core'
import { adminService } from '../node/admin.js'
import { avmService } from '../node/avm.js'
import type { NodeContext } from '../node/context.js'
import { healthGet, healthService } from '../node/health.js'
import { containerIndexes, indexService } from '../node/index-service.js'
import { infoService } from '../node/info.js'
import { type DispatchHooks, type RpcService, serveJsonRpc } from '../node/jsonrpc.js'
import { platformService } from '../node/platform.js'
import { P_CHAIN_BYTES, X_CHAIN_BYTES } from '../world/constants.js'
import { type HttpHandler, httpError } from './http-types.js'
import type { Router } from './router.js'

export interface RouteOptions {
  admin: boolean
  index: boolean
  hooks: DispatchHooks
}

/** The X-Chain's second handler: `wallet` (issueTx & co.), which a read-only devnet leaves without methods. */
const walletService: RpcService<NodeContext> = { name: 'wallet', methods: {} }

/**
 * Registers the node's routes (`/ext/...`) like avalanchego does: each chain under `/ext/bc/<chainID>` with its
 * aliases, info and health always, admin and index only when enabled. Later APIs add prefix routes.
 */
export function registerNodeRoutes(router: Router, ctx: NodeContext, options: RouteOptions): void {
  const rpc =
    (...services: RpcService<NodeContext>[]): HttpHandler =>
    (request) =>
      serveJsonRpc(services, request, ctx, options.hooks)
  // rejectMiddleware: while a chain bootstraps its API answers 503 text/plain.
  const chain =
    (handler: HttpHandler): HttpHandler =>
    (request) =>
      ctx.state.bootstrapping
        ? httpError(503, 'API call rejected because chain is not done bootstrapping')
        : handler(request)

  router.add('/ext/info', '', rpc(infoService))

  const healthRpc = rpc(healthService)
  router.add('/ext/health', '', (request) =>
    request.method === 'GET' ? healthGet(ctx, 'health', request) : healthRpc(request),
  )
  router.add('/ext/health', '/health', (request) => healthGet(ctx, 'health', request))
  router.add('/ext/health', '/readiness', (request) => healthGet(ctx, 'readiness', request))
  router.add('/ext/health', '/liveness', (request) => healthGet(ctx, 'liveness', request))

  if (options.admin) router.add('/ext/admin', '', rpc(adminService))

  const xBase = `/ext/bc/${cb58Encode(X_CHAIN_BYTES)}`
  router.add(xBase, '', chain(rpc(avmService)))
  router.add(xBase, '/wallet', chain(rpc(walletService)))
  // The chains' API aliases (`genesis/aliases.go` L35-69): X, avm, bc/X, bc/avm (P likewise), under /ext/.
  router.alias(xBase, '/ext/X', '/ext/avm', '/ext/bc/X', '/ext/bc/avm')

  const pBase = `/ext/bc/${cb58Encode(P_CHAIN_BYTES)}`
  router.add(pBase, '', chain(rpc(platformService)))
  router.alias(pBase, '/ext/P', '/ext/platform', '/ext/bc/P', '/ext/bc/platform')

  if (options.index) {
    for (const [name, index] of Object.entries(containerIndexes(ctx.world))) {
      router.add(`/ext/index/${name}`, '', rpc(indexService(index)))
    }
  }
}
