import { describe, expect, test } from 'vitest'
import * as z from 'zod'
import { catalog, describeOperation, findOperation } from './catalog.js'
import type { AnyOperation } from './operation.js'
import { services } from './services.js'
import { createFakeClient } from './testing/fake-transport.js'

/** Every method the seed document names (seeds/000), plus the ones the brief adds (heights, getValidatorsAt, probes). */
const SEED_METHODS = {
  admin: [
    'alias',
    'aliasChain',
    'getChainAliases',
    'getLoggerLevel',
    'loadVMs',
    'lockProfile',
    'memoryProfile',
    'setLoggerLevel',
    'startCPUProfiler',
    'stopCPUProfiler',
  ],
  avm: [
    'getAllBalances',
    'getBalance',
    'getAssetDescription',
    'getBlock',
    'getBlockByHeight',
    'getHeight',
    'getTx',
    'getTxFee',
    'getTxStatus',
    'getUTXOs',
  ],
  platform: [
    'getBalance',
    'getBlock',
    'getBlockByHeight',
    'getBlockchains',
    'getBlockchainStatus',
    'getCurrentSupply',
    'getCurrentValidators',
    'getHeight',
    'getValidatorsAt',
  ],
  index: ['getContainerByID', 'getContainerByIndex', 'getContainerRange', 'getIndex', 'getLastAccepted', 'isAccepted'],
  info: ['isBootstrapped', 'getNodeID', 'getNetworkID', 'getNetworkName', 'getNodeVersion', 'getBlockchainID', 'peers'],
  health: ['health', 'getHealth', 'getReadiness', 'getLiveness'],
  /** Seed 001: every Data API endpoint it lists, plus the chains listing and the v2 transaction list. */
  data: [
    'listChains',
    'getChainInfo',
    'getLatestBlocks',
    'getBlock',
    'listLatestTransactions',
    'getTransaction',
    'getTransactionsForBlock',
    'getDeploymentTransaction',
    'listNativeTransactions',
    'listErc20Transactions',
    'listErc721Transactions',
    'listErc1155Transactions',
    'listTransactions',
    'listTransfers',
    'listErc20Balances',
    'listErc1155Balances',
    'listAssetTransactions',
    'listLatestPrimaryNetworkTransactions',
    'listPrimaryNetworkBlocksByNodeId',
  ],
  /** Seed 001's avg_tps, and the v2 Metrics API the brief adds. */
  metrics: ['getAvgTps', 'listChains', 'getChain', 'getEvmChainMetrics', 'getEvmChainRollingWindowMetrics'],
} as const

const entries = Object.entries(services).flatMap(([service, ops]) =>
  Object.entries(ops as Record<string, AnyOperation>).map(([key, op]) => ({ service, key, op })),
)

