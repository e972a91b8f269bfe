/**
 * Bounded answers: what a tool returns to the assistant's context. Strings that anyone can write on chain are capped
 * and cleaned, `fields` keeps only what the caller asked for, and a result larger than the byte budget is cut (long
 * lists first, then long strings, then whole branches) with a note in `truncated` saying what is missing and how to
 * get it.
 */

/** Keys whose strings come from whoever created a token, NFT, contract, chain or transaction. */
const CHAIN_TEXT_KEYS = new Set(
  [
    'name',
    'symbol',
    'tokenName',
    'tokenSymbol',
    'memo',
    'description',
    'methodName',
    'chainName',
    'blockchainName',
    'contractName',
    'tokenUri',
    'logoUri',
    'imageUri',
    'animationUri',
    'externalUrl',
    'background',
    'officialSite',
    'email',
    'color',
  ].map((k) => k.toLowerCase()),
)
/** Keys whose whole subtree is free-form metadata (NFT metadata, token attributes). */
const CHAIN_TEXT_TREES = new Set(['metadata', 'attributes', 'properties', 'resourcelinks'])
/** Longest chain-written string kept; the rest is cut with a marker. */
export const MAX_CHAIN_TEXT = 200
// C0/C1 control characters become spaces; invisible format characters (zero-width, bidirectional overrides) go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/** Free of control and invisible characters; capped at `max` characters when given. */
export function cleanText(text: string, max?: number): string {
  let out = text.replace(CONTROL, ' ').replace(INVISIBLE, '')
  if (max !== undefined && out.length > max) out = `${out.slice(0, max)}…[${out.length - max} characters cut]`
  return out
}

/** A copy with every string cleaned, and strings under chain-written keys capped at MAX_CHAIN_TEXT. */
export function sanitize(value: unknown, chainText = false): unknown {
  if (typeof value === 'string') {
    // Hex, IDs and decimals (the bulk of every result) have nothing to clean: skip the regexes for them.
    if (!chainText && /^[\w.:/+=-]*$/.test(value)) return value
    return cleanText(value, chainText ? MAX_CHAIN_TEXT : undefined)
  }
  if (Array.isArray(value)) return value.map((v) => sanitize(v, chainText))
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    const lower = key.toLowerCase()
    out[cleanText(key, 100)] = sanitize(v, chainText || CHAIN_TEXT_KEYS.has(lower) || CHAIN_TEXT_TREES.has(lower))
  }
  return out
}

export class FieldsError extends Error {
  override name = 'FieldsError'
}

/** The `fields` argument every operation tool accepts. */
export const fieldsProperty = {
  type: 'array',
  items: { type: 'string' },
  maxItems: 50,
  description: 'Keep only these dot paths of the result, e.g. ["validators.nodeID"].',
}

/** Reads and checks the `fields` argument. */
export function parseFields(value: unknown): string[][] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.length === 0 || value.some((f) => typeof f !== 'string' || !f.trim())) {
    throw new FieldsError('fields: must be a non-empty list of dot paths such as ["validators.nodeID"]')
  }
  return (value as string[]).map((f) => f.trim().split('.'))
}

/** Keeps only the given paths (lists are walked through); when `strict`, throws if none of them is in the result. */
export function project(
  value: Record<string, unknown>,
  paths: readonly string[][],
  strict = true,
): Record<string, unknown> {
  let matched = false
  const pick = (node: unknown, path: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => pick(n, path))
    if (!path.length) {
      matched = true
      return node
    }
    if (!node || typeof node !== 'object') return undefined
    const [head = '', ...rest] = path
    if (!(head in node)) return undefined
    const inner = pick((node as Record<string, unknown>)[head], rest)
    return inner === undefined ? undefined : { [head]: inner }
  }
  let out: Record<string, unknown> = {}
  for (const path of paths) out = merge(out, pick(value, path)) as Record<string, unknown>
  if (!matched && strict) {
    throw new FieldsError(
      `fields: none of ${paths.map((p) => p.join('.')).join(', ')} is in the result; its fields are: ${Object.keys(value).join(', ')} (avalanche_describe_operation gives the whole output schema)`,
    )
  }
  for (const key of ['nextCursor', 'truncated']) if (key in value) out[key] = value[key]
  return out
}

function merge(a: unknown, b: unknown): unknown {
  if (b === undefined) return a
  if (Array.isArray(a) && Array.isArray(b)) return a.map((item, i) => merge(item, b[i]))
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) }
    for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v)
    return out
  }
  return b
}

export const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

/** Room kept in the budget for the `truncated` note itself. */
const NOTE_ROOM = 700

/**
 * `value` cut to at most `maxBytes` of JSON: the largest list is shortened first (binary search on how many items
 * fit), then the longest string, then the largest branch is emptied, until it fits. Every step is named in
 * `truncated`, followed by how to get the rest.
 */
