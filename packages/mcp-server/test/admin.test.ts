import { catalog } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validArgs } from './args.js'
import { type Connection, connect, text } from './helpers.js'

let devnet: Devnet
let mcp: Connection

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, admin: true, xTxs: 700, utxosPerAddress: 200 })
  mcp = await connect(devnet, ['--enable-admin', '--toolsets', 'node,admin'])
})
afterAll(async () => {
  await mcp?.close()
  await devnet?.close()
})

describe('--enable-admin', () => {
  it('lists the admin tools with annotations from the catalog: profiles, logger and aliases change node state', async () => {
    const { tools } = await mcp.client.listTools()
    const admin = tools.filter((t) => t.name.startsWith('admin_'))
    expect(admin.map((t) => t.name)).toEqual(
      catalog.filter((op) => op.service === 'admin').map((op) => op.id.replace('.', '_')),
    )
    for (const t of admin) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(false)
      expect(t.description).toContain('--api-admin-enabled=true')
    }
    const hint = (name: string) => tools.find((t) => t.name === name)?.annotations?.destructiveHint
    expect(hint('admin_startCPUProfiler')).toBe(true)
    expect(hint('admin_setLoggerLevel')).toBe(true)
    expect(hint('admin_alias')).toBe(true)
    expect(hint('admin_getChainAliases')).toBe(false)
    // Only the toolsets asked for.
    expect(tools.some((t) => t.name.startsWith('platform_'))).toBe(false)
  })

  it('calls every admin tool once successfully', async () => {
    const args = validArgs(devnet)
    const order = [
      'admin_alias',
      'admin_aliasChain',
      'admin_getChainAliases',
      'admin_getLoggerLevel',
      'admin_setLoggerLevel',
      'admin_loadVMs',
      'admin_lockProfile',
      'admin_memoryProfile',
      'admin_startCPUProfiler',
      'admin_stopCPUProfiler',
    ]
    for (const name of order) {
      const result = await mcp.call(name, args[name] ?? {})
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy()
    }
  })

  it('an admin tool against a node without the admin API says which flag to set', async () => {
    const plain = await startDevnet({ seed: 2, xTxs: 700, utxosPerAddress: 200 })
    const other = await connect(plain, ['--enable-admin'])
    try {
      const result = await other.call('admin_getLoggerLevel', {})
      expect(result.isError).toBe(true)
      expect(text(result)).toContain('--api-admin-enabled=true')
    } finally {
      await other.close()
      await plain.close()
    }
  })
})
