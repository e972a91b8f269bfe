import { cb58Decode, cb58Encode, decodeUtxo, idFromBytes, utxoId } from '@avalanche-automation/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { encodeUtxo, localOutputs } from './avm-codec.js'
import type { Output } from './components.js'
import { CREATE_ASSET_TX_FEE, TX_FEE } from './constants.js'
import { World } from './world.js'

const options = { seed: 1, xTxs: 5000, xDagTxs: 1036, utxosPerAddress: 3000, xBlockTxs: 4, pBlocks: 200, cBlocks: 100 }

describe('world', () => {
  let world: World
  beforeAll(() => {
    world = new World(options)
  })

  /** The outputs a spender can reference: local outputs, plus export outputs at the indices after them. */
  function outputAt(txIdText: string, index: number): Output | undefined {
    if (txIdText === cb58Encode(world.x.genesis.id)) return localOutputs(world.x.genesis.tx, world.x.genesis.id)[index]
    const pExport = world.p.exportsToX.find((e) => cb58Encode(e.txId) === txIdText && e.outputIndex === index)
    if (pExport)
      return {
        ...pExport,
        assetId: world.assetIds[0] as Uint8Array,
        typeId: 7,
        locktime: 0n,
        threshold: 1,
        addresses: [pExport.owner],
      } as Output
    const position = world.index('xTx').find(cb58Decode(txIdText, 32))
    if (position < 0) return undefined
    return localOutputs(world.x.tx(position).tx, world.x.tx(position).id)[index]
  }

  function sum(list: { amount: bigint; assetId: Uint8Array }[], asset: Uint8Array): bigint {
    return list.filter((x) => Buffer.compare(x.assetId, asset) === 0).reduce((s, x) => s + x.amount, 0n)
  }

  it('gives every tx an ID equal to sha256 of its bytes, and spends only outputs of earlier txs', () => {
    const sample = [...Array(world.x.prefixCount + 300).keys(), 4000, 4321, 4999]
    for (const i of sample) {
      const { tx, id, bytes } = world.x.tx(i)
      expect(cb58Encode(id)).toBe(idFromBytes(bytes))
      const spent = [...tx.inputs, ...(tx.importedInputs ?? [])]
      for (const input of spent) {
        const txIdText = cb58Encode(input.txId)
        const source = outputAt(txIdText, input.outputIndex)
        expect(source, `tx ${i} input ${txIdText}:${input.outputIndex}`).toBeDefined()
        expect(source?.amount).toBe(input.amount)
        expect(Buffer.compare(source?.assetId ?? new Uint8Array(), input.assetId)).toBe(0)
        const position = world.index('xTx').find(input.txId)
        if (position >= 0) expect(position).toBeLessThan(i)
      }
      // Value is conserved: AVAX in = AVAX out + fee; other assets in = out.
      const avax = world.assetIds[0] as Uint8Array
      const out: Output[] = [...tx.outputs, ...(tx.exportedOutputs ?? [])]
      const fee = tx.type === 'createAsset' ? BigInt(CREATE_ASSET_TX_FEE) : BigInt(TX_FEE)
      expect(sum(spent, avax)).toBe(sum(out, avax) + fee)
      for (const asset of world.assetIds.slice(1)) {
        if (tx.type !== 'createAsset') expect(sum(spent, asset)).toBe(sum(out, asset))
      }
    }
  })

  it('groups every DAG-era tx into exactly one vertex and every later tx into exactly one block, in order', () => {
    const { dag } = world.x
    let next = 0
    for (let k = 0; k < dag.vertexCount; k++) {
      const [first, end] = dag.vertexTxRange(k)
      expect(first).toBe(next)
      expect(end - first).toBeGreaterThan(0)
      expect(end - first).toBeLessThanOrEqual(128)
      for (const i of [first, end - 1]) expect(dag.vertexOf(i)).toBe(k)
      next = end
    }
    expect(next).toBe(1036)
    for (let h = 1; h <= world.x.blockCount; h++) {
      const [first, end] = world.x.blockTxRange(h)
      expect(first).toBe(next)
      expect(end).toBeGreaterThan(first)
      for (const i of [first, end - 1]) expect(world.x.blockOf(i)).toBe(h - 1)
      next = end
    }
    expect(next).toBe(world.x.txCount)
  })

  it('renders UTXOs that core decodes, with IDs from utxoId(txID, index)', () => {
    const table = world.utxos('X', 'local', world.accounts.ewoq.shortId)
    expect(table.count).toBe(world.fixtures.accounts.ewoq.xUtxoCount)
    for (const k of [0, 1, 1000, table.count - 1]) {
      const bytes = encodeUtxo(table.txId(k), table.outputIndex(k), table.output(k))
      const decoded = decodeUtxo(bytes)
      expect(decoded.id).toBe(cb58Encode(table.utxoId(k)))
      expect(decoded.id).toBe(utxoId(cb58Encode(table.txId(k)), table.outputIndex(k)))
      expect(decoded.owners).toEqual([world.accounts.ewoq.hex])
    }
  })

  it("keeps ewoq's UTXOs unspent: none of them is an input of any sampled tx", () => {
    const table = world.utxos('X', 'local', world.accounts.ewoq.shortId)
    const ids = new Set(Array.from({ length: table.count }, (_, k) => cb58Encode(table.utxoId(k))))
    for (let i = 0; i < world.x.prefixCount + 50; i++) {
      for (const input of world.x.tx(i).tx.inputs)
        expect(ids.has(utxoId(cb58Encode(input.txId), input.outputIndex))).toBe(false)
    }
  })

  it('has balances equal to the sum of UTXO amounts', () => {
    const { ewoq } = world.fixtures.accounts
    const table = world.utxos('X', 'local', world.accounts.ewoq.shortId)
    const totals = new Map<string, bigint>()
    for (let k = 0; k < table.count; k++) {
      const out = table.output(k)
      if (out.typeId !== 7) continue
      const key = cb58Encode(out.assetId)
      totals.set(key, (totals.get(key) ?? 0n) + out.amount)
    }
    expect(Object.fromEntries(totals)).toEqual(ewoq.xBalances)
    expect(ewoq.xUtxoCount).toBeGreaterThanOrEqual(3000)
    // ewoq holds more AVAX than a double can count exactly.
    expect(ewoq.xBalances[world.fixtures.assets.avax.id]).toBeGreaterThan(2n ** 53n)
  })

  it('is a pure function of the seed', () => {
    const again = new World(options)
    expect(again.fixtures).toEqual(world.fixtures)
    const other = new World({ ...options, seed: 2 })
    expect(other.fixtures.x.txs.last).not.toBe(world.fixtures.x.txs.last)
    // The AVAX genesis does not depend on the seed.
    expect(other.fixtures.assets.avax.id).toBe(world.fixtures.assets.avax.id)
  })

  it('describes a P-Chain with subnet, L1, validators and exports', () => {
    const { p } = world.fixtures
    expect(p.validators.primary).toHaveLength(15)
    expect(p.validators.subnet).toHaveLength(3)
    expect(p.validators.l1).toHaveLength(3)
    expect(p.blockchains.map((b) => b.name)).toEqual(['devnet-subnet-evm', 'devnet-l1'])
    expect(world.fixtures.accounts.carol.atomicFromP).toBe(2)
    expect(world.fixtures.accounts.ewoq.atomicFromX).toBeGreaterThan(0)
    for (let j = 0; j < world.p.txCount; j += 17)
      expect(cb58Encode(world.p.txId(j))).toBe(idFromBytes(world.p.tx(j).bytes))
  })
})
