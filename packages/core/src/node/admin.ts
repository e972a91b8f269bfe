import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  anyCaseEnum,
  emptyResult,
  goSlice,
  idOrAliasParam,
  idParam,
  MAX_ALIAS_BYTES,
  noParams,
  record,
  utf8Length,
} from '../schemas.js'

/**
 * The admin API (`/ext/admin`, `api/admin/service.go`). The node serves it only when started with
 * `--api-admin-enabled=true` (a 404 otherwise, raised as ApiDisabledError); public endpoints never serve it.
 */
const base = {
  service: 'admin',
  endpoint: '/ext/admin',
  readOnly: false,
  requires: '--api-admin-enabled=true',
} as const

const ADMIN = 'Needs a node started with --api-admin-enabled=true; public endpoints do not serve the admin API.'

/** Log levels of `utils/logging/level.go`; the node reads them in any case. */
export const logLevels = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'TRACE', 'DEBUG', 'VERBO'] as const
export type LogLevel = (typeof logLevels)[number]

/** `logging.ToLevel` upper-cases the name (`utils/logging/level.go`), so any case works. */
const logLevel = lazy(() => anyCaseEnum(logLevels, 'a log level'))

const alias = lazy(() =>
  z.string().check(
    z.minLength(1, { error: `expected a non-empty alias of at most ${MAX_ALIAS_BYTES} bytes` }),
    z.refine((text) => utf8Length(text) <= MAX_ALIAS_BYTES, {
      error: (issue) =>
        `alias length is too long: ${utf8Length(issue.input as string)} bytes in UTF-8, the node allows ${MAX_ALIAS_BYTES} (a character outside ASCII takes 2 to 4)`,
    }),
  ),
)

const loggerLevels = lazy(() => z.record(z.string(), record({ logLevel: z.string(), displayLevel: z.string() })))

