import { describe, expect, test } from 'vitest'
import { ApiDisabledError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { admin } from './admin.js'

// Local-network X-Chain ID (reference §4.7, admin.getChainAliases example).
const LOCAL_X_CHAIN = '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed'
const MAINNET_X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'
const LEVELS = { logLevel: 'INFO', displayLevel: 'INFO' }

describe('admin wire requests and results', () => {
  test('alias: {endpoint, alias} to /ext/admin, result {}', async () => {
    const { client, fake } = createFakeClient({ 'admin.alias': { result: {} } })
    await expect(client.admin.alias({ endpoint: 'bc/X', alias: 'myX' })).resolves.toEqual({})
    const request = fake.last()
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/ext/admin')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.body).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      method: 'admin.alias',
      params: { endpoint: 'bc/X', alias: 'myX' },
    })
  })

  test('aliasChain: {chain, alias}; chain may be an alias', async () => {
    const { client, fake } = createFakeClient({ 'admin.aliasChain': { result: {} } })
    await expect(client.admin.aliasChain({ chain: MAINNET_X_CHAIN, alias: 'xchain' })).resolves.toEqual({})
    expect(fake.last().params).toEqual({ chain: MAINNET_X_CHAIN, alias: 'xchain' })
    await client.admin.aliasChain({ chain: 'X', alias: 'exchange' })
    expect(fake.last().params).toEqual({ chain: 'X', alias: 'exchange' })
  })

  test('getChainAliases: verbatim reply of the reference', async () => {
    const { client, fake } = createFakeClient({
      'admin.getChainAliases': {
        body: '{"jsonrpc":"2.0","result":{"aliases":["X","avm","2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed"]},"id":1}',
      },
    })
    await expect(client.admin.getChainAliases({ chain: LOCAL_X_CHAIN })).resolves.toEqual({
      aliases: ['X', 'avm', LOCAL_X_CHAIN],
    })
    expect(fake.last().rpcMethod).toBe('admin.getChainAliases')
    expect(fake.last().params).toEqual({ chain: LOCAL_X_CHAIN })
  })

  test('getChainAliases: a valid ID that is no chain answers {"aliases": null}, read as no aliases', async () => {
    const { client } = createFakeClient({
      'admin.getChainAliases': { body: '{"jsonrpc":"2.0","result":{"aliases":null},"id":1}' },
    })
    await expect(client.admin.getChainAliases({ chain: MAINNET_X_CHAIN })).resolves.toEqual({ aliases: [] })
  })

  test('getLoggerLevel: all loggers without params, one with loggerName', async () => {
    const loggerLevels = { C: LEVELS, P: LEVELS, X: { logLevel: 'DEBUG', displayLevel: 'INFO' }, main: LEVELS }
    const { client, fake } = createFakeClient({ 'admin.getLoggerLevel': { result: { loggerLevels } } })
    await expect(client.admin.getLoggerLevel()).resolves.toEqual({ loggerLevels })
    expect(fake.last().params).toEqual({})
    await client.admin.getLoggerLevel({ loggerName: 'X' })
    expect(fake.last().params).toEqual({ loggerName: 'X' })
  })

  test('setLoggerLevel: levels in any case are sent upper-case; the reply is {loggerLevels}, not {}', async () => {
    const reply = { loggerLevels: { X: { logLevel: 'DEBUG', displayLevel: 'INFO' } } }
    const { client, fake } = createFakeClient({ 'admin.setLoggerLevel': { result: reply } })
    await expect(client.admin.setLoggerLevel({ loggerName: 'X', logLevel: 'debug' })).resolves.toEqual(reply)
    expect(fake.last().params).toEqual({ loggerName: 'X', logLevel: 'DEBUG' })
    await client.admin.setLoggerLevel({ displayLevel: 'Verbo' })
    expect(fake.last().params).toEqual({ displayLevel: 'VERBO' })
    await client.admin.setLoggerLevel({ logLevel: 'off', displayLevel: 'FATAL' })
    expect(fake.last().params).toEqual({ logLevel: 'OFF', displayLevel: 'FATAL' })
  })

  test('loadVMs: newVMs, and failedVMs only when present', async () => {
    const newVMs = { tGas3T58KzdjcJ2iKSyiYsWiqYctRXaPTqBCA11BqEkNg8kPc: ['subnetevm'] }
    const { client, fake } = createFakeClient({ 'admin.loadVMs': { result: { newVMs } } })
    const loaded = await client.admin.loadVMs()
    expect(loaded).toEqual({ newVMs })
    expect(loaded.failedVMs).toBeUndefined()
    expect(fake.last().params).toEqual({})
    const failedVMs = { srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy: 'plugin exited' }
    fake.on('admin.loadVMs', { result: { newVMs: {}, failedVMs } })
    await expect(client.admin.loadVMs({})).resolves.toEqual({ newVMs: {}, failedVMs })
  })

  test.each(['lockProfile', 'memoryProfile', 'startCPUProfiler', 'stopCPUProfiler'] as const)(
    '%s: no params, result {}',
    async (name) => {
      const { client, fake } = createFakeClient({ [`admin.${name}`]: { result: {} } })
      await expect(client.admin[name]()).resolves.toEqual({})
      expect(fake.last().path).toBe('/ext/admin')
      expect(fake.last().rpcMethod).toBe(`admin.${name}`)
      expect(fake.last().params).toEqual({})
    },
  )

  test('a node without --api-admin-enabled answers 404: ApiDisabledError names the flag', async () => {
    const { client } = createFakeClient({
      'admin.lockProfile': { status: 404, body: '404 page not found\n', headers: { 'content-type': 'text/plain' } },
    })
    const error = await client.admin.lockProfile().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiDisabledError)
    expect((error as ApiDisabledError).message).toContain('--api-admin-enabled=true')
  })
})

