import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../index.js'

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
const jsonOf = async (res: Response): Promise<any> => res.json()

let devnet: Devnet
let plain: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ admin: true, index: true })
  plain = await startDevnet()
})
afterAll(async () => {
  await devnet.close()
  await plain.close()
})

function post(base: Devnet, path: string, body: string, contentType = 'application/json') {
  // A byte body keeps fetch from adding its own text/plain Content-Type.
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
  return fetch(base.url + path, { method: 'POST', headers, body: new TextEncoder().encode(body) })
}

async function rpc(path: string, request: unknown) {
  const res = await post(devnet, path, JSON.stringify(request))
  return { status: res.status, headers: res.headers, json: JSON.parse(await res.text()) }
}

describe('routing', () => {
  it('answers unknown paths with the mux 404 text', async () => {
    const res = await fetch(`${devnet.url}/ext/nope`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await res.text()).toBe('404 page not found\n')
    expect(res.headers.get('node-id')).toBe(devnet.fixtures.nodeId)
  })

  it('hides admin and index unless enabled, like a node without the flags', async () => {
    for (const path of ['/ext/admin', '/ext/index/X/tx', '/ext/index/P/block']) {
      const res = await post(plain, path, '{"jsonrpc":"2.0","id":1,"method":"index.getLastAccepted"}')
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('404 page not found\n')
    }
  })

  it('serves the X-Chain under its aliases and its blockchain ID', async () => {
    for (const path of ['/ext/bc/X', '/ext/bc/avm', `/ext/bc/${devnet.fixtures.chains.x}`]) {
      const { json } = await rpc(path, { jsonrpc: '2.0', id: 1, method: 'avm.getHeight' })
      expect(json.result.height).toBe(String(devnet.fixtures.x.height))
    }
    const { json } = await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 1, method: 'platform.getHeight' })
    expect(json.result.height).toBe(String(devnet.fixtures.p.height))
  })

  it('stamps node-id on every response', async () => {
    const res = await post(devnet, '/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}')
    expect(res.headers.get('node-id')).toBe(devnet.fixtures.nodeId)
  })
})

