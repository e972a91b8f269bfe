import {
  type AvalancheClient,
  cb58Encode,
  hexDecode,
  idFromBytes,
  JsonRpcError,
  services,
  sha256,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rejection } from './helpers.js'

/** The index service through core against a devnet started with `index: true`. */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ index: true, xTxs: 300, utxosPerAddress: 20, pBlocks: 60, cBlocks: 20 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const NAMES = ['X/tx', 'X/vtx', 'X/block', 'P/block', 'C/block'] as const

describe('index.getLastAccepted', () => {
  it('returns the last container of every index at position count - 1 (bigint)', async () => {
    for (const indexName of NAMES) {
      const container = await client.index.getLastAccepted({ indexName })
      expect(container.index, indexName).toBe(BigInt(devnet.fixtures.index[indexName] - 1))
      expect(container.encoding).toBe('hex')
      expect(container.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/)
    }
    // X/tx ends with the DAG era, X/vtx with the stop vertex (`reference/node-rpc.md` 0.1).
    const last = await client.index.getLastAccepted({ indexName: 'X/tx' })
    expect(last.id).toBe(devnet.fixtures.x.eras.lastDagTx)
    const stop = await client.index.getLastAccepted({ indexName: 'X/vtx' })
    expect(stop.id).toBe(devnet.fixtures.x.eras.stopVertexId)
  })
})

describe('index.getContainerByIndex / getContainerByID / getIndex / isAccepted', () => {
  it('round-trips on every index: by index -> ID -> by ID -> getIndex -> isAccepted', async () => {
    for (const indexName of NAMES) {
      const count = devnet.fixtures.index[indexName]
      for (const position of [0, Math.floor(count / 2), count - 1]) {
        const byIndex = await client.index.getContainerByIndex({ indexName, index: position })
        expect(byIndex.index).toBe(BigInt(position))
        const byId = await client.index.getContainerByID({ indexName, id: byIndex.id })
        expect(byId).toEqual(byIndex)
        expect(await client.index.getIndex({ indexName, id: byIndex.id })).toEqual({ index: BigInt(position) })
        expect(await client.index.isAccepted({ indexName, id: byIndex.id })).toEqual({ isAccepted: true })
      }
    }
  })

  it('gives the fixture IDs: first tx, first X and P blocks (proposervm container IDs)', async () => {
    const { x, p } = devnet.fixtures
    expect((await client.index.getContainerByIndex({ indexName: 'X/tx', index: 0 })).id).toBe(x.txs.first)
    expect((await client.index.getContainerByIndex({ indexName: 'X/block', index: 0n })).id).toBe(
      x.firstBlock.containerId,
    )
    expect((await client.index.getContainerByIndex({ indexName: 'P/block', index: '0' })).id).toBe(
      p.firstBlock.containerId,
    )
  })

  it('X/tx container ID = sha256(bytes); block containers wrap the inner block (ID = proposervm rule)', async () => {
    const tx = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 5 })
    expect(idFromBytes(hexDecode(tx.bytes))).toBe(tx.id)
    const block = await client.index.getContainerByIndex({ indexName: 'X/block', index: 0 })
    const bytes = hexDecode(block.bytes)
    expect(idFromBytes(bytes)).not.toBe(block.id)
    // The inner avm block (avm.getBlockByHeight(1)) sits inside the proposervm container.
    const inner = await client.avm.getBlockByHeight({ height: 1 })
    if (inner.encoding === 'json') throw new Error('expected hex')
    expect(block.bytes).toContain(inner.block.slice(2, -8))
  })

  it('serves hexnc without and hex/hexc with the checksum', async () => {
    const hex = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 1 })
    const hexc = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 1, encoding: 'hexc' })
    const hexnc = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 1, encoding: 'hexnc' })
    expect(hexc.bytes).toBe(hex.bytes)
    expect(hexnc.encoding).toBe('hexnc')
    expect(hex.bytes).toBe(hexnc.bytes + hex.bytes.slice(-8))
    expect(idFromBytes(hexDecode(hexnc.bytes, { checksum: false }))).toBe(hex.id)
  })

  it('answers isAccepted false (not an error) and getIndex/getContainerByID "not found" for unknown IDs', async () => {
    const unknown = cb58Encode(sha256(new TextEncoder().encode('not a container')))
    expect(await client.index.isAccepted({ indexName: 'X/tx', id: unknown })).toEqual({ isAccepted: false })
    // A P block ID is not in the X/tx index either.
    const pBlock = devnet.fixtures.p.firstBlock.containerId
    expect(await client.index.isAccepted({ indexName: 'X/tx', id: pBlock })).toEqual({ isAccepted: false })
    for (const call of [
      client.index.getIndex({ indexName: 'X/tx', id: unknown }),
      client.index.getContainerByID({ indexName: 'P/block', id: unknown }),
    ]) {
      const error = await rejection(call, JsonRpcError)
      expect(error.rpcMessage).toBe('not found')
      expect(error.isNotFound).toBe(true)
    }
  })
})

describe('index.getContainerRange', () => {
  it('returns {containers} in order from startIndex, the same containers getContainerByIndex gives', async () => {
    const { containers } = await client.index.getContainerRange({ indexName: 'X/tx', startIndex: 10, numToFetch: 8 })
    expect(containers.map((c) => c.index)).toEqual(Array.from({ length: 8 }, (_, k) => BigInt(10 + k)))
    expect(containers[3]).toEqual(await client.index.getContainerByIndex({ indexName: 'X/tx', index: 13 }))
  })

  it('returns a short read at the tip', async () => {
    const count = devnet.fixtures.index['C/block']
    const { containers } = await client.index.getContainerRange({
      indexName: 'C/block',
      startIndex: count - 3,
      numToFetch: 10,
    })
    expect(containers.map((c) => c.index)).toEqual([count - 3, count - 2, count - 1].map(BigInt))
  })

  it('answers numToFetch 0 locally with no containers and no request', async () => {
    const before = devnet.stats.requests
    const reply = await client.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: 0 })
    expect(reply).toEqual({ containers: [] })
    expect(devnet.stats.requests).toBe(before)
  })

  it('X/tx container i is the tx avm.getTx returns for its ID', async () => {
    const { containers } = await client.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: 40 })
    for (const container of containers) {
      const reply = await client.avm.getTx({ txID: container.id })
      if (reply.encoding === 'json') throw new Error('expected hex')
      expect(reply.tx).toBe(container.bytes)
    }
  })
})

it('called every index operation of the catalog against the devnet', () => {
  for (const op of Object.values(services.index)) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
})
