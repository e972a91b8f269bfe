/**
 * The MCP server across the devnet's whole fault suite, configured with every kind of secret (Data API key, URL
 * user and password, a token in the URL's query): tool results, error results, log notifications (at debug level:
 * every request, retry and rate-limit event) and the server's log never show one.
 */
import { inspect } from 'node:util'
import { createClient, type Logger } from '@avalanche-automation/core'
import { type Devnet, FAULT_SUITE, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forwardingLogger } from '../src/logging.js'
import { createServer } from '../src/server.js'
import { devnetConfig } from './helpers.js'

const SECRETS = { apiKey: 'mcp-suite-key-19ae44', password: 'mcp-suite-pass-70c3bd', token: 'mcp-suite-token-2f8e90' }

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: 4, xTxs: 200, utxosPerAddress: 150, apiKeys: { [SECRETS.apiKey]: 'full' } })
})
afterAll(() => devnet?.close())

async function connect(logged: string[], notified: string[], retries: number, timeoutMs: number) {
  const host = new URL(devnet.url).host
  const nodeUrl = `http://user:${SECRETS.password}@${host}/?token=${SECRETS.token}`
  const config = { ...devnetConfig(devnet, ['--toolsets', 'all']), nodeUrl, apiKey: SECRETS.apiKey }
  const logger: Logger = {
    debug: (message, meta) => logged.push(message, inspect(meta, { depth: 6 })),
    warn: (message, meta) => logged.push(message, inspect(meta, { depth: 6 })),
  }
  const core = createClient({
    network: 'custom',
    nodeUrl,
    dataApiUrl: devnet.url,
    apiKey: SECRETS.apiKey,
    retry: { retries, baseDelayMs: 1, maxDelayMs: 1_500, budgetMs: 10_000 },
    timeoutMs,
    logger: forwardingLogger(logger),
  })
  const server = createServer({ config, client: core, logger })
  const client = new Client({ name: 'secrets', version: '1' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void notified.push(JSON.stringify(n)))
  await client.setLoggingLevel('debug')
  return {
    client,
    close: async () => {
      await client.close()
      await server.close()
      await core.close()
    },
  }
}

describe('MCP output across the fault suite', () => {
  for (const scenario of FAULT_SUITE) {
    it(`never shows a secret: ${scenario.name}`, async () => {
      const ewoq = devnet.fixtures.accounts.ewoq
      const evm = devnet.fixtures.data.evm
      const calls = [
        { name: 'avm_getUTXOs', arguments: { addresses: [ewoq.x], limit: 100 } },
        { name: 'platform_getHeight', arguments: {} },
        {
          name: 'data_listNativeTransactions',
          arguments: { chainId: evm.chains[0]?.chainId, address: evm.accounts.ewoq },
        },
        { name: 'avalanche_address_overview', arguments: { address: ewoq.x } },
      ]
      const logged: string[] = []
      const notified: string[] = []
      const outputs: string[] = []
      let errors = 0
      for (const [faults, retries, timeoutMs] of [
        [scenario.faults, 6, 5_000],
        [scenario.exhausted, 1, 300],
      ] as const) {
        const { client, close } = await connect(logged, notified, retries, timeoutMs)
        devnet.setFaults(faults)
        try {
          for (const call of calls) {
            const result = await client.callTool(call)
            if (result.isError) errors++
            outputs.push(JSON.stringify(result))
          }
        } finally {
          devnet.setFaults(undefined)
          await close()
        }
      }
      expect(errors, 'the exhausted run produced error results to inspect').toBeGreaterThan(0)
      expect(notified.length, 'log notifications reached the client').toBeGreaterThan(0)
      const everything = `${outputs.join('\n')}\n${logged.join('\n')}\n${notified.join('\n')}`
      for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret)
    }, 60_000)
  }
})