describe('JSON-RPC transport', () => {
  it('refuses non-POST with 405 text', async () => {
    const res = await fetch(`${devnet.url}/ext/info`)
    expect(res.status).toBe(405)
    expect(await res.text()).toBe('rpc: POST method required, received GET')
  })

  it('refuses a missing or foreign Content-Type with 415 text', async () => {
    const missing = await post(devnet, '/ext/info', '{}', '')
    expect(missing.status).toBe(415)
    expect(await missing.text()).toBe('rpc: unrecognized Content-Type: ')
    const text = await post(devnet, '/ext/info', '{}', 'text/plain')
    expect(await text.text()).toBe('rpc: unrecognized Content-Type: text/plain')
    const charset = await post(
      devnet,
      '/ext/info',
      '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}',
      'application/json; charset=UTF-8',
    )
    expect(charset.status).toBe(200)
  })

  it('answers a batch with one -32700 error and id null', async () => {
    const res = await post(devnet, '/ext/info', '[{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}]')
    expect(res.status).toBe(200)
    const json = await jsonOf(res)
    expect(json.id).toBeNull()
    expect(json.error.code).toBe(-32700)
    expect(json.error.message).toBe('json: cannot unmarshal array into Go value of type json2.serverRequest')
  })

  it('answers malformed JSON with -32700', async () => {
    const json = await jsonOf(await post(devnet, '/ext/info', '{"jsonrpc":'))
    expect(json).toMatchObject({ error: { code: -32700, message: 'unexpected EOF' }, id: null })
    const empty = await jsonOf(await post(devnet, '/ext/info', ''))
    expect(empty.error.message).toBe('EOF')
  })

  it('sends nothing back for notifications', async () => {
    const res = await post(devnet, '/ext/info', '{"jsonrpc":"2.0","method":"info.getNodeID"}')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
    const nullId = await post(devnet, '/ext/info', '{"jsonrpc":"2.0","method":"info.nope","id":null}')
    expect(await nullId.text()).toBe('')
  })

  it('requires jsonrpc 2.0 (-32600, the request as data)', async () => {
    const { json } = await rpc('/ext/info', { jsonrpc: '1.0', id: 7, method: 'info.getNodeID' })
    expect(json.error).toEqual({
      code: -32600,
      message: 'jsonrpc must be 2.0',
      data: { jsonrpc: '1.0', method: 'info.getNodeID', params: null, id: 7 },
    })
    expect(json.id).toBe(7)
  })

  it('uses -32000, HTTP 200 and data null for method errors', async () => {
    const upper = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'avm.GetTx' })
    expect(upper.status).toBe(200)
    expect(upper.json.error).toEqual({
      code: -32000,
      message: 'method must start with a non-uppercase letter',
      data: null,
    })
    const method = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'avm.getFoo' })
    expect(method.json.error.message).toBe('rpc: can\'t find method "avm.GetFoo"')
    const service = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'platform.getHeight' })
    expect(service.json.error.message).toBe('rpc: can\'t find service "platform.GetHeight"')
    const illFormed = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'getHeight' })
    expect(illFormed.json.error.message).toBe('rpc: service/method request ill-formed: "getHeight"')
  })

  it("reports undecodable params with the node's generic message", async () => {
    const { json } = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'avm.getTx', params: { txID: 5 } })
    expect(json.error.message).toBe(
      "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
    )
    const badEncoding = await rpc('/ext/bc/X', {
      jsonrpc: '2.0',
      id: 1,
      method: 'avm.getTx',
      params: { txID: devnet.fixtures.x.txs.first, encoding: 'cb58' },
    })
    expect(badEncoding.json.error.message).toMatch(/^couldn't unmarshal an argument/)
  })

  it('matches param keys case-insensitively, ignores unknown keys, takes quoted or bare numbers', async () => {
    const args = { BLOCKID: devnet.fixtures.x.firstBlock.id, extra: true }
    const { json } = await rpc('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'avm.getBlock', params: args })
    expect(json.result.encoding).toBe('hex')
    const bare = await rpc('/ext/bc/X', {
      jsonrpc: '2.0',
      id: 1,
      method: 'avm.getBlockByHeight',
      params: { height: 1 },
    })
    const quoted = await rpc('/ext/bc/X', {
      jsonrpc: '2.0',
      id: 1,
      method: 'avm.getBlockByHeight',
      params: { height: '1' },
    })
    expect(bare.json.result).toEqual(quoted.json.result)
    const array = await rpc('/ext/bc/X', {
      jsonrpc: '2.0',
      id: 1,
      method: 'avm.getBlockByHeight',
      params: [{ height: 1 }],
    })
    expect(array.json.result).toEqual(bare.json.result)
  })

  it('echoes the id verbatim, whatever its type', async () => {
    const res = await post(
      devnet,
      '/ext/info',
      '{"jsonrpc":"2.0","id":12345678901234567890,"method":"info.getNetworkID"}',
    )
    expect(await res.text()).toBe('{"jsonrpc":"2.0","result":{"networkID":"12345"},"id":12345678901234567890}\n')
    const { json } = await rpc('/ext/info', { jsonrpc: '2.0', id: { a: ['b'] }, method: 'info.getNetworkID' })
    expect(json.id).toEqual({ a: ['b'] })
  })

  it('allows omitted params for methods without arguments', async () => {
    const { json } = await rpc('/ext/info', { jsonrpc: '2.0', id: 'x', method: 'info.getNetworkName' })
    expect(json).toEqual({ jsonrpc: '2.0', result: { networkName: 'local' }, id: 'x' })
  })
})

describe('bootstrapping', () => {
  it("rejects chain calls with the node's 503 text while info keeps answering", async () => {
    const node = await startDevnet({ bootstrapping: true })
    try {
      for (const path of ['/ext/bc/X', '/ext/bc/P']) {
        const res = await post(node, path, '{"jsonrpc":"2.0","id":1,"method":"avm.getHeight"}')
        expect(res.status).toBe(503)
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
        expect(await res.text()).toBe('API call rejected because chain is not done bootstrapping\n')
      }
      const res = await post(
        node,
        '/ext/info',
        '{"jsonrpc":"2.0","id":1,"method":"info.isBootstrapped","params":{"chain":"X"}}',
      )
      expect((await jsonOf(res)).result).toEqual({ isBootstrapped: false })
      const health = await fetch(`${node.url}/ext/health`)
      expect(health.status).toBe(503)
      expect((await jsonOf(health)).healthy).toBe(false)
      node.setBootstrapping(false)
      const after = await post(node, '/ext/bc/X', '{"jsonrpc":"2.0","id":1,"method":"avm.getHeight"}')
      expect(after.status).toBe(200)
    } finally {
      await node.close()
    }
  })
})
