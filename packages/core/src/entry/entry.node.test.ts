import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as rootBundler from '../index.js'
import * as rootNode from '../index.node.js'
import { UNDICI_AFTER } from '../transports/tiered.js'
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

/** Calls until one goes through undici (it loads in the background), for up to `ms`; how many calls were sent. */
async function callUntilUndici(call: () => Promise<unknown>, ms: number): Promise<number> {
  let calls = 0
  for (const started = Date.now(); !hostHeaders.includes('host') && Date.now() - started < ms; calls++) {
    await call().catch(() => undefined)
    if (calls >= UNDICI_AFTER) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return calls
}

test.each(entries)(
  "the %s entry's Node twin (module-sync) moves from node:http to undici after UNDICI_AFTER calls; the bundlers' entry keeps node:http",
  async (name, node, bundler, call) => {
    // The same exports; the root's Node entry also exports the undici transport.
    const nodeOnly = Object.keys(node).filter((key) => !(key in bundler))
    expect(nodeOnly).toEqual(name === 'root' ? ['createUndiciTransport'] : [])
    expect(Object.keys(bundler).filter((key) => !(key in node))).toEqual([])
    for (const entry of [node, bundler]) {
      hostHeaders = []
      const client = (entry.createClient as (o: object) => Client)(options())
      const calls = await callUntilUndici(() => call(client as never), entry === node ? 3_000 : 300)
      await client.close()
      const first = hostHeaders.indexOf('host')
      if (entry === node) {
        expect(first).toBeGreaterThanOrEqual(UNDICI_AFTER) // the first UNDICI_AFTER calls all node:http's
        expect(hostHeaders.slice(0, first).every((name) => name === 'Host')).toBe(true)
        expect(hostHeaders.slice(first).every((name) => name === 'host')).toBe(true) // and none after the move
      } else {
        expect(first).toBe(-1)
        expect(calls).toBeGreaterThan(UNDICI_AFTER)
      }
    }
  },
)
