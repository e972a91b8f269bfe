import type * as z from 'zod/mini'
import { clip } from './clip.js'
import { checkTimeout } from './deadline.js'
import {
  AbortedError,
  ApiDisabledError,
  AvalancheError,
  ChainBootstrappingError,
  type HttpErrorContext,
  HttpStatusError,
  httpStatusError,
  InvalidParamsError,
  JsonRpcError,
  NetworkError,
  type ParamIssue,
  RateLimitError,
  ResponseShapeError,
  TimeoutError,
} from './errors.js'
import { parseJsonLossless, stringifyJson } from './json.js'
import { type Logger, silentLogger } from './logger.js'
import { type AnyOperation, knownShapes, type OperationResult, parseEndpoint } from './operation.js'
import type { RateLimitPacer } from './pacing.js'
import type { Redactor } from './redact.js'
import { parseByShape, parseInPlace, prepareInPlace } from './result-parser.js'
import { backoffDelay, type RetryPolicy, type Sleep, serverDelay } from './retry.js'
import { type HttpRequest, type HttpResponse, requestNeverSent, type Transport } from './transport.js'

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal | undefined
  /**
   * Overall deadline for this call, retries included. A wait before the request to stay within the Data or Metrics
   * API's rate limit (paced from its `ratelimit-*` headers) comes before the deadline starts.
   */
  timeoutMs?: number | undefined
  /** Override the client's retry policy for this call; `false` disables retries. */
  retry?: Partial<RetryPolicy> | false | undefined
}

/** A configured base URL: `prefix` (no credentials, query or trailing slash) and the `query` every request keeps. */
export interface BaseUrl {
  prefix: string
  query: string
  /** The full URL as configured, without credentials. */
  url: string
}

/** Everything an operation call needs, resolved once per client. */
export interface ExecutionContext {
  baseUrls: Record<'node' | 'data' | 'metrics', BaseUrl>
  headers: Record<'node' | 'data' | 'metrics', Record<string, string>>
  transport: Transport
  timeoutMs: number
  retry: RetryPolicy | false
  logger: Logger
  sleep: Sleep
  random: () => number
  redact: Redactor
  /** A signal that aborts `timeoutMs` (up to 50 ms more) from now. */
  deadline: (timeoutMs: number) => AbortSignal
  /** Deprecated operations already reported by this client (one event each). */
  warned: Set<string>
  /** What the Data and Metrics APIs' rate-limit headers say of the budget left (shared by all calls). */
  pacer: RateLimitPacer
  nextId: () => number
}

const TEXT_503_BOOTSTRAPPING = 'API call rejected because chain is not done bootstrapping'

/** Validates params, sends the request with retries and a deadline, maps errors, validates and converts the result. */
export async function execute<Op extends AnyOperation>(
  ctx: ExecutionContext,
  op: Op,
  params: unknown,
  options: CallOptions = {},
): Promise<OperationResult<Op>> {
  const wire = validateParams(op, params)
  checkTimeout(op.id, options.timeoutMs)
  const local = op.answerLocally?.(wire)
  if (local !== undefined) return op.result.parse(local) as OperationResult<Op>
  if (op.deprecated && !ctx.warned.has(op.id)) {
    ctx.warned.add(op.id)
    const use = op.deprecated.use ? `; use ${op.deprecated.use}` : ''
    ctx.logger.warn(`${op.id} is deprecated since ${op.deprecated.since}${use}`, {
      event: 'deprecation',
      operation: op.id,
      since: op.deprecated.since,
      use: op.deprecated.use,
    })
  }
  const request = buildRequest(ctx, op, wire)
  const api = apiOf(op)
  if (api !== 'node') await pace(ctx, op, api, options.signal)
  const { payload, response } = await send(ctx, op, request, options)
  if (api !== 'node') ctx.pacer.observe(api, response.headers)
  return parseResult(ctx, op, request, payload, response)
}

function apiOf(op: AnyOperation): 'node' | 'data' | 'metrics' {
  return op.service === 'data' || op.service === 'metrics' ? op.service : 'node'
}

/** Waits as long as the pacer says the rate-limit budget needs (only the caller's signal cuts it short). */
async function pace(ctx: ExecutionContext, op: AnyOperation, api: 'data' | 'metrics', signal: AbortSignal | undefined) {
  const wait = ctx.pacer.delay(api)
  if (!wait) return
  ctx.logger.debug(`pacing ${op.id}: waiting ${wait.ms} ms, ${wait.remaining} of ${wait.limit} compute units left`, {
    event: 'rate-limit-pace',
    operation: op.id,
    delayMs: wait.ms,
    remaining: wait.remaining,
    limit: wait.limit,
  })
  try {
    await ctx.sleep(wait.ms, signal)
  } catch (thrown) {
    throw new AbortedError(ctx.redact(ctx.baseUrls[api].url), thrown)
  }
}