describe('catalog', () => {
  test('services are listed in order and the catalog holds every operation of every service', () => {
    expect(Object.keys(services)).toEqual(['admin', 'avm', 'platform', 'index', 'info', 'health', 'data', 'metrics'])
    expect(catalog).toHaveLength(entries.length)
    expect(catalog).toEqual(entries.map((e) => e.op))
  })

  test('ids are unique and findOperation finds each', () => {
    const ids = catalog.map((op) => op.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const op of catalog) expect(findOperation(op.id)).toBe(op)
  })

  test.each(entries.map((e) => [e.op.id, e] as const))('%s: key, service and id agree', (_id, { service, key, op }) => {
    expect(op.id).toBe(`${service}.${key}`)
    expect(op.service).toBe(service)
  })

  test.each(Object.entries(SEED_METHODS))('every seed method of %s is present', (service, methods) => {
    for (const method of methods) expect(findOperation(`${service}.${method}`), `${service}.${method}`).toBeDefined()
  })

  test('the seed counts: admin 10, avm 10, index 6', () => {
    expect(Object.keys(services.admin)).toHaveLength(10)
    expect(Object.keys(services.avm)).toHaveLength(10)
    expect(Object.keys(services.index)).toHaveLength(6)
  })

  test.each(catalog.map((op) => [op.id, op] as const))('%s: params convert to JSON Schema', (_id, op) => {
    const schema = z.toJSONSchema(op.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
    expect(schema).toBeTypeOf('object')
    // Unknown keys are refused, as the schema says.
    const objectSchema =
      (schema.anyOf as Record<string, unknown>[] | undefined)?.find((s) => s.type === 'object') ?? schema
    expect(objectSchema.type).toBe('object')
    expect(objectSchema.additionalProperties).toBe(false)
  })

  test.each(catalog.map((op) => [op.id, op] as const))(
    '%s: summary is one non-empty sentence ending with a period',
    (_id, op) => {
      expect(op.summary.trim().length).toBeGreaterThan(10)
      expect(op.summary).toMatch(/\.$/)
      expect(op.summary).not.toMatch(/\n/)
      const description = describeOperation(op)
      if (description !== undefined) expect(description).toMatch(/[.)]$/)
    },
  )

  test('endpoints: node JSON-RPC under /ext, REST as GET; Data/Metrics under /v1|/v2; placeholders are parameters', () => {
    for (const op of catalog) {
      if (op.service === 'data' || op.service === 'metrics') {
        expect(op.endpoint, op.id).toMatch(/^(GET|POST|PATCH|DELETE) \/v[12]\//)
      } else expect(op.endpoint, op.id).toMatch(/^(GET )?\/ext\//)
      for (const [, name] of op.endpoint.matchAll(/\{(\w+)\}/g)) {
        const schema = z.toJSONSchema(op.params, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, unknown>
          anyOf?: { properties?: Record<string, unknown> }[]
        }
        const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties ?? {}
        expect(Object.keys(properties), `${op.id} fills {${name}} from a parameter`).toContain(name)
      }
    }
  })

  test('deprecations name an existing replacement when they name one', () => {
    const deprecated = catalog.filter((op) => op.deprecated)
    expect(deprecated.map((op) => op.id).sort()).toEqual([
      'avm.getAllBalances',
      'avm.getBalance',
      'avm.getTxStatus',
      'platform.getBalance',
      'platform.getBlockchains',
    ])
    for (const op of deprecated) {
      if (op.deprecated?.use) expect(findOperation(op.deprecated.use), op.id).toBeDefined()
      expect(describeOperation(op), op.id).toMatch(/[Dd]eprecated/)
    }
  })

  test('admin and index operations say which node flag they need', () => {
    for (const op of catalog) {
      if (op.service === 'admin') expect(op.requires).toBe('--api-admin-enabled=true')
      else if (op.service === 'index') expect(op.requires).toBe('--index-enabled=true')
      else expect(op.requires).toBeUndefined()
    }
  })

  test('every paginated operation has .pages and .items on its client function', () => {
    const { client } = createFakeClient()
    const functions = client as unknown as Record<string, Record<string, { pages?: unknown; items?: unknown }>>
    const paginated = entries.filter((e) => e.op.pagination && e.op.pagination.kind !== 'pageToken')
    expect(paginated.map((e) => e.op.id)).toEqual(['avm.getUTXOs', 'platform.getUTXOs', 'index.getContainerRange'])
    for (const { service, key, op } of entries) {
      const fn = functions[service]?.[key]
      expect(fn, op.id).toBeTypeOf('function')
      if (op.pagination) {
        expect(fn?.pages, op.id).toBeTypeOf('function')
        expect(fn?.items, op.id).toBeTypeOf('function')
      }
    }
  })

  test('every Data/Metrics operation with a pageToken parameter paginates by pageToken and names its item field', () => {
    const { client } = createFakeClient()
    const functions = client as unknown as Record<string, Record<string, { pages?: unknown; items?: unknown }>>
    const withToken = entries.filter(({ op }) => {
      const schema = z.toJSONSchema(op.params, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>
        anyOf?: { properties?: Record<string, unknown> }[]
      }
      const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties ?? {}
      return 'pageToken' in properties
    })
    expect(withToken.length).toBeGreaterThanOrEqual(20)
    const byToken = entries.filter((e) => e.op.pagination?.kind === 'pageToken')
    expect(byToken.map((e) => e.op.id)).toEqual(withToken.map((e) => e.op.id))
    for (const { service, key, op } of byToken) {
      const items = (op.pagination as { items?: unknown }).items
      expect(items, op.id).toBeTypeOf('string')
      expect(functions[service]?.[key]?.pages, op.id).toBeTypeOf('function')
      expect(functions[service]?.[key]?.items, op.id).toBeTypeOf('function')
    }
  })

  test('Data and Metrics GETs are read-only, reads idempotent, writes not; every description states its weight', () => {
    const rest = catalog.filter((o) => o.service === 'data' || o.service === 'metrics')
    for (const op of rest) {
      if (op.endpoint.startsWith('GET ')) expect(op.readOnly, op.id).toBe(true)
      // A read is idempotent (a POST read too); a write is never retried once it may have reached the service.
      expect(op.idempotent, op.id).toBe(op.readOnly)
      expect(describeOperation(op), op.id).toMatch(/Rate-limit weight/)
    }
    const writes = rest.filter((o) => !o.readOnly).map((o) => o.id)
    expect(writes.sort()).toEqual(
      [
        'data.addAddressesToWebhook',
        'data.aggregateSignatures',
        'data.createWebhook',
        'data.deactivateWebhook',
        'data.generateOrRotateSharedSecret',
        'data.removeAddressesFromWebhook',
        'data.updateWebhook',
      ].sort(),
    )
  })
})
