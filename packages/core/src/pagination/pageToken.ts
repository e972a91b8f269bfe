import { clip } from '../clip.js'
import { RECORD_KEYS } from '../data/record-keys.js'
import { HttpStatusError, PaginationLimitError, RateLimitError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { AnyOperation } from '../operation.js'
import { defaultSleep, type Sleep } from '../retry.js'
import { itemsOf } from './items.js'
import type { Call, WalkOptions } from './types.js'

/**
 * The Data and Metrics APIs' pagination: a list answers `nextPageToken` while more items exist, and the next request
 * repeats the parameters with `pageToken` set to it. Rules (seed 001 and the OpenAPI descriptions):
 * - the walk ends only when `nextPageToken` is missing or empty; a page shorter than pageSize, even an empty one, is
 *   not the end (Primary Network transaction pages stop early at a UTXO threshold);
 * - a token lives 24 hours; after that the listing restarts from the first page, so does this walk, without
 *   yielding again the items it already yielded (it skips to where it stood: by position, never by content);
 * - a token the service hands out twice would loop forever: PaginationLimitError.
 */

/** Options of `.pages()` and `.items()` on pageToken operations. */
export interface PageTokenWalkOptions extends WalkOptions {
  /** Request the next page as soon as a page arrives, while the caller works on it. Default false. */
  prefetch?: boolean | undefined
  /** Where restarts and rate-limit waits are reported (`pagination-restart`, `rate-limit-wait`). Default: the client's. */
  logger?: Logger | undefined
  /**
   * The longest 429 wait (`retry-after`) the walk sits out before asking for the page again; 0 never waits. Default
   * 60 000 ms: the live service's windows are per minute. Waits within the retry policy happen in the call itself.
   */
  maxRateLimitWaitMs?: number | undefined
}

/** A page token's lifetime (seed 001, Limits; builders-hub usage guides). */
export const PAGE_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
/** Restarts one walk may make before an expired-looking token error is raised instead. */
const MAX_RESTARTS = 3
/** The longest `retry-after` a walk waits out by default: the live windows are per minute (data-api.md 0b.3). */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000
/** The first wait after a 429 without `retry-after` (doubling after each), and how many waits one page may have. */
const BARE_429_WAIT_MS = 5_000
const MAX_RATE_LIMIT_WAITS = 5

/** The result field holding a page's items, which each pageToken operation declares as `pagination.items`. */
export function itemsField(op: AnyOperation): string {
  const field = op.pagination?.items
  if (typeof field !== 'string')
    throw new TypeError(`${op.id} does not say which result field holds its items (pagination.items)`)
  return field
}

/** The largest pageSize an operation's params accept, read from its schema (undefined when it has no pageSize). */
export function maxPageSize(op: AnyOperation): number | undefined {
  let node: unknown = op.params
  const def = (schema: unknown) => (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def
  for (let d = def(node); d && 'innerType' in d; d = def(node)) node = d.innerType
  const shape = def(node)?.shape as Record<string, unknown> | undefined
  let size: unknown = shape?.pageSize
  for (let d = def(size); d && 'innerType' in d; d = def(size)) size = d.innerType
  // The smallest `z.lte` bound among the number's checks.
  let max = Number.POSITIVE_INFINITY
  for (const check of (def(size)?.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]) {
    const { check: kind, value, inclusive } = check._zod.def
    if (kind === 'less_than' && inclusive && typeof value === 'number') max = Math.min(max, value)
  }
  return Number.isFinite(max) ? max : undefined
}

/**
 * The identity of an item: its record keys (`RECORD_KEYS`: hashes, indexes, IDs, timestamps of series), else those
 * of its first nested object that has any, else the whole item. Records of one ERC-1155 `TransferBatch` share their
 * identity (data-api.md 0b.1), so a walk never drops an item for it; a restarted walk finds where it stopped by it.
 */
export function itemKey(item: unknown): string {
  if (item === null || typeof item !== 'object') return JSON.stringify(item) ?? String(item)
  const own = identity(item as Record<string, unknown>)
  if (own) return own
  for (const value of Object.values(item)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const nested = identity(value as Record<string, unknown>)
      if (nested) return nested
    }
  }
  return JSON.stringify(item, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value))
}

function identity(object: Record<string, unknown>): string | undefined {
  const parts: string[] = []
  for (const field of RECORD_KEYS) {
    const value = object[field]
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      parts.push(`${field}=${value}`)
    }
  }
  return parts.length ? parts.join('&') : undefined
}

/**
 * Where a walk stands in its listing: the identity of the last item yielded and how many items in a row, ending with
 * it, had that identity (a batch's records share one). Constant memory, however long the walk.
 */
interface Position {
  key: string
  run: number
}

/** Advances a position past the items of one yielded page (reading only the keys of its last run). */
function advance(position: Position | undefined, items: readonly unknown[]): Position | undefined {
  const last = items.length - 1
  if (last < 0) return position
  const key = itemKey(items[last])
  let run = 1
  while (run <= last && itemKey(items[last - run]) === key) run++
  return run === items.length && position?.key === key ? { key, run: position.run + run } : { key, run }
}

