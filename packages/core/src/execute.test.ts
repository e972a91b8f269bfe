import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod'
import {
  AbortedError,
  ApiDisabledError,
  AvalancheError,
  BadGatewayError,
  ChainBootstrappingError,
  HttpStatusError,
  InvalidParamsError,
  JsonRpcError,
  NetworkError,
  RateLimitError,
  ResponseShapeError,
  ServiceUnavailableError,
  TimeoutError,
} from './errors.js'
import { createClient } from './index.js'
import { index } from './node/index.js'
import { info } from './node/info.js'
import { defineOperation, withKnownShapes } from './operation.js'
import { describeShape } from './result-parser.js'
import { record, u64 } from './schemas.js'
import type { Transport } from './transport.js'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void
let server: Server
let url: string
let handler: Handler
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body })
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const rpc = (result: unknown) => JSON.stringify({ jsonrpc: '2.0', result, id: 1 })
const text = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers })
  res.end(body)
}
/** Answers with each of `steps` in turn, then repeats the last. */
const sequence = (...steps: Handler[]): Handler => {
  let i = 0
  return (req, body, res) => (steps[Math.min(i++, steps.length - 1)] as Handler)(req, body, res)
}
const ok =
  (result: unknown): Handler =>
  (_req, _body, res) =>
    text(res, 200, rpc(result), { 'content-type': 'application/json' })
/** A write-like operation: retried only when the request cannot have reached the node. */
const notIdempotent = defineOperation({
  id: 'admin.test',
  service: 'admin',
  endpoint: '/ext/admin',
  summary: 'Test.',
  params: z.object({}).optional(),
  result: record({}),
  readOnly: false,
  idempotent: false,
})
const delays: number[] = []
const newClient = (options: Parameters<typeof createClient>[0] = {}) =>
  createClient({
    nodeUrl: url,
    sleep: async (ms) => {
      delays.push(ms)
    },
    random: () => 0.5,
    ...options,
  })

