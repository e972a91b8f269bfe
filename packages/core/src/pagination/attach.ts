import type { Container } from '../node/index.js'
import type { AnyOperation, OperationResult } from '../operation.js'
import { type IndexWalkParams, walkIndex, walkIndexPages } from './indexRange.js'
import type { Call, WalkOptions } from './types.js'
import { type Utxo, type UtxoWalkParams, walkUtxoPages, walkUtxos } from './utxos.js'

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
    : unknown

export function attachPagination<F extends object>(fn: F, op: AnyOperation, call: Call): F {
  const kind = op.pagination?.kind
  if (kind === 'utxoCursor') {
    return Object.assign(fn, {
      pages: (params: UtxoWalkParams, options?: WalkOptions) => walkUtxoPages(call, op, params, options),
      items: (params: UtxoWalkParams, options?: WalkOptions) =>
        take(walkUtxos(call, op, params, options), options?.limit),
    })
  }
  if (kind === 'indexRange') {
    return Object.assign(fn, {
      pages: (params: IndexWalkParams, options?: WalkOptions) => walkIndexPages(call, params, options),
      items: (params: IndexWalkParams, options?: WalkOptions) => take(walkIndex(call, params, options), options?.limit),
    })
  }
  return fn
}

/** Ends an iteration after `limit` items (and closes the source, which stops its requests). */
export async function* take<T>(source: AsyncGenerator<T>, limit: number | undefined): AsyncGenerator<T> {
  if (limit === undefined) return yield* source
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`)
  if (limit === 0) return
  let count = 0
  for await (const item of source) {
    yield item
    if (++count >= limit) return
  }
}
