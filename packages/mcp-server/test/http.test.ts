import { request } from 'node:http'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { type RunningHttpServer, startHttpServer } from '../src/http.js'

let devnet: Devnet
let server: RunningHttpServer
const TOKEN = 'test-token-5f2c'

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, xTxs: 700, utxosPerAddress: 200 })
  const cli = parseConfig(
    ['--network', 'devnet', '--node-url', devnet.url, '--http', '--port', '0', '--auth-token', TOKEN],
    {},
  )
  if (!cli.http) throw new Error('expected an HTTP configuration')
  server = await startHttpServer({
    config: cli.server,
    http: { ...cli.http, maxBodyBytes: 10_000 },
    client: createClient({ nodeUrl: devnet.url, retry: false }),
  })
})
afterAll(async () => {
  await server?.close()
  await devnet?.close()
})

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
}

/** A raw POST, so that Host and other headers fetch would not let us set can be tested. */
function post(
  headers: Record<string, string>,
  body: unknown = initialize,
  { path = '/mcp', method = 'POST' } = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(server.url)
  const data = typeof body === 'string' ? body : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: {
          host: url.host,
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
      },
    )
    req.on('error', reject)
    req.end(method === 'POST' ? data : undefined)
  })
}

describe('Streamable HTTP (stateless)', () => {
  it('serves the SDK client: tools/list and tools/call', async () => {
    const client = new Client({ name: 'test', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    )
    const { tools } = await client.listTools()
    expect(tools.length).toBeGreaterThan(80)
    const result = await client.callTool({ name: 'platform_getHeight', arguments: {} })
    expect(result.structuredContent).toEqual({ height: String(devnet.fixtures.p.height) })
    await client.close()
  })

  it('answers initialize with no session ID', async () => {
    const res = await post({})
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).result.serverInfo.name).toBe('avalanche-mcp')
    expect(res.headers['mcp-session-id']).toBeUndefined()
  })
})

describe('HTTP security', () => {
  it('rejects a foreign Host header (DNS rebinding) with 403', async () => {
    const res = await post({ host: 'evil.example:80' })
    expect(res.status).toBe(403)
    expect(res.body).toContain('Host')
    expect((await post({ host: `localhost:${server.port}` })).status).toBe(200)
  })

  it('rejects a foreign Origin with 403, accepts loopback origins', async () => {
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({ origin: 'null' })).status).toBe(403)
    expect((await post({ origin: `http://localhost:${server.port}` })).status).toBe(200)
  })

  it('requires the bearer token when configured', async () => {
    const missing = await post({ authorization: '' })
    expect(missing.status).toBe(401)
    expect(missing.headers['www-authenticate']).toContain('Bearer')
    expect((await post({ authorization: 'Bearer wrong-token-5f2c' })).status).toBe(401)
    expect((await post({ authorization: `Bearer ${TOKEN}` })).status).toBe(200)
  })

  it('limits the request size, the path and the methods', async () => {
    const big = { ...initialize, params: { ...initialize.params, padding: 'x'.repeat(20_000) } }
    expect((await post({}, big)).status).toBe(413)
    expect((await post({}, initialize, { path: '/other' })).status).toBe(404)
    expect((await post({}, undefined, { method: 'GET' })).status).toBe(405)
    expect((await post({}, '{not json')).status).toBe(400)
  })
})
