import { cb58Decode, parseNodeId } from '@avalanche-automation/core'
import { RawNumber } from './json.js'

/**
 * Decodes JSON-RPC params the way Go's encoding/json fills the node's argument structs: keys match fields
 * case-insensitively (exact match first), unknown keys are ignored, `null` leaves the zero value, a value of the
 * wrong JSON type fails. avalanchego turns any failure into one generic error, so a decoder only says "no".
 */
export class ParamError extends Error {}

export type Encoding = 'hex' | 'hexc' | 'hexnc' | 'json'
export const LOG_LEVELS = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'TRACE', 'DEBUG', 'VERBO'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type FieldDecoder<T> = { zero: () => T; decode: (value: unknown) => T }

const fail = (): never => {
  throw new ParamError('invalid argument')
}

export const string: FieldDecoder<string> = {
  zero: () => '',
  decode: (v) => (typeof v === 'string' ? v : fail()),
}

export const bool: FieldDecoder<boolean> = {
  zero: () => false,
  decode: (v) => (typeof v === 'boolean' ? v : fail()),
}

/** avajson.Uint64/32/8: a quoted or bare decimal (strconv.ParseUint), range-checked. */
function uintOf(bits: number): FieldDecoder<bigint> {
  const max = (1n << BigInt(bits)) - 1n
  return {
    zero: () => 0n,
    decode: (v) => {
      const text = v instanceof RawNumber ? v.source : typeof v === 'string' ? v : fail()
      if (!/^\d+$/.test(text)) fail()
      const value = BigInt(text)
      return value > max ? fail() : value
    },
  }
}
export const u64 = uintOf(64)
export const u32 = uintOf(32)

/** ids.ID: a quoted cb58 string of 32 bytes. */
export const id: FieldDecoder<Uint8Array> = {
  zero: () => new Uint8Array(32),
  decode: (v) => {
    if (typeof v !== 'string') return fail()
    try {
      return cb58Decode(v, 32)
    } catch {
      return fail()
    }
  },
}

/** ids.NodeID: `NodeID-` + cb58 of 20 bytes. */
export const nodeId: FieldDecoder<Uint8Array> = {
  zero: () => new Uint8Array(20),
  decode: (v) => {
    if (typeof v !== 'string') return fail()
    try {
      return parseNodeId(v)
    } catch {
      return fail()
    }
  },
}

/** formatting.Encoding: hex (default), hexc, hexnc, json; case-insensitive. */
export const encoding: FieldDecoder<Encoding> = {
  zero: () => 'hex',
  decode: (v) => {
    if (typeof v !== 'string') return fail()
    const lower = v.toLowerCase()
    return lower === 'hex' || lower === 'hexc' || lower === 'hexnc' || lower === 'json' ? lower : fail()
  },
}

/** platformapi.Height: a u64 or the literal "proposed"; MaxUint64 is rejected. */
export const height: FieldDecoder<bigint | 'proposed'> = {
  zero: () => 0n,
  decode: (v) => {
    if (v === 'proposed') return 'proposed'
    const value = u64.decode(v)
    return value === 0xffffffffffffffffn ? fail() : value
  },
}

/** *logging.Level: a level name, case-insensitive; absent/null stays undefined. */
export const level: FieldDecoder<LogLevel | undefined> = {
  zero: () => undefined,
  decode: (v) => {
    if (typeof v !== 'string') return fail()
    const upper = v.toUpperCase()
    return (LOG_LEVELS as readonly string[]).includes(upper) ? (upper as LogLevel) : fail()
  },
}

export function arrayOf<T>(item: FieldDecoder<T>): FieldDecoder<T[]> {
  return {
    zero: () => [],
    decode: (v) => (Array.isArray(v) ? v.map((x) => (x === null ? item.zero() : item.decode(x))) : fail()),
  }
}

export function struct<S extends Record<string, FieldDecoder<unknown>>>(
  fields: S,
): FieldDecoder<{ [K in keyof S]: ReturnType<S[K]['zero']> }> {
  return {
    zero: () => zeroOf(fields),
    decode: (v) => decodeObject(fields, v),
  }
}

type Decoded<S extends Record<string, FieldDecoder<unknown>>> = { [K in keyof S]: ReturnType<S[K]['zero']> }

function zeroOf<S extends Record<string, FieldDecoder<unknown>>>(fields: S): Decoded<S> {
  const out: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(fields)) out[name] = field.zero()
  return out as Decoded<S>
}

function decodeObject<S extends Record<string, FieldDecoder<unknown>>>(fields: S, value: unknown): Decoded<S> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawNumber) fail()
  const out = zeroOf(fields) as Record<string, unknown>
  const names = Object.keys(fields)
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const name = names.includes(key) ? key : names.find((n) => n.toLowerCase() === key.toLowerCase())
    if (name === undefined || raw === null) continue
    out[name] = (fields[name] as FieldDecoder<unknown>).decode(raw)
  }
  return out as Decoded<S>
}

/**
 * gorilla/rpc json2: params absent or null → zero args; an object → decoded; otherwise retried as a one-element
 * array holding the object (extra elements ignored, an empty array leaves zero args).
 */
export function decodeParams<S extends Record<string, FieldDecoder<unknown>>>(fields: S, params: unknown): Decoded<S> {
  if (params === undefined || params === null) return zeroOf(fields)
  try {
    return decodeObject(fields, params)
  } catch (error) {
    if (!Array.isArray(params)) throw error
    if (params.length === 0 || params[0] === null) return zeroOf(fields)
    return decodeObject(fields, params[0])
  }
}
