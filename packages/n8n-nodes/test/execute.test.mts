import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { NodeApiError, NodeOperationError } from 'n8n-workflow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AvalancheDataApi } from '../credentials/AvalancheDataApi.credentials'
import { AvalancheNodeApi } from '../credentials/AvalancheNodeApi.credentials'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { type Credentials, executeFunctions, loadOptionsFunctions, type RequestLog } from './fakes.mts'

let devnet: Devnet
let bare: Devnet
let credentials: Credentials
const node = new Avalanche()

beforeAll(async () => {
  devnet = await startDevnet({ seed: 3, admin: true, index: true, xTxs: 300, utxosPerAddress: 120 })
  bare = await startDevnet({ seed: 3, xTxs: 50 })
  credentials = {
    avalancheNodeApi: { network: 'custom', baseUrl: devnet.url, headerName: 'x-gateway-key', headerSecret: 'secret' },
    avalancheDataApi: { apiKey: '', dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  }
})
afterAll(async () => {
  await devnet?.close()
  await bare?.close()
})

const run = (
  parameters: Record<string, unknown>[],
  extra: { continueOnFail?: boolean; log?: RequestLog[]; creds?: Credentials } = {},
) =>
  node.execute.call(
    executeFunctions({
      parameters: parameters as never,
      credentials: extra.creds ?? credentials,
      ...(extra.continueOnFail ? { continueOnFail: true } : {}),
      ...(extra.log ? { log: extra.log } : {}),
    }),
  )

describe('Avalanche execute() against the devnet', () => {
  it('calls a node operation through the credential, one paired item per input item', async () => {
    const log: RequestLog[] = []
    const [items] = await run(
      [
        { resource: 'nodeInfo', operation: 'info.getNodeVersion' },
        { resource: 'nodeInfo', operation: 'info.getNodeID' },
      ],
      { log },
    )
    expect(items).toHaveLength(2)
    expect(items?.[0]?.json.version).toBe(devnet.fixtures.nodeVersion)
    expect(items?.[1]?.json.nodeID).toBe(devnet.fixtures.nodeId)
    expect(items?.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }])
    expect(log[0]?.credentialType).toBe('avalancheNodeApi')
    expect(log[0]?.options.headers).toMatchObject({ 'x-gateway-key': 'secret' })
  })

  it('returns u64 values as decimal strings and adds AVAX amounts in Simplified output', async () => {
    const ewoq = devnet.fixtures.accounts.ewoq
    const [simplified] = await run([{ resource: 'pChain', operation: 'platform.getBalance', addresses: ewoq.p }])
    expect(simplified?.[0]?.json.balance).toBe(ewoq.pBalance.toString())
    expect(simplified?.[0]?.json.balanceAvax).toMatch(/^\d+(\.\d+)?$/)
    const [raw] = await run([
      { resource: 'pChain', operation: 'platform.getBalance', addresses: ewoq.p, options: { output: 'raw' } },
    ])
    expect(raw?.[0]?.json.balance).toBe(ewoq.pBalance.toString())
    expect(raw?.[0]?.json.balanceAvax).toBeUndefined()
    const [height] = await run([{ resource: 'pChain', operation: 'platform.getHeight' }])
    expect(height?.[0]?.json.height).toMatch(/^\d+$/)
  })

  it('walks UTXO pages: Limit caps the items, Return All yields every record once', async () => {
    const ewoq = devnet.fixtures.accounts.ewoq
    const base = { resource: 'xChain', operation: 'avm.getUTXOs', addresses: ewoq.x }
    const [limited] = await run([{ ...base, returnAll: false, limit: 7 }])
    expect(limited).toHaveLength(7)
    const [all] = await run([{ ...base, returnAll: true }])
    expect(all).toHaveLength(ewoq.xUtxoCount)
    expect(new Set(all?.map((i) => JSON.stringify(i.json))).size).toBe(ewoq.xUtxoCount)
    expect(all?.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true)
  })

  it('walks an index range and Data API pages with the default limit', async () => {
    const [containers] = await run([
      { resource: 'index', operation: 'index.getContainerRange', indexName: 'X/tx', startIndex: '5', limit: 12 },
    ])
    expect(containers?.map((i) => i.json.index)).toEqual(Array.from({ length: 12 }, (_, k) => String(5 + k)))
    const chain = devnet.fixtures.data.evm.chains[0]
    const [blocks] = await run([{ resource: 'dataEvm', operation: 'data.getLatestBlocks', chainId: chain?.chainId }])
    expect(blocks).toHaveLength(50)
    const numbers = blocks?.map((b) => BigInt(b.json.blockNumber as string)) ?? []
    expect(new Set(numbers).size).toBe(50)
  })

  it('reports bad parameters as NodeOperationError naming the field as the editor shows it', async () => {
    const addresses = `${devnet.fixtures.accounts.ewoq.p}, not-an-address`
    const error = await run([{ resource: 'pChain', operation: 'platform.getBalance', addresses }]).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(NodeOperationError)
    // The second entry of the Addresses list: its label and position (from 1), never the wire path `addresses[1]`.
    expect((error as NodeOperationError).message).toMatch(/^Invalid value in "Addresses", item 2: /)
    expect((error as NodeOperationError).message).not.toContain('addresses[')
    expect((error as NodeOperationError).description).toBe('Fix the field "Addresses"')
  })

  it('reports JSON-RPC and HTTP failures as NodeApiError with a fix, and continues on fail with paired items', async () => {
    const error = await run([
      { resource: 'pChain', operation: 'platform.getTx', txID: devnet.fixtures.chains.x },
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NodeApiError)
    expect((error as NodeApiError).description).toMatch(/rejected the call/)

    const disabled = await run(
      [{ resource: 'admin', operation: 'admin.getChainAliases', chain: devnet.fixtures.chains.x }],
      {
        creds: { ...credentials, avalancheNodeApi: { network: 'custom', baseUrl: bare.url } },
      },
    ).catch((e: unknown) => e)
    expect(disabled).toBeInstanceOf(NodeApiError)
    expect((disabled as NodeApiError).description).toContain('--api-admin-enabled')
    expect((disabled as NodeApiError).httpCode).toBe('404')

    const [items] = await run(
      [
        { resource: 'pChain', operation: 'platform.getBalance', addresses: 'nope' },
        { resource: 'nodeInfo', operation: 'info.getNetworkID' },
      ],
      { continueOnFail: true },
    )
    expect(items?.[0]).toMatchObject({ pairedItem: { item: 0 } })
    expect(items?.[0]?.json.error).toMatch(/"Addresses"/)
    expect(items?.[1]).toMatchObject({ json: { networkID: devnet.fixtures.networkId }, pairedItem: { item: 1 } })
  })

  it("says which credential to select when the node's credential is of the other API", async () => {
    const error = await run([{ authentication: 'nodeApi', resource: 'metrics', operation: 'metrics.liveCheck' }]).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(NodeOperationError)
    expect((error as NodeOperationError).message).toBe('This needs an Avalanche Data API credential')
    expect((error as NodeOperationError).description).toBe(
      'Select an Avalanche Data API credential under Credential (the node has an Avalanche Node API one)',
    )
  })

  it('stops at the Timeout option, retries included', async () => {
    devnet.setFaults({ latency: { ms: 2_000 } })
    try {
      const [items] = await run([{ resource: 'pChain', operation: 'platform.getHeight', options: { timeout: 150 } }], {
        continueOnFail: true,
      })
      expect(items?.[0]?.json.error).toMatch(/timed out after 150 ms/)
      // An expression can bypass the field's minimum: the node still names the option and what it accepts.
      const [bad] = await run([{ resource: 'pChain', operation: 'platform.getHeight', options: { timeout: 1.5 } }], {
        continueOnFail: true,
      })
      expect(bad?.[0]?.json).toMatchObject({
        error: expect.stringMatching(/"Timeout": must be a whole number of milliseconds from 1 to \d+ \(got 1\.5\)/),
        description: 'Fix the field "Timeout"',
      })
    } finally {
      devnet.setFaults(undefined)
    }
  })

  it('lists EVM chains and blockchains for the resource locators, filtered by what the user types', async () => {
    const fns = loadOptionsFunctions(credentials)
    const chains = await node.methods.listSearch.searchEvmChains.call(fns)
    expect(chains.results.map((r) => r.value)).toEqual(
      devnet.fixtures.data.evm.chains.map((c) => c.chainId).sort((a, b) => a.localeCompare(b)),
    )
    const filtered = await node.methods.listSearch.searchEvmChains.call(fns, '43112')
    expect(filtered.results).toEqual([expect.objectContaining({ value: '43112' })])
    const blockchains = await node.methods.listSearch.searchBlockchains.call(fns, 'x-chain')
    expect(blockchains.results.map((r) => r.value)).toEqual([devnet.fixtures.chains.x])
    // A picked list entry works as the parameter (n8n stores { __rl, mode, value }).
    const [status] = await run([
      {
        resource: 'pChain',
        operation: 'platform.getBlockchainStatus',
        blockchainID: { __rl: true, mode: 'list', value: blockchains.results[0]?.value },
      },
    ])
    expect(status?.[0]?.json.status).toBe('Validating')
  })

  it("answers the credentials' test requests", async () => {
    for (const credential of [new AvalancheNodeApi(), new AvalancheDataApi()]) {
      const { url, method, body } = credential.test.request
      const response = await fetch(`${devnet.url}${url}`, {
        method: method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      expect(response.status, credential.name).toBe(200)
      const json = (await response.json()) as { result?: { version?: string }; chains?: unknown[] }
      if (credential.name === 'avalancheNodeApi') expect(json.result?.version).toBe(devnet.fixtures.nodeVersion)
      else expect(json.chains?.length).toBeGreaterThan(0)
    }
  })

  it('calls Admin operations on a node with the admin API', async () => {
    const [items] = await run([
      { resource: 'admin', operation: 'admin.getChainAliases', chain: devnet.fixtures.chains.x },
    ])
    expect(items?.[0]?.json.aliases).toBeDefined()
  })
})
