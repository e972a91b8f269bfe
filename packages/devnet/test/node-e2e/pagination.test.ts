import { type AvalancheClient, type Container, formatAddress, sha256, type Utxo } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, collect, sumByAsset } from './helpers.js'

/** The pagination helpers of core (UTXO cursor, index range) walking a devnet over HTTP. */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  // A DAG era of 2000 txs: X/tx (the DAG era's index) spans two 1024-container pages.
  devnet = await startDevnet({
    index: true,
    utxosPerAddress: 2500,
    xTxs: 2600,
    xDagTxs: 2000,
    pBlocks: 100,
    cBlocks: 50,
  })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

/** Requests the devnet received on a path while `run` ran. */
async function requestsOn(path: string, run: () => Promise<unknown>): Promise<number> {
  const before = devnet.stats.byPath[path] ?? 0
  await run()
  return (devnet.stats.byPath[path] ?? 0) - before
}

/** Addresses nobody pays: 20 bytes derived from k. */
const filler = (k: number) =>
  formatAddress('X', devnet.fixtures.hrp, sha256(new TextEncoder().encode(`filler-${k}`)).subarray(0, 20))

const ids = (utxos: readonly { id: string }[]) => utxos.map((u) => u.id)

describe('UTXO walk (avm.getUTXOs.items / .pages)', () => {
  it('walks every UTXO of ewoq: exactly xUtxoCount, unique IDs, sums equal xBalances', async () => {
    const { ewoq } = devnet.fixtures.accounts
    expect(ewoq.xUtxoCount).toBeGreaterThan(2048)
    let utxos: Utxo[] = []
    const requests = await requestsOn('/ext/bc/X', async () => {
      utxos = await collect(client.avm.getUTXOs.items({ addresses: [ewoq.x] }))
    })
    expect(utxos).toHaveLength(ewoq.xUtxoCount)
    expect(new Set(ids(utxos)).size).toBe(ewoq.xUtxoCount)
    expect(sumByAsset(utxos)).toEqual(ewoq.xBalances)
    expect(requests).toBe(Math.ceil((ewoq.xUtxoCount + 1) / 1024))
  })

  it('alice (exactly 1024, one full page) ends with an empty page; bob (1025) with a page of one', async () => {
    const { alice, bob } = devnet.fixtures.accounts
    expect([alice.xUtxoCount, bob.xUtxoCount]).toEqual([1024, 1025])
    const alicePages = await collect(client.avm.getUTXOs.pages({ addresses: [alice.x] }))
    expect(alicePages.map((p) => p.utxos.length)).toEqual([1024, 0])
    expect(alicePages.map((p) => p.numFetched)).toEqual([1024n, 0n])
    const bobPages = await collect(client.avm.getUTXOs.pages({ addresses: [bob.x] }))
    expect(bobPages.map((p) => p.utxos.length)).toEqual([1024, 1])
    // Each page starts after the previous page's endIndex.
    expect(bobPages[0]?.endIndex.address).toBe(bob.x)
    for (const [account, count] of [
      [alice, 1024],
      [bob, 1025],
    ] as const) {
      const utxos = await collect(client.avm.getUTXOs.items({ addresses: [account.x] }))
      expect(utxos).toHaveLength(count)
      expect(new Set(ids(utxos)).size).toBe(count)
      expect(sumByAsset(utxos)).toEqual(account.xBalances)
      for (const u of utxos) expect(u.owners).toEqual([account.shortId])
    }
  })

  it('walks several addresses in one walk, each UTXO once, with a small page size', async () => {
    const { alice, bob, carol } = devnet.fixtures.accounts
    const utxos = await collect(client.avm.getUTXOs.items({ addresses: [carol.x, bob.x, alice.x], limit: 300 }))
    expect(utxos).toHaveLength(alice.xUtxoCount + bob.xUtxoCount + carol.xUtxoCount)
    expect(new Set(ids(utxos)).size).toBe(utxos.length)
    for (const account of [alice, bob, carol]) {
      const own = utxos.filter((u) => u.owners?.[0] === account.shortId)
      expect(own).toHaveLength(account.xUtxoCount)
      expect(sumByAsset(own)).toEqual(account.xBalances)
    }
  })

  it('yields a UTXO two walked addresses share once, though the node lists it under each (pages of one)', async () => {
    const { dave, erin } = devnet.fixtures.accounts
    const both = await collect(client.avm.getUTXOs.items({ addresses: [dave.x, erin.x], limit: 1 }))
    expect(new Set(ids(both)).size).toBe(both.length)
    const dave1 = ids(await collect(client.avm.getUTXOs.items({ addresses: [dave.x] })))
    const erin1 = ids(await collect(client.avm.getUTXOs.items({ addresses: [erin.x] })))
    const shared = dave1.filter((id) => erin1.includes(id))
    expect(shared.length).toBeGreaterThan(0)
    expect(new Set(ids(both))).toEqual(new Set([...dave1, ...erin1]))
  })

  it('chunks more than 1024 addresses into several walks and drops UTXOs seen twice', async () => {
    const { alice, bob, carol } = devnet.fixtures.accounts
    // Group 1 (1024 addresses): alice, fillers, carol. Group 2: bob, carol again, more fillers.
    const group1 = [alice.x, ...Array.from({ length: 1022 }, (_, k) => filler(k)), carol.x]
    const group2 = [bob.x, carol.x, ...Array.from({ length: 4 }, (_, k) => filler(2000 + k))]
    let utxos: Utxo[] = []
    const requests = await requestsOn('/ext/bc/X', async () => {
      utxos = await collect(client.avm.getUTXOs.items({ addresses: [...group1, ...group2] }))
    })
    expect(utxos).toHaveLength(alice.xUtxoCount + bob.xUtxoCount + carol.xUtxoCount)
    expect(new Set(ids(utxos)).size).toBe(utxos.length)
    // Group 1: 1024 + carol's 12 -> two pages; group 2: bob's 1025 + carol's 12 -> two pages.
    expect(requests).toBe(4)
  })

  it('walks atomic UTXOs both ways with sourceChain (alias or ID)', async () => {
    const { carol, ewoq, alice } = devnet.fixtures.accounts
    const { chains } = devnet.fixtures
    // P -> X: exported on the P-Chain to carol, waiting in X-Chain shared memory.
    expect(carol.atomicFromP).toBeGreaterThan(0)
    const fromP = await collect(client.avm.getUTXOs.items({ addresses: [carol.x], sourceChain: 'P' }))
    expect(fromP).toHaveLength(carol.atomicFromP)
    expect(await collect(client.avm.getUTXOs.items({ addresses: [carol.x], sourceChain: chains.p }))).toEqual(fromP)
    for (const utxo of fromP) {
      expect(utxo.owners).toEqual([carol.shortId])
      const tx = await client.platform.getTx({ txID: utxo.txId, encoding: 'json' })
      if (tx.encoding !== 'json') throw new Error('expected json')
      expect(tx.tx.unsignedTx.destinationChain).toBe(chains.x)
    }
    // X -> P: the bulk exports to ewoq and alice, read from the P-Chain.
    for (const account of [ewoq, alice]) {
      expect(account.atomicFromX).toBeGreaterThan(0)
      const fromX = await collect(client.platform.getUTXOs.items({ addresses: [account.p], sourceChain: 'X' }))
      expect(fromX).toHaveLength(account.atomicFromX)
      expect(new Set(ids(fromX)).size).toBe(fromX.length)
      const first = fromX[0]
      if (!first) throw new Error('no atomic UTXO')
      const tx = await client.avm.getTx({ txID: first.txId, encoding: 'json' })
      if (tx.encoding !== 'json') throw new Error('expected json')
      expect(tx.tx.unsignedTx.destinationChain).toBe(chains.p)
      // Exported outputs are numbered after the tx's local outputs.
      expect(first.outputIndex).toBe(tx.tx.unsignedTx.outputs?.length)
      expect(first.amount).toBe(tx.tx.unsignedTx.exportedOutputs?.[0]?.output.amount)
    }
    // Both at once; from the C-Chain, ewoq's pending exports (`world/c-atomic.ts`) and nothing for alice.
    const both = await collect(client.platform.getUTXOs.items({ addresses: [ewoq.p, alice.p], sourceChain: 'X' }))
    expect(both).toHaveLength(ewoq.atomicFromX + alice.atomicFromX)
    const fromC = await collect(client.avm.getUTXOs.items({ addresses: [ewoq.x], sourceChain: 'C' }))
    expect(fromC.length).toBeGreaterThan(0)
    expect(fromC).toHaveLength(devnet.fixtures.c.atomic.pendingToX)
    expect(await collect(client.avm.getUTXOs.items({ addresses: [alice.x], sourceChain: 'C' }))).toEqual([])
  })

  it('walks platform.getUTXOs (local P-Chain UTXOs)', async () => {
    const { ewoq, alice } = devnet.fixtures.accounts
    const utxos = await collect(client.platform.getUTXOs.items({ addresses: [ewoq.p, alice.p] }))
    expect(utxos).toHaveLength(ewoq.pUtxoCount + alice.pUtxoCount)
    expect(utxos.reduce((sum, u) => sum + (u.amount ?? 0n), 0n)).toBe(ewoq.pBalance + alice.pBalance)
  })

  it('stops early at limit, after one request', async () => {
    const { ewoq } = devnet.fixtures.accounts
    let first5: Utxo[] = []
    const requests = await requestsOn('/ext/bc/X', async () => {
      first5 = await collect(client.avm.getUTXOs.items({ addresses: [ewoq.x] }, { limit: 5 }))
    })
    expect(first5).toHaveLength(5)
    expect(requests).toBe(1)
    const all = await collect(client.avm.getUTXOs.items({ addresses: [ewoq.x], limit: 7 }, { limit: 20 }))
    expect(ids(all).slice(0, 5)).toEqual(ids(first5))
    expect(all).toHaveLength(20)
  })
})

