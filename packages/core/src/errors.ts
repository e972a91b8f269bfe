/**
 * One error family for everything the client raises. Every class carries a string `code`, a `shortMessage`, optional
 * `details`, a `cause` and `isRetryable`. `instanceof` works across bundled copies of this package (n8n and the
 * GitHub Action each bundle their own) through a brand registered with `Symbol.for`, as undici and the MCP SDK do.
 */
const kBrand = Symbol.for('@avalanche-automation/core.error')

export type ErrorCode =
  | 'INVALID_PARAMS'
  | 'INVALID_ENCODING'
  | 'HTTP_STATUS'
  | 'API_DISABLED'
  | 'CHAIN_BOOTSTRAPPING'
  | 'JSON_RPC'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'ABORTED'
  | 'RESPONSE_SHAPE'
  | 'PAGINATION_LIMIT'
  | 'WEBHOOK_SIGNATURE'

export interface AvalancheErrorOptions {
  cause?: unknown
  details?: string | undefined
  isRetryable?: boolean
}

type Branded = { [kBrand]?: readonly string[] }

export class AvalancheError extends Error {
  static readonly errorName: string = 'AvalancheError'
  override name = 'AvalancheError'
  readonly code: ErrorCode
  readonly shortMessage: string
  readonly details: string | undefined
  readonly isRetryable: boolean
  declare readonly [kBrand]: readonly string[]

  constructor(code: ErrorCode, shortMessage: string, options: AvalancheErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, { cause: options.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = options.details
    this.isRetryable = options.isRetryable ?? false
    const names: string[] = []
    for (let c = new.target as unknown as { errorName?: string }; c?.errorName; c = Object.getPrototypeOf(c)) {
      if (!names.includes(c.errorName)) names.push(c.errorName)
    }
    this.name = names[0] ?? 'AvalancheError'
    Object.defineProperty(this, kBrand, { value: names, enumerable: false })
  }

  /** True for an instance of this class (or a subclass) from any copy of this package. */
  static isInstance<T extends AvalancheError>(
    this: { readonly errorName: string; prototype: T },
    value: unknown,
  ): value is T {
    const names = (value as Branded | null)?.[kBrand]
    return Array.isArray(names) && names.includes(this.errorName)
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return AvalancheError.isInstance.call(this, value)
  }
}

export interface ParamIssue {
  /** Dotted path of the parameter, e.g. `addresses[2]` or `startIndex.utxo`. */
  path: string
  /** What is wrong and what is accepted. */
  message: string
}

/** Raised before any request when parameters are missing, malformed or out of range. */
export class InvalidParamsError extends AvalancheError {
  static override readonly errorName = 'InvalidParamsError'
  readonly operation: string
  readonly issues: readonly ParamIssue[]
  constructor(operation: string, issues: readonly ParamIssue[]) {
    const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    super('INVALID_PARAMS', `Invalid parameters for ${operation}: ${list.join('; ')}`)
    this.operation = operation
    this.issues = issues
  }
}

/** A string that is not valid cb58, hex, bech32 or another encoding this package reads. */
export class InvalidEncodingError extends AvalancheError {
  static override readonly errorName = 'InvalidEncodingError'
  constructor(message: string) {
    super('INVALID_ENCODING', message)
  }
}

export interface HttpErrorContext {
  status: number
  url: string
  method: string
  headers: Readonly<Record<string, string | undefined>>
  /** The response body: parsed JSON when it was JSON, else the text. */
  body: unknown
  /** Milliseconds the server asked us to wait (`retry-after` or `ratelimit-reset`), when it said. */
  retryAfterMs?: number | undefined
}

/** A non-success HTTP status. Each status of the services' error tables has its own subclass. */
export class HttpStatusError extends AvalancheError {
  static override readonly errorName: string = 'HttpStatusError'
  readonly status: number
  readonly url: string
  readonly method: string
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: unknown
  readonly retryAfterMs: number | undefined
  constructor(
    context: HttpErrorContext,
    shortMessage = `HTTP ${context.status} from ${context.method} ${context.url}`,
    code: ErrorCode = 'HTTP_STATUS',
  ) {
    super(code, shortMessage, {
      details: bodyMessage(context.body),
      isRetryable: [408, 429, 500, 502, 503, 504].includes(context.status),
    })
    this.status = context.status
    this.url = context.url
    this.method = context.method
    this.headers = context.headers
    this.body = context.body
    this.retryAfterMs = context.retryAfterMs
  }
}

export class BadRequestError extends HttpStatusError {
  static override readonly errorName: string = 'BadRequestError'
}
export class UnauthorizedError extends HttpStatusError {
  static override readonly errorName: string = 'UnauthorizedError'
}
export class ForbiddenError extends HttpStatusError {
  static override readonly errorName: string = 'ForbiddenError'
}
export class NotFoundError extends HttpStatusError {
  static override readonly errorName: string = 'NotFoundError'
}
export class RateLimitError extends HttpStatusError {
  static override readonly errorName: string = 'RateLimitError'
}
export class InternalServerError extends HttpStatusError {
  static override readonly errorName: string = 'InternalServerError'
}
export class BadGatewayError extends HttpStatusError {
  static override readonly errorName: string = 'BadGatewayError'
}
export class ServiceUnavailableError extends HttpStatusError {
  static override readonly errorName: string = 'ServiceUnavailableError'
}

/** 404 on `/ext/admin` or `/ext/index/...`: the node serves that API only when started with a flag. */
export class ApiDisabledError extends NotFoundError {
  static override readonly errorName = 'ApiDisabledError'
  readonly flag: string
  constructor(context: HttpErrorContext, api: string, flag: string) {
    super(context, `The ${api} API is not enabled on ${context.url}: start the node with ${flag}`, 'API_DISABLED')
    this.flag = flag
  }
}

/** The node's text/plain 503 while a chain bootstraps. Retryable: it clears once the chain is in normal operation. */
export class ChainBootstrappingError extends ServiceUnavailableError {
  static override readonly errorName = 'ChainBootstrappingError'
  constructor(context: HttpErrorContext) {
    super(
      context,
      `The chain behind ${context.url} is still bootstrapping; retry once it is done`,
      'CHAIN_BOOTSTRAPPING',
    )
  }
}

const statusClasses: Record<number, typeof HttpStatusError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  429: RateLimitError,
  500: InternalServerError,
  502: BadGatewayError,
  503: ServiceUnavailableError,
}

