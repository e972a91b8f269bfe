import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as rootBundler from '../index.js'
import * as rootNode from '../index.node.js'
import * as dataBundler from './data.js'
import * as dataNode from './data.node.js'
import * as dataEvmBundler from './data-evm.js'
import * as dataEvmNode from './data-evm.node.js'
import * as metricsBundler from './metrics.js'
import * as metricsNode from './metrics.node.js'
import * as nodeBundler from './node.js'
import * as nodeNode from './node.node.js'

// Node's http writes `Host:`; undici writes `host:`. The server sees which client sent the request.
let server: Server
let url: string
let hostHeaders: string[] = []

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

type Client = { close(): Promise<void> }
const options = () => ({ nodeUrl: url, dataApiUrl: url, metricsApiUrl: url, retry: false as const })
// One request per entry; the reply need not validate (only the request's Host header is looked at).
const entries: [string, Record<string, unknown>, Record<string, unknown>, (client: never) => Promise<unknown>][] = [
  ['root', rootNode, rootBundler, (c: { platform: { getHeight(): Promise<unknown> } }) => c.platform.getHeight()],
  ['node', nodeNode, nodeBundler, (c: { platform: { getHeight(): Promise<unknown> } }) => c.platform.getHeight()],
  ['data', dataNode, dataBundler, (c: { data: { listChains(): Promise<unknown> } }) => c.data.listChains()],
  ['data/evm', dataEvmNode, dataEvmBundler, (c: { data: { listChains(): Promise<unknown> } }) => c.data.listChains()],
  [
    'metrics',
    metricsNode,
    metricsBundler,
    (c: { metrics: { listChains(): Promise<unknown> } }) => c.metrics.listChains(),
  ],
]

test.each(entries)(
  "the %s entry's Node twin (module-sync) defaults to undici; the bundlers' entry keeps node:http",
  async (name, node, bundler, call) => {
    hostHeaders = []
    // The same exports; the root's Node entry also exports the undici transport it defaults to.
    const nodeOnly = Object.keys(node).filter((key) => !(key in bundler))
    expect(nodeOnly).toEqual(name === 'root' ? ['createUndiciTransport'] : [])
    expect(Object.keys(bundler).filter((key) => !(key in node))).toEqual([])
    for (const entry of [node, bundler]) {
      const client = (entry.createClient as (o: object) => Client)(options())
      await call(client as never).catch(() => undefined)
      await client.close()
    }
    expect(hostHeaders).toEqual(['host', 'Host'])
  },
)