describe('admin parameter validation (before any request)', () => {
  test('alias longer than 512 bytes: the node counts UTF-8 bytes, so 300 × "é" is too long', async () => {
    const { client, fake } = createFakeClient({ 'admin.alias': { result: {} }, 'admin.aliasChain': { result: {} } })
    const long = 'a'.repeat(513)
    await expectInvalidParams(fake, () => client.admin.alias({ endpoint: 'bc/X', alias: long }), /alias/, /512/)
    await expectInvalidParams(fake, () => client.admin.aliasChain({ chain: 'X', alias: long }), /alias/, /512/)
    await expectInvalidParams(
      fake,
      () => client.admin.aliasChain({ chain: 'X', alias: 'é'.repeat(300) }),
      /alias: alias length is too long: 600 bytes in UTF-8, the node allows 512/,
    )
    await expect(client.admin.alias({ endpoint: 'bc/X', alias: 'a'.repeat(512) })).resolves.toEqual({})
    await expect(client.admin.alias({ endpoint: 'bc/X', alias: 'é'.repeat(256) })).resolves.toEqual({})
  })

  test('alias endpoint must be the part after /ext/', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.admin.alias({ endpoint: '/ext/bc/X', alias: 'x' }),
      /endpoint/,
      /bc\/X/,
    )
    await expectInvalidParams(fake, () => client.admin.alias({ endpoint: '', alias: 'x' }), /endpoint/)
  })

  test('getChainAliases rejects aliases and bad cb58: the node only takes IDs', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(fake, () => client.admin.getChainAliases({ chain: 'X' }), /chain/, /blockchain ID/, /"X"/)
    // One character changed: the checksum no longer matches.
    const corrupted = `${MAINNET_X_CHAIN.slice(0, -1)}N`
    await expectInvalidParams(fake, () => client.admin.getChainAliases({ chain: corrupted }), /chain/, /cb58/)
  })

  test('setLoggerLevel without logLevel and displayLevel', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(fake, () => client.admin.setLoggerLevel({ loggerName: 'X' }), /logLevel/, /displayLevel/)
    await expectInvalidParams(fake, () => client.admin.setLoggerLevel({}), /logLevel/, /displayLevel/)
    // @ts-expect-error params are required
    await expectInvalidParams(fake, () => client.admin.setLoggerLevel(), /logLevel/, /displayLevel/)
  })

  test('setLoggerLevel with an unknown level lists the accepted ones', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a level
      () => client.admin.setLoggerLevel({ logLevel: 'LOUD' }),
      /logLevel/,
      /OFF, FATAL, ERROR, WARN, INFO, TRACE, DEBUG, VERBO/,
      /LOUD/,
    )
  })

  test('typo and unknown keys, missing required params, params on no-param methods', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error typo'd key
      () => client.admin.setLoggerLevel({ loglevel: 'INFO' }),
      /unknown parameter "loglevel" \(did you mean "logLevel"\?/,
    )
    // @ts-expect-error alias is required
    await expectInvalidParams(fake, () => client.admin.alias({ endpoint: 'bc/X' }), /alias: required/)
    // @ts-expect-error no params
    await expectInvalidParams(fake, () => client.admin.memoryProfile({ dir: '/tmp' }), /"dir"/)
  })
})

describe('admin metadata', () => {
  test('every admin operation needs the admin flag and none is read-only', () => {
    for (const op of Object.values(admin)) {
      expect(op.requires).toBe('--api-admin-enabled=true')
      expect(op.readOnly).toBe(false)
      expect(op.endpoint).toBe('/ext/admin')
    }
  })

  test('idempotent and destructive flags', () => {
    expect(admin.alias.idempotent).toBe(false)
    expect(admin.aliasChain.idempotent).toBe(false)
    expect(admin.startCPUProfiler.idempotent).toBe(false)
    expect(admin.stopCPUProfiler.idempotent).toBe(false)
    expect(admin.getChainAliases.idempotent).toBe(true)
    expect(admin.getLoggerLevel.idempotent).toBe(true)
    expect(admin.setLoggerLevel.idempotent).toBe(true)
    for (const op of [
      admin.alias,
      admin.aliasChain,
      admin.setLoggerLevel,
      admin.lockProfile,
      admin.memoryProfile,
      admin.startCPUProfiler,
      admin.stopCPUProfiler,
    ]) {
      expect(op.destructive, op.id).toBe(true)
    }
    expect('destructive' in admin.getChainAliases).toBe(false)
    expect('destructive' in admin.getLoggerLevel).toBe(false)
  })
})