export function validateParams(op: AnyOperation, params: unknown): Record<string, unknown> {
  if (params == null && knownShapes(op)?.bare) return {}
  const parsed = op.params.safeParse(params ?? undefined, { reportInput: true }) // null counts as "no params"
  if (!parsed.success)
    throw new InvalidParamsError(
      op.id,
      parsed.error.issues.map((i) => toParamIssue(i, op.params)),
    )
  return (parsed.data ?? {}) as Record<string, unknown>
}

function toParamIssue(issue: z.core.$ZodIssue, schema: z.ZodMiniType): ParamIssue {
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  )
  let message = issue.message
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(schema, issue.path)
    message = issue.keys
      .map((key) => {
        const match = known.find((k) => k.toLowerCase() === key.toLowerCase())
        // The node would match a differently cased name (Go's encoding/json); refusing it is this client's choice.
        return `unknown parameter "${key}"${match ? ` (did you mean "${match}"? parameter names are case-sensitive in this client)` : ''}`
      })
      .join('; ')
    if (known.length) message += `; accepted: ${known.join(', ')}`
  } else if (issue.input === undefined && issue.code !== 'custom') message = `required (${issue.message})`
  const input = 'input' in issue ? issue.input : undefined
  if (input !== undefined && issue.code !== 'unrecognized_keys' && typeof input !== 'object') {
    message += ` (got ${clip(typeof input === 'bigint' ? `${input}n` : JSON.stringify(input), 80)})`
  }
  return { path, message }
}

/** The keys an object schema accepts at `path`, looking through optional/default wrappers and arrays. */
function knownKeys(schema: z.ZodMiniType, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema
  const unwrap = () => {
    for (let def = defOf(node); def && 'innerType' in def; def = defOf(node)) node = def.innerType
  }
  for (const key of path) {
    unwrap()
    const def = defOf(node)
    if (def?.type === 'object') node = (def.shape as Record<PropertyKey, unknown>)[key]
    else if (def?.type === 'array') node = def.element
    else return []
  }
  unwrap()
  const def = defOf(node)
  return def?.type === 'object' ? Object.keys(def.shape as object) : []
}

function defOf(schema: unknown): Record<string, unknown> | undefined {
  return (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def
}

type Endpoint = ReturnType<typeof parseEndpoint> & { placeholders: string[] }

/** Each operation's endpoint, parsed once (operations are frozen records), with its path's `{name}` placeholders. */
const endpoints = new WeakMap<AnyOperation, Endpoint>()
function endpointOf(op: AnyOperation): Endpoint {
  let endpoint = endpoints.get(op)
  if (!endpoint) {
    const parsed = parseEndpoint(op.endpoint)
    endpoint = { ...parsed, placeholders: [...parsed.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string) }
    endpoints.set(op, endpoint)
  }
  return endpoint
}

function buildRequest(ctx: ExecutionContext, op: AnyOperation, wire: Record<string, unknown>): HttpRequest {
  const { method, path, rest, placeholders } = endpointOf(op)
  const api = apiOf(op)
  // The params the path does not hold, copied without them: deleting a key would turn the object into a slow
  // dictionary (JSON.stringify took 0.8 µs instead of 0.35 on getTx's envelope).
  const remaining: Record<string, unknown> = {}
  for (const key in wire) if (!placeholders.includes(key)) remaining[key] = wire[key]
  const filled = !placeholders.length
    ? path
    : path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = wire[name]
        return name === 'indexName' ? String(value) : encodeURIComponent(String(value))
      })
  const base = ctx.baseUrls[api]
  const headers: Record<string, string> = { accept: 'application/json', ...ctx.headers[api] }
  if (!rest) {
    const qs = base.query ? new URLSearchParams(base.query).toString() : ''
    headers['content-type'] = 'application/json'
    const envelope = stringifyJson({ jsonrpc: '2.0', id: ctx.nextId(), method: op.id, params: remaining })
    return { method, url: `${base.prefix}${filled}${qs ? `?${qs}` : ''}`, headers, body: envelope }
  }
  const query = new URLSearchParams(base.query)
  // A GET sends every parameter in the query; a REST write only those its description puts there (op.query).
  const inQuery = (key: string) => method === 'GET' || op.query?.includes(key)
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(remaining)) {
    if (value === undefined) continue
    if (!inQuery(key)) body[key] = value
    else for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item))
  }
  const qs = query.toString()
  const url = `${base.prefix}${filled}${qs ? `?${qs}` : ''}`
  // A write without body parameters (deactivateWebhook, generateOrRotateSharedSecret) sends no body at all.
  if (method === 'GET' || Object.keys(body).length === 0) return { method, url, headers }
  headers['content-type'] = 'application/json'
  return { method, url, headers, body: stringifyJson(body) }
}

