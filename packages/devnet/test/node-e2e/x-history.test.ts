import {
  ApiDisabledError,
  type AvalancheClient,
  type Container,
  decodeAvmTx,
  hexDecode,
  JsonRpcError,
  NONE_ACCEPTED,
  walkXChainHistory,
  type XChainBlock,
  type XChainHistoryEntry,
  type XChainHistoryParams,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, collect, rejection } from './helpers.js'

/**
 * The X-Chain history walk (core's walkXChainHistory) over HTTP against a devnet shaped like Mainnet: a DAG era whose
 * txs are the only ones in index X/tx, then the linear era whose txs are only inside the X/block blocks
 * (`reference/node-rpc.md` 0.1). The same seed and sizes build the same chain, so devnets started with and without
 * the index API hold the same transactions.
 */
const WORLD = { utxosPerAddress: 1, xTxs: 600, xDagTxs: 250, xBlockTxs: 4 }

let devnet: Devnet
let client: AvalancheClient
/** The whole history, read once with hex encoding. */
let history: XChainHistoryEntry[]
beforeAll(async () => {
  devnet = await startDevnet({ ...WORLD, index: true })
  client = clientFor(devnet)
  history = await collect(walkXChainHistory(client, { encoding: 'hex', concurrency: 3 }))
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const ids = (entries: readonly XChainHistoryEntry[]) => entries.map((e) => e.txId)
const walk = (params: XChainHistoryParams, using = client) => collect(walkXChainHistory(using, params))

/** Requests the devnet received on a path while `run` ran. */
async function requestsOn(on: Devnet, path: string, run: () => Promise<unknown>): Promise<number> {
  const before = on.stats.byPath[path] ?? 0
  await run()
  return (on.stats.byPath[path] ?? 0) - before
}

/** Every linear-era tx as the node lists it block by block (avm.getBlockByHeight, json), with its place. */
async function blockList(using: AvalancheClient, height: number) {
  const out: { txId: string; height: bigint; blockId: string; txIndex: number }[] = []
  for (let h = 1; h <= height; h++) {
    const { block } = (await using.avm.getBlockByHeight({ height: h, encoding: 'json' })) as { block: XChainBlock }
    block.txs.forEach((tx, txIndex) => {
      out.push({ txId: tx.id as string, height: block.height, blockId: block.id as string, txIndex })
    })
  }
  return out
}

describe('walkXChainHistory: both eras, in acceptance order', () => {
  it('yields every X tx once: the X/tx containers (dag), then the txs of every X/block block (linear)', async () => {
    const { x } = devnet.fixtures
    expect(x.eras.dagTxCount).toBe(WORLD.xDagTxs)
    expect(history).toHaveLength(x.txCount)
    expect(new Set(ids(history)).size).toBe(x.txCount)
    const dag = history.slice(0, x.eras.dagTxCount)
    const linear = history.slice(x.eras.dagTxCount)
    expect(dag.every((e) => e.era === 'dag')).toBe(true)
    expect(linear.every((e) => e.era === 'linear')).toBe(true)
    // The DAG era is X/tx, position by position.
    const xTx = await collect(client.index.getContainerRange.items({ indexName: 'X/tx' }))
    expect(ids(dag)).toEqual(xTx.map((c) => c.id))
    expect(dag.map((e) => e.era === 'dag' && e.container.index)).toEqual(xTx.map((c) => c.index))
    // The boundaries the devnet reports.
    expect([history[0]?.txId, dag.at(-1)?.txId]).toEqual([x.txs.first, x.eras.lastDagTx])
    expect([linear[0]?.txId, linear.at(-1)?.txId]).toEqual([x.eras.firstLinearTx, x.txs.last])
    // The linear era is the blocks' txs, each with its block and place in it, as avm.getBlockByHeight lists them.
    const places = linear.map((e) =>
      e.era === 'linear' ? { txId: e.txId, height: e.block.height, blockId: e.block.id, txIndex: e.txIndex } : e,
    )
    expect(places).toEqual(await blockList(client, x.height))
  })

  it('linear entries name both block IDs; hex txs are the signed bytes avm.getTx returns', async () => {
    const { x } = devnet.fixtures
    const first = history[x.eras.dagTxCount]
    if (first?.era !== 'linear') throw new Error('expected the first linear entry')
    expect(first.block).toMatchObject({ height: 1n, id: x.firstBlock.id })
    expect(first.block.container).toMatchObject({ id: x.firstBlock.containerId, index: 0n })
    for (const entry of [history[0], history[x.eras.dagTxCount - 1], first, history.at(-1)]) {
      const { tx } = await client.avm.getTx({ txID: entry?.txId as string })
      expect(entry?.tx).toBe(tx)
      expect(decodeAvmTx(hexDecode(tx as string)).id).toBe(entry?.txId)
    }
  })

  it('hex with the index costs no request per tx or block: X/tx and X/block pages only', async () => {
    const bc = await requestsOn(devnet, '/ext/bc/X', async () => {
      const xBlock = await requestsOn(devnet, '/ext/index/X/block', () => walk({ encoding: 'hex' }))
      // getLastAccepted, then the blocks in pages of 1024.
      expect(xBlock).toBe(1 + Math.ceil(devnet.fixtures.x.height / 1024))
    })
    expect(bc).toBe(0)
  })

  it('json: decoded txs (avm.getTx for the DAG era, avm.getBlockByHeight per block), same order', async () => {
    const { eras } = devnet.fixtures.x
    const from = { era: 'dag', position: eras.dagTxCount - 3 } as const
    const entries = await walk({ from, to: { era: 'linear', height: 3 }, concurrency: 2 })
    const expected = history.filter(
      (e) =>
        (e.era === 'dag' && e.container.index >= BigInt(from.position)) || (e.era === 'linear' && e.block.height <= 3n),
    )
    expect(ids(entries)).toEqual(ids(expected))
    expect(entries.map((e) => e.era)).toEqual(expected.map((e) => e.era))
    for (const entry of entries) {
      if (typeof entry.tx === 'string') throw new Error('expected a decoded tx')
      expect(entry.tx.id).toBe(entry.txId)
    }
  })

  it('resumes from any entry: next of the last entry read, across the era boundary and inside a block', async () => {
    const { eras } = devnet.fixtures.x
    // A block with several txs, to cut inside it.
    const cut = history.findIndex((e, k) => e.era === 'linear' && e.txIndex === 1 && k > eras.dagTxCount + 10)
    for (const stop of [10, eras.dagTxCount - 1, eras.dagTxCount, cut]) {
      const head = history.slice(0, stop)
      const resumed = await walk({ from: head.at(-1)?.next ?? { era: 'dag', position: 0 }, encoding: 'hex' })
      expect(ids([...head, ...resumed])).toEqual(ids(history))
    }
  })

  it('from and to bound the walk in either era; startIndex/endIndex stay X/tx positions', async () => {
    const { eras } = devnet.fixtures.x
    const linear = history.slice(eras.dagTxCount)
    const inBlocks = await walk({
      from: { era: 'linear', height: 2, txIndex: 1 },
      to: { era: 'linear', height: 4, txIndex: 0 },
      encoding: 'hex',
    })
    const at = (e: XChainHistoryEntry) => (e.era === 'linear' ? [e.block.height, e.txIndex] : [])
    const within = linear.filter((e) => {
      const [h, k] = at(e) as [bigint, number]
      return (h > 2n || (h === 2n && k >= 1)) && (h < 4n || (h === 4n && k === 0))
    })
    expect(ids(inBlocks)).toEqual(ids(within))
    const dagOnly = await walk({ startIndex: 5, endIndex: 9, encoding: 'hex' })
    expect(ids(dagOnly)).toEqual(ids(history.slice(5, 10)))
    expect(dagOnly.every((e) => e.era === 'dag')).toBe(true)
  })

  it('error: bad cursors and options are refused before any request, naming the parameter', async () => {
    const requests = await requestsOn(devnet, '/ext/index/X/tx', async () => {
      await expect(walk({ from: { era: 'linear', height: -1 } })).rejects.toThrow(
        'from.height must be a whole number >= 0, got -1',
      )
      await expect(walk({ to: { era: 'vertex' } as never })).rejects.toThrow(
        /to must be \{ era: "dag", position \} or \{ era: "linear", height, txIndex\? \}, got era vertex/,
      )
      await expect(walk({ from: { era: 'dag', position: 0 }, startIndex: 1 })).rejects.toThrow(/not both/)
      await expect(walk({ concurrency: 0 })).rejects.toThrow('concurrency must be a whole number from 1 to 64, got 0')
    })
    expect(requests).toBe(0)
  })
})

describe('without the index API: avm.getBlockByHeight from height 1 to avm.getHeight', () => {
  let plain: Devnet
  let plainClient: AvalancheClient
  beforeAll(async () => {
    plain = await startDevnet(WORLD)
    plainClient = clientFor(plain)
  })
  afterAll(async () => {
    await plainClient.close()
    await plain.close()
  })

  it('yields the linear era (the DAG era is out of reach), the same txs and places as through the index', async () => {
    await rejection(plainClient.index.getLastAccepted({ indexName: 'X/tx' }), ApiDisabledError)
    const linear = history.filter((e) => e.era === 'linear')
    for (const encoding of ['hex', 'json'] as const) {
      const entries = await walk({ encoding, concurrency: 3 }, plainClient)
      expect(ids(entries)).toEqual(ids(linear))
      const first = entries[0]
      if (first?.era !== 'linear') throw new Error('expected a linear entry')
      expect(first.block).toEqual({
        height: 1n,
        id: plain.fixtures.x.firstBlock.id,
        parentId: expect.any(String),
        time: expect.any(BigInt),
      })
      if (encoding === 'hex') expect(entries.map((e) => e.tx)).toEqual(linear.map((e) => e.tx))
    }
    // One getHeight and one getBlockByHeight per block.
    const requests = await requestsOn(plain, '/ext/bc/X', () => walk({ encoding: 'hex' }, plainClient))
    expect(requests).toBe(1 + plain.fixtures.x.height)
  })
})

describe('Cortina at genesis (a local network): X/tx is empty', () => {
  let local: Devnet
  let localClient: AvalancheClient
  beforeAll(async () => {
    const { xDagTxs: _, ...sizes } = WORLD
    local = await startDevnet({ ...sizes, cortinaAtGenesis: true, index: true })
    localClient = clientFor(local)
  })
  afterAll(async () => {
    await localClient.close()
    await local.close()
  })

  it('walking the empty X/tx yields nothing instead of throwing; the history is all linear', async () => {
    const error = await rejection(localClient.index.getLastAccepted({ indexName: 'X/tx' }), JsonRpcError)
    expect(error.rpcMessage).toBe(NONE_ACCEPTED)
    expect(await collect(localClient.index.getContainerRange.items({ indexName: 'X/tx' }))).toEqual([])
    const explicit: Container[] = await collect(
      localClient.index.getContainerRange.items({ indexName: 'X/tx', startIndex: 0, endIndex: 10 }),
    )
    expect(explicit).toEqual([])
    const entries = await walk({ encoding: 'hex' }, localClient)
    expect(entries).toHaveLength(local.fixtures.x.txCount)
    expect(entries.every((e) => e.era === 'linear')).toBe(true)
    expect([entries[0]?.txId, entries.at(-1)?.txId]).toEqual([local.fixtures.x.txs.first, local.fixtures.x.txs.last])
    expect(await walk({ from: { era: 'dag', position: 0 }, to: { era: 'dag', position: 100 } }, localClient)).toEqual(
      [],
    )
  })
})
