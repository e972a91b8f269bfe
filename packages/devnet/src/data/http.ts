import type { HttpReply } from '../server/http-types.js'
import type { SpecOperation, SpecParam } from './spec.js'

/** The `error` field of each status, as the services (NestJS) write it. */
export const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/**
 * An error answered with the services' error body `{message, statusCode, error}` (the spec's BadRequest,
 * Unauthorized, ... schemas). The Data API writes validation failures as an array of messages and anything else as
 * one string; the Metrics API always writes an array (seed 001, Error body).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages)
  }
}

export type ApiName = 'data' | 'metrics'

export function errorBody(api: ApiName, status: number, message: string | string[]): string {
  const text = api === 'metrics' && !Array.isArray(message) ? [message] : message
  return JSON.stringify({ message: text, statusCode: status, error: ERROR_NAMES[status] ?? 'Error' })
}

const JSON_TYPE = 'application/json; charset=utf-8'

export function apiJson(status: number, body: string, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body }
}

export function apiErrorReply(api: ApiName, error: ApiError, headers: Record<string, string> = {}): HttpReply {
  return apiJson(error.status, errorBody(api, error.status, error.messages), { ...headers, ...error.headers })
}

export const badRequest = (messages: string | string[]) => new ApiError(400, messages)
export const notFound = (message: string) => new ApiError(404, message)

/** Query and path values of one request after validation against the operation's description. */
export type Params = Record<string, string | number | boolean | string[] | undefined>

/**
 * Validates path and query parameters like the services' NestJS ValidationPipe: unknown query parameters, wrong
 * types, enum values and bounds all answer 400 with one message per problem, worded as class-validator words them.
 * `overrides` replaces a parameter's enum (the devnet also accepts its own chain IDs where the description lists
 * only mainnet and fuji ones).
 */
export function readParams(
  op: SpecOperation,
  path: Record<string, string>,
  query: URLSearchParams,
  overrides: Record<string, Partial<SpecParam>> = {},
): Params {
  const problems: string[] = []
  const out: Params = {}
  const known = new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name))
  for (const key of new Set(query.keys())) {
    if (!known.has(key)) problems.push(`property ${key} should not exist`)
  }
  for (const base of op.params) {
    const spec = { ...base, ...overrides[base.name] }
    const raw = spec.in === 'path' ? [path[spec.name] as string] : query.getAll(spec.name)
    if (raw.length === 0 || (spec.in === 'path' && raw[0] === undefined)) {
      if (spec.required) problems.push(`${spec.name} should not be empty`)
      else if (spec.default !== undefined) out[spec.name] = spec.default
      continue
    }
    const value = parseValue(spec, raw, problems)
    if (value !== undefined) out[spec.name] = value
  }
  if (problems.length) throw badRequest(problems)
  return out
}

function parseValue(spec: SpecParam, raw: string[], problems: string[]): Params[string] {
  const name = spec.name
  if (spec.type === 'array') {
    const values = raw.flatMap((r) => r.split(',')).filter((v) => v !== '')
    if (spec.enum) {
      const bad = values.filter((v) => !spec.enum?.includes(v))
      if (bad.length) {
        problems.push(`each value in ${name} must be one of the following values: ${spec.enum.join(', ')}`)
        return undefined
      }
    }
    return values
  }
  if (raw.length > 1) {
    problems.push(`${name} must be a single value`)
    return undefined
  }
  const text = raw[0] as string
  if (spec.type === 'integer' || spec.type === 'number') {
    const value = Number(text)
    if (text.trim() === '' || !Number.isFinite(value)) {
      problems.push(spec.type === 'integer' ? `${name} must be an integer number` : `${name} must be a number`)
      return undefined
    }
    if (spec.type === 'integer' && !Number.isInteger(value)) {
      problems.push(`${name} must be an integer number`)
      return undefined
    }
    if (spec.minimum !== undefined && value < spec.minimum) {
      problems.push(`${name} must not be less than ${spec.minimum}`)
      return undefined
    }
    if (spec.maximum !== undefined && value > spec.maximum) {
      problems.push(`${name} must not be greater than ${spec.maximum}`)
      return undefined
    }
    return value
  }
  if (spec.type === 'boolean') {
    if (text !== 'true' && text !== 'false') {
      problems.push(`${name} must be a boolean value`)
      return undefined
    }
    return text === 'true'
  }
  if (spec.enum && !spec.enum.includes(text)) {
    problems.push(`${name} must be one of the following values: ${spec.enum.join(', ')}`)
    return undefined
  }
  if (spec.required && text === '') {
    problems.push(`${name} should not be empty`)
    return undefined
  }
  return text
}

/** Typed accessors for validated params (the table guarantees the types). */
export const str = (params: Params, name: string) => params[name] as string | undefined
export const num = (params: Params, name: string) => params[name] as number | undefined
export const bool = (params: Params, name: string) => params[name] as boolean | undefined
export const list = (params: Params, name: string) => params[name] as string[] | undefined