export function bound(value: Record<string, unknown>, maxBytes: number): Record<string, unknown> {
  if (byteLength(value) <= maxBytes) return value
  const target = Math.max(maxBytes - NOTE_ROOM, 200)
  let out = structuredClone(value)
  const cuts: string[] = []
  for (let step = 0; step < 50 && byteLength(out) > target; step++) {
    const excess = byteLength(out) - target
    const largest = largestPart(out)
    // Many small parts (no list or string worth cutting): keep the first fields of the widest object instead.
    if (!largest || largest.size * 4 < excess) {
      const wide = widestObject(out)
      if (!wide) break
      const entries = Object.entries(wide.node)
      const keep = fitCount(out, wide.path, entries, target, (kept) => Object.fromEntries(kept))
      out = replaceAt(out, wide.path, Object.fromEntries(entries.slice(0, keep)))
      cuts.push(`${wide.path.join('.') || 'result'}: ${keep} of ${entries.length} fields shown`)
      continue
    }
    const { path, node } = largest
    const where = path.join('.') || 'result'
    if (Array.isArray(node) && node.length > 1) {
      const keep = fitCount(out, path, node, target)
      out = replaceAt(out, path, node.slice(0, keep))
      cuts.push(`${where}: ${keep} of ${node.length} items shown`)
    } else if (typeof node === 'string') {
      const keep = Math.max(0, node.length - excess - 40)
      out = replaceAt(out, path, `${node.slice(0, keep)}…[${node.length - keep} characters cut]`)
      cuts.push(`${where}: the first ${keep} of ${node.length} characters shown`)
    } else {
      out = replaceAt(out, path, Array.isArray(node) ? [] : {})
      cuts.push(`${where}: left out (${largest.size} bytes)`)
    }
  }
  const next =
    typeof out.nextCursor === 'string'
      ? 'call again with cursor=nextCursor and the same arguments for the next items; '
      : ''
  out.truncated = `Cut to fit the ${maxBytes}-byte result budget: ${cuts.join('; ')}. To get the rest: ${next}pass a smaller limit, narrow the query (an address, a node ID, a block range) or pass fields with only the paths you need (e.g. ["${firstPath(value)}"]).`
  return out
}

/** The largest list, string or branch below the root, by JSON size. */
function largestPart(root: unknown): { path: string[]; node: unknown; size: number } | undefined {
  let best: { path: string[]; node: unknown; size: number } | undefined
  const visit = (node: unknown, path: string[]) => {
    if (path.length && path[0] !== 'truncated' && path[0] !== 'nextCursor') {
      const cuttable =
        (Array.isArray(node) && node.length > 0) ||
        (typeof node === 'string' && node.length > 80) ||
        (node && typeof node === 'object' && Object.keys(node).length > 0)
      if (cuttable) {
        const size = byteLength(node)
        // Prefer the deepest part among those of about the same size: cut a list inside a branch, not the branch.
        if (!best || size > best.size * 1.25 || (size >= best.size * 0.8 && path.length > best.path.length)) {
          best = { path, node, size }
        }
      }
    }
    if (Array.isArray(node)) {
      if (node.length > 1) return // a list is cut as a whole; its items are not searched
      for (const [i, n] of node.entries()) visit(n, [...path, String(i)])
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) visit(v, [...path, k])
    }
  }
  visit(root, [])
  return best
}

/** The object (the root included) with the most fields, when it has more than one. */
function widestObject(root: Record<string, unknown>): { path: string[]; node: Record<string, unknown> } | undefined {
  let best: { path: string[]; node: Record<string, unknown> } | undefined
  const visit = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) visit(n, [...path, String(i)])
      return
    }
    if (!node || typeof node !== 'object') return
    const obj = node as Record<string, unknown>
    const count = Object.keys(obj).filter((k) => k !== 'nextCursor' && k !== 'truncated').length
    if (count > 1 && (!best || count > Object.keys(best.node).length)) best = { path, node: obj }
    for (const [k, v] of Object.entries(obj)) visit(v, [...path, k])
  }
  visit(root, [])
  return best
}

/** How many leading items of `list` fit (at least one), as `shape` puts them back at `path`. */
function fitCount<T>(
  root: Record<string, unknown>,
  path: string[],
  list: T[],
  target: number,
  shape: (kept: T[]) => unknown = (kept) => kept,
): number {
  let lo = 1
  let hi = list.length - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (byteLength(replaceAt(root, path, shape(list.slice(0, mid)))) <= target) lo = mid
    else hi = mid - 1
  }
  return lo
}

function replaceAt(root: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = (node: unknown, i: number): unknown => {
    if (i === path.length) return value
    const key = path[i] as string
    if (Array.isArray(node)) return node.map((n, j) => (String(j) === key ? copy(n, i + 1) : n))
    const obj = node as Record<string, unknown>
    return { ...obj, [key]: copy(obj[key], i + 1) }
  }
  return copy(root, 0) as Record<string, unknown>
}

function firstPath(value: Record<string, unknown>): string {
  for (const [key, v] of Object.entries(value)) {
    const item = Array.isArray(v) ? v[0] : undefined
    if (item && typeof item === 'object') return `${key}.${Object.keys(item)[0] ?? ''}`
  }
  return Object.keys(value)[0] ?? 'field'
}
