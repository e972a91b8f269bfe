/**
 * The packed package inside a real n8n 2.x (see n8n.mts): installed the way n8n installs a community package,
 * credentials and workflows imported with n8n's CLI, workflows run with `n8n execute --id`, against the devnet.
 * `--rawOutput` prints the execution's run data, which is what n8n saves as its execution data.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackedPackage, manifest, n8nEnv } from './n8n.mts'
import { type CliResult, execution, n8nCli } from './n8n-cli.mts'

const nodeType = `${manifest.name}.avalanche`
const RECORDS = 10_000
const API_KEY = 'e2e-data-api-key-0123456789'
const WRONG_KEY = 'e2e-wrong-key-9876543210'

let devnet: Devnet
let work: string
let n8n: (...args: string[]) => Promise<CliResult>

const manual = { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] }

function workflow(id: string, nodes: Record<string, unknown>[]) {
  const all = [{ ...manual, parameters: {} }, ...nodes]
  const connections: Record<string, unknown> = {}
  for (let i = 0; i + 1 < all.length; i++) {
    connections[all[i]?.name as string] = { main: [[{ node: all[i + 1]?.name, type: 'main', index: 0 }]] }
  }
  return { id, name: id, active: false, settings: {}, connections, nodes: all }
}

const avalanche = (name: string, parameters: Record<string, unknown>, credential: string, credentialId: string) => ({
  id: name,
  name,
  type: nodeType,
  typeVersion: 1,
  position: [200, 0],
  parameters,
  credentials: { [credential]: { id: credentialId, name: credentialId } },
})

beforeAll(async () => {
  devnet = await startDevnet({ seed: 7, evmTxs: RECORDS, apiKeys: { [API_KEY]: 'full' } })
  work = mkdtempSync(join(tmpdir(), 'n8n-e2e-'))
  n8n = n8nCli(work, n8nEnv(work, 20_000 + (process.pid % 20_000)))
  installPackedPackage(join(work, 'home'))

  writeFileSync(
    join(work, 'credentials.json'),
    JSON.stringify([
      {
        id: 'devnetNode00001',
        name: 'devnetNode00001',
        type: 'avalancheNodeApi',
        data: { network: 'custom', baseUrl: devnet.url },
      },
      {
        id: 'devnetData00001',
        name: 'devnetData00001',
        type: 'avalancheDataApi',
        data: { apiKey: API_KEY, dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
      },
      {
        id: 'wrongData000001',
        name: 'wrongData000001',
        type: 'avalancheDataApi',
        data: { apiKey: WRONG_KEY, dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
      },
    ]),
  )
  const ewoq = devnet.fixtures.data.evm.accounts.ewoq
  const chainId = devnet.fixtures.data.evm.chains[0]?.chainId
  const transactions = {
    authentication: 'dataApi',
    resource: 'dataEvm',
    operation: 'data.listNativeTransactions',
    chainId: { __rl: true, mode: 'list', value: chainId }, // as n8n stores a pick from the list
    address: ewoq,
  }
  writeFileSync(
    join(work, 'workflows.json'),
    JSON.stringify([
      workflow('avaxReturnAll01', [
        avalanche(
          'Version',
          { authentication: 'nodeApi', resource: 'nodeInfo', operation: 'info.getNodeVersion' },
          'avalancheNodeApi',
          'devnetNode00001',
        ),
        {
          ...avalanche('Transactions', { ...transactions, returnAll: true }, 'avalancheDataApi', 'devnetData00001'),
          position: [400, 0],
        },
      ]),
      workflow('avaxBadParam001', [
        avalanche(
          'Balance',
          {
            authentication: 'nodeApi',
            resource: 'pChain',
            operation: 'platform.getBalance',
            addresses: 'not-an-address',
          },
          'avalancheNodeApi',
          'devnetNode00001',
        ),
      ]),
      workflow('avaxWrongKey001', [
        avalanche('Transactions', { ...transactions, limit: 5 }, 'avalancheDataApi', 'wrongData000001'),
      ]),
      workflow('avaxWebhook0001', [
        avalanche(
          'Create Webhook',
          {
            authentication: 'dataApi',
            resource: 'webhook',
            operation: 'data.createWebhook',
            eventType: 'address_activity',
            url: 'http://127.0.0.1:9/e2e-receiver',
            chainId: transactions.chainId,
            addresses: ewoq,
          },
          'avalancheDataApi',
          'devnetData00001',
        ),
        {
          ...avalanche(
            'Shared Secret',
            { authentication: 'dataApi', resource: 'webhook', operation: 'data.getSharedSecret' },
            'avalancheDataApi',
            'devnetData00001',
          ),
          position: [400, 0],
        },
      ]),
    ]),
  )
  for (const args of [
    ['import:credentials', '--input=credentials.json'],
    ['import:workflow', '--input=workflows.json'],
  ]) {
    const result = await n8n(...args)
    expect(result.code, `${args[0]}:\n${result.stdout}${result.stderr}`).toBe(0)
  }
}, 120_000)

afterAll(async () => {
  await devnet?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('in a real n8n', () => {
  it(`runs Manual Trigger -> Avalanche: a node call, then Return All over ${RECORDS.toLocaleString('en-US')} Data API records`, async () => {
    const { code, stdout, stderr } = await n8n('execute', '--id=avaxReturnAll01', '--rawOutput')
    expect(code, `${stdout}${stderr}`).toBe(0)
    const run = execution(stdout)
    expect(run.status).toBe('success')
    const { Version, Transactions } = run.data.resultData.runData
    expect(Version?.[0]?.data?.main[0]?.[0]?.json.version).toBe(devnet.fixtures.nodeVersion)
    const items = Transactions?.[0]?.data?.main[0] ?? []
    expect(items).toHaveLength(RECORDS)

    // The same records, in the same order, as core's own walk of the list.
    const client = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
    const started = performance.now()
    const direct: string[] = []
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.ewoq
    for await (const tx of client.data.listNativeTransactions.items({ chainId, address })) direct.push(tx.txHash)
    const coreMs = performance.now() - started
    expect(items.map((i) => i.json.txHash)).toEqual(direct)
    expect(new Set(direct).size).toBe(RECORDS)
    // bigint amounts arrive as decimal strings, so workflows can compare and sum them.
    expect(items[0]?.json.value).toMatch(/^\d+$/)

    const n8nMs = Transactions?.[0]?.executionTime ?? 0
    const rate = (ms: number) => Math.round((RECORDS / ms) * 1000).toLocaleString('en-US')
    process.stderr.write(
      `n8n e2e: Return All of ${RECORDS} records in n8n took ${n8nMs} ms (${rate(n8nMs)} items/s); core's own walk in this run ${Math.round(coreMs)} ms (${rate(coreMs)} items/s)\n`,
    )
    expect(`${stdout}${stderr}`).not.toContain(API_KEY)
  }, 120_000)

  it('fails the execution on a bad parameter with the field named as the editor shows it, and the fix', async () => {
    const { code, stdout, stderr } = await n8n('execute', '--id=avaxBadParam001', '--rawOutput')
    expect(code, `${stdout}${stderr}`).toBe(1)
    const { error } = execution(stdout).data.resultData
    expect(error?.message).toMatch(/^Invalid value in "Addresses", item 1: /)
    expect(error?.description).toBe('Fix the field "Addresses"')
  }, 120_000)

  it("creates a webhook, and keeps the account's shared secret out of n8n's execution data", async () => {
    const { code, stdout, stderr } = await n8n('execute', '--id=avaxWebhook0001', '--rawOutput')
    expect(code, `${stdout}${stderr}`).toBe(0)
    const { runData } = execution(stdout).data.resultData
    const created = runData['Create Webhook']?.[0]?.data?.main[0]?.[0]?.json
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/e2e-receiver', status: 'active' })
    expect(runData['Shared Secret']?.[0]?.data?.main[0]?.[0]?.json).toMatchObject({ secretWithheld: true })
    const client = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
    expect((await client.data.getWebhook({ id: created?.id as string })).status).toBe('active')
    const secret = (await client.data.getSharedSecret()).secret as string
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(`${stdout}${stderr}`).not.toContain(secret)
  }, 120_000)

  it("reports the Data API's 401 without ever showing the key", async () => {
    const { code, stdout, stderr } = await n8n('execute', '--id=avaxWrongKey001', '--rawOutput')
    expect(code, `${stdout}${stderr}`).toBe(1)
    const { error } = execution(stdout).data.resultData
    expect(error?.message).toMatch(/^Invalid API key: it is not a key of this service \(HTTP 401 from GET /)
    expect(error?.description).toBe('Check the API key or header of the credential')
    expect(`${stdout}${stderr}`).not.toContain(WRONG_KEY)
  }, 120_000)
})
