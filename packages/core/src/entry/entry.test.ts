import { expect, test } from 'vitest'
import { findOperation } from '../catalog.js'
import { createClient as createRootClient } from '../index.js'
import { services } from '../services.js'
import { createFakeTransport } from '../testing/fake-transport.js'
import { createClient as createDataClient } from './data.js'
import { createClient as createDataEvmClient } from './data-evm.js'
import { createClient as createMetricsClient } from './metrics.js'
import { createClient as createNodeClient } from './node.js'

const entries = [
  ['node', createNodeClient, ['admin', 'avm', 'platform', 'index', 'info', 'health']],
  ['data', createDataClient, ['data']],
  ['data/evm', createDataEvmClient, ['data']],
  ['metrics', createMetricsClient, ['metrics']],
] as const

/** The client's services and, for each, its function names (the client's own keys are call, urls and close). */
function shape(client: object): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(client)) {
    if (!['call', 'urls', 'close'].includes(key)) out[key] = Object.keys(value as object)
  }
  return out
}

test.each(entries)(
  "the %s entry's client has its services only, each with the root client's functions",
  (_, create, names) => {
    const root = shape(createRootClient())
    const lean = shape(create())
    expect(Object.keys(lean)).toEqual(names)
    for (const [service, functions] of Object.entries(lean)) {
      expect(functions.length).toBeGreaterThan(0)
      expect(root[service]).toEqual(expect.arrayContaining(functions))
    }
  },
)

test("the data/evm entry's functions are the Data API's EVM operations, records of the one catalog", () => {
  const evm = shape(createDataEvmClient()).data ?? []
  expect(evm).toContain('listNativeTransactions')
  expect(evm).not.toContain('listValidators')
  for (const name of evm) expect(findOperation(`data.${name}`)).toBe(services.data[name as keyof typeof services.data])
})

test('a lean client calls, validates and converts as the root client does', async () => {
  const fake = createFakeTransport({ 'platform.getHeight': { result: { height: '7' } } })
  const client = createNodeClient({ nodeUrl: 'http://node.test:9650', transport: fake.transport })
  expect(await client.platform.getHeight()).toEqual({ height: 7n })
  expect(fake.last().path).toBe('/ext/bc/P')
  await expect(client.avm.getTx({ txID: 'not an id' } as never)).rejects.toThrow(/txID/)
  expect(fake.requests).toHaveLength(1)
})
