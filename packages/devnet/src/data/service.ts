import type { HttpHandler, HttpReply, HttpRequest } from '../server/http-types.js'
import type { Router } from '../server/router.js'
import type { World } from '../world/world.js'
import type { DataContext, RouteHandler } from './context.js'
import { evmHandlers } from './evm-api.js'
import { checksumAddress, EWOQ_EVM } from './evm-chain.js'
import { EvmChains } from './evm-chains.js'
import { ApiError, type ApiName, apiErrorReply, apiJson, ERROR_NAMES, readParams } from './http.js'
import { icmHandlers } from './icm-api.js'
import { metricsHandlers } from './metrics-api.js'
import { MetricsModel } from './metrics-model.js'
import { networkHandlers } from './network-api.js'
import { PageTokens } from './page-token.js'
import { primaryLookupHandlers } from './primary-lookups-api.js'
import { PrimaryNetwork } from './primary-network.js'
import { blockchainIdsOf, primaryNetworkHandlers } from './primary-network-api.js'
import { applyQuirks } from './quirks.js'
import { type ApiKeyTier, type Charge, checkPrivilege, identify, RateLimiter, type RateLimits } from './rate-limit.js'
import { SPEC_OPERATIONS } from './spec.gen.js'
import { computeUnits, type SpecOperation, type SpecParam } from './spec.js'
import { stakingHandlers } from './staking-api.js'
import { utxoHandlers } from './utxo-api.js'
import { type WebhookDeliveryOptions, Webhooks } from './webhooks.js'
import { WRITE_OPERATIONS, writeHandlers } from './webhooks-api.js'

/** Seed 001's `/v1/avg_tps/{chainId}`: in no OpenAPI description (builders-hub metrics-api/usage-guide.mdx). */
export const AVG_TPS_OPERATION: SpecOperation = {
  api: 'metrics',
  operationId: 'getAvgTps',
  method: 'GET',
  path: '/v1/avg_tps/{chainId}',
  weight: null,
  params: [
    { name: 'chainId', in: 'path', required: true, type: 'string' },
    { name: 'pageToken', in: 'query', required: false, type: 'string' },
    { name: 'pageSize', in: 'query', required: false, type: 'integer', minimum: 1, maximum: 2160, default: 100 },
  ],
}

/** Every operation the devnet serves: the descriptions' (generated) plus the seed's avg_tps, plus the writes. */
export const OPERATIONS: readonly SpecOperation[] = [...SPEC_OPERATIONS, AVG_TPS_OPERATION, ...WRITE_OPERATIONS]

const HANDLERS: Record<string, RouteHandler> = {
  ...evmHandlers,
  ...primaryNetworkHandlers,
  ...primaryLookupHandlers,
  ...stakingHandlers,
  ...icmHandlers,
  ...networkHandlers,
  ...utxoHandlers,
  ...metricsHandlers,
  ...writeHandlers,
}

/**
 * Transaction types the live service knows before its description lists them: the ACP-236 auto-renewed validator
 * transactions, added to the official SDK in 2026-07 (data-api.md 0b.4).
 */
export const NEWER_TX_TYPES = ['AddAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx']

/** Where the devnet accepts more than the description's enums: its own blockchain IDs, newer transaction types. */
const OVERRIDES: Record<string, Record<string, Partial<SpecParam>>> = Object.fromEntries(
  OPERATIONS.map((op) => {
    const overrides: Record<string, Partial<SpecParam>> = {}
    const blockchainId = op.params.find((p) => p.name === 'blockchainId' && p.in === 'path')
    if (blockchainId?.enum) {
      overrides.blockchainId = { enum: blockchainIdsOf(blockchainId.enum) }
    }
    const txTypes = op.params.find((p) => p.name === 'txTypes')
    if (txTypes?.enum) overrides.txTypes = { enum: [...txTypes.enum, ...NEWER_TX_TYPES] }
    return [op.operationId, overrides]
  }),
)

interface CompiledRoute {
  op: SpecOperation
  pattern: RegExp
  names: string[]
  literals: number
  handler: RouteHandler
}

/** Exact path patterns: `{name}` matches one path segment; literal segments (`bridged:getAddresses`) must match. */
export function compileRoutes(operations: readonly SpecOperation[] = OPERATIONS): CompiledRoute[] {
  return operations
    .map((op) => {
      const names: string[] = []
      const source = op.path
        .split('/')
        .map((segment) =>
          segment.replace(/\{(\w+)\}|[^{}]+/g, (part, name: string | undefined) => {
            if (name) {
              names.push(name)
              return '([^/]+)'
            }
            return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          }),
        )
        .join('/')
      const handler = HANDLERS[op.operationId]
      if (!handler) throw new Error(`no handler for ${op.operationId}`)
      return {
        op,
        pattern: new RegExp(`^${source}$`),
        names,
        literals: op.path.split('/').filter((s) => !s.includes('{')).length,
        handler,
      }
    })
    .sort((a, b) => b.literals - a.literals)
}

/** Which API a path belongs to, for requests that match no route: the Data API's `/v2` routes are per address. */
export function apiOfPath(path: string): ApiName {
  if (path.startsWith('/v1/avg_tps/')) return 'metrics'
  if (path.startsWith('/v1/')) return 'data'
  return /^\/v2\/chains\/[^/]+\/addresses\//.test(path) ? 'data' : 'metrics'
}

export interface DataApiOptions {
  seed: number
  evmTxs: number
  apiKeys: Readonly<Record<string, ApiKeyTier>>
  rateLimits: RateLimits | false
  /** Answer with the live service's deviations from its descriptions (quirks.ts). */
  quirks: boolean
  now: () => number
  /** The devnet's URL once it listens. */
  baseUrl: () => string
  /** Webhook delivery timing (the documented 10 s timeout and retry schedule unless compressed). */
  webhookDelivery: WebhookDeliveryOptions
}

