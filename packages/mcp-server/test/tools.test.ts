import { catalog } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolName } from '../src/tools.js'
import { toolsetOf } from '../src/toolsets.js'
import { validArgs } from './args.js'
import { type Connection, connect, LEADING_TOOLS, text } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of results in assertions
type Any = Record<string, any>

let devnet: Devnet
let mcp: Connection
let args: Record<string, Record<string, unknown>>

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, index: true, xTxs: 700, utxosPerAddress: 200, evmTxs: 2_000, cBlocks: 60 })
  // A budget large enough that pages are cut by limit only (bounded.test.ts covers the budget).
  mcp = await connect(devnet, ['--toolsets', 'all', '--enable-writes', '--max-result-bytes', '100000000'])
  args = validArgs(devnet)
  const latest = (await mcp.call('data_listLatestTransactions', { chainId: 43112, limit: 1 })).structuredContent as Any
  args.data_getTransaction = { chainId: 43112, txHash: latest.transactions[0].txHash }
  const icm = (await mcp.call('data_listIcmMessages', { limit: 1 })).structuredContent as Any
  args.data_getIcmMessage = { messageId: icm.messages[0].messageId }
  const l1 = (await mcp.call('platform_getCurrentValidators', { subnetID: devnet.fixtures.p.l1SubnetId }))
    .structuredContent as Any
  args.metrics_getMetricsByValidationId = {
    ...args.metrics_getMetricsByValidationId,
    l1ValidationId: l1.validators[0].validationID,
  }
  args.metrics_getMetricsByNodeId = { ...args.metrics_getMetricsByNodeId, nodeId: l1.validators[0].nodeID }
})
afterAll(async () => {
  await mcp?.close()
  await devnet?.close()
})

describe('tools/list', () => {
  it('--toolsets all --enable-writes: the discovery and composite tools, then every operation but the webhooks and admin', async () => {
    const { tools } = await mcp.client.listTools()
    const names = tools.map((t) => t.name)
    const optIn = ['webhooks', 'admin']
    const expected = catalog.filter((op) => !optIn.includes(toolsetOf(op))).map((op) => toolName(op.id))
    expect(expected).toContain('data_aggregateSignatures')
    expect(names).toEqual([...LEADING_TOOLS, ...expected])
    expect(names.some((n) => n.startsWith('admin_'))).toBe(false)
  })

  it('names, titles, descriptions, valid input/output schemas and annotations from the catalog', async () => {
    const { tools } = await mcp.client.listTools()
    const ajv = new Ajv({ strict: false })
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      expect(tool.title?.length).toBeGreaterThan(3)
      expect(tool.description?.length).toBeGreaterThan(20)
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow()
      expect(() => ajv.compile(tool.outputSchema as object), tool.name).not.toThrow()
      // Finding and describing operations reads this server's catalog, not the network.
      const local = ['avalanche_find_operations', 'avalanche_describe_operation'].includes(tool.name)
      expect(tool.annotations?.openWorldHint).toBe(!local)
      const op = catalog.find((o) => toolName(o.id) === tool.name)
      if (op) {
        expect(tool.annotations).toMatchObject({
          readOnlyHint: op.readOnly,
          idempotentHint: op.idempotent,
          destructiveHint: !op.readOnly && op.destructive === true,
        })
        if (op.requires) expect(tool.description).toContain(op.requires)
        if (op.deprecated) expect(tool.description).toContain(`Deprecated since ${op.deprecated.since}`)
        if (op.pagination) {
          const props = tool.inputSchema.properties as Any
          expect(props.limit).toMatchObject({ type: 'integer', minimum: 1, default: 20 })
          expect(props.limit.maximum).toBeLessThanOrEqual(200)
          expect(props.cursor.type).toBe('string')
          expect(props.pageToken).toBeUndefined()
        }
      } else {
        expect(tool.annotations?.readOnlyHint).toBe(true)
      }
    }
    // A budget for the assistant's context: the whole default list, and any one tool.
    // --toolsets all is for clients that want every operation as a tool; the README gives its size.
    expect(JSON.stringify({ tools }).length).toBeLessThan(250_000)
    for (const tool of tools) expect(JSON.stringify(tool).length, tool.name).toBeLessThan(12_000)
    // Route parameters are part of the input schemas.
    const getTx = tools.find((t) => t.name === 'avm_getTx')
    expect(Object.keys(getTx?.inputSchema.properties ?? {})).toContain('blockchain')
    const range = tools.find((t) => t.name === 'index_getContainerRange')
    expect(Object.keys(range?.inputSchema.properties ?? {})).toContain('indexName')
  })
})

