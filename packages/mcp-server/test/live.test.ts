/**
 * A growing chain (devnet.advance) read through a real MCP client: cursors issued before the chains advanced resume
 * without repeating or skipping what existed, new items appear where the service puts them (a Data API listing's
 * head, an index's end), and the status tools report the new tip, in process and over stateless HTTP.
 */
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { startHttpServer } from '../src/http.js'
import { forwardingLogger } from '../src/logging.js'
import { type Connection, connect } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: structured results are checked field by field
type Any = any

let devnet: Devnet
let mcp: Connection

beforeEach(async () => {
  devnet = await startDevnet({ seed: 3, index: true })
  mcp = await connect(devnet, ['--toolsets', 'all'])
})
afterEach(async () => {
  await mcp?.close()
  await devnet?.close()
})

async function page(name: string, args: Record<string, unknown>) {
  const result = await mcp.call(name, args)
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
  return result.structuredContent as Any
}

describe('cursors across devnet.advance()', () => {
  it('a Data API walk (newest first) resumes where it stopped; the new transactions come at the head', async () => {
    const args = { chainId: 43112, address: devnet.fixtures.data.evm.accounts.ewoq }
    const hash = (t: Any) => t.txHash as string
    const before = (await page('data_listNativeTransactions', { ...args, limit: 12 })).transactions.map(hash)
    const first = await page('data_listNativeTransactions', { ...args, limit: 4 })
    const tipBefore = devnet.tip().c

    devnet.advance(3)
    const second = await page('data_listNativeTransactions', { ...args, limit: 4, cursor: first.nextCursor })
    const third = await page('data_listNativeTransactions', { ...args, limit: 4, cursor: second.nextCursor })
    expect([...first.transactions, ...second.transactions, ...third.transactions].map(hash)).toEqual(before)

    const after = (await page('data_listNativeTransactions', { ...args, limit: 12 })).transactions
    const fresh = after.filter((t: Any) => Number(t.blockNumber) > tipBefore)
    expect(fresh.length).toBeGreaterThan(0)
    expect(after.slice(0, fresh.length)).toEqual(fresh) // the head, newest first
    expect(after.slice(fresh.length).map(hash)).toEqual(before.slice(0, 12 - fresh.length))
  })

  it('an index walk that reached the end continues into the containers accepted since', async () => {
    const end = devnet.tip().c // index C/block holds containers 0..end-1
    const walked: Any[] = []
    let cursor: string | undefined
    for (let i = 0; i < 2; i++) {
      const r = await page('index_getContainerRange', {
        indexName: 'C/block',
        startIndex: end - 4,
        limit: 2,
        ...(cursor && { cursor }),
      })
      walked.push(...r.containers)
      cursor = r.nextCursor
    }
    expect(walked.map((c) => c.index)).toEqual([end - 4, end - 3, end - 2, end - 1].map(String))
    expect(cursor).toBeDefined() // a full last page: the next position, past the end for now

    expect(devnet.advance(3).c).toBe(end + 3)
    for (;;) {
      const r = await page('index_getContainerRange', { indexName: 'C/block', startIndex: end - 4, limit: 2, cursor })
      walked.push(...r.containers)
      cursor = r.nextCursor
      if (!cursor) break
    }
    const whole = await page('index_getContainerRange', { indexName: 'C/block', startIndex: end - 4, limit: 7 })
    expect(whole.containers.map((c: Any) => c.index)).toEqual(Array.from({ length: 7 }, (_, i) => String(end - 4 + i)))
    expect(walked).toEqual(whole.containers)
  })
})

describe('the tip after devnet.advance()', () => {
  const heights = (status: Any) =>
    Object.fromEntries(status.chains.map((c: Any) => [c.chain.toLowerCase(), Number(c.height)]))
  const tipHeights = () => {
    const { p, x, c } = devnet.tip()
    return { p, x, c }
  }

  it('platform_getHeight and avalanche_chain_status report the new heights', async () => {
    expect(heights(await page('avalanche_chain_status', {}))).toEqual(tipHeights())
    const p = devnet.tip().p
    devnet.advance(2)
    expect(devnet.tip().p).toBeGreaterThan(p)
    expect(Number((await page('platform_getHeight', {})).height)).toBe(devnet.tip().p)
    expect(heights(await page('avalanche_chain_status', {}))).toEqual(tipHeights())
  })

  it('over stateless HTTP too: the long-lived server of a selection caches no answer', async () => {
    const cli = parseConfig(['--network', 'devnet', '--node-url', devnet.url, '--http', '--port', '0'], {})
    if (!cli.http) throw new Error('expected an HTTP configuration')
    const server = await startHttpServer({
      config: cli.server,
      http: cli.http,
      client: createClient({ nodeUrl: devnet.url, retry: false, logger: forwardingLogger() }),
    })
    const client = new Client({ name: 'test', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { 'X-MCP-Toolsets': 'pchain' } },
      }),
    )
    try {
      const height = async () => {
        const result = (await client.callTool({ name: 'platform_getHeight', arguments: {} })) as CallToolResult
        return Number((result.structuredContent as Any).height)
      }
      expect(await height()).toBe(devnet.tip().p)
      devnet.advance(4)
      expect(await height()).toBe(devnet.tip().p)
    } finally {
      await client.close()
      await server.close()
    }
  })
})
