import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createClient as createBundlerClient } from './index.js'
import { createClient as createNodeClient } from './index.node.js'

// Node's http writes `Host:`; undici writes `host:`. The server sees which client sent the request.
let server: Server
let url: string
const hostHeaders: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    hostHeaders.push(req.rawHeaders.find((name) => name.toLowerCase() === 'host') ?? '')
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { height: '7' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test("the Node entry's default transport is undici; the bundlers' entry keeps node:http", async () => {
  for (const create of [createNodeClient, createBundlerClient]) {
    const client = create({ nodeUrl: url })
    expect(await client.platform.getHeight()).toEqual({ height: 7n })
    await client.close()
  }
  expect(hostHeaders).toEqual(['host', 'Host'])
})