async function send(
  ctx: ExecutionContext,
  op: AnyOperation,
  request: HttpRequest,
  options: CallOptions,
): Promise<{ payload: unknown; response: HttpResponse }> {
  const policy =
    options.retry === false || ctx.retry === false
      ? false
      : options.retry === undefined
        ? ctx.retry
        : { ...ctx.retry, ...options.retry }
  const timeoutMs = options.timeoutMs ?? ctx.timeoutMs
  const deadline = ctx.deadline(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  const started = Date.now()
  // Redacting costs a few regex passes: only errors and log events need the redacted URL.
  const url = () => ctx.redact(request.url)
  const debug = ctx.logger === silentLogger ? undefined : ctx.logger.debug.bind(ctx.logger)
  const onSent = checkPending(op)
  for (let attempt = 0; ; attempt++) {
    let error: AvalancheError
    try {
      debug?.(`${request.method} ${url()} ${op.id}`, { event: 'request', operation: op.id, attempt })
      const response = await ctx.transport({ ...request, signal, onSent })
      const failure = statusError(ctx.redact, op, request, response, url)
      if (!failure) return { payload: parsePayload(ctx.redact, op, request, response, url), response }
      error = failure
    } catch (thrown) {
      error = normalizeThrown(thrown, url(), signal, deadline, timeoutMs)
    }
    if (!policy || !retryable(op, error) || attempt >= policy.retries) throw error
    const asked = error instanceof HttpStatusError ? error.retryAfterMs : undefined
    // A 429 that does not say when to come back still means "not within this window": seconds, not milliseconds.
    const bare = error instanceof RateLimitError && asked === undefined
    const floor = bare ? Math.min(policy.maxDelayMs, policy.rateLimitDelayMs * 2 ** attempt) : 0
    const wait = Math.max(asked ?? 0, floor, backoffDelay(attempt, policy, ctx.random))
    const elapsed = Date.now() - started
    // A wait that would end after the deadline fails now, with the error that caused it rather than a timeout.
    if (wait > policy.maxDelayMs || elapsed + wait > policy.budgetMs || elapsed + wait >= timeoutMs) throw error
    debug?.(`retrying ${op.id} in ${wait} ms: ${error.shortMessage}`, {
      event: 'retry',
      operation: op.id,
      attempt: attempt + 1,
      delayMs: wait,
      code: error.code,
    })
    try {
      await ctx.sleep(wait, signal)
    } catch (thrown) {
      throw normalizeThrown(thrown, url(), signal, deadline, timeoutMs)
    }
  }
}

/** The operations whose result check is built. */
const checked = new WeakSet<AnyOperation>()

/**
 * For an operation's first call, what builds its result check (its schema and in-place parser: 1-6 ms of CPU, a Data
 * API list's the most) while the request is on the network rather than after the reply; the transport calls it.
 */
function checkPending(op: AnyOperation): (() => void) | undefined {
  if (checked.has(op) || knownShapes(op)?.result) return undefined
  return () => {
    if (checked.has(op)) return
    checked.add(op)
    try {
      prepareInPlace(op.result)
    } catch {
      // Called from the transport's socket events, where a throw would crash the process: parseResult builds the
      // check again and reports what is wrong with it.
    }
  }
}

/**
 * A write is retried only when the service provably did not act on it: the connection never opened, or a 429 (the
 * rate limiter refuses a request before it is processed, RFC 6585 section 4). After a 5xx, reset or timeout it may
 * have been applied.
 */
function retryable(op: AnyOperation, error: AvalancheError): boolean {
  if (!error.isRetryable) return false
  return op.idempotent || error instanceof RateLimitError || (error instanceof NetworkError && !error.requestSent)
}

/**
 * Any transport may throw its own errors (n8n's helper throws axios errors): the deadline, the caller's signal and a
 * connection that never opened (so even a non-idempotent call may retry) are read here, in one place.
 */
function normalizeThrown(
  thrown: unknown,
  url: string,
  signal: AbortSignal,
  deadline: AbortSignal,
  timeoutMs: number,
): AvalancheError {
  if (deadline.aborted) return new TimeoutError(url, timeoutMs, { cause: thrown })
  if (thrown instanceof AvalancheError) return thrown
  if (signal.aborted || (thrown as Error)?.name === 'AbortError') return new AbortedError(url, thrown)
  const message = (thrown as Error)?.message ?? String(thrown)
  return new NetworkError(url, message, { cause: thrown, requestSent: !requestNeverSent(thrown) })
}

function statusError(
  redact: Redactor,
  op: AnyOperation,
  request: HttpRequest,
  response: HttpResponse,
  url: () => string,
): AvalancheError | undefined {
  if (response.status === 200 || op.okStatuses?.includes(response.status)) return undefined
  const context = errorContext(redact, request, response, url(), parseBody(response.body))
  if (response.status === 404 && op.requires && /404 page not found/.test(response.body)) {
    const api = op.requires === '--api-admin-enabled=true' ? 'admin' : 'index'
    return new ApiDisabledError(context, api, op.requires)
  }
  if (response.status === 503 && response.body.includes(TEXT_503_BOOTSTRAPPING))
    return new ChainBootstrappingError(context)
  return httpStatusError(context)
}

/**
 * What an HTTP status error carries; `url` is already redacted. A proxy may echo the request, its key headers
 * included, in its error body: secrets are taken out of the body and the headers too.
 */
function errorContext(
  redact: Redactor,
  request: HttpRequest,
  response: HttpResponse,
  url: string,
  body: unknown,
): HttpErrorContext {
  const headers: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(response.headers)) headers[name] = value && redact(value)
  return {
    status: response.status,
    url,
    method: request.method,
    headers,
    body: typeof body === 'string' ? redact(body) : JSON.parse(redact(stringifyJson(body) ?? 'null')),
    retryAfterMs: serverDelay(response.headers),
  }
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/**
 * The response body as JSON. A body that is not JSON is cut or foreign (a truncated transfer, a proxy's page): with
 * status 200 that is a retryable ResponseShapeError; with another accepted status (a health probe's 503) it is that
 * status' error.
 */
function parsePayload(
  redact: Redactor,
  op: AnyOperation,
  request: HttpRequest,
  response: HttpResponse,
  url: () => string,
): unknown {
  if (response.status === 204) return undefined // No Content: success without a body (RFC 9110 15.3.5)
  try {
    return parseJsonLossless(response.body)
  } catch (cause) {
    if (response.status !== 200) {
      throw httpStatusError(errorContext(redact, request, response, url(), response.body))
    }
    // A cut body of an operation that answers a secret may hold part of it: never quote it.
    const quoted = op.secretFields ? 'its text is withheld: the operation answers a secret' : clip(response.body, 80)
    throw new ResponseShapeError(op.id, `the body is not JSON (${quoted})`, { cause, isRetryable: true })
  }
}

function parseResult<Op extends AnyOperation>(
  ctx: ExecutionContext,
  op: Op,
  request: HttpRequest,
  payload: unknown,
  response: HttpResponse,
): OperationResult<Op> {
  let result = payload
  if (!endpointOf(op).rest) {
    const envelope = payload as { result?: unknown; error?: { code: number; message: string; data?: unknown } } | null
    if (envelope?.error) throw new JsonRpcError(envelope.error, op.id, ctx.redact(request.url))
    if (!envelope || !('result' in envelope)) throw new ResponseShapeError(op.id, 'the JSON-RPC reply has no result')
    result = envelope.result
  }
  rememberSecrets(ctx.redact, op, result)
  // The reply was parsed for this call alone: validated and converted in place (by its generated shape, if any, which
  // needs no schema built), then by zod only if refused.
  const shape = knownShapes(op)?.result
  const parsed =
    (shape && parseByShape(shape, result)) ?? parseInPlace(op.result, result) ?? op.result.safeParse(result)
  if (!parsed.success && response.status !== 200) {
    // An accepted non-200 status (a health probe's 503) whose body is not that result is the status' own error,
    // e.g. a gateway's JSON error page.
    throw httpStatusError(errorContext(ctx.redact, request, response, ctx.redact(request.url), payload))
  }
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new ResponseShapeError(op.id, `${first?.path.join('.') || 'result'}: ${first?.message}`, {
      cause: parsed.error,
    })
  }
  return parsed.data as OperationResult<Op>
}

/** The secret fields of a result join the client's redacted values before anything could log or quote them. */
function rememberSecrets(redact: Redactor, op: AnyOperation, result: unknown): void {
  if (!op.secretFields || !result || typeof result !== 'object') return
  for (const field of op.secretFields) {
    const value = (result as Record<string, unknown>)[field]
    if (typeof value === 'string') redact.remember?.(value)
  }
}