describe('tools/call', () => {
  it('calls every listed tool once successfully, with structured content matching the output schema', async () => {
    const { tools } = await mcp.client.listTools()
    const failures: string[] = []
    for (const tool of tools) {
      // The SDK client validates structuredContent against outputSchema and throws when it does not conform.
      const result = await mcp.call(tool.name, args[tool.name] ?? {})
      if (result.isError) failures.push(`${tool.name}: ${text(result)}`)
      else {
        expect(result.structuredContent, tool.name).toBeTypeOf('object')
        expect(JSON.parse(text(result)), tool.name).toEqual(result.structuredContent)
      }
    }
    expect(failures).toEqual([])
  })

  it('bigint values arrive as decimal strings', async () => {
    const height = (await mcp.call('platform_getHeight')).structuredContent as Any
    expect(height.height).toBe(String(devnet.fixtures.p.height))
  })

  it('composite tools: validator report, address overview, chain status', async () => {
    const f = devnet.fixtures
    const report = (await mcp.call('avalanche_validator_report', args.avalanche_validator_report ?? {}))
      .structuredContent as Any
    expect(report.primaryNetwork.validator.weight).toMatch(/^\d+$/)
    expect(report.subnet.subnetID).toBe(f.p.subnetId)
    expect(Array.isArray(report.findings)).toBe(true)
    const none = (await mcp.call('avalanche_validator_report', { nodeID: f.nodeId })).structuredContent as Any
    if (!f.p.validators.primary.includes(f.nodeId)) expect(none.findings.join()).toContain('not a current validator')

    const overview = (await mcp.call('avalanche_address_overview', args.avalanche_address_overview ?? {}))
      .structuredContent as Any
    const avax = overview.x.balances.byAsset.find((a: Any) => a.assetID === f.assets.avax.id)
    expect(BigInt(avax.total)).toBe(f.accounts.ewoq.xBalances[f.assets.avax.id])
    expect(BigInt(avax.spendable)).toBe(f.accounts.ewoq.xSpendable[f.assets.avax.id])
    expect(BigInt(overview.p.balances.byAsset[0].total)).toBe(f.accounts.ewoq.pBalance)
    expect(BigInt(overview.p.balances.byAsset[0].unlocked)).toBe(f.accounts.ewoq.pBalance)
    expect(overview.x.recent.transactions.length).toBeGreaterThan(0)
    expect(overview.c.nativeBalance).toMatch(/^\d+$/)

    const status = (await mcp.call('avalanche_chain_status')).structuredContent as Any
    expect(status.healthy).toBe(true)
    expect(status.chains.map((c: Any) => [c.chain, c.bootstrapped])).toEqual([
      ['X', true],
      ['P', true],
      ['C', true],
    ])
    expect(status.chains[1].height).toBe(String(f.p.height))
  })
})

describe("avalanche_address_overview: balances by the node's rules", () => {
  it('splits P-Chain stake-locked and time-locked AVAX and tells X spendable alone from the total', async () => {
    const { dave } = devnet.fixtures.accounts
    const avaxId = devnet.fixtures.assets.avax.id
    const overview = (await mcp.call('avalanche_address_overview', { address: dave.x, recentLimit: 0 }))
      .structuredContent as Any
    // Every stake-locked UTXO counts: a sum of type-7 outputs alone would miss 1,237 of dave's 1,241.56 AVAX.
    expect(overview.p.balances.byAsset).toEqual([
      {
        assetID: avaxId,
        unlocked: String(dave.pBalances.unlocked),
        lockedStakeable: String(dave.pBalances.lockedStakeable),
        lockedNotStakeable: String(dave.pBalances.lockedNotStakeable),
        total: String(dave.pBalance),
      },
    ])
    expect(overview.p.balances.avax).toEqual({
      unlocked: '200.56',
      lockedStakeable: '1007',
      lockedNotStakeable: '34',
      total: '1241.56',
    })
    const x = overview.x.balances.byAsset.find((a: Any) => a.assetID === avaxId)
    expect(x).toEqual({
      assetID: avaxId,
      spendable: String(dave.xSpendable[avaxId]),
      total: String(dave.xBalances[avaxId]),
    })
    expect(BigInt(x.total) - BigInt(x.spendable)).toBe(543_000_000_000n)
  })
})