export const admin = {
  alias: defineOperation({
    ...base,
    id: 'admin.alias',
    summary: 'Adds an alias for an API endpoint of this node, so it is also served at /ext/<alias>; returns {}.',
    params: () =>
      z.strictObject({
        endpoint: z.string().check(
          z.regex(/^(?!\/?ext\/)\S+$/, {
            error: 'expected the path after /ext/, like "bc/X" (without the "/ext/" prefix)',
          }),
        ),
        alias: alias(),
      }),
    result: emptyResult,
    idempotent: false,
    destructive: true,
  }),
  aliasChain: defineOperation({
    ...base,
    id: 'admin.aliasChain',
    summary: 'Adds an alias for a blockchain, usable wherever its ID is (e.g. /ext/bc/<alias>); returns {}.',
    params: () => z.strictObject({ chain: idOrAliasParam('blockchain'), alias: alias() }),
    result: emptyResult,
    idempotent: false,
    destructive: true,
  }),
  getChainAliases: defineOperation({
    ...base,
    id: 'admin.getChainAliases',
    summary: 'The aliases of a blockchain (e.g. ["X", "avm", <ID>]).',
    params: () =>
      z.strictObject({ chain: idParam('blockchain ID (the node does not accept an alias such as "X" here)') }),
    // A valid ID that is no chain answers {"aliases": null}: a nil slice without omitempty (`ids/aliases.go` L93-98).
    result: () => record({ aliases: goSlice(z.string()) }),
    idempotent: true,
  }),
  getLoggerLevel: defineOperation({
    ...base,
    id: 'admin.getLoggerLevel',
    summary: 'The log and display levels of one logger, or of every logger when loggerName is omitted.',
    params: () => z.optional(z.strictObject({ loggerName: z.optional(z.string()) })),
    result: () => record({ loggerLevels: loggerLevels() }),
    idempotent: true,
  }),
  setLoggerLevel: defineOperation({
    ...base,
    id: 'admin.setLoggerLevel',
    summary: 'Sets the log level and/or display level of one logger (or of all) and returns the resulting levels.',
    params: () =>
      z
        .strictObject(
          {
            loggerName: z.optional(z.string()),
            logLevel: z.optional(logLevel()),
            displayLevel: z.optional(logLevel()),
          },
          {
            error: (issue) =>
              issue.code === 'invalid_type' ? 'expected an object with logLevel and/or displayLevel' : undefined,
          },
        )
        .check(
          z.refine((params) => params.logLevel !== undefined || params.displayLevel !== undefined, {
            error: `give logLevel, displayLevel or both (one of ${logLevels.join(', ')})`,
          }),
        ),
    result: () => record({ loggerLevels: loggerLevels() }),
    idempotent: true,
    destructive: true,
  }),
  loadVMs: defineOperation({
    ...base,
    id: 'admin.loadVMs',
    summary: 'Loads the VM plugins installed on the node and returns the new VMs with their aliases, and any failures.',
    params: noParams,
    result: () =>
      record({
        newVMs: z.record(z.string(), z.array(z.string())),
        failedVMs: z.optional(z.record(z.string(), z.string())),
      }),
    idempotent: true,
    destructive: true,
  }),
  lockProfile: defineOperation({
    ...base,
    id: 'admin.lockProfile',
    summary: "Writes a mutex contention profile to lock.profile in the node's profile directory; returns {}.",
    params: noParams,
    result: emptyResult,
    idempotent: true,
    destructive: true,
  }),
  memoryProfile: defineOperation({
    ...base,
    id: 'admin.memoryProfile',
    summary: "Writes a heap profile to mem.profile in the node's profile directory; returns {}.",
    params: noParams,
    result: emptyResult,
    idempotent: true,
    destructive: true,
  }),
  startCPUProfiler: defineOperation({
    ...base,
    id: 'admin.startCPUProfiler',
    summary: 'Starts CPU profiling on the node until admin.stopCPUProfiler; returns {}.',
    params: noParams,
    result: emptyResult,
    idempotent: false,
    destructive: true,
  }),
  stopCPUProfiler: defineOperation({
    ...base,
    id: 'admin.stopCPUProfiler',
    summary: "Stops CPU profiling and writes the profile to cpu.profile in the node's profile directory; returns {}.",
    params: noParams,
    result: emptyResult,
    idempotent: false,
    destructive: true,
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const adminDescriptions = (): Descriptions<typeof admin> => ({
  'admin.alias': `endpoint is the path after /ext/ (e.g. "bc/X"); the original path keeps working. Node-local, not persisted across restarts, and an alias can be added only once. ${ADMIN}`,
  'admin.aliasChain': `chain is a blockchain ID or an existing alias. The alias is set on this node only and is not propagated to other nodes; an alias can be added only once. ${ADMIN}`,
  'admin.getChainAliases': `chain must be the blockchain's cb58 ID: the node rejects aliases such as "X" here. An ID that is no chain of this node has no aliases (an empty list). ${ADMIN}`,
  'admin.getLoggerLevel': `Levels are OFF, FATAL, ERROR, WARN, INFO, TRACE, DEBUG, VERBO. ${ADMIN}`,
  'admin.setLoggerLevel': `Give logLevel (what is written to log files), displayLevel (what is printed), or both: one of ${logLevels.join(', ')}, any case. Without loggerName every logger changes. The change lasts until the node restarts. ${ADMIN}`,
  'admin.loadVMs': `newVMs maps each newly loaded VM ID to its aliases; failedVMs (only present when a VM failed) maps a VM ID to the error. Loaded VMs stay registered until the node restarts. ${ADMIN}`,
  'admin.lockProfile': `The file goes to --profile-dir and is overwritten by the next call. ${ADMIN}`,
  'admin.memoryProfile': `The file goes to --profile-dir and is overwritten by the next call. ${ADMIN}`,
  'admin.startCPUProfiler': `Fails if the profiler is already running. Profiling costs CPU on the node while it runs. ${ADMIN}`,
  'admin.stopCPUProfiler': `Fails if the profiler is not running. ${ADMIN}`,
})
