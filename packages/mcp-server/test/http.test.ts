import { request } from 'node:http'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { type RunningHttpServer, startHttpServer } from '../src/http.js'
import { forwardingLogger } from '../src/logging.js'

let devnet: Devnet
let server: RunningHttpServer
/** Narrow flags (node and pchain toolsets, admin enabled) for the header tests. */
let narrow: RunningHttpServer
const TOKEN = 'test-token-5f2c'

async function start(flags: string[], maxBodyBytes = 1_000_000) {
  const cli = parseConfig(['--network', 'devnet', '--node-url', devnet.url, '--http', '--port', '0', ...flags], {})
  if (!cli.http) throw new Error('expected an HTTP configuration')
  return startHttpServer({
    config: cli.server,
    http: { ...cli.http, maxBodyBytes },
    client: createClient({ nodeUrl: devnet.url, retry: false, logger: forwardingLogger() }),
  })
}

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, xTxs: 700, utxosPerAddress: 200 })
  server = await start(['--auth-token', TOKEN], 10_000)
  narrow = await start(['--toolsets', 'node,pchain,admin', '--enable-admin'])
})
afterAll(async () => {
  await server?.close()
  await narrow?.close()
  await devnet?.close()
})

async function sdkClient(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }))
  return client
}

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
  { path = '/mcp', method = 'POST', url: target = server.url } = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(target)
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
  it('serves the SDK client: the default tools/list and tools/call', async () => {
    const client = await sdkClient(server.url, { authorization: `Bearer ${TOKEN}` })
    const { tools } = await client.listTools()
    expect(tools.length).toBeLessThanOrEqual(25)
    const result = await client.callTool({
      name: 'avalanche_call_operation',
      arguments: { name: 'platform_getHeight', arguments: {} },
    })
    expect(result.structuredContent).toEqual({ height: String(devnet.fixtures.p.height) })
    await client.close()
  })

  it('many clients with the same JSON-RPC IDs at once each get their own answer', async () => {
    const heights = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const body = {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'avalanche_find_operations', arguments: { query: i % 2 ? 'uptime' : 'peers', limit: 1 } },
        }
        const res = await post({}, body)
        return JSON.parse(res.body).result.structuredContent.operations[0].name as string
      }),
    )
    heights.forEach((name, i) => {
      expect(name).toBe(i % 2 ? 'info_uptime' : 'info_peers')
    })
  })

  it('a call that logs answers as SSE with the notification first (deprecation of avm_getBalance)', async () => {
    const f = devnet.fixtures
    const body = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'avalanche_call_operation',
        arguments: { name: 'avm_getBalance', arguments: { address: f.accounts.ewoq.x, assetID: f.assets.avax.id } },
      },
    }
    const res = await post({}, body)
    expect(res.headers['content-type']).toBe('text/event-stream')
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)))
    expect(events[0]).toMatchObject({ method: 'notifications/message', params: { level: 'warning' } })
    expect(events[0].params.data.message).toContain('avm.getBalance is deprecated')
    expect(events.at(-1)).toMatchObject({ id: 3, result: { structuredContent: { balance: expect.any(String) } } })
  })

  it('answers initialize with no session ID', async () => {
    const res = await post({})
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).result.serverInfo.name).toBe('avalanche-mcp')
    expect(res.headers['mcp-session-id']).toBeUndefined()
  })
})

describe('X-MCP-Toolsets and X-MCP-Readonly', () => {
  const names = async (headers: Record<string, string>) => {
    const client = await sdkClient(narrow.url, headers)
    const { tools } = await client.listTools()
    await client.close()
    return tools.map((t) => t.name)
  }

  it('narrow the tools of a request within the server flags', async () => {
    const all = await names({})
    expect(all).toContain('admin_setLoggerLevel')
    expect(all).toContain('platform_getHeight')
    const pchain = await names({ 'X-MCP-Toolsets': 'pchain' })
    expect(
      pchain.filter((n) => n.includes('_') && !n.startsWith('avalanche_')).every((n) => n.startsWith('platform_')),
    ).toBe(true)
    expect(pchain).toContain('avalanche_validator_report')
    const readOnly = await names({ 'X-MCP-Readonly': 'true' })
    expect(readOnly.some((n) => n.startsWith('admin_'))).toBe(false)
    expect(readOnly).toContain('platform_getHeight')
  })

  it('never widen them: toolsets the server does not serve are refused with 400 naming the header', async () => {
    const url = new URL(narrow.url)
    const res = await post({ host: url.host, 'x-mcp-toolsets': 'evm' }, initialize, { url: narrow.url })
    expect(res.status).toBe(400)
    expect(res.body).toContain('X-MCP-Toolsets: this server does not serve evm')
    const limited = await start(['--toolsets', 'node'])
    try {
      const admin = await post({ host: new URL(limited.url).host, 'x-mcp-toolsets': 'admin' }, initialize, {
        url: limited.url,
      })
      expect(admin.status).toBe(400)
      expect(admin.body).toContain('needs --enable-admin')
    } finally {
      await limited.close()
    }
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
