/**
 * MCP logging: core's log events (retries, rate-limit waits, deprecations, pagination restarts) reach the client that
 * made the call as `notifications/message`. The core client is shared by every connection, so its logger looks up
 * the current call's sink in async-local storage rather than holding one.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from '@avalanche-automation/core'
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js'

export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]
/** The threshold until the client sets one with logging/setLevel (and always over stateless HTTP). */
export const DEFAULT_LOG_LEVEL: LoggingLevel = 'info'

/** Whether a message at `level` passes the `threshold`. */
export const passes = (level: LoggingLevel, threshold: LoggingLevel) =>
  LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold)

export type LogSink = (level: LoggingLevel, data: Record<string, unknown>) => void

const current = new AsyncLocalStorage<LogSink>()

/** Runs `fn` with its core log events going to `sink`. */
export function withLogSink<T>(sink: LogSink, fn: () => T): T {
  return current.run(sink, fn)
}

/** Core's debug events that a client wants to see without asking for debug: retries and rate-limit pacing. */
const NOTABLE = new Set(['retry', 'rate-limit-pace', 'rate-limit-wait', 'pagination-restart'])

/**
 * A core logger that forwards each event to the current call's sink (when there is one) and to `base` (the
 * operator's stderr in the CLI). Secrets are redacted by core before they reach any logger.
 */
export function forwardingLogger(base?: Logger): Logger {
  const forward = (level: LoggingLevel, message: string, meta?: Record<string, unknown>) =>
    current.getStore()?.(level, { message, ...meta })
  return {
    debug(message, meta) {
      base?.debug(message, meta)
      forward(NOTABLE.has(String(meta?.event)) ? 'notice' : 'debug', message, meta)
    },
    warn(message, meta) {
      base?.warn(message, meta)
      forward('warning', message, meta)
    },
  }
}