describe('JSON-RPC calls', () => {
  test('default: POSTs the envelope with content-type and converts the result', async () => {
    handler = ok({ networkID: '12345' })
    seen.length = 0
    const client = newClient()
    await expect(client.info.getNetworkID()).resolves.toEqual({ networkID: 12345 })
    expect(seen[0]?.url).toBe('/ext/info')
    expect(seen[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, method: 'info.getNetworkID', params: {} })
  })

  test('behavior: route params fill the path and leave the body; bigints are sent as strings', async () => {
    handler = ok({ id: 'x', bytes: '0x', timestamp: 't', encoding: 'hex', index: '7' })
    seen.length = 0
    const result = await newClient().index.getContainerByIndex({ indexName: 'P/block', index: 7n })
    expect(result.index).toBe(7n)
    expect(seen[0]?.url).toBe('/ext/index/P/block')
    expect(JSON.parse(seen[0]?.body ?? '').params).toEqual({ index: '7' })
  })

  test('behavior: integers above 2^53 in results arrive exactly as bigint', async () => {
    const op = defineOperation({
      id: 'avm.test',
      service: 'avm',
      endpoint: '/ext/bc/X',
      summary: 'Test.',
      params: z.object({}).optional(),
      result: record({ amount: u64() }),
      readOnly: true,
      idempotent: true,
    })
    handler = (_req, _body, res) => text(res, 200, '{"jsonrpc":"2.0","result":{"amount":9007199254740993},"id":1}')
    await expect(newClient().call(op)).resolves.toEqual({ amount: 9007199254740993n })
  })

  test('error: JSON-RPC errors keep code, message, data, method and URL', async () => {
    handler = (_req, _body, res) =>
      text(
        res,
        200,
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'not found', data: null }, id: 1 }),
      )
    const error = await newClient()
      .index.getIndex({ indexName: 'X/tx', id: '11111111111111111111111111111111LpoYY' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error).toMatchObject({
      code: 'JSON_RPC',
      rpcCode: -32000,
      rpcMessage: 'not found',
      data: null,
      isNotFound: true,
    })
    expect(error.method).toBe('index.getIndex')
    expect(error.url).toBe(`${url}/ext/index/X/tx`)
    expect(error.message).toBe(
      `index.getIndex failed on ${url}/ext/index/X/tx: not found\n\nDetails: JSON-RPC error -32000`,
    )
  })

  test("behavior: an operation's first call builds its result check while the request is out, not after the reply", async () => {
    const events: string[] = []
    const operation = (id: string, broken = false) =>
      defineOperation({
        id,
        service: 'info',
        endpoint: '/ext/info',
        summary: 'Test.',
        params: z.object({}).optional(),
        result: () => {
          events.push('result check built')
          if (broken) throw new Error('a broken result schema')
          return record({ height: u64() })
        },
        readOnly: true,
        idempotent: true,
      })
    // The transport reports the request sent, then "waits" for the reply.
    const transport: Transport = async (request) => {
      events.push('sent')
      request.onSent?.()
      events.push('reply')
      return { status: 200, headers: { 'content-type': 'application/json' }, body: rpc({ height: '7' }) }
    }
    const client = createClient({ nodeUrl: url, transport })
    const op = operation('info.firstCall')
    await expect(client.call(op)).resolves.toEqual({ height: 7n })
    expect(events).toEqual(['sent', 'result check built', 'reply'])
    events.length = 0
    await expect(client.call(op)).resolves.toEqual({ height: 7n })
    expect(events).toEqual(['sent', 'reply']) // built once

    // A schema that cannot be built fails the call, not the transport's callback (a socket event under Node's).
    events.length = 0
    await expect(client.call(operation('info.brokenResult', true))).rejects.toThrow('a broken result schema')
    expect(events).toEqual(['sent', 'result check built', 'reply', 'result check built'])
  })

  test('behavior: a call without parameters of an operation with generated shapes builds no schema, unless its reply needs zod', async () => {
    const built: string[] = []
    const op = defineOperation({
      id: 'info.bareCall',
      service: 'info',
      endpoint: '/ext/info',
      summary: 'Test.',
      params: () => {
        built.push('params')
        return z.object({}).optional()
      },
      result: () => {
        built.push('result')
        return record({ height: u64() })
      },
      readOnly: true,
      idempotent: true,
    })
    // The shape node/shapes.test.ts would generate for it (what `describeShape` says, without the schemas).
    const result = JSON.parse(
      JSON.stringify(describeShape(record({ height: u64() })), (k, v) => (k === 'schema' ? undefined : v)),
    )
    withKnownShapes({ info: { op } }, { 'info.bareCall': { bare: true, result } })
    let height: unknown = '7'
    const transport: Transport = async () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: rpc({ height }),
    })
    const client = createClient({ nodeUrl: url, transport })
    await expect(client.call(op)).resolves.toEqual({ height: 7n })
    expect(built).toEqual([])
    // A u64 sent as a JSON number (as inside json payloads) is zod's to check: the shape declines it.
    height = 8
    await expect(client.call(op)).resolves.toEqual({ height: 8n })
    expect(built).toEqual(['result'])
    // A refused reply reads as zod words it; parameters given are zod's to check.
    height = 'x'
    await expect(client.call(op)).rejects.toThrow(/^Unexpected response from info\.bareCall: height: /)
    height = '9'
    await expect(client.call(op, {})).resolves.toEqual({ height: 9n })
    expect(built).toEqual(['result', 'params'])
  })

  test('error: a reply of the wrong shape is a ResponseShapeError', async () => {
    handler = ok({ networkID: 'twelve' })
    await expect(newClient().info.getNetworkID()).rejects.toThrow(ResponseShapeError)
    handler = (_req, _body, res) => text(res, 200, '<html>proxy</html>')
    await expect(newClient().info.getNetworkID()).rejects.toThrow(/the body is not JSON/)
  })
})

