import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { type LoggingMessageNotification, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forwardingLogger } from '../src/logging.js'
import { createServer } from '../src/server.js'
import { devnetConfig } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, xTxs: 100, utxosPerAddress: 20 })
})
afterAll(() => devnet?.close())

/** A client connected in process to a server whose core retries (1 ms apart) and logs to the MCP client. */
async function connect() {
  const core = createClient({
    network: 'devnet',
    nodeUrl: devnet.url,
    retry: { retries: 5, baseDelayMs: 1, maxDelayMs: 5 },
    logger: forwardingLogger(),
  })
  const server = createServer({ config: devnetConfig(devnet, ['--toolsets', 'default,pchain']), client: core })
  const client = new Client({ name: 'test', version: '1' })
  const messages: LoggingMessageNotification['params'][] = []
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params))
  const [a, b] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(b), client.connect(a)])
  return {
    client,
    messages,
    close: async () => {
      await client.close()
      await server.close()
      await core.close()
    },
  }
}

const deprecated = (address: string, assetID: string) => ({
  name: 'avalanche_call_operation',
  arguments: { name: 'avm_getBalance', arguments: { address, assetID } },
})

describe('logging capability', () => {
  it('retries reach the client as notice notifications, deprecations as warnings', async () => {
    const mcp = await connect()
    try {
      devnet.setFaults({ httpError: { first: 2, status: 503 } })
      const result = await mcp.client.callTool({ name: 'platform_getCurrentValidators', arguments: {} })
      devnet.setFaults(undefined)
      expect(result.isError).toBeFalsy()
      const retry = mcp.messages.find((m) => (m.data as { event?: string }).event === 'retry')
      expect(retry).toMatchObject({ level: 'notice', logger: 'avalanche' })
      expect(String((retry?.data as { message?: string } | undefined)?.message)).toMatch(
        /retrying platform.getCurrentValidators/,
      )
      const f = devnet.fixtures
      await mcp.client.callTool(deprecated(f.accounts.ewoq.x, f.assets.avax.id))
      expect(mcp.messages.at(-1)).toMatchObject({ level: 'warning', data: { event: 'deprecation' } })
      // Per-request debug events stay out until the client asks for debug.
      expect(mcp.messages.some((m) => m.level === 'debug')).toBe(false)
    } finally {
      devnet.setFaults(undefined)
      await mcp.close()
    }
  })

  it('logging/setLevel filters what follows', async () => {
    const mcp = await connect()
    try {
      await mcp.client.setLoggingLevel('error')
      devnet.setFaults({ httpError: { first: 2, status: 503 } })
      await mcp.client.callTool({ name: 'platform_getCurrentValidators', arguments: {} })
      devnet.setFaults(undefined)
      const f = devnet.fixtures
      await mcp.client.callTool(deprecated(f.accounts.ewoq.x, f.assets.avax.id))
      expect(mcp.messages).toEqual([])
      await mcp.client.setLoggingLevel('debug')
      await mcp.client.callTool({ name: 'avalanche_chain_status', arguments: {} })
      expect(mcp.messages.some((m) => m.level === 'debug' && (m.data as { event?: string }).event === 'request')).toBe(
        true,
      )
    } finally {
      devnet.setFaults(undefined)
      await mcp.close()
    }
  })
})
