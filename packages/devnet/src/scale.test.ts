import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from './index.js'

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
const jsonOf = async (res: Response): Promise<any> => res.json()

/**
 * A million X-Chain transactions must be servable without materialising them: containers are derived on demand,
 * so the index end answers fast and the heap barely moves. Nearly all of them are in the DAG era, whose index X/tx
 * is walked here; nothing that commits to the whole DAG (vertex and block IDs) is computed at start.
 */
describe('a devnet with 1,000,000 X-Chain transactions', () => {
  let devnet: Devnet
  let heapBefore: number

  async function call(method: string, params: unknown) {
    const res = await fetch(`${devnet.url}/ext/index/X/tx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return (await jsonOf(res)).result
  }

  beforeAll(async () => {
    globalThis.gc?.()
    heapBefore = process.memoryUsage().heapUsed
    devnet = await startDevnet({ index: true, xTxs: 1_000_000, xDagTxs: 999_000 })
  })
  afterAll(async () => {
    await devnet.close()
  })

  it('answers the last container and a range at the end quickly', async () => {
    const start = performance.now()
    const last = await call('index.getContainerByIndex', { index: 998_999 })
    expect(last.index).toBe('998999')
    expect(last.id).toBe(devnet.fixtures.x.eras.lastDagTx)
    const { containers } = await call('index.getContainerRange', { startIndex: 997_976, numToFetch: 1024 })
    expect(containers).toHaveLength(1024)
    expect(containers[1023].id).toBe(last.id)
    expect(performance.now() - start).toBeLessThan(5_000)
  })

  it('keeps the heap small', () => {
    globalThis.gc?.()
    const grown = process.memoryUsage().heapUsed - heapBefore
    expect(grown).toBeLessThan(96 * 1024 * 1024)
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(64 * 1024 * 1024)
  })
})
