import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { createNodeTransport } from './node.js'
import { createUndiciTransport } from './undici.js'

let server: Server
let url: string
let connections = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      switch (req.url) {
        case '/echo':
          res.writeHead(200, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] })
          return res.end(JSON.stringify({ method: req.method, body, length: req.headers['content-length'] ?? null }))
        case '/big':
          return res.end('x'.repeat(10_000))
        case '/silent':
          return // never answers
        case '/cut':
          // Promise 1000 bytes, send 10, then drop the connection.
          res.writeHead(200, { 'content-length': '1000' })
          res.write('0123456789')
          return setTimeout(() => res.socket?.destroy(), 20)
        default:
          res.writeHead(404)
          return res.end('404 page not found\n')
      }
    })
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// Both transports keep one contract (transport.ts): every behaviour below holds for each.
describe.each([
  ['createNodeTransport', createNodeTransport],
  ['createUndiciTransport', createUndiciTransport],
] as const)('%s', (_name, createTransport) => {
  test('default: sends the body with its length, returns status, lower-case headers and text; reuses sockets', async () => {
    const transport = createTransport()
    const before = connections
    for (let i = 0; i < 5; i++) {
      const response = await transport({ method: 'POST', url: `${url}/echo`, headers: {}, body: '{"é":1}' })
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toBe('application/json')
      expect(response.headers['x-multi']).toBe('a, b')
      expect(JSON.parse(response.body)).toEqual({ method: 'POST', body: '{"é":1}', length: '8' })
    }
    // Keep-alive: five calls in a row reuse their socket (undici may open a second one when the next call is
    // dispatched before it has marked the first socket free).
    expect(connections - before).toBeLessThanOrEqual(2)
    const missing = await transport({ method: 'GET', url: `${url}/nope`, headers: {} })
    expect(missing).toMatchObject({ status: 404, body: '404 page not found\n' })
    await transport.close()
  })

  test('error: a response over maxResponseBytes is a ResponseShapeError', async () => {
    const transport = createTransport({ maxResponseBytes: 1_000 })
    await expect(transport({ method: 'GET', url: `${url}/big`, headers: {} })).rejects.toThrow(ResponseShapeError)
    await transport.close()
  })

  test('error: a silent server is a TimeoutError after idleTimeoutMs', async () => {
    const transport = createTransport({ idleTimeoutMs: 100 })
    const error = await transport({ method: 'GET', url: `${url}/silent`, headers: {} }).catch((e) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.timeoutMs).toBe(100)
    await transport.close()
  })

  test('error: a body cut short is a NetworkError (request sent), never a short body', async () => {
    const transport = createTransport()
    const error = await transport({ method: 'GET', url: `${url}/cut`, headers: {} }).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.requestSent).toBe(true)
    await transport.close()
  })

  test('error: a refused connection is a NetworkError whose request was never sent', async () => {
    const transport = createTransport()
    const error = await transport({
      method: 'POST',
      url: 'http://127.0.0.1:1/ext/info',
      headers: {},
      body: '{}',
    }).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.requestSent).toBe(false)
    expect(error.message).toContain('ECONNREFUSED')
    await transport.close()
  })

  test("error: the caller's abort is an AbortedError", async () => {
    const transport = createTransport()
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 30)
    const error = await transport({
      method: 'GET',
      url: `${url}/silent`,
      headers: {},
      signal: controller.signal,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(AbortedError)
    await transport.close()
  })

  test('error: a signal aborted before the call is an AbortedError, and no request waits for an answer', async () => {
    const transport = createTransport()
    const error = await transport({
      method: 'GET',
      url: `${url}/silent`,
      headers: {},
      signal: AbortSignal.abort(),
    }).catch((e) => e)
    expect(error).toBeInstanceOf(AbortedError)
    await transport.close()
  })

  test('one signal shared by requests in flight (a deadline) aborts each of them; those already answered are done', async () => {
    const transport = createTransport()
    const controller = new AbortController()
    const answered = await transport({ method: 'GET', url: `${url}/echo`, headers: {}, signal: controller.signal })
    const silent = [1, 2, 3].map(() =>
      transport({ method: 'GET', url: `${url}/silent`, headers: {}, signal: controller.signal }).catch((e) => e),
    )
    setTimeout(() => controller.abort(), 30)
    for (const error of await Promise.all(silent)) expect(error).toBeInstanceOf(AbortedError)
    expect(answered.status).toBe(200)
    await transport.close()
  })
})
