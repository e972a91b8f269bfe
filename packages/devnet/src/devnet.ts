import type { AddressInfo } from 'node:net'
import { createDataApi, type DataFixtures, registerDataApi } from './data/service.js'
import type { DeliveryAttempt } from './data/webhooks.js'
import { FaultEngine, type FaultOptions } from './faults.js'
import { NodeState } from './node/context.js'
import { type DevnetOptions, type ResolvedOptions, resolveOptions } from './options.js'
import { createDevnetServer, createStats, type DevnetStats } from './server/http-server.js'
import { Router } from './server/router.js'
import { registerNodeRoutes } from './server/routes.js'
import { type DevnetFixtures, type LiveRound, World } from './world/world.js'

/** Where the chains are: rounds advanced so far and each chain's height (index C/block etc. hold that many). */
export interface DevnetTip {
  round: number
  /** Unix seconds of the last round (of the static world's last block before any). */
  time: number
  p: number
  x: number
  c: number
}

export interface Devnet {
  /** `http://host:port`, no trailing slash. */
  url: string
  host: string
  port: number
  /** Known values of this world for assertions: IDs, addresses, counts, balances; `data`: the Data API's EVM side. */
  fixtures: DevnetFixtures & { data: DataFixtures }
  /** Live request counters. */
  stats: DevnetStats
  /** The options in effect (defaults applied). */
  options: ResolvedOptions
  /** Replaces the fault configuration and restarts its counters; `undefined` clears all faults. */
  setFaults(faults: FaultOptions | undefined): void
  /** Switches the node in or out of the bootstrapping state. */
  setBootstrapping(bootstrapping: boolean): void
  /**
   * Advances the chains by `rounds` rounds (default 1) at once, as `blockInterval` does over time: each round adds a
   * P-Chain block (two when a stake ends), an X-Chain block of 1-3 transfers and a C-Chain block, the Data API's EVM
   * chains grow with them and webhooks are sent the new activity. Chains the `halt` fault names stay put. The same
   * seed and number of rounds always give the same chains. Answers the new tip.
   */
  advance(rounds?: number): DevnetTip
  /** The chains' current heights. */
  tip(): DevnetTip
  /**
   * Delivers the `limit` (default 1) latest transactions of an address_activity webhook's addresses, oldest first,
   * as new messages (fresh messageIds) on their retry schedules; answers the messageIds. (As the chains advance,
   * each round's new transactions are delivered on their own.)
   */
  replayWebhookActivity(webhookId: string, limit?: number): string[]
  /** Every webhook delivery attempt so far, oldest first. */
  webhookAttempts: readonly DeliveryAttempt[]
  /** Stops listening, drops open connections and stops every webhook timer and delivery. */
  close(): Promise<void>
}

/**
 * Starts a deterministic, in-process simulator of an avalanchego node (local network 12345) on loopback.
 * The world is derived from `seed`; transactions and blocks are computed on demand, so large sizes start fast.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const resolved = resolveOptions(options)
  const world = new World({
    seed: resolved.seed,
    xTxs: resolved.xTxs,
    xDagTxs: resolved.xDagTxs,
    utxosPerAddress: resolved.utxosPerAddress,
    xBlockTxs: resolved.xBlockTxs,
    pBlocks: resolved.pBlocks,
    cBlocks: resolved.cBlocks,
  })
  const state = new NodeState(world, resolved.bootstrapping)
  let last: LiveRound | undefined
  const tip = (): DevnetTip => ({
    round: world.round,
    time: last?.time ?? world.liveTime(0),
    p: world.p.height,
    x: world.x.blockCount,
    c: world.c.height,
  })
  const stats = createStats()
  const faults = new FaultEngine(resolved.faults)
  const router = new Router()
  let port = resolved.port
  registerNodeRoutes(
    router,
    {
      world,
      state,
      get port() {
        return port
      },
      routes: { alias: (endpoint, alias) => router.alias(`/ext/${endpoint}`, `/ext/${alias}`) },
      now: resolved.now,
    },
    {
      admin: resolved.admin,
      index: resolved.index,
      hooks: { onMethod: (name) => (stats.byMethod[name] = (stats.byMethod[name] ?? 0) + 1) },
    },
  )
  // The Data API (`/v1/...`, `/v2/chains/{chainId}/addresses/...`) and the Metrics API (`/v2/...`, `/v1/avg_tps/...`).
  let url = ''
  const dataApi = createDataApi(world, {
    seed: resolved.seed,
    evmTxs: resolved.evmTxs,
    apiKeys: resolved.apiKeys,
    rateLimits: resolved.rateLimits,
    quirks: resolved.quirks,
    now: resolved.now,
    baseUrl: () => url,
    webhookDelivery: resolved.webhookDelivery,
  })
  registerDataApi(router, dataApi)
  const server = createDevnetServer({
    router,
    faults,
    stats,
    nodeId: world.fixtures.nodeId,
    allowedHosts: resolved.allowedHosts,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const advance = (rounds = 1): DevnetTip => {
    if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > 1_000_000) {
      throw new RangeError(`advance(rounds): rounds must be a whole number from 1 to 1000000, got ${String(rounds)}`)
    }
    for (let k = 0; k < rounds; k++) last = world.advance(faults.halted)
    return tip()
  }
  const clock = resolved.blockInterval > 0 ? setInterval(() => advance(), resolved.blockInterval) : undefined
  const urlHost = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host
  url = `http://${urlHost}:${port}`
  return {
    url,
    host: resolved.host,
    port,
    fixtures: Object.assign(world.fixtures, { data: dataApi.fixtures }),
    stats,
    options: resolved,
    setFaults: (next) => faults.set(next),
    setBootstrapping: (value) => {
      state.bootstrapping = value
    },
    advance,
    tip,
    replayWebhookActivity: (webhookId, limit) => dataApi.webhooks.replay(webhookId, limit),
    webhookAttempts: dataApi.webhooks.attempts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(clock)
        dataApi.webhooks.close()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
