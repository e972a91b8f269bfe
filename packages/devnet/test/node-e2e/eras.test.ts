import {
  type AvalancheClient,
  bytesToHex,
  CodecReader,
  type Container,
  cb58Decode,
  cb58Encode,
  concatBytes,
  hexDecode,
  hexEncode,
  idFromBytes,
  JsonRpcError,
  sha256,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { assertValid, componentValidator, type Json } from '../data-e2e/openapi.js'
import { clientFor, collect, rejection } from './helpers.js'

/**
 * The X-Chain's two eras as a real node serves them (`reference/node-rpc.md` 0.1): a DAG era whose txs alone fill
 * index X/tx and whose vertices fill X/vtx, both frozen at Cortina, then the linear chain whose proposervm-wrapped
 * blocks (X/block) carry every later tx; and a network with Cortina at genesis, whose X/tx and X/vtx are empty.
 */
let mainnetLike: Devnet
let local: Devnet
let client: AvalancheClient
let localClient: AvalancheClient
beforeAll(async () => {
  ;[mainnetLike, local] = await Promise.all([
    startDevnet({ index: true, xTxs: 300, utxosPerAddress: 20 }),
    startDevnet({ index: true, xTxs: 120, utxosPerAddress: 10, cortinaAtGenesis: true }),
  ])
  client = clientFor(mainnetLike)
  localClient = clientFor(local)
})
afterAll(async () => {
  await Promise.all([client.close(), localClient.close()])
  await Promise.all([mainnetLike.close(), local.close()])
})

const bytesOf = (c: Container) => hexDecode(c.bytes)
const idOf = (bytes: Uint8Array) => cb58Encode(sha256(bytes))
const X_CHAIN = () => cb58Decode(mainnetLike.fixtures.chains.x, 32)

/** `snow/engine/avalanche/vertex/stateless_vertex.go` innerStatelessVertex: v0 with epoch and txs, v1 without. */
function parseVertex(bytes: Uint8Array) {
  const r = new CodecReader(bytes)
  const version = r.u16()
  const chainId = r.bytes(32)
  const height = r.u64()
  const epoch = version === 0 ? r.u32() : 0
  const parents = r.array((x) => cb58Encode(x.bytes(32)))
  const txs = version === 0 ? r.array((x) => x.sizedBytes()) : []
  r.expectEnd('vertex')
  return { version, chainId, height, epoch, parents, txs }
}

/** `vms/proposervm/block` statelessBlock: the inner (VM) block it wraps, and its parent and timestamp. */
function unwrapProposer(bytes: Uint8Array) {
  const r = new CodecReader(bytes)
  expect(r.u16()).toBe(0)
  expect(r.u32()).toBe(0)
  const parent = cb58Encode(r.bytes(32))
  const timestamp = r.u64()
  r.u64()
  r.sizedBytes()
  const inner = r.sizedBytes()
  r.sizedBytes()
  r.expectEnd('proposervm block')
  return { parent, timestamp, inner }
}

/** `vms/avm/block/standard_block.go`: codec version, type 20, parent, height, time, merkle root, then the txs. */
const AVM_BLOCK_HEADER = 2 + 4 + 32 + 8 + 8 + 32

describe('the DAG era (before Cortina)', () => {
  it('X/tx holds exactly the DAG-era txs, in acceptance order, and stops at Cortina', async () => {
    const { x } = mainnetLike.fixtures
    const txs = await collect(client.index.getContainerRange.items({ indexName: 'X/tx' }))
    expect(x.eras.dagTxCount).toBeGreaterThan(0)
    expect(x.eras.dagTxCount).toBeLessThan(x.txCount)
    expect(txs).toHaveLength(x.eras.dagTxCount)
    expect(txs[0]?.id).toBe(x.txs.first)
    expect(txs.at(-1)?.id).toBe(x.eras.lastDagTx)
    for (const c of txs) {
      expect(idOf(bytesOf(c))).toBe(c.id)
      expect(Date.parse(c.timestamp) / 1000).toBeLessThanOrEqual(x.eras.cortinaTime)
    }
    // A linear-era tx is accepted and known to the VM, but the index never saw it (`indexer/indexer.go` L280:
    // only the DAG bootstrapper calls the TxAcceptor).
    expect(await client.index.isAccepted({ indexName: 'X/tx', id: x.eras.firstLinearTx })).toEqual({
      isAccepted: false,
    })
    expect(await client.avm.getTxStatus({ txID: x.eras.firstLinearTx })).toMatchObject({ status: 'Accepted' })
    const linear = await client.avm.getTx({ txID: x.txs.last })
    expect(linear.encoding).toBe('hex')
    // And a DAG-era tx is found by avm.getTx too.
    const dag = await client.avm.getTx({ txID: x.eras.lastDagTx })
    expect(dag.tx).toBe(txs.at(-1)?.bytes)
  })

  it('X/vtx holds the vertices carrying those txs (v0, sorted by hash), then the stop vertex (v1)', async () => {
    const { x, index } = mainnetLike.fixtures
    const [txs, vertices] = await Promise.all([
      collect(client.index.getContainerRange.items({ indexName: 'X/tx' })),
      collect(client.index.getContainerRange.items({ indexName: 'X/vtx' })),
    ])
    expect(vertices).toHaveLength(index['X/vtx'])
    expect(vertices).toHaveLength(x.eras.vertexCount + 1)
    let next = 0
    let parent: string | undefined
    for (const [k, c] of vertices.slice(0, -1).entries()) {
      // Vertex ID = sha256(bytes) (`vertex/parser.go` Parse).
      expect(idOf(bytesOf(c))).toBe(c.id)
      const v = parseVertex(bytesOf(c))
      expect(v.version).toBe(0)
      expect(bytesToHex(v.chainId)).toBe(bytesToHex(X_CHAIN()))
      expect(v.height).toBe(BigInt(k))
      expect(v.epoch).toBe(0)
      expect(v.parents).toEqual(parent ? [parent] : [])
      expect(v.txs.length).toBeGreaterThan(0)
      expect(v.txs.length).toBeLessThanOrEqual(128)
      // Txs sorted by the hash of their bytes (`utils.SortByHash`), i.e. by tx ID; each is one X/tx container.
      const ids = v.txs.map(idOf)
      const hexIds = ids.map((id) => bytesToHex(cb58Decode(id, 32)))
      expect(hexIds).toEqual([...hexIds].sort())
      const segment = txs.slice(next, next + ids.length)
      expect(new Set(ids)).toEqual(new Set(segment.map((t) => t.id)))
      for (const tx of v.txs) expect(segment.map((t) => t.bytes)).toContain(hexEncode(tx))
      next += ids.length
      parent = c.id
    }
    expect(next).toBe(txs.length)
    const stop = vertices.at(-1) as Container
    expect(stop.id).toBe(x.eras.stopVertexId)
    expect(idOf(bytesOf(stop))).toBe(stop.id)
    const v = parseVertex(bytesOf(stop))
    expect(v).toMatchObject({ version: 1, height: BigInt(x.eras.vertexCount), parents: [parent], txs: [] })
    expect(Date.parse(stop.timestamp) / 1000).toBeCloseTo(x.eras.cortinaTime, 0)
  })
})

describe('the linear era (after Cortina)', () => {
  it('starts the linear chain at the stop vertex: block 0 is its child, at the Cortina time', async () => {
    const { x } = mainnetLike.fixtures
    const genesis = await client.avm.getBlockByHeight({ height: 0, encoding: 'json' })
    if (genesis.encoding !== 'json') throw new Error('expected json')
    // `vms/avm/state/state.go` initializeChainState: NewStandardBlock(stopVertexID, 0, CortinaTime, nil).
    expect(genesis.block.parentID).toBe(x.eras.stopVertexId)
    expect(genesis.block.time).toBe(BigInt(x.eras.cortinaTime))
    expect(genesis.block.txs).toEqual([])
    const first = await client.avm.getBlockByHeight({ height: 1, encoding: 'json' })
    if (first.encoding !== 'json') throw new Error('expected json')
    expect(first.block.parentID).toBe(genesis.block.id)
  })

  it('X/block containers unwrap to AVM blocks whose txs are exactly the linear-era txs, in order', async () => {
    const { x, index } = mainnetLike.fixtures
    const blocks = await collect(client.index.getContainerRange.items({ indexName: 'X/block' }))
    expect(blocks).toHaveLength(index['X/block'])
    const dagIds = new Set(
      (await collect(client.index.getContainerRange.items({ indexName: 'X/tx' }))).map((c) => c.id),
    )
    const linearIds: string[] = []
    let previousContainer: string | undefined
    for (const [position, container] of blocks.entries()) {
      const height = position + 1
      const { parent, inner } = unwrapProposer(bytesOf(container))
      if (previousContainer) expect(parent).toBe(previousContainer)
      previousContainer = container.id
      // The wrapped block is the VM's own block at that height.
      const vmBlock = await client.avm.getBlockByHeight({ height })
      if (vmBlock.encoding === 'json') throw new Error('expected hex')
      expect(hexEncode(inner)).toBe(vmBlock.block)
      const json = await client.avm.getBlockByHeight({ height, encoding: 'json' })
      if (json.encoding !== 'json') throw new Error('expected json')
      expect(json.block.height).toBe(BigInt(height))
      // Inner block = header, tx count, then each signed tx without its codec version.
      const ids = json.block.txs.map((t) => t.id as string)
      const txBytes = await Promise.all(ids.map((txID) => client.avm.getTx({ txID })))
      const body = concatBytes(...txBytes.map((t) => hexDecode(t.tx as string).subarray(2)))
      expect(bytesToHex(inner.subarray(AVM_BLOCK_HEADER + 4))).toBe(bytesToHex(body))
      expect(new CodecReader(inner.subarray(AVM_BLOCK_HEADER)).u32()).toBe(ids.length)
      linearIds.push(...ids)
    }
    expect(linearIds).toHaveLength(x.txCount - x.eras.dagTxCount)
    expect(linearIds[0]).toBe(x.eras.firstLinearTx)
    expect(linearIds.at(-1)).toBe(x.txs.last)
    for (const id of linearIds) expect(dagIds.has(id)).toBe(false)
    expect(idFromBytes(hexDecode((await client.avm.getTx({ txID: linearIds[0] as string })).tx as string))).toBe(
      linearIds[0],
    )
  })
})

describe('a network with Cortina at genesis (a local network)', () => {
  it('has empty X/tx and X/vtx that answer the node errors, and every tx in blocks', async () => {
    const { x, index } = local.fixtures
    expect(x.eras).toMatchObject({ cortinaAtGenesis: true, dagTxCount: 0, vertexCount: 0, lastDagTx: '' })
    expect(index['X/tx']).toBe(0)
    expect(index['X/vtx']).toBe(0)
    for (const indexName of ['X/tx', 'X/vtx'] as const) {
      // `indexer/index.go`: errNoneAccepted, and errNoContainerAtIndex for any index.
      const last = await rejection(localClient.index.getLastAccepted({ indexName }), JsonRpcError)
      expect(last.rpcMessage).toBe('no containers have been accepted')
      const range = await rejection(
        localClient.index.getContainerRange({ indexName, startIndex: 0, numToFetch: 10 }),
        JsonRpcError,
      )
      expect(range.rpcMessage).toBe('no containers have been accepted')
      const at = await rejection(localClient.index.getContainerByIndex({ indexName, index: 0 }), JsonRpcError)
      expect(at.rpcMessage).toBe('no container at index 0')
      expect(await localClient.index.isAccepted({ indexName, id: x.txs.first })).toEqual({ isAccepted: false })
    }
    expect(await collect(localClient.index.getContainerRange.items({ indexName: 'X/tx' }))).toEqual([])
    const ids: string[] = []
    for (let height = 1; height <= x.height; height++) {
      const reply = await localClient.avm.getBlockByHeight({ height, encoding: 'json' })
      if (reply.encoding !== 'json') throw new Error('expected json')
      ids.push(...reply.block.txs.map((t) => t.id as string))
    }
    expect(ids).toHaveLength(x.txCount)
    expect(ids[0]).toBe(x.txs.first)
    expect(ids.at(-1)).toBe(x.txs.last)
  })

  it('roots the linear chain at the stop vertex the node builds on the empty DAG edge', async () => {
    // `bootstrapper.go` Start: BuildStopVtx(edge = []) -> `vertex.BuildStopVertex(chainID, height 0, no parents)`:
    // u16 version 1, chain ID, u64 height, u32 parent count.
    const stop = concatBytes(Uint8Array.of(0, 1), X_CHAIN(), new Uint8Array(8), new Uint8Array(4))
    expect(local.fixtures.x.eras.stopVertexId).toBe(idOf(stop))
    const genesis = await localClient.avm.getBlockByHeight({ height: 0, encoding: 'json' })
    if (genesis.encoding !== 'json') throw new Error('expected json')
    expect(genesis.block.parentID).toBe(idOf(stop))
  })
})

describe('the Data API listing of the X-Chain', () => {
  it('gives DAG-era txs the non-linear form (vertices) and later ones the linear form (block)', async () => {
    const { x } = mainnetLike.fixtures
    const vertices = await collect(client.index.getContainerRange.items({ indexName: 'X/vtx' }))
    const listed: Json[] = []
    let pageToken: string | undefined
    do {
      const query = `sortOrder=asc&pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`
      const page = (await (
        await fetch(`${mainnetLike.url}/v1/networks/fuji/blockchains/x-chain/transactions?${query}`)
      ).json()) as Json
      listed.push(...page.transactions)
      pageToken = page.nextPageToken
    } while (pageToken)
    expect(listed).toHaveLength(x.txCount)
    const dag = listed.slice(0, x.eras.dagTxCount)
    const linear = listed.slice(x.eras.dagTxCount)
    expect(dag.at(-1).txHash).toBe(x.eras.lastDagTx)
    expect(linear[0].txHash).toBe(x.eras.firstLinearTx)
    const validNonLinear = componentValidator('data', 'XChainNonLinearTransaction')
    const validLinear = componentValidator('data', 'XChainLinearTransaction')
    for (const tx of dag) {
      assertValid(validNonLinear, tx, tx.txHash)
      expect(tx.chainFormat).toBe('non-linear')
      expect(tx).not.toHaveProperty('blockHeight')
      const [vertex] = tx.vertices
      // The vertex the tx was accepted in is the X/vtx container at its height, and holds the tx.
      const container = vertices[vertex.height] as Container
      expect(vertex.hash).toBe(container.id)
      expect(parseVertex(bytesOf(container)).txs.map(idOf)).toContain(tx.txHash)
      expect(vertex.timestamp).toBe(tx.timestamp)
    }
    for (const tx of linear) {
      assertValid(validLinear, tx, tx.txHash)
      expect(tx.chainFormat).toBe('linear')
      expect(tx).not.toHaveProperty('vertices')
    }
    const first = await client.avm.getBlockByHeight({ height: linear[0].blockHeight, encoding: 'json' })
    if (first.encoding !== 'json') throw new Error('expected json')
    expect(linear[0]).toMatchObject({ blockHeight: 1, blockHash: first.block.id })
    expect(first.block.txs.map((t) => t.id)).toContain(linear[0].txHash)
  })
})