/** The HttpStatusError subclass for a status (the base class for statuses without one). */
export function httpStatusError(context: HttpErrorContext): HttpStatusError {
  const Class = statusClasses[context.status] ?? HttpStatusError
  return new Class(context)
}

/** An error object in a JSON-RPC response (the node answers these with HTTP 200, almost always code -32000). */
export class JsonRpcError extends AvalancheError {
  static override readonly errorName = 'JsonRpcError'
  readonly rpcCode: number
  readonly rpcMessage: string
  readonly data: unknown
  readonly method: string
  readonly url: string
  constructor(error: { code: number; message: string; data?: unknown }, method: string, url: string) {
    super('JSON_RPC', `${method} failed on ${url}: ${error.message}`, { details: `JSON-RPC error ${error.code}` })
    this.rpcCode = error.code
    this.rpcMessage = error.message
    this.data = error.data ?? null
    this.method = method
    this.url = url
  }

  /** The node's `not found` family (`not found`, `couldn't get tx: not found`, `no container at index N`). */
  get isNotFound(): boolean {
    return /(^|: )not found$/.test(this.rpcMessage) || /^no container at index/.test(this.rpcMessage)
  }
}

export class TimeoutError extends AvalancheError {
  static override readonly errorName = 'TimeoutError'
  readonly timeoutMs: number
  constructor(url: string, timeoutMs: number, options: { cause?: unknown } = {}) {
    super('TIMEOUT', `Request to ${url} timed out after ${timeoutMs} ms`, { ...options, isRetryable: true })
    this.timeoutMs = timeoutMs
  }
}

export class NetworkError extends AvalancheError {
  static override readonly errorName = 'NetworkError'
  /** False when the request provably never reached the server (e.g. connection refused): safe to retry anything. */
  readonly requestSent: boolean
  constructor(url: string, reason: string, options: { cause?: unknown; requestSent: boolean }) {
    super('NETWORK', `Request to ${url} failed: ${reason}`, { cause: options.cause, isRetryable: true })
    this.requestSent = options.requestSent
  }
}

export class AbortedError extends AvalancheError {
  static override readonly errorName = 'AbortedError'
  constructor(url: string, cause?: unknown) {
    super('ABORTED', `Request to ${url} was aborted`, { cause })
  }
}

/** The service answered, but not in the shape this operation documents. */
export class ResponseShapeError extends AvalancheError {
  static override readonly errorName = 'ResponseShapeError'
  readonly operation: string
  constructor(operation: string, problem: string, options: { cause?: unknown; isRetryable?: boolean } = {}) {
    super('RESPONSE_SHAPE', `Unexpected response from ${operation}: ${problem}`, options)
    this.operation = operation
  }
}

/** A paginated walk that would loop (a repeated cursor) or exceeded its page cap. */
export class PaginationLimitError extends AvalancheError {
  static override readonly errorName = 'PaginationLimitError'
  readonly operation: string
  constructor(operation: string, problem: string) {
    super('PAGINATION_LIMIT', `Pagination of ${operation} stopped: ${problem}`)
    this.operation = operation
  }
}

function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 500) || undefined
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message
    return Array.isArray(message) ? message.join('; ') : String(message)
  }
  return body === undefined ? undefined : JSON.stringify(body).slice(0, 500)
}
