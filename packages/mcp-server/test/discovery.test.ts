import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIRECT_TOOLS } from '../src/direct-tools.js'
import { toolName } from '../src/tools.js'
import { type Connection, connect, LEADING_TOOLS, text } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of results in assertions
type Any = Record<string, any>

let devnet: Devnet
let mcp: Connection
let admin: Connection

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, xTxs: 300, utxosPerAddress: 100, evmTxs: 300 })
  mcp = await connect(devnet)
  admin = await connect(devnet, ['--enable-admin'])
})
afterAll(async () => {
  await mcp?.close()
  await admin?.close()
  await devnet?.close()
})

const structured = async (name: string, args: Record<string, unknown>, on = mcp) => {
  const result = await on.call(name, args)
  if (result.isError) throw new Error(text(result))
  return result.structuredContent as Any
}

describe('the default tools/list', () => {
  it('at most 25 tools and 25 KB: discovery, composite and direct tools', async () => {
    const list = await mcp.client.listTools()
    expect(list.tools.length).toBeLessThanOrEqual(25)
    expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThanOrEqual(25_000)
    const names = list.tools.map((t) => t.name)
    expect(names.slice(0, 6)).toEqual(LEADING_TOOLS)
    for (const id of DIRECT_TOOLS) expect(names).toContain(toolName(id))
  })
})

describe('every read operation reachable from the default list', () => {
  it('avalanche_find_operations finds operations by words, listed or not', async () => {
    const found = await structured('avalanche_find_operations', { query: 'erc20 balances' })
    expect(found.operations[0]).toMatchObject({ name: 'data_listErc20Balances', toolset: 'evm', listed: false })
    expect(found.total).toBeGreaterThan(90)
    const tx = await structured('avalanche_find_operations', { query: 'tx status', toolset: 'pchain', limit: 3 })
    expect(tx.operations.map((o: Any) => o.name)).toContain('platform_getTxStatus')
    expect(tx.operations.every((o: Any) => o.toolset === 'pchain')).toBe(true)
    const all = await structured('avalanche_find_operations', { limit: 100 })
    expect(all.operations.length).toBe(Math.min(100, all.total))
  })

  it('avalanche_describe_operation gives the arguments and the result schema', async () => {
    const d = await structured('avalanche_describe_operation', { name: 'data.listErc20Balances' })
    expect(d).toMatchObject({ name: 'data_listErc20Balances', listed: false })
    expect(d.howToCall).toContain('avalanche_call_operation')
    expect(Object.keys(d.inputSchema.properties)).toEqual(
      expect.arrayContaining(['chainId', 'limit', 'cursor', 'fields']),
    )
    expect(d.outputSchema.properties.nextCursor).toBeDefined()
    expect(d.outputSchema.properties.erc20TokenBalances.items.properties).toBeDefined()
  })

  it('avalanche_call_operation runs one with its validation and pages', async () => {
    const args = { chainId: 43112, address: devnet.fixtures.data.evm.accounts.ewoq, limit: 3 }
    const first = await structured('avalanche_call_operation', { name: 'data_listNativeTransactions', arguments: args })
    expect(first.transactions).toHaveLength(3)
    const next = await structured('avalanche_call_operation', {
      name: 'data_listNativeTransactions',
      arguments: { ...args, cursor: first.nextCursor },
    })
    expect(next.transactions[0].txHash).not.toBe(first.transactions[0].txHash)
    const projected = await structured('avalanche_call_operation', {
      name: 'data_listNativeTransactions',
      arguments: args,
      fields: ['transactions.txHash'],
    })
    expect(projected.transactions).toEqual(first.transactions.map((t: Any) => ({ txHash: t.txHash })))
  })

  it('mistakes name the operation and its argument; unknown names suggest close ones', async () => {
    const bad = await mcp.call('avalanche_call_operation', { name: 'avm_getUTXOs', arguments: { addresses: [] } })
    expect(bad.isError).toBe(true)
    expect(text(bad)).toContain('Invalid arguments for avm_getUTXOs: addresses: must hold from 1 to 1024 addresses')
    const unknown = await mcp.call('avalanche_describe_operation', { name: 'platform_getValidators' })
    expect(text(unknown)).toMatch(
      /no operation "platform_getValidators" here; close matches: .*platform_getCurrentValidators/,
    )
    await expect(mcp.call('avm_getUTXOs', { addresses: [devnet.fixtures.accounts.ewoq.x] })).rejects.toThrow(
      /not listed in this configuration: run it through avalanche_call_operation/,
    )
  })

  it('never runs what changes node state: admin tools only as their own tools', async () => {
    const refused = await admin.call('avalanche_call_operation', {
      name: 'admin_setLoggerLevel',
      arguments: { logLevel: 'debug' },
    })
    expect(refused.isError).toBe(true)
    expect(text(refused)).toContain('changes something; avalanche_call_operation runs read-only operations only')
    const { tools } = await admin.client.listTools()
    expect(tools.map((t) => t.name)).toContain('admin_setLoggerLevel')
  })
})
