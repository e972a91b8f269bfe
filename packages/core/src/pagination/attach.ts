import type { Container } from '../node/index.js'
import type { AnyOperation, OperationParams, OperationResult } from '../operation.js'
import { type IndexWalkParams, walkIndex, walkIndexPages } from './indexRange.js'
import { type PageTokenWalkOptions, type WalkEnv, walkTokenItems, walkTokenPages } from './pageToken.js'
import type { Call, WalkOptions } from './types.js'
import { type Utxo, type UtxoWalkParams, walkUtxoPages, walkUtxos } from './utxos.js'

/**
 * The element type of the array at `K` of a page (of each member, for results that are unions). The array may be
 * optional: the generated schemas require only the fields that name a record (scripts/generate.ts).
 */
export type PageItem<R, K extends PropertyKey> = R extends { readonly [P in K]?: ReadonlyArray<infer I> | undefined }
  ? I
  : never

/** `(params, options)` of a walk, with params optional when the operation's are. */
type WalkArgs<Op extends AnyOperation, O> =
  undefined extends OperationParams<Op>
    ? [params?: OperationParams<Op>, options?: O]
    : [params: OperationParams<Op>, options?: O]

/** `.pages()` and `.items()` on the functions of paginated operations. */
export type Paginated<Op extends AnyOperation> = Op extends { pagination: { kind: 'utxoCursor' } }
  ? {
      pages(params: UtxoWalkParams, options?: WalkOptions): AsyncGenerator<OperationResult<Op>>
      items(params: UtxoWalkParams, options?: WalkOptions): AsyncGenerator<Utxo>
    }
  : Op extends { pagination: { kind: 'indexRange' } }
    ? {
        pages(params: IndexWalkParams, options?: WalkOptions): AsyncGenerator<Container[]>
        items(params: IndexWalkParams, options?: WalkOptions): AsyncGenerator<Container>
      }
    : Op extends { pagination: { kind: 'pageToken'; items: infer K extends string } }
      ? {
          /** Whole pages in order, each with its nextPageToken (pass it as pageToken to resume later). */
          pages(...args: WalkArgs<Op, PageTokenWalkOptions>): AsyncGenerator<OperationResult<Op>>
          /** The records of every page, in order, each once; `options.limit` caps them. */
          items(...args: WalkArgs<Op, PageTokenWalkOptions>): AsyncGenerator<PageItem<OperationResult<Op>, K>>
        }
      : unknown

/**
 * Adds `.pages()` and `.items()` to the client function of a paginated operation. `env` is the client's logger (for
 * a pageToken walk's restarts and rate-limit waits, when the walk's options name none) and its sleep.
 */
export function attachPagination<F extends object>(fn: F, op: AnyOperation, call: Call, env: WalkEnv = {}): F {
  const kind = op.pagination?.kind
  if (kind === 'utxoCursor') {
    return Object.assign(fn, {
      pages: (params: UtxoWalkParams, options?: WalkOptions) => walkUtxoPages(call, op, params, options),
      items: (params: UtxoWalkParams, options?: WalkOptions) => walkUtxos(call, op, params, options, options?.limit),
    })
  }
  if (kind === 'indexRange') {
    return Object.assign(fn, {
      pages: (params: IndexWalkParams, options?: WalkOptions) => walkIndexPages(call, params, options),
      items: (params: IndexWalkParams, options?: WalkOptions) => walkIndex(call, params, options, options?.limit),
    })
  }
  if (kind === 'pageToken') {
    return Object.assign(fn, {
      pages: (params?: unknown, options?: PageTokenWalkOptions) => walkTokenPages(call, op, params, options, env),
      items: (params?: unknown, options?: PageTokenWalkOptions) => walkTokenItems(call, op, params, options, env),
    })
  }
  return fn
}
