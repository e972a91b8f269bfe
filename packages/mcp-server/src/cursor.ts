import { createHash } from 'node:crypto'
import { stringifyJson } from '@avalanche-automation/core'

/**
 * Opaque cursors of paginated tools: base64url JSON holding where the next page starts (a Data API pageToken and how
 * many items of that page were already returned, a UTXO endIndex, an index position) and a hash of the other
 * arguments, so a cursor replayed with different arguments is refused instead of silently mixing two listings.
 */
export interface CursorPosition {
  /** pageToken of the page to (re)request. */
  t?: string
  /** Items of that page already returned. */
  s?: number
  /** pageSize the page was requested with (kept while a page is partly returned). */
  n?: number
  /** UTXO endIndex: address and UTXO ID. */
  a?: string
  u?: string
  /** Next index position (decimal). */
  i?: string
}

export class CursorError extends Error {
  override name = 'CursorError'
}

/** A short hash of the arguments that define a listing (everything but `limit` and `cursor`). */
export function argsKey(tool: string, args: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(args).sort(([a], [b]) => (a < b ? -1 : 1)))
  return createHash('sha256').update(tool).update(stringifyJson(sorted)).digest('base64url').slice(0, 12)
}

export function encodeCursor(key: string, position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ k: key, ...position })).toString('base64url')
}

export function decodeCursor(key: string, cursor: string): CursorPosition {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    value = undefined
  }
  if (!value || typeof value !== 'object' || typeof (value as { k?: unknown }).k !== 'string') {
    throw new CursorError(
      'cursor: not a cursor this server issued; pass nextCursor from the previous result unchanged, or omit cursor to start from the first page',
    )
  }
  const { k, ...position } = value as CursorPosition & { k: string }
  if (k !== key) {
    throw new CursorError(
      'cursor: it belongs to a call with different arguments; repeat the exact arguments of the call that returned it (only limit may change), or omit cursor to start over',
    )
  }
  return position
}
