/**
 * Core across the whole fault suite with every kind of secret configured (Data API key, URL user and password, a
 * token in the URL's query, a gateway header): walks that recover and calls that run out of retries. No secret may
 * appear in any error (message, stack, properties, causes, as `util.inspect` prints it) or any log event.
 */
import { inspect } from 'node:util'
import { type AvalancheClient, createClient, type Logger } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, FAULT_SUITE, startDevnet } from '../src/index.js'

const SECRETS = {
  apiKey: 'suite-api-key-3c9f71',
  password: 'suite-password-8e21d0',
  token: 'suite-query-token-5a4b77',
  header: 'suite-gateway-value-b6e5c1',
}

let devnet: Devnet
const logged: string[] = []
const logger: Logger = {
  debug: (message, meta) => logged.push(message, inspect(meta, { depth: 6 })),
  warn: (message, meta) => logged.push(message, inspect(meta, { depth: 6 })),
}
const clients = (retries: number, timeoutMs: number): AvalancheClient => {
  const base = new URL(devnet.url)
  return createClient({
    nodeUrl: `http://user:${SECRETS.password}@${base.host}/?token=${SECRETS.token}`,
    nodeHeaders: { 'x-gateway-key': SECRETS.header },
    dataApiUrl: devnet.url,
    apiKey: SECRETS.apiKey,
    retry: { retries, baseDelayMs: 1, maxDelayMs: 1_500, budgetMs: 10_000 },
    timeoutMs,
    logger,
  })
}

beforeAll(async () => {
  devnet = await startDevnet({
    index: true,
    xTxs: 300,
    // X/tx holds the DAG era only: 299 txs, the walk below reads them all.
    xDagTxs: 299,
    utxosPerAddress: 600,
    evmTxs: 400,
    apiKeys: { [SECRETS.apiKey]: 'full' },
    rateLimits: false,
  })
})
afterAll(() => devnet?.close())

/** Runs each walk and call, keeping whatever errors they end with. */
async function exercise(client: AvalancheClient): Promise<unknown[]> {
  const ewoq = devnet.fixtures.accounts.ewoq
  const evm = devnet.fixtures.data.evm
  const errors: unknown[] = []
  const attempts: (() => Promise<unknown>)[] = [
    async () => {
      for await (const _ of client.avm.getUTXOs.items({ addresses: [ewoq.x] })) {
      }
    },
    async () => {
      const walk = client.index.getContainerRange.items({ indexName: 'X/tx', startIndex: 0, endIndex: 298 })
      for await (const _ of walk) {
      }
    },
    async () => {
      const walk = client.data.listNativeTransactions.items({
        chainId: evm.chains[0]?.chainId as string,
        address: evm.accounts.ewoq,
      })
      for await (const _ of walk) {
      }
    },
    () => client.platform.getHeight(),
  ]
  for (const attempt of attempts) await attempt().catch((error: unknown) => errors.push(error))
  return errors
}

describe('secrets across the fault suite', () => {
  for (const scenario of FAULT_SUITE) {
    it(`never shows a secret: ${scenario.name}`, async () => {
      logged.length = 0
      const recovering = clients(6, 5_000)
      const exhausted = clients(1, 300)
      try {
        devnet.setFaults(scenario.faults)
        const recovered = await exercise(recovering)
        devnet.setFaults(scenario.exhausted)
        const failed = await exercise(exhausted)
        expect(failed.length, 'the exhausted run produced errors to inspect').toBeGreaterThan(0)
        const seen = [...recovered, ...failed].map((e) => `${String(e)}\n${inspect(e, { depth: 8 })}`).join('\n')
        const everything = `${seen}\n${logged.join('\n')}\n${inspect(recovering.urls)}`
        expect(logged.length, 'retries were logged').toBeGreaterThan(0)
        for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret)
      } finally {
        devnet.setFaults(undefined)
        await recovering.close()
        await exhausted.close()
      }
    }, 60_000)
  }
})