describe('errors are tool results the model can act on', () => {
  it('invalid parameters name the parameter and what is accepted', async () => {
    const bad = await mcp.call('avm_getUTXOs', { addresses: [] })
    expect(bad.isError).toBe(true)
    expect(text(bad)).toContain('addresses: must hold from 1 to 1024 addresses')
    const limit = await mcp.call('avm_getUTXOs', { addresses: [devnet.fixtures.accounts.ewoq.x], limit: 5000 })
    expect(limit.isError).toBe(true)
    expect(text(limit)).toContain('limit: must be a whole number from 1 to 200 (got 5000)')
    const missing = await mcp.call('platform_getTx', {})
    expect(missing.isError).toBe(true)
    expect(text(missing)).toContain('txID')
    const unknownArg = await mcp.call('platform_getHeight', { foo: 1 })
    expect(unknownArg.isError).toBe(true)
    expect(text(unknownArg)).toContain('foo')
    const nodeId = await mcp.call('avalanche_validator_report', { nodeID: 'nope' })
    expect(nodeId.isError).toBe(true)
    expect(text(nodeId)).toContain('nodeID: expected "NodeID-"')
  })

  it('node errors say what to check; a bad cursor says how to recover', async () => {
    const notFound = await mcp.call('avm_getTx', { txID: devnet.fixtures.p.txs.addValidator })
    expect(notFound.isError).toBe(true)
    expect(text(notFound)).toMatch(/not found/)
    const cursor = await mcp.call('data_listLatestTransactions', { chainId: 43112, cursor: 'garbage' })
    expect(cursor.isError).toBe(true)
    expect(text(cursor)).toContain('pass nextCursor from the previous result unchanged')
  })

  it('an unknown tool is a protocol error; an admin tool says how to enable it', async () => {
    await expect(mcp.call('no_such_tool')).rejects.toThrow(/Unknown tool: no_such_tool/)
    await expect(mcp.call('admin_loadVMs')).rejects.toThrow(/--enable-admin/)
  })
})

describe('pagination with cursors', () => {
  async function walk(name: string, base: Record<string, unknown>, key: string, pages = 3) {
    const seen: Any[] = []
    let cursor: string | undefined
    for (let i = 0; i < pages; i++) {
      const r = (await mcp.call(name, { ...base, ...(cursor && { cursor }) })).structuredContent as Any
      seen.push(...r[key])
      cursor = r.nextCursor
      if (!cursor) break
    }
    return { seen, cursor }
  }

  it('Data API pageToken: consecutive pages equal one larger page', async () => {
    const base = { chainId: 43112, address: devnet.fixtures.data.evm.accounts.ewoq }
    const small = await walk('data_listNativeTransactions', { ...base, limit: 4 }, 'transactions')
    const big = (await mcp.call('data_listNativeTransactions', { ...base, limit: 12 })).structuredContent as Any
    expect(small.seen.map((t: Any) => t.txHash)).toEqual(big.transactions.map((t: Any) => t.txHash))
    const other = await mcp.call('data_listNativeTransactions', {
      chainId: 43112,
      address: devnet.fixtures.data.evm.accounts.alice,
      cursor: small.cursor,
    })
    expect(other.isError).toBe(true)
    expect(text(other)).toContain('different arguments')
  })

  it('a page without pageSize (metrics_getAvgTps) is cut at limit and resumed inside the page', async () => {
    // Pages of 100 from the service, read 40 at a time: 40, 40, the 20 left of the page, then the next page.
    const { seen } = await walk('metrics_getAvgTps', { chainId: 43112, limit: 40 }, 'results', 5)
    const all = (await mcp.call('metrics_getAvgTps', { chainId: 43112, limit: 200 })).structuredContent as Any
    expect(all.results).toHaveLength(100)
    expect(seen.slice(0, 100)).toEqual(all.results)
    expect(seen).toHaveLength(180)
    expect(new Set(seen.map((r) => JSON.stringify(r))).size).toBe(180)
  })

  it('UTXOs: endIndex cursor walks every UTXO once', async () => {
    const ewoq = devnet.fixtures.accounts.ewoq
    const seen = new Set<string>()
    let cursor: string | undefined
    for (;;) {
      const r = (await mcp.call('avm_getUTXOs', { addresses: [ewoq.x], limit: 200, ...(cursor && { cursor }) }))
        .structuredContent as Any
      for (const u of r.utxos) seen.add(u)
      cursor = r.nextCursor
      if (!cursor) break
    }
    expect(seen.size).toBe(ewoq.xUtxoCount)
  })

  it('index range: the cursor continues at the next position', async () => {
    const { seen } = await walk('index_getContainerRange', { indexName: 'X/tx', startIndex: 0, limit: 5 }, 'containers')
    expect(seen.map((c: Any) => c.index)).toEqual(Array.from({ length: 15 }, (_, i) => String(i)))
  })
})
