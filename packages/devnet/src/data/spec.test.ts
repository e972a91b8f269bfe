import { readFileSync } from 'node:fs'
import { services } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate-data-spec.js'
import { apiOfPath, compileRoutes, OPERATIONS } from './service.js'
import { computeUnits } from './spec.js'

describe('the operation table', () => {
  it('is generated from the OpenAPI descriptions core keeps (node scripts/generate-data-spec.ts)', () => {
    expect(readFileSync(new URL('./spec.gen.ts', import.meta.url), 'utf8')).toBe(generate())
  })

  it('serves every Data and Metrics endpoint core declares, and only those', () => {
    const declared = [...Object.values(services.data), ...Object.values(services.metrics)].map(
      (op) => (op as { endpoint: string }).endpoint,
    )
    expect(declared).toHaveLength(83)
    expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort()).toEqual([...declared].sort())
  })

  it('charges x-execution-weight on the Data scale and the Metrics scale', () => {
    const cost = (id: string) => {
      const op = OPERATIONS.find((o) => o.operationId === id)
      if (!op) throw new Error(id)
      return computeUnits(op.api, op.weight)
    }
    expect(cost('supportedChains')).toBe(1)
    expect(cost('getLatestBlocks')).toBe(10)
    expect(cost('listErc20Transactions')).toBe(20)
    expect(cost('listLatestPrimaryNetworkTransactions')).toBe(100)
    expect(cost('listChains')).toBe(1)
    expect(cost('getEvmChainMetrics')).toBe(20)
    expect(cost('getAddressesByBtcbBridged')).toBe(500)
    // No weight in the description: charged like getEvmChainMetrics (small).
    expect(cost('getTotalL1ValidatorMetrics')).toBe(20)
    expect(cost('getAvgTps')).toBe(20)
  })
})

describe('routing', () => {
  const routes = compileRoutes()
  const route = (path: string) => routes.find((r) => r.pattern.test(path))?.op.operationId

  it('tells the two APIs apart by exact patterns', () => {
    expect(route('/v2/chains/43114/btcb/bridged:getAddresses')).toBe('getAddressesByBtcbBridged')
    expect(route('/v2/chains/43114/addresses/0xabc/transactions')).toBe('listTransactionsV2')
    expect(route('/v1/chains/43114/addresses/0xabc/transactions')).toBe('listTransactions')
    expect(route('/v1/chains/43114/addresses/0xabc/transactions:listNative')).toBe('listNativeTransactions')
    expect(route('/v1/chains/43114/addresses/0xabc/balances:listErc20')).toBe('listErc20Balances')
    expect(route('/v2/chains/43114')).toBe('getChain')
    expect(route('/v1/chains/43114')).toBe('getChainInfo')
    expect(route('/v2/chains/43114/metrics/txCount')).toBe('getEvmChainMetrics')
    expect(route('/v1/avg_tps/43114')).toBe('getAvgTps')
    expect(route('/v1/chains/43114/addresses/0xabc/transactions:listWhatever')).toBeUndefined()
    expect(apiOfPath('/v2/chains/1/addresses/0x1/nothing')).toBe('data')
    expect(apiOfPath('/v2/nothing')).toBe('metrics')
    expect(apiOfPath('/v1/avg_tps/1/x')).toBe('metrics')
    expect(apiOfPath('/v1/nothing')).toBe('data')
  })
})
