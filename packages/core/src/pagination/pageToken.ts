import { HttpStatusError, PaginationLimitError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { AnyOperation } from '../operation.js'
import type { Call, WalkOptions } from './types.js'

/**
 * The Data and Metrics APIs' pagination: a list answers `nextPageToken` while more items exist, and the next request
 * repeats the parameters with `pageToken` set to it. Rules (seed 001 and the OpenAPI descriptions):
 * - the walk ends only when `nextPageToken` is missing or empty; a page shorter than pageSize, even an empty one, is
 *   not the end (Primary Network transaction pages stop early at a UTXO threshold);
 * - a token lives 24 hours; after that the listing restarts from the first page, so does this walk, without
 *   yielding again the items it already yielded;
 * - a token the service hands out twice would loop forever: PaginationLimitError.
 */

/** Options of `.pages()` and `.items()` on pageToken operations. */
export interface PageTokenWalkOptions extends WalkOptions {
  /** Request the next page as soon as a page arrives, while the caller works on it. Default false. */
  prefetch?: boolean | undefined
  /** Where a restart is reported (`event: 'pagination-restart'`). Default: the client's logger. */
  logger?: Logger | undefined
}

/** A page token's lifetime (seed 001, Limits; builders-hub usage guides). */
export const PAGE_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
/** Restarts one walk may make before an expired-looking token error is raised instead. */
const MAX_RESTARTS = 3

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
  const max = (size as { maxValue?: number | null } | undefined)?.maxValue
  return typeof max === 'number' && Number.isFinite(max) ? max : undefined
}

/**
 * What makes two items the same item across pages and restarts: their identifying fields (hashes, indexes, IDs,
 * timestamps of series), else those of their first nested object that has any, else the whole item.
 */
const IDENTITY_FIELDS = [
  'txHash',
  'logIndex',
  'blockHash',
  'blockNumber',
  'chainId',
  'evmChainId',
  'blockchainId',
  'subnetId',
  'address',
  'tokenId',
  'nodeId',
  'validationId',
  'utxoId',
  'timestamp',
  'srcBlockchainId',
  'destBlockchainId',
] as const

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
  for (const field of IDENTITY_FIELDS) {
    const value = object[field]
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      parts.push(`${field}=${value}`)
    }
  }
  return parts.length ? parts.join('&') : undefined
}

type Page = Record<string, unknown>

interface PendingPage {
  /** The pageToken sent (undefined for the first page). */
  token: string | undefined
  /** When the token was received (Date.now()); undefined for a token the caller passed, whose age is unknown. */
  receivedAt: number | undefined
  promise: Promise<unknown>
}

/**
 * Walks a pageToken listing page by page, yielding each page as the service sent it (with its `nextPageToken`, so a
 * caller can stop and resume later with `pageToken`), minus items an earlier page of the walk already yielded.
 *
 * - `params.pageToken` resumes a listing; without `params.pageSize` the walk asks for the largest page the operation
 *   allows (or `limit`, if smaller): every request costs the same rate-limit weight whatever its size.
 * - `options.limit` stops the walk once that many items were yielded (the last page is not cut: `.items()` is).
 * - `options.prefetch` requests the next page before yielding the current one.
 * - A 400 or 404 answering a token that may be expired (older than 24 hours, or passed by the caller) restarts the
 *   listing from the first page, with a `pagination-restart` warning; a token known to be older than 24 hours is
 *   not sent at all. Items are told apart by `itemKey`, which the walk keeps for every item it yields.
 */
export async function* walkTokenPages(
  call: Call,
  op: AnyOperation,
  params: unknown,
  options: PageTokenWalkOptions = {},
  clientLogger?: Logger,
): AsyncGenerator<Page> {
  const { limit, prefetch, logger: optionLogger, ...callOptions } = options
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`limit must be a whole number >= 0, got ${limit}`)
  }
  if (limit === 0) return
  const logger = optionLogger ?? clientLogger
  const field = itemsField(op)
  const base: Record<string, unknown> = { ...((params ?? {}) as Record<string, unknown>) }
  const resumeFrom = typeof base.pageToken === 'string' ? base.pageToken : undefined
  delete base.pageToken
  const largest = maxPageSize(op)
  if (base.pageSize === undefined && largest !== undefined) {
    base.pageSize = limit !== undefined ? Math.max(1, Math.min(limit, largest)) : largest
  }

  const seen = new Set<string>()
  const tokens = new Set<string>()
  let yielded = 0
  let restarts = 0
  // Aborting this stops a prefetched request nobody will read once the caller ends the walk early.
  const stop = new AbortController()
  const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, stop.signal]) : stop.signal
  const request = (token: string | undefined, receivedAt: number | undefined): PendingPage => {
    const promise = call(op, token === undefined ? base : { ...base, pageToken: token }, { ...callOptions, signal })
    promise.catch(() => {}) // awaited below; this only prevents an unhandled rejection meanwhile
    return { token, receivedAt, promise }
  }
  const restart = (reason: string, status: number | undefined): PendingPage => {
    restarts++
    logger?.warn(
      `${op.id}: ${reason}; restarting the listing from the first page (items already yielded are skipped)`,
      {
        event: 'pagination-restart',
        operation: op.id,
        reason,
        status,
        yielded,
        restarts,
      },
    )
    tokens.clear()
    return request(undefined, undefined)
  }

  let pending = request(resumeFrom, undefined)
  try {
    for (;;) {
      let page: Page
      try {
        page = (await pending.promise) as Page
      } catch (error) {
        const reason = expiredToken(error, pending)
        if (!reason || restarts >= MAX_RESTARTS) throw error
        pending = restart(reason, (error as HttpStatusError).status)
        continue
      }
      const receivedAt = Date.now()
      const items = Array.isArray(page[field]) ? (page[field] as unknown[]) : []
      const fresh = items.filter((item) => {
        const key = itemKey(item)
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      yielded += fresh.length
      const next = typeof page.nextPageToken === 'string' && page.nextPageToken.trim() ? page.nextPageToken : undefined
      const more = next !== undefined && (limit === undefined || yielded < limit)
      let following: PendingPage | undefined
      if (more) {
        if (tokens.has(next) || next === pending.token) {
          throw new PaginationLimitError(op.id, `the service returned page token "${clip(next)}" a second time`)
        }
        tokens.add(next)
        if (prefetch) following = request(next, receivedAt)
      }
      yield fresh.length === items.length ? page : { ...page, [field]: fresh }
      if (!more) return
      if (following) pending = following
      else if (Date.now() - receivedAt >= PAGE_TOKEN_LIFETIME_MS && restarts < MAX_RESTARTS) {
        pending = restart('the next page token is older than 24 hours', undefined)
      } else pending = request(next, receivedAt)
    }
  } finally {
    stop.abort()
  }
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

/** Every item of every page, in order, each at most once (see walkTokenPages). */
export async function* walkTokenItems(
  call: Call,
  op: AnyOperation,
  params: unknown,
  options: PageTokenWalkOptions = {},
  clientLogger?: Logger,
): AsyncGenerator<unknown> {
  const field = itemsField(op)
  for await (const page of walkTokenPages(call, op, params, options, clientLogger)) yield* page[field] as unknown[]
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}
