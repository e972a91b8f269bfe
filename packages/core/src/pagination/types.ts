import type { CallOptions } from '../execute.js'
import type { AnyOperation } from '../operation.js'

/** How pagination helpers call an operation (the client's `call`). */
export type Call = (op: AnyOperation, params?: unknown, options?: CallOptions) => Promise<unknown>

/** Options of every walk: a cap on items, plus the per-call options used for each page. */
export interface WalkOptions extends CallOptions {
  /** Stop after this many items. */
  limit?: number
}
