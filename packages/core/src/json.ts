import { bytesToHex } from './encoding/hex.js'

/**
 * JSON helpers. The node marshals plain Go integers as JSON numbers inside `encoding: "json"` payloads, and amounts
 * there can exceed 2^53, so those responses are parsed with `parseJsonLossless`, which turns every integer literal
 * that a double cannot hold exactly into a bigint (using the reviver's access to the source text, Node >= 21).
 */
type ReviverContext = { source?: string }

// A bare JSON number of 16+ digits: the only kind that may not fit a double exactly.
const longNumber = /[:[,]\s*-?\d{16,}/

export function parseJsonLossless(text: string): unknown {
  if (!longNumber.test(text)) return JSON.parse(text)
  return JSON.parse(text, function revive(this: unknown, _key: string, value: unknown, context?: ReviverContext) {
    if (
      typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context?.source &&
      /^-?\d+$/.test(context.source)
    ) {
      return BigInt(context.source)
    }
    return value
  } as (this: unknown, key: string, value: unknown) => unknown)
}

/** Serialises a request body: bigint values become decimal strings, as the node and the REST APIs expect. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value) // params are already in wire form (decimal strings) on the hot path
  } catch {
    return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v))
  }
}

/**
 * Turns a typed result into JSON-safe data for adapters (n8n items, MCP structured content, Action outputs):
 * bigint becomes a decimal string, Date an ISO string, Uint8Array a 0x-hex string; everything else is copied.
 */
export function toJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return `0x${bytesToHex(value)}`
  if (Array.isArray(value)) return value.map(toJson)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJson(v)
    return out
  }
  return value
}
