import { JsonRpcError, PaginationLimitError } from '../errors.js'
import type { CallOptions } from '../execute.js'
import { type Container, type IndexName, index, MAX_CONTAINER_RANGE } from '../node/index.js'
import { itemsOf } from './items.js'
import type { Call } from './types.js'

export interface IndexWalkParams {
  indexName: IndexName
  /** First position (inclusive). Default 0. */
  startIndex?: bigint | number
  /** Last position (inclusive). Default: the last accepted index when the walk starts. */
  endIndex?: bigint | number
  /** Containers per request, 1..1024. Default 1024. */
  pageSize?: number
  /** Requests in flight at once; pages are still yielded in order. Default 4. */
  concurrency?: number
  encoding?: 'hex' | 'hexc' | 'hexnc'
}

/** The index's answer while it holds no container (`errNoneAccepted`, `indexer/index.go` L31). */
export const NONE_ACCEPTED = 'no containers have been accepted'

/**
 * Whether an error is the index saying it is empty: getLastAccepted and getContainerRange answer so, e.g. `X/tx` and
 * `X/vtx` on networks with Cortina active at genesis.
 */
export function isNoneAccepted(error: unknown): boolean {
  return JsonRpcError.isInstance(error) && error.rpcMessage === NONE_ACCEPTED
}

/**
 * Walks an index range page by page, in order, with up to `concurrency` requests in flight. Memory stays bounded by
 * `concurrency` pages whatever the length of the range. An empty index yields nothing.
 */
export async function* walkIndexPages(
  call: Call,
  params: IndexWalkParams,
  options: CallOptions = {},
): AsyncGenerator<Container[]> {
  const pageSize = params.pageSize ?? MAX_CONTAINER_RANGE
  const concurrency = params.concurrency ?? 4
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_CONTAINER_RANGE) {
    throw new RangeError(`pageSize must be a whole number from 1 to ${MAX_CONTAINER_RANGE}, got ${pageSize}`)
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new RangeError(`concurrency must be a whole number from 1 to 64, got ${concurrency}`)
  }
  const { indexName, encoding } = params
  const start = BigInt(params.startIndex ?? 0)
  let end: bigint
  if (params.endIndex !== undefined) end = BigInt(params.endIndex)
  else {
    try {
      end = ((await call(index.getLastAccepted, { indexName }, options)) as Container).index
    } catch (error) {
      if (isNoneAccepted(error)) return
      throw error
    }
  }
  let next = start
  const inFlight: Promise<Container[]>[] = []
  const fetchPage = (from: bigint): Promise<Container[]> => {
    const count = Number(end - from + 1n < BigInt(pageSize) ? end - from + 1n : BigInt(pageSize))
    return (
      call(index.getContainerRange, { indexName, startIndex: from, numToFetch: count, encoding }, options) as Promise<{
        containers: Container[]
      }>
    ).then((r) => r.containers)
  }
  const fill = () => {
    while (inFlight.length < concurrency && next <= end) {
      const page = fetchPage(next)
      page.catch(() => {}) // awaited in order below; this only prevents an unhandled rejection meanwhile
      inFlight.push(page)
      next += BigInt(pageSize)
    }
  }
  try {
    fill()
    let expected = start
    while (inFlight.length > 0) {
      let containers: Container[]
      try {
        containers = await (inFlight.shift() as Promise<Container[]>)
      } catch (error) {
        // An explicit range over an empty index: nothing to walk, as when the index ends before `end`.
        if (expected === start && isNoneAccepted(error)) return
        throw error
      }
      if (containers.length === 0 || containers[0]?.index !== expected) {
        throw new PaginationLimitError(
          index.getContainerRange.id,
          `expected containers from position ${expected} of ${indexName}, got ${containers.length ? `position ${containers[0]?.index}` : 'none'}`,
        )
      }
      expected += BigInt(containers.length)
      fill()
      yield containers
      // A short page means the index ends before `end` (it was given explicitly): stop there.
      if (expected <= end && containers.length < pageSize) return
    }
  } finally {
    inFlight.length = 0
  }
}

/** Every container of the range, in order, up to `limit`. */
export function walkIndex(
  call: Call,
  params: IndexWalkParams,
  options: CallOptions = {},
  limit?: number,
): AsyncGenerator<Container, undefined, undefined> {
  return itemsOf(walkIndexPages(call, params, options), (page) => page, limit)
}
