import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { IDataObject } from 'n8n-workflow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AvalancheTrigger } from '../nodes/AvalancheTrigger/AvalancheTrigger.node'
import { type Credentials, pollFunctions } from './fakes.mts'

let devnet: Devnet
let credentials: Credentials
const trigger = new AvalancheTrigger()

beforeAll(async () => {
  devnet = await startDevnet({ seed: 4, index: true, xTxs: 200 })
  credentials = {
    avalancheNodeApi: { network: 'custom', baseUrl: devnet.url },
    avalancheDataApi: { apiKey: '', dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  }
})
afterAll(async () => {
  await devnet?.close()
})

function poller(parameters: IDataObject) {
  const staticData: IDataObject = {}
  const poll = (mode: 'manual' | 'trigger' = 'trigger') =>
    trigger.poll.call(pollFunctions({ parameters, credentials, staticData, mode }))
  return { staticData, poll }
}

describe('Avalanche Trigger poll() against the devnet', () => {
  it.each(['pChainBlock', 'xChainBlock'])(
    '%s: seeds silently, then emits new blocks capped per poll',
    async (event) => {
      const { staticData, poll } = poller({ event, maxItems: 2 })
      const [sample] = (await poll('manual')) ?? []
      expect(sample).toHaveLength(1)
      expect(sample?.[0]?.json.height).toMatch(/^\d+$/)
      expect(await poll()).toBeNull()
      const height = BigInt(staticData.cursor as string)
      expect(height).toBeGreaterThan(3n)
      staticData.cursor = String(height - 3n) // three blocks "arrived" since the last poll
      const first = (await poll())?.[0]
      expect(first?.map((i) => i.json.height)).toEqual([String(height - 2n), String(height - 1n)])
      expect((await poll())?.[0]?.map((i) => i.json.height)).toEqual([String(height)])
      expect(await poll()).toBeNull()
    },
  )

  it('returns one sample item in manual mode for every event, without touching the cursor', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.ewoq
    for (const event of [
      'xChainBlock',
      'pChainBlock',
      'indexContainer',
      'validatorSetChange',
      'evmBlock',
      'addressTransaction',
    ]) {
      const { staticData, poll } = poller({ event, chainId, address, indexName: 'P/block' })
      const result = await poll('manual')
      expect(result?.[0], event).toHaveLength(1)
      expect(staticData.cursor, event).toBeUndefined()
      expect(staticData.validators, event).toBeUndefined()
    }
  })

  it('indexContainer: follows an index from the cursor (X/block unless chosen)', async () => {
    const { staticData, poll } = poller({ event: 'indexContainer', maxItems: 10 })
    expect(await poll()).toBeNull()
    const last = BigInt(staticData.cursor as string)
    staticData.cursor = String(last - 4n)
    const items = (await poll())?.[0]
    expect(items?.map((i) => i.json.index)).toEqual([1n, 2n, 3n, 4n].map((k) => String(last - 4n + k)))
    expect(await poll()).toBeNull()
  })

  it('validatorSetChange: reports added and removed validators', async () => {
    const { staticData, poll } = poller({ event: 'validatorSetChange', maxItems: 10 })
    expect(await poll()).toBeNull()
    const validators = staticData.validators as string[]
    expect(validators.length).toBeGreaterThan(1)
    const [gone, ...rest] = validators
    staticData.validators = [...rest, 'NodeID-Removed111111111111111111111111']
    const items = (await poll())?.[0]
    expect(items?.map((i) => [i.json.change, i.json.nodeID])).toEqual([
      ['added', gone],
      ['removed', 'NodeID-Removed111111111111111111111111'],
    ])
    expect(items?.[0]?.json.validator).toMatchObject({ nodeID: gone })
    expect(await poll()).toBeNull()
  })

  it('evmBlock: emits Data API blocks newer than the cursor, oldest first', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    // As the editor stores a pick from the Chain ID list.
    const picked = { __rl: true, mode: 'list', value: chainId }
    const { staticData, poll } = poller({ event: 'evmBlock', chainId: picked, maxItems: 3 })
    expect(await poll()).toBeNull()
    const latest = BigInt(staticData.cursor as string)
    staticData.cursor = String(latest - 5n)
    expect((await poll())?.[0]?.map((i) => i.json.blockNumber)).toEqual([4n, 3n, 2n].map((k) => String(latest - k)))
    expect((await poll())?.[0]?.map((i) => i.json.blockNumber)).toEqual([1n, 0n].map((k) => String(latest - k)))
    expect(await poll()).toBeNull()
  })

  it('addressTransaction: emits new transactions of an address once', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.alice
    const { staticData, poll } = poller({ event: 'addressTransaction', chainId, address, maxItems: 100 })
    const [sample] = (await poll('manual')) ?? []
    expect(sample).toHaveLength(1)
    expect(await poll()).toBeNull()
    const newest = BigInt(staticData.cursor as string)
    expect(newest).toBeGreaterThan(0n)
    staticData.cursor = '0'
    staticData.seen = []
    const items = []
    for (let polls = 0; polls < 100; polls++) {
      const batch = (await poll())?.[0]
      if (!batch) break
      expect(batch.length).toBeLessThanOrEqual(100)
      items.push(...batch)
    }
    expect(items.length).toBeGreaterThan(100)
    const native = items.map((i) => i.json.nativeTransaction as IDataObject)
    expect(new Set(native.map((t) => t.txHash)).size).toBe(items.length)
    const blocks = native.map((t) => BigInt(t.blockNumber as string))
    expect([...blocks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(blocks)
    expect(blocks.at(-1)).toBe(newest)
    expect(await poll()).toBeNull()
  })
})
