import type { HttpReply, HttpRequest } from '../server/http-types.js'
import { jsonReply, rpcTransportError } from '../server/http-types.js'
import { goJson, goJsonKind, goSyntaxError, JsonBytes, parseJsonRaw, RawNumber, SerializedResult } from './json.js'
import { decodeParams, type FieldDecoder, ParamError } from './params.js'

/**
 * The node's JSON-RPC layer: gorilla/rpc v2 json2 (v1.2.0) behind avalanchego's "lowercase" codec wrapper.
 * Services are maps from wire method name to handler; this module owns everything on the wire around them.
 */

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code = -32000,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

type Fields = Record<string, FieldDecoder<unknown>>
type Args<S extends Fields> = { [K in keyof S]: ReturnType<S[K]['zero']> }

export interface RpcMethod<C> {
  params: Fields
  handler: (args: Record<string, unknown>, ctx: C) => unknown
}

/** Declares a method: its argument struct (Go field decoders) and its handler. */
export function method<C, S extends Fields>(params: S, handler: (args: Args<S>, ctx: C) => unknown): RpcMethod<C> {
  return { params, handler: handler as (args: Record<string, unknown>, ctx: C) => unknown }
}

export interface RpcService<C> {
  /** The gorilla service name, e.g. `avm`. */
  name: string
  /** Wire method names (`getTx`), as clients call them. */
  methods: Record<string, RpcMethod<C>>
}

const INVALID_ARG =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls"

interface Envelope {
  jsonrpc: string
  method: string
  params: unknown
  id: unknown
}

/** Go `%q` for the ASCII method names seen in practice. */
const quote = (s: string) => JSON.stringify(s)

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawNumber)
}

/** Decodes the body into gorilla's serverRequest: case-insensitive keys, string-typed jsonrpc and method. */
function readEnvelope(body: string): { envelope: Envelope; error?: RpcError } {
  const envelope: Envelope = { jsonrpc: '', method: '', params: null, id: null }
  let parsed: unknown
  try {
    parsed = parseJsonRaw(body)
  } catch (error) {
    const syntax = goSyntaxError(body, error)
    if (syntax.retry === undefined) return { envelope, error: parseError(syntax.message, envelope) }
    try {
      parsed = parseJsonRaw(syntax.retry)
    } catch (retryError) {
      return { envelope, error: parseError(goSyntaxError(syntax.retry, retryError).message, envelope) }
    }
  }
  if (parsed === null) return { envelope }
  if (!isObject(parsed)) {
    const message = `json: cannot unmarshal ${goJsonKind(parsed)} into Go value of type json2.serverRequest`
    return { envelope, error: parseError(message, envelope) }
  }
  for (const [key, value] of Object.entries(parsed)) {
    const field = (['jsonrpc', 'method', 'params', 'id'] as const).find((f) => f === key.toLowerCase())
    if (!field) continue
    if ((field === 'jsonrpc' || field === 'method') && value !== null) {
      if (typeof value !== 'string') {
        const message = `json: cannot unmarshal ${goJsonKind(value)} into Go struct field serverRequest.${field} of type string`
        return { envelope, error: parseError(message, envelope) }
      }
      envelope[field] = value
    } else if (field === 'params' || field === 'id') {
      envelope[field] = value
    }
  }
  return { envelope }
}

function parseError(message: string, envelope: Envelope): RpcError {
  return new RpcError(message, -32700, { ...envelope })
}

/** avalanchego's lowercase wrapper: `avm.getTx` → `avm.GetTx`; an upper-case first letter is refused. */
function goMethodName(method: string): string | RpcError {
  const dot = method.indexOf('.')
  if (dot < 0) return method
  const fn = method.slice(dot + 1)
  const first = fn.codePointAt(0)
  if (first === undefined) return method
  const ch = String.fromCodePoint(first)
  if (ch !== ch.toLowerCase() && ch === ch.toUpperCase()) {
    return new RpcError('method must start with a non-uppercase letter')
  }
  return `${method.slice(0, dot + 1)}${ch.toUpperCase()}${fn.slice(ch.length)}`
}

