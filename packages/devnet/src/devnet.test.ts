import { cb58Encode, decodeUtxo, hexDecode, idFromBytes, parseJsonLossless, utxoId } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from './index.js'

async function call(devnet: Devnet, path: string, method: string, params: unknown = {}) {
  const res = await fetch(devnet.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  // biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
  const json = parseJsonLossless(await res.text()) as { result?: any; error?: { message: string } }
  if (json.error) throw new Error(json.error.message)
  return json.result
}

describe('determinism', () => {
  const devnets: Devnet[] = []
  afterAll(async () => {
    await Promise.all(devnets.map((d) => d.close()))
  })

  it('gives byte-identical containers for the same seed and different ones for another seed', async () => {
    const [a, b, c] = await Promise.all([
      startDevnet({ index: true, seed: 7 }),
      startDevnet({ index: true, seed: 7 }),
      startDevnet({ index: true, seed: 8 }),
    ])
    devnets.push(a, b, c)
    for (const [path, index] of [
      ['/ext/index/X/tx', 0],
      ['/ext/index/X/tx', a.fixtures.index['X/tx'] - 1],
      ['/ext/index/X/vtx', 7],
      ['/ext/index/X/block', a.fixtures.index['X/block'] - 1],
    ] as const) {
      const [ca, cb, cc] = await Promise.all(
        [a, b, c].map((d) => call(d, path, 'index.getContainerByIndex', { index })),
      )
      expect(ca).toEqual(cb)
      expect(ca.bytes).not.toBe(cc.bytes)
    }
    const blocks = await Promise.all([a, b].map((d) => call(d, '/ext/index/P/block', 'index.getLastAccepted')))
    expect(blocks[0]).toEqual(blocks[1])
    expect(a.fixtures).toEqual(b.fixtures)
  })
})

describe('consistency', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ index: true })
  })
  afterAll(async () => {
    await devnet.close()
  })

  it('serves in X/tx exactly the DAG-era txs avm.getTx returns, with id = sha256(bytes), up to the last one', async () => {
    const { containers } = await call(devnet, '/ext/index/X/tx', 'index.getContainerRange', {
      startIndex: devnet.fixtures.x.eras.dagTxCount - 20,
      numToFetch: 100,
    })
    expect(containers).toHaveLength(20)
    expect(containers[19].id).toBe(devnet.fixtures.x.eras.lastDagTx)
    for (const c of containers) {
      const { tx } = await call(devnet, '/ext/bc/X', 'avm.getTx', { txID: c.id })
      expect(tx).toBe(c.bytes)
      expect(idFromBytes(hexDecode(c.bytes))).toBe(c.id)
      const json = await call(devnet, '/ext/bc/X', 'avm.getTx', { txID: c.id, encoding: 'json' })
      expect(json.tx.id).toBe(c.id)
    }
  })

  it('makes the sum of all paginated UTXOs equal getBalance and getAllBalances', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const avax = devnet.fixtures.assets.avax.id
    const seen = new Set<string>()
    const totals = new Map<string, bigint>()
    let startIndex: unknown
    for (;;) {
      const page = await call(devnet, '/ext/bc/X', 'avm.getUTXOs', {
        addresses: [ewoq.x],
        limit: 1024,
        ...(startIndex ? { startIndex } : {}),
      })
      for (const hex of page.utxos as string[]) {
        const utxo = decodeUtxo(hexDecode(hex))
        expect(utxo.id).toBe(utxoId(utxo.txId, utxo.outputIndex))
        expect(seen.has(utxo.id)).toBe(false)
        seen.add(utxo.id)
        if (utxo.amount !== undefined) totals.set(utxo.assetId, (totals.get(utxo.assetId) ?? 0n) + utxo.amount)
      }
      startIndex = page.endIndex
      if (Number(page.numFetched) < 1024) break
    }
    expect(seen.size).toBe(ewoq.xUtxoCount)
    const balance = await call(devnet, '/ext/bc/X', 'avm.getBalance', { address: ewoq.x, assetID: 'AVAX' })
    expect(BigInt(balance.balance)).toBe(totals.get(avax))
    expect(BigInt(balance.balance)).toBe(ewoq.xBalances[avax])
    const all = await call(devnet, '/ext/bc/X', 'avm.getAllBalances', { address: ewoq.x })
    for (const { asset, balance: b } of all.balances as { asset: string; balance: string }[]) {
      expect(BigInt(b)).toBe(totals.get(asset === 'AVAX' ? avax : asset))
    }
  })

  it('lists in getBalance utxoIDs the UTXOs getUTXOs returns that it counts: alone and unlocked, or all with includePartial', async () => {
    const { dave } = devnet.fixtures.accounts
    const ids = (reply: { utxoIDs: { txID: string; outputIndex: number }[] }) =>
      reply.utxoIDs.map((u) => utxoId(u.txID, u.outputIndex))
    const page = await call(devnet, '/ext/bc/X', 'avm.getUTXOs', { addresses: [dave.x] })
    const avaxUtxos = (page.utxos as string[])
      .map((hex) => decodeUtxo(hexDecode(hex)))
      .filter((u) => u.assetId === devnet.fixtures.assets.avax.id)
    const alone = await call(devnet, '/ext/bc/X', 'avm.getBalance', { address: dave.x, assetID: 'AVAX' })
    const now = BigInt(Math.floor(Date.now() / 1000))
    const counted = avaxUtxos.filter((u) => u.owners?.length === 1 && (u.locktime as bigint) <= now)
    expect(ids(alone)).toEqual(counted.map((u) => u.id))
    // dave's AVAX UTXOs include one still time-locked and two shared with erin.
    expect(counted).toHaveLength(avaxUtxos.length - 3)
    const partial = { address: dave.x, assetID: 'AVAX', includePartial: true }
    expect(ids(await call(devnet, '/ext/bc/X', 'avm.getBalance', partial))).toEqual(avaxUtxos.map((u) => u.id))
  })

  it('chains X blocks by parent ID and puts each tx in its block', async () => {
    let parent: string | undefined
    for (const height of [1, 2, 3]) {
      const { block } = await call(devnet, '/ext/bc/X', 'avm.getBlockByHeight', { height, encoding: 'json' })
      if (parent) expect(block.parentID).toBe(parent)
      const hex = await call(devnet, '/ext/bc/X', 'avm.getBlockByHeight', { height })
      expect(idFromBytes(hexDecode(hex.block))).toBe(block.id)
      parent = block.id
      const byId = await call(devnet, '/ext/bc/X', 'avm.getBlock', { blockID: block.id, encoding: 'json' })
      expect(byId.block).toEqual(block)
    }
    expect(parent).toBeDefined()
  })

  it('indexes proposervm blocks whose ID is sha256 of the bytes without the signature suffix', async () => {
    for (const path of ['/ext/index/X/block', '/ext/index/P/block', '/ext/index/C/block']) {
      const c = await call(devnet, path, 'index.getContainerByIndex', { index: 0 })
      const bytes = hexDecode(c.bytes)
      expect(idFromBytes(bytes.subarray(0, bytes.length - 4))).toBe(c.id)
      expect(await call(devnet, path, 'index.getIndex', { id: c.id })).toEqual({ index: '0' })
    }
    const first = await call(devnet, '/ext/index/X/block', 'index.getContainerByIndex', { index: 0 })
    expect(first.id).toBe(devnet.fixtures.x.firstBlock.containerId)
  })

  it('keeps amounts above 2^53 exact in JSON', async () => {
    const { tx } = await call(devnet, '/ext/bc/X', 'avm.getTx', { txID: devnet.fixtures.x.txs.first, encoding: 'json' })
    const amount = tx.unsignedTx.outputs[0].output.amount
    expect(typeof amount).toBe('bigint')
    expect(amount).toBeGreaterThan(2n ** 53n)
  })

  it('exports X→P and P→X atomic UTXOs that the other chain lists', async () => {
    const { ewoq, carol } = devnet.fixtures.accounts
    const toP = await call(devnet, '/ext/bc/P', 'platform.getUTXOs', { addresses: [ewoq.p], sourceChain: 'X' })
    expect(Number(toP.numFetched)).toBe(ewoq.atomicFromX)
    const exportTx = await call(devnet, '/ext/bc/X', 'avm.getTx', {
      txID: decodeUtxo(hexDecode(toP.utxos[0])).txId,
      encoding: 'json',
    })
    expect(exportTx.tx.unsignedTx.destinationChain).toBe(devnet.fixtures.chains.p)
    const toX = await call(devnet, '/ext/bc/X', 'avm.getUTXOs', { addresses: [carol.x], sourceChain: 'P' })
    expect(Number(toX.numFetched)).toBe(carol.atomicFromP)
    const pTx = await call(devnet, '/ext/bc/P', 'platform.getTx', {
      txID: decodeUtxo(hexDecode(toX.utxos[0])).txId,
      encoding: 'json',
    })
    expect(pTx.tx.unsignedTx.destinationChain).toBe(devnet.fixtures.chains.x)
  })

  it('has a P-Chain balance equal to its UTXOs and utxoIDs null when empty', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const balance = await call(devnet, '/ext/bc/P', 'platform.getBalance', { addresses: [ewoq.p] })
    expect(BigInt(balance.balance)).toBe(ewoq.pBalance)
    const page = await call(devnet, '/ext/bc/P', 'platform.getUTXOs', { addresses: [ewoq.p] })
    expect(page.utxos.map((h: string) => decodeUtxo(hexDecode(h)).amount)).toEqual([ewoq.pBalance])
    const empty = await call(devnet, '/ext/bc/P', 'platform.getBalance', {
      addresses: [devnet.fixtures.accounts.bob.p],
    })
    expect(empty).toMatchObject({ balance: '0', balances: {}, utxoIDs: null })
  })

  it('reports asset IDs that getAssetDescription and the creating tx agree on', async () => {
    const { usdt } = devnet.fixtures.assets
    expect(await call(devnet, '/ext/bc/X', 'avm.getAssetDescription', { assetID: usdt.id })).toEqual({
      assetID: usdt.id,
      name: usdt.name,
      symbol: 'USDT',
      denomination: '6',
    })
    expect(cb58Encode(new Uint8Array(32))).not.toBe(usdt.id)
    expect(devnet.fixtures.x.txs.createAsset[0]).toBe(usdt.id)
  })
})
