import type { ApiCall } from './context.js'
import { num, str } from './http.js'
import type { PageTokens } from './page-token.js'

/** One entry of a listing: its position (strictly monotone in listing order, 0 <= position < 2^48) and the item. */
export type Entry<T> = readonly [position: number, item: T]

/**
 * A listing in its service order, lazily: entries from `start` (inclusive; the first entry when undefined). Sources
 * derive entries on demand, so a listing of millions of items costs what its pages cost.
 */
export type Source<T> = (start: number | undefined) => Iterable<Entry<T>>

export interface PageRequest {
  tokens: PageTokens
  /** The route and filters, without pageToken and pageSize: what a token is bound to. */
  request: string
  pageToken: string | undefined
  pageSize: number
  /** A page stops early once the items' summed cost reaches this (the Primary Network's UTXO threshold). */
  budget?: { limit: number; cost: (item: unknown) => number }
}

export interface Page<T> {
  items: T[]
  /** Present only when more items follow (omitted on the last page). */
  nextPageToken?: string
}

/** One page of a listing; the token names the position of the first entry of the next page. */
export function paginate<T>(page: PageRequest, source: Source<T>): Page<T> {
  const start = page.pageToken === undefined ? undefined : page.tokens.read(page.pageToken, page.request)
  const items: T[] = []
  let spent = 0
  for (const [position, item] of source(start)) {
    const full = items.length >= page.pageSize || (page.budget !== undefined && spent >= page.budget.limit)
    if (full) return { items, nextPageToken: page.tokens.issue(page.request, position) }
    items.push(item)
    if (page.budget) spent += page.budget.cost(item)
  }
  return { items }
}

/**
 * One page of a small list held whole (validators, chains, subnets): positions are indexes, or `keyed` positions that
 * stay with their items when a growing chain adds items before them (strictly ascending, or descending, in list
 * order). `nextPageToken` is present only when more items follow.
 */
export function listPage<T>(
  call: ApiCall,
  items: T[],
  filters: Record<string, unknown>,
  fallbackSize = 10,
  keyed?: { position: (item: T) => number; descending: boolean },
) {
  const result = paginate(
    {
      tokens: call.ctx.tokens,
      request: requestKey(call.route, filters),
      pageToken: str(call.params, 'pageToken'),
      pageSize: num(call.params, 'pageSize') ?? fallbackSize,
    },
    function* (start) {
      if (!keyed) {
        for (let i = start ?? 0; i < items.length; i++) yield [i, items[i] as T] as const
        return
      }
      for (const item of items) {
        const position = keyed.position(item)
        if (start === undefined || (keyed.descending ? position <= start : position >= start)) {
          yield [position, item] as const
        }
      }
    },
  )
  return { ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}), items: result.items }
}

/** The request key of a route and its filters (sorted, so parameter order does not matter). */
export function requestKey(route: string, filters: Record<string, unknown>): string {
  const parts = Object.keys(filters)
    .filter((k) => filters[k] !== undefined && k !== 'pageToken' && k !== 'pageSize')
    .sort()
    .map((k) => `${k}=${JSON.stringify(filters[k])}`)
  return `${route}?${parts.join('&')}`
}

/** Positions of a sorted set, descending from `start` (inclusive) or ascending from it. */
export function* walkSorted(sorted: Int32Array, start: number | undefined, descending: boolean): Iterable<number> {
  if (descending) {
    let i = start === undefined ? sorted.length - 1 : upperBound(sorted, start) - 1
    for (; i >= 0; i--) yield sorted[i] as number
  } else {
    for (let i = start === undefined ? 0 : lowerBound(sorted, start); i < sorted.length; i++) yield sorted[i] as number
  }
}

/** The union of sorted sets, without duplicates, in either direction. */
export function* mergeSorted(sets: Int32Array[], start: number | undefined, descending: boolean): Iterable<number> {
  if (sets.length === 1) {
    yield* walkSorted(sets[0] as Int32Array, start, descending)
    return
  }
  const iterators = sets.map((s) => walkSorted(s, start, descending)[Symbol.iterator]())
  const heads = iterators.map((it) => it.next())
  let last: number | undefined
  for (;;) {
    let best = -1
    for (let k = 0; k < heads.length; k++) {
      const head = heads[k] as IteratorResult<number>
      if (head.done) continue
      const bestHead = best < 0 ? undefined : (heads[best] as IteratorResult<number>).value
      if (bestHead === undefined || (descending ? head.value > bestHead : head.value < bestHead)) best = k
    }
    if (best < 0) return
    const value = (heads[best] as IteratorYieldResult<number>).value
    heads[best] = (iterators[best] as Iterator<number>).next()
    if (value !== last) yield value
    last = value
  }
}

/** First index whose value is >= target. */
export function lowerBound(sorted: ArrayLike<number>, target: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as number) < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** First index whose value is > target. */
export function upperBound(sorted: ArrayLike<number>, target: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as number) <= target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** First n in [lo, hi) with pred(n) true, for a predicate false then true (monotone); hi when none. */
export function firstWhere(lo: number, hi: number, pred: (n: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (pred(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}