describe('HTTP errors and retries', () => {
  test('error: 404 on the index API names the flag that enables it', async () => {
    handler = (_req, _body, res) => text(res, 404, '404 page not found\n')
    const error = await newClient({ retry: false })
      .index.getLastAccepted({ indexName: 'X/tx' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ApiDisabledError)
    expect(error.code).toBe('API_DISABLED')
    expect(error.flag).toBe('--index-enabled=true')
    expect(error.shortMessage).toMatch(/The index API is not enabled .* start the node with --index-enabled=true/)
  })

  test('behavior: the bootstrapping 503 is retried, then succeeds', async () => {
    handler = sequence(
      (_r, _b, res) => text(res, 503, 'API call rejected because chain is not done bootstrapping'),
      ok({ isBootstrapped: true }),
    )
    delays.length = 0
    await expect(newClient().info.isBootstrapped({ chain: 'X' })).resolves.toEqual({ isBootstrapped: true })
    expect(delays).toEqual([125]) // full jitter: 0.5 * 250 * 2^0
  })

  test('error: the bootstrapping 503 says so once retries are exhausted', async () => {
    handler = (_req, _body, res) => text(res, 503, 'API call rejected because chain is not done bootstrapping')
    const error = await newClient({ retry: { retries: 2 } })
      .info.isBootstrapped({ chain: 'X' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ChainBootstrappingError)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error.shortMessage).toMatch(/still bootstrapping/)
  })

  test('behavior: 429 waits as long as retry-after says', async () => {
    handler = sequence(
      (_r, _b, res) => text(res, 429, 'slow down', { 'retry-after': '3' }),
      ok({ networkName: 'local' }),
    )
    delays.length = 0
    await expect(newClient().info.getNetworkName()).resolves.toEqual({ networkName: 'local' })
    expect(delays).toEqual([3000])
  })

  test('error: a retry-after beyond maxDelayMs fails at once with the RateLimitError', async () => {
    handler = (_req, _body, res) => text(res, 429, '{"message":"Too many requests"}', { 'retry-after': '3600' })
    delays.length = 0
    const error = await newClient()
      .info.getNetworkName()
      .catch((e) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.retryAfterMs).toBe(3_600_000)
    expect(error.details).toBe('Too many requests')
    expect(delays).toEqual([])
  })

  test('behavior: a 429 that says nothing of when to come back waits seconds, doubling (data-api.md 0b.3)', async () => {
    handler = (_req, _body, res) => text(res, 429, '{"message":"Too many requests","statusCode":429}')
    delays.length = 0
    const error = await newClient()
      .info.getNetworkName()
      .catch((e) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.retryAfterMs).toBeUndefined()
    expect(delays).toEqual([5_000, 10_000, 20_000])
  })

  test('error: a wait that would end after the deadline fails at once with its cause, not a timeout', async () => {
    handler = (_req, _body, res) => text(res, 429, 'slow down', { 'retry-after': '15' })
    delays.length = 0
    const error = await newClient({ timeoutMs: 10_000 })
      .info.getNetworkName()
      .catch((e) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(delays).toEqual([])
  })

  test('behavior: 502 is retried with growing backoff, then raised typed', async () => {
    handler = (_req, _body, res) => text(res, 502, '<html>Bad Gateway</html>')
    delays.length = 0
    const error = await newClient()
      .info.getNetworkName()
      .catch((e) => e)
    expect(error).toBeInstanceOf(BadGatewayError)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.status).toBe(502)
    expect(delays).toEqual([125, 250, 500])
  })

  test('behavior: operations that are not idempotent are not retried after the request was sent', async () => {
    const op = notIdempotent
    handler = (_req, _body, res) => text(res, 503, 'busy')
    seen.length = 0
    await expect(newClient().call(op)).rejects.toThrow(ServiceUnavailableError)
    expect(seen).toHaveLength(1)
  })

  test('behavior: connection refused is retried even for non-idempotent operations, then is a NetworkError', async () => {
    const error = await createClient({ nodeUrl: 'http://127.0.0.1:1', sleep: async () => {}, retry: { retries: 1 } })
      .info.getNodeID()
      .catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.requestSent).toBe(false)
    expect(error.message).toMatch(/ECONNREFUSED/)
  })

  test("behavior: a foreign transport's own errors are classified like Node's (refused, reset, caller abort)", async () => {
    const op = notIdempotent
    // What n8n's request helper throws: axios errors carrying the socket's code.
    const axiosLike = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:9650`), { code })
    let calls = 0
    const refusedThenOk = createClient({
      nodeUrl: url,
      sleep: async () => {},
      transport: async () => {
        if (calls++ === 0) throw axiosLike('ECONNREFUSED')
        return { status: 200, headers: {}, body: rpc({}) }
      },
    })
    await expect(refusedThenOk.call(op)).resolves.toEqual({})
    expect(calls).toBe(2)

    const reset = createClient({
      nodeUrl: url,
      sleep: async () => {},
      transport: async () => {
        throw axiosLike('ECONNRESET')
      },
    })
    const error = await reset.call(op).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.requestSent).toBe(true)

    const controller = new AbortController()
    const aborting = createClient({
      nodeUrl: url,
      transport: async () => {
        controller.abort()
        throw new Error('canceled')
      },
    })
    await expect(aborting.info.getNodeID(undefined, { signal: controller.signal })).rejects.toThrow(AbortedError)
  })

  test('error: a timeoutMs a timer cannot hold is rejected before any request, naming the option', async () => {
    seen.length = 0
    for (const bad of [0, -5, 1.5, Number.NaN, 2 ** 31]) {
      const error = await newClient()
        .info.getNetworkName(undefined, { timeoutMs: bad })
        .catch((e) => e)
      expect(error).toBeInstanceOf(InvalidParamsError)
      expect(error.message).toBe(
        `Invalid parameters for info.getNetworkName: timeoutMs: must be a whole number of milliseconds from 1 to 2147483597 (got ${bad})`,
      )
      expect(() => createClient({ nodeUrl: url, timeoutMs: bad })).toThrow(
        /^Invalid parameters for createClient: timeoutMs: must be a whole number/,
      )
    }
    expect(seen).toHaveLength(0)
  })

  test('error: the overall deadline gives a TimeoutError', async () => {
    handler = (_req, _body, res) => setTimeout(() => text(res, 200, rpc({ networkName: 'late' })), 500)
    const error = await createClient({ nodeUrl: url, timeoutMs: 100 })
      .info.getNetworkName()
      .catch((e) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.timeoutMs).toBe(100)
  })

  test("error: the caller's abort gives an AbortedError and no retry", async () => {
    handler = (_req, _body, res) => setTimeout(() => text(res, 200, rpc({ networkName: 'late' })), 500)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await newClient()
      .info.getNetworkName(undefined, { signal: controller.signal })
      .catch((e) => e)
    expect(error).toBeInstanceOf(AbortedError)
  })
})

test('error: an unknown network name is rejected, naming the accepted ones', () => {
  // @ts-expect-error a typo'd network
  expect(() => createClient({ network: 'fuj' })).toThrow(
    'Invalid parameters for createClient: network: unknown network "fuj": expected one of mainnet, fuji, devnet, custom',
  )
  expect(createClient({ network: 'fuji' }).urls.node).toBe('https://api.avax-test.network')
})

describe('secrets', () => {
  test('URL credentials and header secrets never reach messages', async () => {
    handler = (_req, _body, res) =>
      text(res, 200, JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'boom' }, id: 1 }))
    const port = new URL(url).port
    const client = createClient({
      nodeUrl: `http://alice:hunter22@127.0.0.1:${port}/?token=s3cr3t-token`,
      nodeHeaders: { 'x-gateway-key': 'gateway-secret-value' },
      retry: false,
    })
    const error = await client.info.getNodeVersion().catch((e) => e)
    const everything = JSON.stringify({ message: error.message, url: error.url, urls: client.urls })
    expect(everything).not.toMatch(/hunter22|s3cr3t-token|alice/)
    expect(seen.at(-1)?.headers['x-gateway-key']).toBe('gateway-secret-value')
    expect(seen.at(-1)?.headers.authorization).toBe(`Basic ${btoa('alice:hunter22')}`)
  })

  test('error: an extra header HTTP cannot carry is refused, naming the option', () => {
    expect(() => createClient({ dataHeaders: { 'x proxy': 'v' } })).toThrow(
      /dataHeaders\.x proxy: expected a header name/,
    )
    expect(() => createClient({ metricsHeaders: { 'x-key': 'a\r\nb' } })).toThrow(/metricsHeaders\.x-key/)
  })
})