/** Go method name (`GetTx`) → wire name (`getTx`), per service, built once. */
const goNameMaps = new WeakMap<object, Map<string, string>>()
function goNames(service: RpcService<unknown>): Map<string, string> {
  let map = goNameMaps.get(service)
  if (!map) {
    map = new Map(Object.keys(service.methods).map((m) => [m.charAt(0).toUpperCase() + m.slice(1), m]))
    goNameMaps.set(service, map)
  }
  return map
}

export interface DispatchHooks {
  /** Called with the resolved `service.method` for request counters. */
  onMethod?: (name: string) => void
}

/**
 * Serves one HTTP request on a JSON-RPC endpoint with the given services (usually one). Transport errors are
 * text/plain with their status; every JSON-RPC error is HTTP 200.
 */
export async function serveJsonRpc<C>(
  services: readonly RpcService<C>[],
  request: HttpRequest,
  ctx: C,
  hooks: DispatchHooks = {},
): Promise<HttpReply> {
  if (request.method !== 'POST') {
    return rpcTransportError(405, `rpc: POST method required, received ${request.method}`)
  }
  const rawType = request.headers['content-type'] ?? ''
  const semi = rawType.indexOf(';')
  const contentType = semi >= 0 ? rawType.slice(0, semi) : rawType
  if (contentType.toLowerCase() !== 'application/json') {
    return rpcTransportError(415, `rpc: unrecognized Content-Type: ${contentType}`)
  }

  const { envelope, error: envelopeError } = readEnvelope(request.body.toString('utf8'))
  let error = envelopeError
  if (!error && envelope.jsonrpc !== '2.0') {
    error = new RpcError('jsonrpc must be 2.0', -32600, { ...envelope })
  }

  let result: unknown
  if (!error) {
    try {
      result = await call(services, envelope, ctx, hooks)
    } catch (e) {
      error = e instanceof RpcError ? e : new RpcError(e instanceof Error ? e.message : String(e))
    }
  }

  // Notifications (no id) get no body, except for parse errors: the server cannot know what was meant.
  const isNotification = envelope.id === null || envelope.id === undefined
  if (isNotification && error?.code !== -32700) return { status: 200, headers: {}, body: '' }
  const id = envelope.id === undefined ? null : envelope.id
  if (!error && result instanceof SerializedResult) {
    const head = '{"jsonrpc":"2.0","result":'
    const tail = `,"id":${JSON.stringify(id)}}\n`
    if (typeof result.json === 'string') return jsonReply(200, `${head}${result.json}${tail}`)
    if (result.json instanceof JsonBytes) return jsonReply(200, result.json.enclose(head, tail))
    return jsonReply(200, Buffer.concat([Buffer.from(head), result.json, Buffer.from(tail)]))
  }
  const body = error
    ? { jsonrpc: '2.0', error: { code: error.code, message: error.message, data: error.data }, id }
    : { jsonrpc: '2.0', result, id }
  return jsonReply(200, goJson(body))
}

async function call<C>(
  services: readonly RpcService<C>[],
  envelope: Envelope,
  ctx: C,
  hooks: DispatchHooks,
): Promise<unknown> {
  const name = goMethodName(envelope.method)
  if (name instanceof RpcError) throw name
  const parts = name.split('.')
  if (parts.length !== 2) throw new RpcError(`rpc: service/method request ill-formed: ${quote(name)}`)
  const [serviceName, goName] = parts as [string, string]
  const service = services.find((s) => s.name === serviceName)
  if (!service) throw new RpcError(`rpc: can't find service ${quote(name)}`)
  const wireName = goNames(service as RpcService<unknown>).get(goName)
  const target = wireName === undefined ? undefined : service.methods[wireName]
  if (!target || wireName === undefined) throw new RpcError(`rpc: can't find method ${quote(name)}`)
  hooks.onMethod?.(`${serviceName}.${wireName}`)
  let args: Record<string, unknown>
  try {
    args = decodeParams(target.params, envelope.params)
  } catch (e) {
    if (e instanceof ParamError) throw new RpcError(INVALID_ARG)
    throw e
  }
  return target.handler(args, ctx)
}
