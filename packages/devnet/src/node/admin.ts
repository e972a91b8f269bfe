import { cb58Encode } from '@avalanche-automation/core'
import type { NodeContext } from './context.js'
import { goIdFromString } from './ids.js'
import { method, RpcError, type RpcService } from './jsonrpc.js'
import { type LogLevel, level, string } from './params.js'

/** `maxAliasLength` (`api/admin/service.go`): Go's `len(args.Alias)` counts UTF-8 bytes (L148, L170). */
const MAX_ALIAS_BYTES = 512
const tooLong = (alias: string) => Buffer.byteLength(alias, 'utf8') > MAX_ALIAS_BYTES

function fail(fn: () => void): Record<string, never> {
  try {
    fn()
  } catch (error) {
    throw error instanceof RpcError ? error : new RpcError((error as Error).message)
  }
  return {}
}

function loggerLevels(ctx: NodeContext, name: string) {
  const names = name === '' ? [...ctx.state.loggers.keys()].sort() : [name]
  const loggerLevels: Record<string, { logLevel: LogLevel; displayLevel: LogLevel }> = {}
  for (const n of names) {
    const levels = ctx.state.loggers.get(n)
    if (!levels) throw new RpcError(`logger with name ${JSON.stringify(n)} not found`)
    loggerLevels[n] = { ...levels }
  }
  return { loggerLevels }
}

/**
 * The admin service (`api/admin/service.go`), served only with `admin: true` like `--api-admin-enabled`.
 * Profiling calls succeed without writing any file.
 */
export const adminService: RpcService<NodeContext> = {
  name: 'admin',
  methods: {
    alias: method({ endpoint: string, alias: string }, (args, ctx) =>
      fail(() => {
        if (tooLong(args.alias)) throw new Error('alias length is too long')
        ctx.routes.alias(args.endpoint, args.alias)
      }),
    ),

    aliasChain: method({ chain: string, alias: string }, (args, ctx) =>
      fail(() => {
        if (tooLong(args.alias)) throw new Error('alias length is too long')
        const chainId = ctx.state.lookup(args.chain)
        ctx.state.alias(chainId, args.alias)
        ctx.routes.alias(`bc/${cb58Encode(chainId)}`, `bc/${args.alias}`)
      }),
    ),

    // A valid ID that is no chain answers {"aliases": null} (`ids/aliases.go` L93-98: nil slice, no omitempty).
    getChainAliases: method({ chain: string }, (args, ctx) => {
      let chainId: Uint8Array
      try {
        chainId = goIdFromString(args.chain)
      } catch (error) {
        throw new RpcError((error as Error).message)
      }
      return { aliases: ctx.state.aliasesOf(chainId) }
    }),

    getLoggerLevel: method({ loggerName: string }, (args, ctx) => loggerLevels(ctx, args.loggerName)),

    setLoggerLevel: method({ loggerName: string, logLevel: level, displayLevel: level }, (args, ctx) => {
      if (args.logLevel === undefined && args.displayLevel === undefined) {
        throw new RpcError('need to specify either displayLevel or logLevel')
      }
      const names = args.loggerName === '' ? [...ctx.state.loggers.keys()] : [args.loggerName]
      for (const name of names) {
        const current = ctx.state.loggers.get(name)
        if (!current) throw new RpcError(`logger with name ${JSON.stringify(name)} not found`)
        if (args.logLevel !== undefined) current.logLevel = args.logLevel
        if (args.displayLevel !== undefined) current.displayLevel = args.displayLevel
      }
      return loggerLevels(ctx, args.loggerName)
    }),

    loadVMs: method({}, () => ({ newVMs: {} })),

    lockProfile: method({}, () => ({})),

    memoryProfile: method({}, () => ({})),

    startCPUProfiler: method({}, (_args, ctx) => {
      if (ctx.state.cpuProfiling) throw new RpcError('cpu profiler already running')
      ctx.state.cpuProfiling = true
      return {}
    }),

    stopCPUProfiler: method({}, (_args, ctx) => {
      if (!ctx.state.cpuProfiling) throw new RpcError("cpu profiler doesn't exist")
      ctx.state.cpuProfiling = false
      return {}
    }),
  },
}