describe('errors', () => {
  test('instanceof works across bundled copies through the Symbol.for brand', () => {
    const foreign = Object.defineProperty(
      new Error('from another copy'),
      Symbol.for('@avalanche-automation/core.error'),
      {
        value: ['JsonRpcError', 'AvalancheError'],
      },
    )
    expect(foreign instanceof JsonRpcError).toBe(true)
    expect(JsonRpcError.isInstance(foreign)).toBe(true)
    expect(AvalancheError.isInstance(foreign)).toBe(true)
    expect(foreign instanceof HttpStatusError).toBe(false)
    expect(new Error('plain') instanceof AvalancheError).toBe(false)
  })

  test('classes keep their hierarchy and names', () => {
    const context = { status: 503, url: 'u', method: 'POST', headers: {}, body: 'x' }
    const error = new ChainBootstrappingError(context)
    expect(error.name).toBe('ChainBootstrappingError')
    expect([
      error instanceof ServiceUnavailableError,
      error instanceof HttpStatusError,
      error instanceof AvalancheError,
    ]).toEqual([true, true, true])
    expect(error instanceof RateLimitError).toBe(false)
    expect(error.isRetryable).toBe(true)
  })
})

test('index.getContainerRange with numToFetch 0 answers without a request', async () => {
  seen.length = 0
  await expect(
    newClient().index.getContainerRange({ indexName: 'X/tx', startIndex: 5, numToFetch: 0 }),
  ).resolves.toEqual({ containers: [] })
  expect(seen).toHaveLength(0)
  expect(index.getContainerRange.pagination.kind).toBe('indexRange')
  expect(info.getNodeID.readOnly).toBe(true)
})
