import { createClient, toJson } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { IDataObject } from 'n8n-workflow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AvalancheTrigger } from '../nodes/AvalancheTrigger/AvalancheTrigger.node'
import { type Credentials, pollFunctions } from './fakes.mts'
import { applyValidatorChanges, expectedSince, type Item, keyOf, startOf } from './growing-chain.mts'

let devnet: Devnet
let credentials: Credentials
const trigger = new AvalancheTrigger()

beforeAll(async () => {
  devnet = await startDevnet({ seed: 4, index: true, xTxs: 200, cBlocks: 2000 })
  credentials = {
    avalancheNodeApi: { network: 'custom', baseUrl: devnet.url },
    avalancheDataApi: { apiKey: '', dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  }
})
afterAll(async () => {
  await devnet?.close()
})

function poller(parameters: IDataObject, against: Credentials = credentials) {
  const staticData: IDataObject = {}
  const poll = (mode: 'manual' | 'trigger' = 'trigger') =>
    trigger.poll.call(pollFunctions({ parameters, credentials: against, staticData, mode }))
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

  it('says on every item of a capped poll that it is catching up and by how much, and not once caught up', async () => {
    const { staticData, poll } = poller({ event: 'pChainBlock', maxItems: 2 })
    expect(await poll()).toBeNull()
    const height = BigInt(staticData.cursor as string)
    staticData.cursor = String(height - 5n)
    const polls = []
    for (let k = 0; k < 3; k++) polls.push((await poll())?.[0] ?? [])
    expect(polls.map((items) => items.map((i) => [i.json.height, i.json._trigger]))).toEqual([
      [
        [String(height - 4n), { catchingUp: true, behind: 3 }],
        [String(height - 3n), { catchingUp: true, behind: 3 }],
      ],
      [
        [String(height - 2n), { catchingUp: true, behind: 1 }],
        [String(height - 1n), { catchingUp: true, behind: 1 }],
      ],
      [[String(height), undefined]],
    ])
    expect(await poll()).toBeNull()
  })

  it('evmBlock: more than the scan behind, emits the oldest missed blocks by number and counts the rest', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const { staticData, poll } = poller({ event: 'evmBlock', chainId, maxItems: 3 })
    expect(await poll()).toBeNull()
    const latest = BigInt(staticData.cursor as string)
    expect(latest).toBeGreaterThan(1500n)
    staticData.cursor = String(latest - 1500n)
    const items = (await poll())?.[0]
    expect(items?.map((i) => [i.json.blockNumber, i.json._trigger])).toEqual(
      [1499n, 1498n, 1497n].map((k) => [String(latest - k), { catchingUp: true, behind: 1497 }]),
    )
    const client = createClient({ network: 'custom', dataApiUrl: devnet.url })
    const { _trigger, ...block } = items?.[0]?.json ?? {}
    expect(block).toEqual(
      toJson(await client.data.getBlock({ chainId, blockId: String(latest - 1499n) })) as IDataObject,
    )
  })

  it('On First Activation "Emit the Last Items": the N newest of every event, oldest first, then only new ones', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.alice
    const client = createClient({ network: 'custom', nodeUrl: devnet.url, dataApiUrl: devnet.url })
    const first = { firstPoll: 'last', lastItems: 3, maxItems: 2 }
    const drain = async (parameters: IDataObject) => {
      const { poll } = poller({ ...parameters, ...first })
      const polls = []
      for (let batch = (await poll())?.[0]; batch; batch = (await poll())?.[0]) polls.push(batch)
      return polls
    }
    // Blocks and index containers: the last three by number, the cap of two per poll still applies.
    const { height } = await client.platform.getHeight()
    const blocks = await drain({ event: 'pChainBlock' })
    expect(blocks.map((b) => b.map((i) => i.json.height))).toEqual([
      [String(height - 2n), String(height - 1n)],
      [String(height)],
    ])
    expect(blocks[0]?.[0]?.json._trigger).toEqual({ catchingUp: true, behind: 1 })
    const last = await client.index.getLastAccepted({ indexName: 'P/block' })
    const containers = (await drain({ event: 'indexContainer', indexName: 'P/block' })).flat()
    expect(containers.map((i) => i.json.index)).toEqual([2n, 1n, 0n].map((k) => String(last.index - k)))
    const evm = (await drain({ event: 'evmBlock', chainId })).flat()
    const latest = (await client.data.getLatestBlocks({ chainId, pageSize: 1 })).blocks?.[0]?.blockNumber as string
    expect(evm.map((i) => i.json.blockNumber)).toEqual([2n, 1n, 0n].map((k) => String(BigInt(latest) - k)))

    // Transactions: the three newest of the address, oldest first.
    const newest = []
    for await (const tx of client.data.listTransactions.items({ chainId, address }, { limit: 3 })) newest.push(tx)
    const txs = (await drain({ event: 'addressTransaction', chainId, address })).flat()
    expect(txs.map((i) => (i.json.nativeTransaction as IDataObject).txHash)).toEqual(
      newest.map((t) => t.nativeTransaction?.txHash).reverse(),
    )

    // Validators have no history: the three that started last, as added, oldest first.
    const { validators } = await client.platform.getCurrentValidators({})
    const lastStarted = [...validators].sort((a, b) => Number(b.startTime - a.startTime)).slice(0, 3)
    const added = (await drain({ event: 'validatorSetChange' })).flat()
    expect(added.map((i) => [i.json.change, i.json.nodeID])).toEqual(
      lastStarted.reverse().map((v) => ['added', v.nodeID]),
    )
  })

  it('addressTransaction: Record counts every transaction of the newest block as there before activation', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.ewoq
    const { staticData, poll } = poller({ event: 'addressTransaction', chainId, address })
    expect(await poll()).toBeNull()
    const client = createClient({ network: 'custom', dataApiUrl: devnet.url })
    const inNewestBlock = []
    for await (const tx of client.data.listTransactions.items({
      chainId,
      address,
      startBlock: Number(staticData.cursor),
    }))
      inNewestBlock.push(tx.nativeTransaction?.txHash)
    expect(inNewestBlock.length).toBeGreaterThan(0)
    expect([...(staticData.seen as string[])].sort()).toEqual(inNewestBlock.sort())
    expect(await poll()).toBeNull()
  })

  it('manual "fetch test event": the newest item, shaped as a poll emits it', async () => {
    const client = createClient({ network: 'custom', nodeUrl: devnet.url })
    const { poll } = poller({ event: 'validatorSetChange' })
    const [sample] = (await poll('manual')) ?? []
    const { validators } = await client.platform.getCurrentValidators({})
    const lastStarted = [...validators].sort((a, b) => Number(b.startTime - a.startTime))[0]
    expect(sample?.[0]?.json).toMatchObject({ change: 'added', nodeID: lastStarted?.nodeID })
    const blocks = poller({ event: 'xChainBlock', firstPoll: 'last', lastItems: 1 })
    const [manual] = (await blocks.poll('manual')) ?? []
    const [polled] = (await blocks.poll()) ?? []
    expect(manual).toEqual(polled)
  })

  it('on a growing chain: every new item once, in order, however the polls fall between the rounds', async () => {
    const live = await startDevnet({ seed: 9, index: true })
    try {
      const against: Credentials = {
        avalancheNodeApi: { network: 'custom', baseUrl: live.url },
        avalancheDataApi: { apiKey: '', dataApiUrl: live.url, metricsApiUrl: live.url },
      }
      const core = createClient({ network: 'custom', nodeUrl: live.url, dataApiUrl: live.url })
      const chainId = live.fixtures.data.evm.chains[0]?.chainId as string
      const { ewoq } = live.fixtures.data.evm.accounts
      const chain = { __rl: true, mode: 'list', value: chainId }
      const events: Record<string, IDataObject> = {
        pChainBlock: {},
        xChainBlock: {},
        indexContainer: { indexName: 'X/block' },
        evmBlock: { chainId: chain },
        addressTransaction: { chainId: chain, address: ewoq },
        validatorSetChange: {},
      }
      const pollers = Object.entries(events).map(([event, p]) => ({
        event,
        ...poller({ event, maxItems: 2, ...p }, against),
        items: [] as Item[],
      }))
      const start = await startOf(core, chainId, ewoq)
      for (const p of pollers) expect(await p.poll(), p.event).toBeNull()
      // Rounds of 1-3 blocks, each followed by one poll: the backlogs grow, then drain.
      for (const rounds of [1, 3, 2, 3, 1, 3, 2, 3, 1, 1]) {
        live.advance(rounds)
        for (const p of pollers) p.items.push(...((await p.poll())?.[0] ?? []).map((i) => i.json as Item))
      }
      for (const p of pollers)
        for (let batch = (await p.poll())?.[0]; batch; batch = (await p.poll())?.[0])
          p.items.push(...batch.map((i) => i.json as Item))
      const want = await expectedSince(core, start, chainId, ewoq)
      for (const p of pollers) {
        if (p.event === 'validatorSetChange') {
          expect(await applyValidatorChanges(core, start, p.items)).toBe(true)
          expect(new Set(p.items.map((i) => i.change))).toEqual(new Set(['added', 'removed']))
        } else {
          expect(p.items.map(keyOf[p.event] as (i: Item) => string), p.event).toEqual(want[p.event])
          expect(
            p.items.some((i) => i._trigger?.catchingUp),
            p.event,
          ).toBe(true)
        }
      }
    } finally {
      await live.close()
    }
  })
})
