import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AbortedError, NetworkError, ResponseShapeError, TimeoutError } from '../errors.js'
import { createNodeTransport } from './node.js'
import { createTieredTransport, UNDICI_AFTER } from './tiered.js'
import { createUndiciTransport } from './undici.js'

let server: Server
let url: string
let connections = 0
/** The answers the server holds back (`/held`) until a test sends them. */
const held: ((body: string) => void)[] = []
/** The client ports of the server's connections that have closed. */
const closedPorts = new Set<number>()

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      switch (req.url?.split('?')[0]) {
        case '/echo':
          res.writeHead(200, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] })
          return res.end(JSON.stringify({ method: req.method, body, length: req.headers['content-length'] ?? null }))
        case '/big':
          return res.end('x'.repeat(10_000))
        case '/chunks': {
          // A body in many writes, a 2-byte and a 4-byte UTF-8 character split across writes, after a byte order
          // mark; ?n= sets the number of writes (their bytes differ in length from one request to the next).
          const n = Number(new URL(req.url ?? '', 'http://x').searchParams.get('n') ?? 8)
          const text = bodyOfChunks(n)
          const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
          res.writeHead(200, { 'content-type': 'application/json' })
          const step = Math.ceil(bytes.length / n)
          for (let at = 0; at < bytes.length; at += step) res.write(bytes.subarray(at, at + step))
          return res.end()
        }
        case '/who':
          // Which client sent this: node:http writes `Connection: keep-alive`, undici `connection: keep-alive`.
          res.writeHead(200, { 'content-type': 'application/json' })
          return res.end(
            JSON.stringify({
              client: req.rawHeaders.includes('Connection') ? 'node:http' : 'undici',
              port: req.socket.remotePort,
            }),
          )
        case '/hints':
          // An informational 103 (Early Hints) before the answer.
          res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
          res.writeHead(200, { 'content-type': 'application/json' })
          return res.end('{"final":true}')
        case '/silent':
          return // never answers
        case '/held':
          return void held.push((text) => res.end(text))
        case '/slow':
          // Answers after ?ms= milliseconds.
          return setTimeout(
            () => res.end('{}'),
            Number(new URL(req.url ?? '', 'http://x').searchParams.get('ms') ?? 1_000),
          )
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
  server.on('connection', (socket) => {
    connections++
    const port = socket.remotePort as number
    socket.on('close', () => closedPorts.add(port))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A JSON body whose length grows with `n`, full of é (2 bytes) and 🦊 (4 bytes) so that writes split characters. */
const bodyOfChunks = (n: number) => JSON.stringify({ n, text: 'é🦊x'.repeat(40_000 * n) })

// The transports keep one contract (transport.ts): every behaviour below holds for each (the tiered one's first
// requests are node:http's; after the move they are undici's, tested above).
describe.each([
  ['createNodeTransport', createNodeTransport],
  ['createUndiciTransport', createUndiciTransport],
  ['createTieredTransport', createTieredTransport],
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

  test('default: a body of many chunks, characters split across them, bodies of different lengths in turn', async () => {
    const transport = createTransport()
    // Larger, then smaller, then larger again: a reader that reuses buffers must decode only this body's bytes.
    for (const n of [8, 2, 16, 3, 1]) {
      const response = await transport({ method: 'GET', url: `${url}/chunks?n=${n}`, headers: {} })
      expect(response.body.length).toBe(bodyOfChunks(n).length)
      expect(response.body === bodyOfChunks(n)).toBe(true) // the byte order mark skipped, every character whole
    }
    // Several at once, each its own body.
    const bodies = await Promise.all(
      [4, 9, 2, 7].map((n) => transport({ method: 'GET', url: `${url}/chunks?n=${n}`, headers: {} })),
    )
    expect(bodies.map((r) => JSON.parse(r.body).n)).toEqual([4, 9, 2, 7])
    expect(bodies.every((r, i) => r.body === bodyOfChunks([4, 9, 2, 7][i] as number))).toBe(true)
    await transport.close()
  })

  test('an informational response (103 Early Hints) before the answer is not taken for it', async () => {
    const transport = createTransport()
    const response = await transport({ method: 'GET', url: `${url}/hints`, headers: {} })
    expect(response).toMatchObject({ status: 200, body: '{"final":true}' })
    expect(response.headers['content-type']).toBe('application/json')
    expect(response.headers.link).toBeUndefined()
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

  test('onSent: called once per request when it has gone out, before the answer (with and without a body)', async () => {
    const transport = createTransport()
    for (const body of ['{"a":1}', undefined]) {
      let sent = 0
      const method = body ? 'POST' : 'GET'
      const response = transport({ method, url: `${url}/held`, headers: {}, body, onSent: () => sent++ })
      for (let waited = 0; (held.length === 0 || sent === 0) && waited < 2_000; waited += 5) await sleep(5)
      expect(held).toHaveLength(1)
      expect(sent).toBe(1) // the server holds the answer: this was before it
      held.shift()?.('{"answered":true}')
      expect(JSON.parse((await response).body)).toEqual({ answered: true })
      expect(sent).toBe(1)
    }
    await transport.close()
  })

  test('error: a refused connection is a NetworkError whose request was never sent', async () => {
    const transport = createTransport()
    let sent = 0
    const error = await transport({
      method: 'POST',
      url: 'http://127.0.0.1:1/ext/info',
      headers: {},
      body: '{}',
      onSent: () => sent++,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.requestSent).toBe(false)
    expect(sent).toBe(0)
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

  test('a request waiting for a free socket fails as soon as its signal aborts, not once a socket frees', async () => {
    const transport = createTransport({ connections: 1 })
    // The one socket is busy for a second; the request behind it is aborted after 20 ms.
    const busy = transport({ method: 'GET', url: `${url}/slow?ms=1000`, headers: {} })
    const controller = new AbortController()
    const queued = transport({ method: 'GET', url: `${url}/echo`, headers: {}, signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    const outcome = await Promise.race([
      queued.then(
        () => 'answered',
        (error) => (error instanceof AbortedError ? 'aborted' : `failed: ${error}`),
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for the socket'), 500)),
    ])
    expect(outcome).toBe('aborted')
    expect((await busy).status).toBe(200) // the busy request was not disturbed
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

describe('createTieredTransport', () => {
  interface Who {
    client: 'node:http' | 'undici'
    port: number
  }
  const who = async (transport: ReturnType<typeof createTieredTransport>): Promise<Who> =>
    JSON.parse((await transport({ method: 'GET', url: `${url}/who`, headers: {} })).body)
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 3_000; waited += 10) await new Promise((r) => setTimeout(r, 10))
  }
  /** Sends requests (10 ms apart) until one goes through undici, which is loading in the background. */
  const untilUndici = async (transport: ReturnType<typeof createTieredTransport>): Promise<Who> => {
    let answer = await who(transport)
    for (let waited = 0; answer.client !== 'undici' && waited < 3_000; waited += 10) {
      await new Promise((r) => setTimeout(r, 10))
      answer = await who(transport)
    }
    return answer
  }

  test('node:http for the first UNDICI_AFTER requests, then undici; node:http sockets close once idle', async () => {
    const transport = createTieredTransport()
    const first: Who[] = []
    for (let i = 0; i < UNDICI_AFTER; i++) first.push(await who(transport))
    expect(first.every((w) => w.client === 'node:http')).toBe(true)
    expect(new Set(first.map((w) => w.port)).size).toBe(1) // one keep-alive socket
    // undici loads in the background; the requests sent meanwhile still go through node:http.
    const last = await untilUndici(transport)
    expect(last.client).toBe('undici')
    expect(last.port).not.toBe(first[0]?.port)
    await until(() => closedPorts.has(first[0]?.port as number))
    expect(closedPorts.has(first[0]?.port as number)).toBe(true)
    expect(closedPorts.has(last.port)).toBe(false) // undici's socket stays open until close()
    await transport.close()
    await until(() => closedPorts.has(last.port))
    expect(closedPorts.has(last.port)).toBe(true)
  })

  test('requests in flight across the move are all answered, and node:http closes only after the last', async () => {
    const transport = createTieredTransport({ connections: 4 })
    const answers = await Promise.all(Array.from({ length: 3 * UNDICI_AFTER }, () => who(transport)))
    expect(answers).toHaveLength(3 * UNDICI_AFTER)
    // Sent before undici had loaded: every one of them through node:http, none lost.
    expect(answers.every((w) => w.client === 'node:http')).toBe(true)
    expect((await untilUndici(transport)).client).toBe('undici')
    const httpPorts = new Set(answers.map((w) => w.port))
    await until(() => [...httpPorts].every((port) => closedPorts.has(port)))
    expect([...httpPorts].filter((port) => !closedPorts.has(port))).toEqual([])
    await transport.close()
  })

  test('close() before the move has ended closes whatever was opened, and undici is not started', async () => {
    const transport = createTieredTransport()
    const answers = await Promise.all(Array.from({ length: UNDICI_AFTER }, () => who(transport)))
    await transport.close() // undici began loading with the last request: close waits for it, then opens nothing
    const ports = new Set(answers.map((w) => w.port))
    await until(() => [...ports].every((port) => closedPorts.has(port)))
    expect([...ports].filter((port) => !closedPorts.has(port))).toEqual([])
  })
})