/**
 * What a restarted listing skips before it yields again: the items up to the walk's position (found by the
 * position's identity and run), or, when the listing no longer holds that position, as many items as were yielded.
 */
type Seek = { kind: 'position'; key: string; run: number; matched: number } | { kind: 'count'; left: number }

/** The items of a page that follow the seek target; updates the seek, which is done once `undefined` is returned. */
function skipTo(seek: Seek, items: readonly unknown[]): { rest: unknown[]; seek: Seek | undefined } {
  for (let i = 0; i < items.length; i++) {
    if (seek.kind === 'count') {
      if (seek.left === 0) return { rest: items.slice(i), seek: undefined }
      seek.left--
      continue
    }
    if (itemKey(items[i]) !== seek.key) seek.matched = 0
    else if (++seek.matched === seek.run) return { rest: items.slice(i + 1), seek: undefined }
  }
  return { rest: [], seek: seek.kind === 'count' && seek.left === 0 ? undefined : seek }
}

type Page = Record<string, unknown>

interface PendingPage {
  /** The pageToken sent (undefined for the first page). */
  token: string | undefined
  /** When the token was received (Date.now()); undefined for a token the caller passed, whose age is unknown. */
  receivedAt: number | undefined
  promise: Promise<unknown>
  /** Rate-limit waits this page has had. */
  waits: number
}

/** What a walk needs from its client besides `call`: where events go and how to wait. */
export interface WalkEnv {
  /** Where restarts and rate-limit waits are reported when the walk's options name no logger. */
  logger?: Logger | undefined
  /** How to wait (the client's `sleep`). Default: a timer. */
  sleep?: Sleep | undefined
}

/**
 * Walks a pageToken listing page by page, yielding each page as the service sent it (with its `nextPageToken`, so a
 * caller can stop and resume later with `pageToken`). Every record of every page is yielded, even one that looks
 * exactly like another (one ERC-1155 batch is several records with the same txHash and logIndex).
 *
 * - `params.pageToken` resumes a listing; without `params.pageSize` the walk asks for the largest page the operation
 *   allows (or `limit`, if smaller): every request costs the same rate-limit weight whatever its size.
 * - `options.limit` stops the walk once that many items were yielded (the last page is not cut: `.items()` is).
 * - `options.prefetch` requests the next page before yielding the current one.
 * - A 400 or 404 answering a token that may be expired (older than 24 hours, or passed by the caller) restarts the
 *   listing from the first page, with a `pagination-restart` warning; a token known to be older than 24 hours is
 *   not sent at all. The restarted listing is read up to where the walk stood (the position of its last item, by
 *   `itemKey` and the run of items sharing it) and yields from there; if the listing no longer holds that position,
 *   it restarts once more and skips as many items as were yielded. The walk keeps only that position, not the items.
 * - A 429 that the call's own retries gave up on (its wait was longer than the retry policy allows, or retries ran
 *   out) is waited out here: `retry-after` up to `maxRateLimitWaitMs`, or without one a growing wait of at least
 *   5 s (the live windows are per minute: quick retries only extend the block), with a `rate-limit-wait` warning.
 */
