import { type AvalancheClient, InvalidParamsError, JsonRpcError, services } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rawRpc, rejection } from './helpers.js'

/** The admin service through core against a devnet started with `admin: true`. */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ admin: true, xTxs: 100, utxosPerAddress: 10 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

describe('admin logger levels', () => {
  it('getLoggerLevel without a name lists every logger', async () => {
    const { loggerLevels } = await client.admin.getLoggerLevel()
    expect(Object.keys(loggerLevels).sort()).toEqual(['C', 'P', 'X', 'main'])
    for (const levels of Object.values(loggerLevels)) expect(levels).toEqual({ logLevel: 'INFO', displayLevel: 'INFO' })
  })

  it('setLoggerLevel returns {loggerLevels} (not {}), and getLoggerLevel reflects the change', async () => {
    const set = await client.admin.setLoggerLevel({ loggerName: 'X', logLevel: 'debug' })
    expect(set).toEqual({ loggerLevels: { X: { logLevel: 'DEBUG', displayLevel: 'INFO' } } })
    expect(await client.admin.getLoggerLevel({ loggerName: 'X' })).toEqual(set)

    const display = await client.admin.setLoggerLevel({ loggerName: 'X', displayLevel: 'Warn' })
    expect(display.loggerLevels.X).toEqual({ logLevel: 'DEBUG', displayLevel: 'WARN' })

    // Without a name every logger changes.
    const all = await client.admin.setLoggerLevel({ logLevel: 'TRACE' })
    expect(Object.keys(all.loggerLevels).sort()).toEqual(['C', 'P', 'X', 'main'])
    for (const levels of Object.values(all.loggerLevels)) expect(levels.logLevel).toBe('TRACE')
    expect((await client.admin.getLoggerLevel({ loggerName: 'P' })).loggerLevels.P?.logLevel).toBe('TRACE')
  })

  it('rejects a call with neither level before sending it, like the node would', async () => {
    const before = devnet.stats.requests
    const error = await rejection(client.admin.setLoggerLevel({ loggerName: 'X' }), InvalidParamsError)
    expect(error.message).toContain('give logLevel, displayLevel or both')
    expect(devnet.stats.requests).toBe(before)
    const raw = await rawRpc(devnet, '/ext/admin', 'admin.setLoggerLevel', { loggerName: 'X' })
    expect(raw.body.error?.message).toBe('need to specify either displayLevel or logLevel')
  })

  it('fails with the node text for an unknown logger', async () => {
    const error = await rejection(client.admin.getLoggerLevel({ loggerName: 'nope' }), JsonRpcError)
    expect(error.rpcMessage).toBe('logger with name "nope" not found')
  })
})

describe('admin aliases', () => {
  it('aliasChain: avm answers through the new alias (blockchain: "<alias>")', async () => {
    expect(await client.admin.aliasChain({ chain: 'X', alias: 'myxchain' })).toEqual({})
    const viaAlias = await client.avm.getHeight({ blockchain: 'myxchain' })
    expect(viaAlias.height).toBe(BigInt(devnet.fixtures.x.height))
    expect(devnet.stats.byPath['/ext/bc/myxchain']).toBe(1)
    const tx = await client.avm.getTx({ blockchain: 'myxchain', txID: devnet.fixtures.x.txs.send })
    expect(tx).toEqual(await client.avm.getTx({ txID: devnet.fixtures.x.txs.send }))
    // The alias also works where the node looks chains up by alias (info, sourceChain).
    expect(await client.info.getBlockchainID({ alias: 'myxchain' })).toEqual({ blockchainID: devnet.fixtures.chains.x })
    expect(await client.info.isBootstrapped({ chain: 'myxchain' })).toEqual({ isBootstrapped: true })
  })

  it('aliasChain by chain ID works too; a taken alias fails with the node text', async () => {
    expect(await client.admin.aliasChain({ chain: devnet.fixtures.chains.p, alias: 'pee' })).toEqual({})
    const error = await rejection(client.admin.aliasChain({ chain: 'X', alias: 'pee' }), JsonRpcError)
    // `ids/aliases.go` L15, L105.
    expect(error.rpcMessage).toBe('alias already mapped to an ID: pee')
  })

  it('getChainAliases lists the chain aliases, new ones last', async () => {
    const { chains } = devnet.fixtures
    expect(await client.admin.getChainAliases({ chain: chains.x })).toEqual({
      aliases: ['X', 'avm', chains.x, 'myxchain'],
    })
    expect((await client.admin.getChainAliases({ chain: chains.p })).aliases).toEqual([
      'P',
      'platform',
      chains.p,
      'pee',
    ])
  })

  it('alias: the aliased endpoint answers (through core and raw)', async () => {
    expect(await client.admin.alias({ endpoint: 'bc/X', alias: 'bc/x2' })).toEqual({})
    expect((await client.avm.getHeight({ blockchain: 'x2' })).height).toBe(BigInt(devnet.fixtures.x.height))

    expect(await client.admin.alias({ endpoint: 'info', alias: 'myinfo' })).toEqual({})
    const raw = await rawRpc(devnet, '/ext/myinfo', 'info.getNodeID', {})
    expect(raw.status).toBe(200)
    expect(raw.body.result).toMatchObject({ nodeID: devnet.fixtures.nodeId })
  })
})

describe('admin profiling and VMs', () => {
  it('startCPUProfiler then stopCPUProfiler; a second stop fails with the node text', async () => {
    expect(await client.admin.startCPUProfiler()).toEqual({})
    const twice = await rejection(client.admin.startCPUProfiler(), JsonRpcError)
    expect(twice.rpcMessage).toBe('cpu profiler already running')
    expect(await client.admin.stopCPUProfiler()).toEqual({})
    const again = await rejection(client.admin.stopCPUProfiler(), JsonRpcError)
    expect(again.rpcMessage).toBe("cpu profiler doesn't exist")
  })

  it('memoryProfile and lockProfile return {}', async () => {
    expect(await client.admin.memoryProfile()).toEqual({})
    expect(await client.admin.lockProfile({})).toEqual({})
  })

  it('loadVMs returns newVMs and no failedVMs key when nothing failed', async () => {
    const reply = await client.admin.loadVMs()
    expect(reply).toEqual({ newVMs: {} })
    expect(reply).not.toHaveProperty('failedVMs')
  })
})

it('called every admin operation of the catalog against the devnet', () => {
  for (const op of Object.values(services.admin)) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
})