describe('index range walk (index.getContainerRange.items / .pages)', () => {
  it('walks a whole index with concurrency 1 and 4: identical ordered sequences, nothing lost', async () => {
    const count = devnet.fixtures.index['X/tx']
    const one = await collect(client.index.getContainerRange.items({ indexName: 'X/tx', concurrency: 1 }))
    const four = await collect(client.index.getContainerRange.items({ indexName: 'X/tx', concurrency: 4 }))
    expect(one).toHaveLength(count)
    expect(four).toEqual(one)
    expect(one.map((c) => c.index)).toEqual(Array.from({ length: count }, (_, k) => BigInt(k)))
    expect(new Set(one.map((c) => c.id)).size).toBe(count)
    expect(one[0]?.id).toBe(devnet.fixtures.x.txs.first)
    expect(one.at(-1)?.id).toBe(devnet.fixtures.x.eras.lastDagTx)
  })

  it('walks with small pages and more requests in flight, on every block index', async () => {
    for (const indexName of ['X/block', 'P/block', 'C/block'] as const) {
      const count = devnet.fixtures.index[indexName]
      const pages = await collect(client.index.getContainerRange.pages({ indexName, pageSize: 7, concurrency: 5 }))
      expect(pages.map((p) => p.length)).toEqual(
        Array.from({ length: Math.ceil(count / 7) }, (_, k) => Math.min(7, count - 7 * k)),
      )
      const items = pages.flat()
      expect(items.map((c) => c.index)).toEqual(Array.from({ length: count }, (_, k) => BigInt(k)))
      const serial = await collect(client.index.getContainerRange.items({ indexName, concurrency: 1 }))
      expect(items).toEqual(serial)
    }
    const { x, p } = devnet.fixtures
    const firstX = await collect(client.index.getContainerRange.items({ indexName: 'X/block' }, { limit: 1 }))
    expect(firstX[0]?.id).toBe(x.firstBlock.containerId)
    const firstP = await collect(client.index.getContainerRange.items({ indexName: 'P/block' }, { limit: 1 }))
    expect(firstP[0]?.id).toBe(p.firstBlock.containerId)
  })

  it('walks a sub-range across a page boundary', async () => {
    const range = await collect(
      client.index.getContainerRange.items({ indexName: 'X/tx', startIndex: 1000, endIndex: 1100n, concurrency: 3 }),
    )
    expect(range.map((c) => c.index)).toEqual(Array.from({ length: 101 }, (_, k) => BigInt(1000 + k)))
  })

  it('stops early at limit without walking the whole index', async () => {
    let first3: Container[] = []
    const requests = await requestsOn('/ext/index/X/tx', async () => {
      first3 = await collect(
        client.index.getContainerRange.items({ indexName: 'X/tx', pageSize: 10, concurrency: 1 }, { limit: 3 }),
      )
    })
    expect(first3.map((c) => c.index)).toEqual([0n, 1n, 2n])
    // getLastAccepted, the first page and at most the one prefetched after it.
    expect(requests).toBeLessThanOrEqual(3)
  })
})

// walkXChainHistory (both eras of the X-Chain) has its own suite: x-history.test.ts.