export async function* walkTokenPages(
  call: Call,
  op: AnyOperation,
  params: unknown,
  options: PageTokenWalkOptions = {},
  env: WalkEnv = {},
): AsyncGenerator<Page> {
  const { limit, prefetch, logger: optionLogger, maxRateLimitWaitMs, ...callOptions } = options
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`limit must be a whole number >= 0, got ${limit}`)
  }
  const maxWait = maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS
  if (!Number.isFinite(maxWait) || maxWait < 0) {
    throw new RangeError(`maxRateLimitWaitMs must be a number of milliseconds >= 0, got ${maxRateLimitWaitMs}`)
  }
  if (limit === 0) return
  const logger = optionLogger ?? env.logger
  const sleep = env.sleep ?? defaultSleep
  const field = itemsField(op)
  const base: Record<string, unknown> = { ...((params ?? {}) as Record<string, unknown>) }
  const resumeFrom = typeof base.pageToken === 'string' ? base.pageToken : undefined
  delete base.pageToken
  const largest = maxPageSize(op)
  if (base.pageSize === undefined && largest !== undefined) {
    base.pageSize = limit !== undefined ? Math.max(1, Math.min(limit, largest)) : largest
  }

  const tokens = new Set<string>()
  let position: Position | undefined
  let seek: Seek | undefined
  let yielded = 0
  let restarts = 0
  // Aborting this stops a prefetched request nobody will read once the caller ends the walk early.
  const stop = new AbortController()
  const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, stop.signal]) : stop.signal
  const request = (token: string | undefined, receivedAt: number | undefined, waits = 0): PendingPage => {
    const promise = call(op, token === undefined ? base : { ...base, pageToken: token }, { ...callOptions, signal })
    promise.catch(() => {}) // awaited below; this only prevents an unhandled rejection meanwhile
    return { token, receivedAt, promise, waits }
  }
  const restart = (reason: string, status: number | undefined, by: 'position' | 'count'): PendingPage => {
    restarts++
    logger?.warn(
      `${op.id}: ${reason}; restarting the listing from the first page (items already yielded are skipped)`,
      { event: 'pagination-restart', operation: op.id, reason, status, yielded, restarts },
    )
    tokens.clear()
    if (by === 'count') seek = { kind: 'count', left: yielded }
    else seek = position ? { kind: 'position', key: position.key, run: position.run, matched: 0 } : undefined
    return request(undefined, undefined)
  }

  let pending = request(resumeFrom, undefined)
  try {
    for (;;) {
      let page: Page
      try {
        page = (await pending.promise) as Page
      } catch (error) {
        const wait = rateLimitWait(error, pending.waits, maxWait)
        if (wait !== undefined) {
          logger?.warn(`${op.id}: rate limited (429); waiting ${Math.ceil(wait / 1000)} s before asking again`, {
            event: 'rate-limit-wait',
            operation: op.id,
            delayMs: wait,
            retryAfterMs: (error as HttpStatusError).retryAfterMs,
            yielded,
          })
          await sleep(wait, signal)
          pending = request(pending.token, pending.receivedAt, pending.waits + 1)
          continue
        }
        const reason = expiredToken(error, pending)
        if (!reason || restarts >= MAX_RESTARTS) throw error
        pending = restart(reason, (error as HttpStatusError).status, 'position')
        continue
      }
      const receivedAt = Date.now()
      const items = Array.isArray(page[field]) ? (page[field] as unknown[]) : []
      let fresh = items
      if (seek) ({ rest: fresh, seek } = skipTo(seek, items))
      yielded += fresh.length
      position = advance(position, fresh)
      const next = typeof page.nextPageToken === 'string' && page.nextPageToken.trim() ? page.nextPageToken : undefined
      if (next === undefined && seek) {
        // The restarted listing ended before the walk's position. Skipping by count cannot go further: the listing
        // is shorter than what was yielded. Skipping to a position means the listing no longer holds that item.
        if (seek.kind === 'count') return
        if (restarts >= MAX_RESTARTS) {
          throw new PaginationLimitError(op.id, 'after a restart the listing no longer holds where the walk stood')
        }
        pending = restart('the restarted listing no longer holds the last item yielded', undefined, 'count')
        continue
      }
      const more = next !== undefined && (limit === undefined || yielded < limit)
      let following: PendingPage | undefined
      if (more) {
        if (tokens.has(next) || next === pending.token) {
          throw new PaginationLimitError(op.id, `the service returned page token "${clip(next)}" a second time`)
        }
        tokens.add(next)
        if (prefetch) following = request(next, receivedAt)
      }
      // A page the restart skipped whole is not yielded again.
      if (fresh.length || !items.length) yield fresh === items ? page : { ...page, [field]: fresh }
      if (!more) return
      if (following) pending = following
      else if (Date.now() - receivedAt >= PAGE_TOKEN_LIFETIME_MS && restarts < MAX_RESTARTS) {
        pending = restart('the next page token is older than 24 hours', undefined, 'position')
      } else pending = request(next, receivedAt)
    }
  } finally {
    stop.abort()
  }
}

/** How long a walk waits after a 429 its call gave up on, or undefined when it does not (any other error). */
function rateLimitWait(error: unknown, waits: number, maxWait: number): number | undefined {
  if (!(error instanceof RateLimitError) || waits >= MAX_RATE_LIMIT_WAITS) return undefined
  const wait = error.retryAfterMs ?? Math.min(maxWait, BARE_429_WAIT_MS * 2 ** waits)
  return wait <= maxWait ? wait : undefined
}

/** Why a failed page looks like an expired token (the seed: tokens live 24 hours), or undefined. */
function expiredToken(error: unknown, page: PendingPage): string | undefined {
  if (page.token === undefined || !(error instanceof HttpStatusError) || ![400, 404].includes(error.status)) return
  const age = page.receivedAt === undefined ? undefined : Date.now() - page.receivedAt
  if (age === undefined) return `the service answered ${error.status} to the given pageToken (it may be expired)`
  if (age >= PAGE_TOKEN_LIFETIME_MS) return `the service answered ${error.status} to a page token older than 24 hours`
  if (/token|expired/i.test(error.details ?? '')) return `the service answered ${error.status}: ${error.details}`
  return undefined
}

/** Every item of every page, in order, up to `limit` (see walkTokenPages). */
export function walkTokenItems(
  call: Call,
  op: AnyOperation,
  params: unknown,
  options: PageTokenWalkOptions = {},
  env: WalkEnv = {},
): AsyncGenerator<unknown, undefined, undefined> {
  const field = itemsField(op)
  return itemsOf(
    walkTokenPages(call, op, params, options, env),
    (page) => (Array.isArray(page[field]) ? (page[field] as unknown[]) : []),
    options.limit,
  )
}