/** Known values of the Data API's world, for assertions. */
export interface DataFixtures {
  evm: {
    chains: { chainId: string; blockchainId: string; name: string; height: number; txCount: number }[]
    /** EIP-55 addresses; ewoq takes part in every transaction, alice/bob/carol in every 64th. */
    accounts: { ewoq: string; alice: string; bob: string; carol: string }
    /** Token contracts (the same addresses on every EVM chain: ewoq deployed them with nonces 0..5). */
    contracts: { usdc: string; wavax: string; joe: string; spam: string; nft: string; items: string }
  }
}

export interface DataApi {
  handler: HttpHandler
  context: DataContext
  webhooks: Webhooks
  fixtures: DataFixtures
}

/**
 * The Data API and the Metrics API on the devnet's server: every operation core declares, routed by exact pattern
 * (Data under `/v1/...` and `/v2/chains/{chainId}/addresses/...`, Metrics under `/v2/...` and `/v1/avg_tps/...`),
 * each request checked in the live service's order: key (401), tier (403), rate limit (429, charged by
 * `x-execution-weight`), parameters (400), then the handler (404 for what does not exist).
 */
export function createDataApi(world: World, options: DataApiOptions): DataApi {
  const chains = new EvmChains(world, { evmTxs: options.evmTxs })
  const context: DataContext = {
    world,
    chains,
    primary: new PrimaryNetwork(world),
    metrics: new MetricsModel(world, chains),
    tokens: new PageTokens(options.seed, options.now),
    webhooks: new Webhooks(chains, options.seed, options.now, options.webhookDelivery),
    baseUrl: options.baseUrl,
    now: options.now,
  }
  // Each round of a live devnet: the new EVM transactions go out to the webhooks watching their addresses (the
  // listings, balances and metrics read the grown chains on their own, request by request).
  world.onAdvance(() => context.webhooks.deliverNew())
  const routes = compileRoutes()
  const limiter = new RateLimiter(options.rateLimits, options.now)

  const handler: HttpHandler = (request: HttpRequest): HttpReply => {
    const api = apiOfPath(request.path)
    let match: { route: CompiledRoute; values: Record<string, string> } | undefined
    for (const route of routes) {
      if (route.op.method !== request.method) continue // GET and POST /v1/webhooks share a path
      const m = route.pattern.exec(request.path)
      if (!m) continue
      const values: Record<string, string> = {}
      try {
        route.names.forEach((name, i) => {
          values[name] = decodeURIComponent(m[i + 1] as string)
        })
      } catch {
        return apiErrorReply(route.op.api, new ApiError(400, ['the path holds a malformed %-escape']))
      }
      match = { route, values }
      break
    }
    if (!match) {
      return apiErrorReply(api, new ApiError(404, `Cannot ${request.method} ${request.path}`))
    }
    const { op } = match.route
    let charge: Charge | undefined
    try {
      const caller = identify(op.api, request.headers, options.apiKeys)
      if (op.api === 'data') checkPrivilege(caller, op.weight, op.operationId)
      charge = limiter.charge(caller, computeUnits(op.api, op.weight))
      const params = readParams(op, match.values, request.query, OVERRIDES[op.operationId])
      const sent = readJsonBody(request)
      const body = match.route.handler({ ctx: context, params, route: op.path, body: sent, caller })
      return apiJson(op.status ?? 200, JSON.stringify(options.quirks ? applyQuirks(body) : body), charge.headers)
    } catch (error) {
      if (error instanceof ApiError) return apiErrorReply(op.api, error, charge?.headers)
      const message = error instanceof Error ? error.message : String(error)
      return apiErrorReply(op.api, new ApiError(500, `Internal server error: ${message}`), charge?.headers)
    }
  }

  const [c] = chains.list
  const contracts = c?.chain.contracts.map((x) => checksumAddress(x.address)) ?? []
  const users = c?.chain.users ?? []
  const fixtures: DataFixtures = {
    evm: {
      chains: chains.list.map((m) => ({
        chainId: m.chain.chainId,
        blockchainId: m.chain.spec.blockchainId,
        name: m.chain.spec.name,
        height: m.chain.height,
        txCount: m.chain.txCount,
      })),
      accounts: {
        ewoq: checksumAddress(EWOQ_EVM),
        alice: checksumAddress(users[0] as string),
        bob: checksumAddress(users[1] as string),
        carol: checksumAddress(users[2] as string),
      },
      contracts: {
        usdc: contracts[0] as string,
        wavax: contracts[1] as string,
        joe: contracts[2] as string,
        spam: contracts[3] as string,
        nft: contracts[4] as string,
        items: contracts[5] as string,
      },
    },
  }
  return { handler, context, webhooks: context.webhooks, fixtures }
}

/** A write's JSON body (NestJS answers 400 for one that does not parse); undefined when none was sent. */
function readJsonBody(request: HttpRequest): unknown {
  if (request.method === 'GET' || request.body.length === 0) return undefined
  try {
    return JSON.parse(request.body.toString('utf8'))
  } catch {
    throw new ApiError(400, ['the body is not valid JSON'])
  }
}

/** Registers the Data and Metrics APIs on the node's router: `/v1/` and `/v2/` prefixes. */
export function registerDataApi(router: Router, api: DataApi): void {
  const faultReply = (status: number, path: string) =>
    apiErrorReply(apiOfPath(path), new ApiError(status, ERROR_NAMES[status] ?? 'Error'))
  for (const prefix of ['/v1/', '/v2/']) router.addPrefix(prefix, api.handler, faultReply)
}
