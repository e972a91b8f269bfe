import { describe, expect, test } from 'vitest'
import {
  BadGatewayError,
  BadRequestError,
  ForbiddenError,
  HttpStatusError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../errors.js'
import { createFakeClient, type FakeRoute } from '../testing/fake-transport.js'
import { responseExample } from '../testing/openapi.js'
import { evm } from './evm.js'

const CHAIN = 'GET /v1/chains/43114'
const CHAIN_INFO = responseExample(evm.getChainInfo.endpoint)
const METRIC = 'GET /v2/chains/43114/metrics/txCount'

/** The services' error body (`BadRequest`, ... in both descriptions): message is a string or an array of strings. */
const errorBody = (statusCode: number, error: string, message: string | string[]) => ({ message, statusCode, error })

/** Answers each reply in turn, then repeats the last. */
function sequence(...replies: Exclude<FakeRoute, (...args: never[]) => unknown>[]): FakeRoute {
  let i = 0
  return () => replies[Math.min(i++, replies.length - 1)] as Exclude<FakeRoute, (...args: never[]) => unknown>
}

/** A client that retries up to 3 times, recording the waits instead of sleeping. */
function retryingClient(routes: Record<string, FakeRoute>) {
  const delays: number[] = []
  const { client, fake } = createFakeClient(routes, {
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 20_000, budgetMs: 60_000 },
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms)
    },
  })
  return { client, fake, delays }
}

const STATUSES = [
  [400, 'Bad Request', BadRequestError],
  [401, 'Unauthorized', UnauthorizedError],
  [403, 'Forbidden', ForbiddenError],
  [404, 'Not Found', NotFoundError],
  [429, 'Too Many Requests', RateLimitError],
  [500, 'Internal Server Error', InternalServerError],
  [502, 'Bad Gateway', BadGatewayError],
  [503, 'Service Unavailable', ServiceUnavailableError],
] as const

describe('Data and Metrics API errors', () => {
  test.each(STATUSES)(
    'error: HTTP %i (%s) from the Data API is its typed error carrying the service body',
    async (status, name, Class) => {
      const body = errorBody(status, name, `chain 43114: ${name.toLowerCase()}`)
      const { client, fake } = createFakeClient({ [CHAIN]: { status, body } })
      const error = await client.data.getChainInfo({ chainId: 43114 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Class)
      expect(error).toBeInstanceOf(HttpStatusError)
      expect(error).toMatchObject({ status, body, method: 'GET', url: 'https://data-api.avax.network/v1/chains/43114' })
      expect((error as HttpStatusError).details).toBe(`chain 43114: ${name.toLowerCase()}`)
      expect(fake.requests).toHaveLength(1)
    },
  )

  test.each(STATUSES)('error: HTTP %i (%s) from the Metrics API keeps a message array', async (status, name, Class) => {
    const body = errorBody(status, name, ['Invalid address format', 'metric must be a ChainMetric'])
    const { client } = createFakeClient({ [METRIC]: { status, body } })
    const error = await client.metrics
      .getEvmChainMetrics({ chainId: 43114, metric: 'txCount' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Class)
    expect((error as HttpStatusError).body).toEqual(body)
    expect((error as HttpStatusError).details).toBe('Invalid address format; metric must be a ChainMetric')
  })

  test('error: the documented 400 example body, verbatim', async () => {
    const { client } = createFakeClient({
      [CHAIN]: { status: 400, body: '{"message":["Invalid address format"],"error":"Bad Request","statusCode":400}' },
    })
    const error = (await client.data.getChainInfo({ chainId: 43114 }).catch((e: unknown) => e)) as BadRequestError
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error.body).toEqual({ message: ['Invalid address format'], error: 'Bad Request', statusCode: 400 })
    expect(error.message).toMatch(/HTTP 400 from GET https:\/\/data-api.avax.network\/v1\/chains\/43114/)
    expect(error.message).toMatch(/Details: Invalid address format/)
  })

  test('error: the API key never appears in an error', async () => {
    const { client } = createFakeClient(
      { [CHAIN]: { status: 401, body: errorBody(401, 'Unauthorized', 'invalid key') } },
      { apiKey: 'secret-key-0123456789' },
    )
    const error = (await client.data.getChainInfo({ chainId: 43114 }).catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('secret-key-0123456789')
  })
})

describe('Data and Metrics API retries', () => {
  test('behavior: 429 waits as long as retry-after says (seconds), then succeeds', async () => {
    const { client, fake, delays } = retryingClient({
      [CHAIN]: sequence(
        { status: 429, headers: { 'retry-after': '2' }, body: errorBody(429, 'Too Many Requests', 'slow down') },
        { body: CHAIN_INFO },
      ),
    })
    await expect(client.data.getChainInfo({ chainId: 43114 })).resolves.toEqual(CHAIN_INFO)
    expect(fake.requests).toHaveLength(2)
    expect(delays).toEqual([2000])
  })

  test('behavior: 429 with only ratelimit-reset waits that many seconds', async () => {
    const { client, fake, delays } = retryingClient({
      [METRIC]: sequence(
        {
          status: 429,
          headers: { 'ratelimit-reset': '3', 'ratelimit-remaining': '0' },
          body: errorBody(429, 'Too Many Requests', ['rate limit exceeded']),
        },
        { body: { results: [] } },
      ),
    })
    await expect(client.metrics.getEvmChainMetrics({ chainId: 43114, metric: 'txCount' })).resolves.toEqual({
      results: [],
    })
    expect(fake.requests).toHaveLength(2)
    expect(delays).toEqual([3000])
  })

  test.each([408, 500, 502, 503])('behavior: %i is retried with backoff until it succeeds', async (status) => {
    const failure = { status, body: errorBody(status, 'failure', 'try again') }
    const { client, fake, delays } = retryingClient({ [CHAIN]: sequence(failure, failure, { body: CHAIN_INFO }) })
    await expect(client.data.getChainInfo({ chainId: 43114 })).resolves.toEqual(CHAIN_INFO)
    expect(fake.requests).toHaveLength(3)
    expect(delays).toEqual([50, 100])
  })

  test('error: a 503 that persists is raised typed once retries are spent', async () => {
    const { client, fake } = retryingClient({
      [CHAIN]: { status: 503, body: errorBody(503, 'Service Unavailable', 'subnet node unavailable') },
    })
    const error = await client.data.getChainInfo({ chainId: 43114 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(fake.requests).toHaveLength(4)
  })

  test.each([400, 401, 403, 404])('behavior: %i is never retried', async (status) => {
    const { client, fake, delays } = retryingClient({ [CHAIN]: { status, body: errorBody(status, 'no', 'no') } })
    await expect(client.data.getChainInfo({ chainId: 43114 })).rejects.toBeInstanceOf(HttpStatusError)
    expect(fake.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })
})
