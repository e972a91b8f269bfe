/**
 * The Avalanche node across the devnet's whole fault suite, with every kind of secret in its credentials (Data API
 * key, gateway header value, URL user and password) and the webhooks' shared secret the service answers: output
 * items (with Continue On Fail) and thrown node errors never show one. The real-n8n test (n8n-e2e.test.mts) checks
 * n8n's own output for a rejected key and the shared secret.
 */
import { inspect } from 'node:util'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, FAULT_SUITE, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { type Credentials, executeFunctions, type RequestLog } from './fakes.mts'

const SECRETS = { apiKey: 'n8n-suite-key-c41d09', header: 'n8n-suite-header-7b2a6e', password: 'n8n-suite-pass-e0f3a8' }

let devnet: Devnet
let credentials: Credentials
beforeAll(async () => {
  devnet = await startDevnet({ seed: 6, xTxs: 200, utxosPerAddress: 150, apiKeys: { [SECRETS.apiKey]: 'full' } })
  const host = new URL(devnet.url).host
  credentials = {
    avalancheNodeApi: {
      network: 'custom',
      baseUrl: `http://user:${SECRETS.password}@${host}`,
      headerName: 'x-gateway-key',
      headerSecret: SECRETS.header,
    },
    avalancheDataApi: { apiKey: SECRETS.apiKey, dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  }
})
afterAll(() => devnet?.close())

describe('n8n output across the fault suite', () => {
  for (const scenario of FAULT_SUITE) {
    it(`never shows a secret: ${scenario.name}`, async () => {
      const ewoq = devnet.fixtures.accounts.ewoq
      const evm = devnet.fixtures.data.evm
      const seen: string[] = []
      let errors = 0
      for (const [faults, timeout] of [
        [scenario.faults, 10_000],
        [scenario.exhausted, 500],
      ] as const) {
        const options = { timeout }
        const parameters = [
          { resource: 'xChain', operation: 'avm.getUTXOs', addresses: ewoq.x, returnAll: true, options },
          { resource: 'pChain', operation: 'platform.getHeight', options },
          {
            resource: 'dataEvm',
            operation: 'data.listNativeTransactions',
            chainId: evm.chains[0]?.chainId,
            address: evm.accounts.ewoq,
            limit: 120,
            options,
          },
        ]
        devnet.setFaults(faults)
        try {
          const [items] = await new Avalanche().execute.call(
            executeFunctions({ parameters, credentials, continueOnFail: true }),
          )
          errors += items?.filter((i) => i.json.error).length ?? 0
          seen.push(JSON.stringify(items))
          // Without Continue On Fail the first failure is thrown as a NodeApiError: inspect all of it.
          await new Avalanche().execute
            .call(executeFunctions({ parameters, credentials }))
            .catch((error: unknown) => seen.push(inspect(error, { depth: 8 })))
        } finally {
          devnet.setFaults(undefined)
        }
      }
      expect(errors, 'the exhausted run produced error items to inspect').toBeGreaterThan(0)
      const everything = seen.join('\n')
      for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret)
    }, 120_000)

    it(`never shows the webhooks' shared secret: ${scenario.name}`, async () => {
      const seen: string[] = []
      let errors = 0
      const log: RequestLog[] = []
      for (const [faults, timeout] of [
        [scenario.faults, 10_000],
        [scenario.exhausted, 500],
      ] as const) {
        // The read first: it is retried through a burst of failures, where the write stops at the first.
        const parameters = ['data.getSharedSecret', 'data.generateOrRotateSharedSecret'].map((operation) => ({
          resource: 'webhook',
          operation,
          options: { timeout },
        }))
        devnet.setFaults(faults)
        try {
          // Items when both succeed, else the first failure thrown, inspected whole (items of a successful call
          // are checked in webhook.test.mts).
          await new Avalanche().execute.call(executeFunctions({ parameters, credentials, log })).then(
            ([items]) => seen.push(JSON.stringify(items)),
            (error: unknown) => {
              errors++
              seen.push(inspect(error, { depth: 8 }))
            },
          )
        } finally {
          devnet.setFaults(undefined)
        }
      }
      // Every secret the service answered in full, and the one it holds now (a rotation whose answer was cut).
      const answered = log.flatMap((l) => [...(l.responseBody ?? '').matchAll(/"secret":"(\w+)"/g)].map((m) => m[1]))
      const client = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: SECRETS.apiKey })
      const secrets = new Set([...answered, (await client.data.getSharedSecret()).secret])
      expect(answered.length, 'the service answered secrets to keep out').toBeGreaterThan(0)
      expect(errors, 'the exhausted run threw an error to inspect').toBeGreaterThan(0)
      const everything = seen.join('\n')
      for (const secret of secrets) expect(everything).not.toContain(secret)
    }, 60_000)
  }
})
