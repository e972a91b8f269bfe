import { cb58Encode } from '@avalanche-automation/core'
import { C_CHAIN_BYTES, P_CHAIN_BYTES, X_CHAIN_BYTES } from '../world/constants.js'
import type { World } from '../world/world.js'
import type { LogLevel } from './params.js'

/** Node-local mutable state: what admin calls change and what a real node would keep in memory. */
export class NodeState {
  /** Chain aliases (`ids.Aliaser` of the chain manager): alias → chain ID, and per chain its aliases in order. */
  private readonly dealias = new Map<string, Uint8Array>()
  private readonly aliases = new Map<string, string[]>()
  readonly loggers = new Map<string, { logLevel: LogLevel; displayLevel: LogLevel }>()
  cpuProfiling = false

  constructor(
    readonly world: World,
    /** `bootstrapping: true` makes every chain answer 503 and isBootstrapped false. */
    public bootstrapping: boolean,
  ) {
    this.addChain(X_CHAIN_BYTES, ['X', 'avm'])
    this.addChain(P_CHAIN_BYTES, ['P', 'platform'])
    this.addChain(C_CHAIN_BYTES, ['C', 'evm'])
    // The node validates the permissioned subnet, so it runs (and aliases) that subnet's chain.
    const subnetChain = world.p.blockchains.find((b) => Buffer.compare(b.subnetId, world.p.subnetId) === 0)
    if (subnetChain) this.addChain(subnetChain.id, [])
    for (const name of ['C', 'P', 'X', 'main']) this.loggers.set(name, { logLevel: 'INFO', displayLevel: 'INFO' })
  }

  private addChain(id: Uint8Array, names: string[]): void {
    for (const name of [...names, cb58Encode(id)]) this.alias(id, name)
  }

  /** `there is no ID with alias: <alias>` when unknown (`ids/aliases.go` L13, L71). */
  lookup(alias: string): Uint8Array {
    const id = this.dealias.get(alias)
    if (!id) throw new Error(`there is no ID with alias: ${alias}`)
    return id
  }

  tryLookup(alias: string): Uint8Array | undefined {
    return this.dealias.get(alias)
  }

  /** `alias already mapped to an ID: <alias>` when taken (`ids/aliases.go` L15, L105). */
  alias(id: Uint8Array, alias: string): void {
    if (this.dealias.has(alias)) throw new Error(`alias already mapped to an ID: ${alias}`)
    this.dealias.set(alias, id)
    const key = cb58Encode(id)
    this.aliases.set(key, [...(this.aliases.get(key) ?? []), alias])
  }

  /** Aliases of a chain, or null for an unknown ID (Go returns a nil slice). */
  aliasesOf(id: Uint8Array): string[] | null {
    return this.aliases.get(cb58Encode(id)) ?? null
  }

  primaryAlias(id: Uint8Array): string {
    return this.aliasesOf(id)?.[0] ?? cb58Encode(id)
  }
}

export interface NodeContext {
  world: World
  state: NodeState
  /** The route table operations admin.alias / admin.aliasChain need. */
  routes: {
    /** Makes `/ext/<alias>` serve what `/ext/<endpoint>` serves (plus its sub-endpoints). */
    alias(endpoint: string, alias: string): void
  }
  /** host:port the server listens on (for info.getNodeIP we report the staking port instead). */
  port: number
  /** The node's wall clock in ms (`vm.clock`: what getBalance compares locktimes with); the devnet's `now` option. */
  now: () => number
}

/** The node's wall clock in unix seconds (`mockable.Clock.Unix`). */
export const unixNow = (ctx: NodeContext): bigint => BigInt(Math.floor(ctx.now() / 1000))
