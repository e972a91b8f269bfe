import {
  type AvalancheClient,
  cb58Encode,
  hexDecode,
  sha256,
  walkXChainHistory,
  type XChainHistoryEntry,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, collect } from './helpers.js'

/**
 * A live devnet (`devnet.advance`, `blockInterval`): every chain grows while clients read it, and what existed stays
 * exactly as it was, like a real node's accepted state: index positions and container bytes never change, UTXO cursors
 * and history cursors issued before growth resume after it, stakes end and leave the validator set.
 */
const WORLD = { index: true, xTxs: 400, xDagTxs: 150, utxosPerAddress: 40, pBlocks: 60, cBlocks: 30 }
const BLOCK_INDEXES = ['X/block', 'P/block', 'C/block'] as const

let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet(WORLD)
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

type IndexName = 'X/tx' | 'X/vtx' | (typeof BLOCK_INDEXES)[number]
const lastIndex = async (indexName: IndexName) => (await client.index.getLastAccepted({ indexName })).index

describe('advance', () => {
  it('grows every chain by a round, and each service and index sees the same tip', async () => {
    const before = devnet.tip()
    expect(before).toMatchObject({ round: 0, p: 60, x: devnet.fixtures.x.height, c: 30 })
    const frozen = { tx: await lastIndex('X/tx'), vtx: await lastIndex('X/vtx') }
    const after = devnet.advance(3)
    expect(after.round).toBe(3)
    expect(after.p).toBeGreaterThanOrEqual(before.p + 3)
    expect(after.x).toBe(before.x + 3)
    expect(after.c).toBe(before.c + 3)
    expect((await client.platform.getHeight()).height).toBe(BigInt(after.p))
    expect(await lastIndex('P/block')).toBe(BigInt(after.p - 1))
    expect(await lastIndex('X/block')).toBe(BigInt(after.x - 1))
    expect(await lastIndex('C/block')).toBe(BigInt(after.c - 1))
    const { block } = await client.avm.getBlockByHeight({ height: after.x, encoding: 'json' })
    expect((block as { height: bigint }).height).toBe(BigInt(after.x))
    // X/tx and X/vtx stopped at Cortina: growth is in X/block only.
    expect({ tx: await lastIndex('X/tx'), vtx: await lastIndex('X/vtx') }).toEqual(frozen)
  })

  it('never changes what was accepted: positions, IDs and bytes of every earlier container', async () => {
    // The last 21 containers of each index and the first ones added: what a client cached stays true.
    const from: Record<string, number> = {}
    for (const indexName of BLOCK_INDEXES) from[indexName] = Number(await lastIndex(indexName)) - 20
    const snapshot = async (indexName: IndexName) => {
      const startIndex = from[indexName] as number
      const page = await client.index.getContainerRange({ indexName, startIndex, numToFetch: 1024 })
      return page.containers.map((c) => `${c.index}:${c.id}:${c.bytes}`)
    }
    const before = await Promise.all(BLOCK_INDEXES.map(snapshot))
    devnet.advance(5)
    const after = await Promise.all(BLOCK_INDEXES.map(snapshot))
    BLOCK_INDEXES.forEach((indexName, k) => {
      const earlier = before[k] as string[]
      expect(earlier, indexName).toHaveLength(21)
      expect((after[k] as string[]).slice(0, 21), indexName).toEqual(earlier)
      expect((after[k] as string[]).length, indexName).toBeGreaterThanOrEqual(26)
    })
  })

  it('new blocks chain to the old tip and carry decodable transactions', async () => {
    const tip = devnet.tip()
    devnet.advance(1)
    const { block } = await client.avm.getBlockByHeight({ height: tip.x + 1, encoding: 'json' })
    const x = block as { parentID: string; txs: { id: string }[] }
    const previous = await client.avm.getBlockByHeight({ height: tip.x, encoding: 'json' })
    expect(x.parentID).toBe((previous.block as { id: string }).id)
    expect(x.txs.length).toBeGreaterThanOrEqual(1)
    for (const tx of x.txs) {
      const hex = await client.avm.getTx({ txID: tx.id, encoding: 'hex' })
      expect(cb58Encode(sha256(hexDecode(hex.tx as string)))).toBe(tx.id)
      expect((await client.avm.getTxStatus({ txID: tx.id })).status).toBe('Accepted')
    }
    const p = await client.platform.getBlockByHeight({ height: tip.p + 1, encoding: 'json' })
    expect((p.block as { parentID: string }).parentID).toBe(
      ((await client.platform.getBlockByHeight({ height: tip.p, encoding: 'json' })).block as { id: string }).id,
    )
  })

  it('the same seed and the same rounds give the same chains; a halted chain stays put', async () => {
    const [a, b] = await Promise.all([startDevnet(WORLD), startDevnet(WORLD)])
    try {
      a.advance(7)
      for (let k = 0; k < 7; k++) b.advance()
      const [ca, cb] = [clientFor(a), clientFor(b)]
      for (const indexName of BLOCK_INDEXES) {
        const [la, lb] = await Promise.all([
          ca.index.getLastAccepted({ indexName }),
          cb.index.getLastAccepted({ indexName }),
        ])
        expect(la).toEqual(lb)
      }
      b.setFaults({ halt: ['P'] })
      const tip = b.tip()
      const halted = b.advance(2)
      expect(halted).toMatchObject({ p: tip.p, x: tip.x + 2, c: tip.c + 2 })
      expect((await cb.platform.getHeight()).height).toBe(BigInt(tip.p))
      expect((await cb.info.isBootstrapped({ chain: 'P' })).isBootstrapped).toBe(true)
      b.setFaults({ halt: true })
      expect(b.advance(1)).toMatchObject({ p: tip.p, x: tip.x + 2, c: tip.c + 2 })
      await Promise.all([ca.close(), cb.close()])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})

describe('P-Chain activity', () => {
  it('adds validators whose stake ends: a proposal block with RewardValidatorTx and a commit block remove them', async () => {
    const start = devnet.tip().p
    const current = async () =>
      (await client.platform.getCurrentValidators({})).validators.map((v) => (v as { nodeID: string }).nodeID)
    const before = new Set(await current())
    devnet.advance(4)
    const added = (await current()).filter((id) => !before.has(id))
    expect(added.length).toBeGreaterThanOrEqual(1)
    // Live stakes last 30 s of chain time (15 rounds).
    devnet.advance(20)
    const now = new Set(await current())
    for (const id of added) expect(now.has(id)).toBe(false)
    const kinds: string[] = []
    let rewardTx: string | undefined
    for (let h = start + 1; h <= devnet.tip().p; h++) {
      const { block } = await client.platform.getBlockByHeight({ height: h, encoding: 'json' })
      const json = block as { tx?: { unsignedTx: { txID: string }; id: string }; txs?: unknown[] }
      if (json.tx) {
        kinds.push('proposal')
        rewardTx ??= json.tx.id
      } else kinds.push(json.txs ? 'standard' : 'commit')
    }
    expect(kinds.indexOf('commit')).toBe(kinds.indexOf('proposal') + 1)
    expect((await client.platform.getTxStatus({ txID: rewardTx as string })).status).toBe('Committed')
    // The validator set at a height inside its stake still has it.
    const at = await client.platform.getValidatorsAt({ height: start + 6 })
    expect(Object.keys(at)).toEqual(expect.arrayContaining(added))
  })

  it('changes the L1 validators weight (minNonce moves) and balance', async () => {
    const subnetID = devnet.fixtures.p.l1SubnetId
    const read = async () =>
      (await client.platform.getCurrentValidators({ subnetID })).validators as unknown as {
        weight: bigint
        balance: bigint
        minNonce: bigint
      }[]
    const before = await read()
    devnet.advance(8)
    const after = await read()
    expect(after.some((v, k) => v.minNonce > (before[k] as { minNonce: bigint }).minNonce)).toBe(true)
    expect(after.some((v, k) => v.balance > (before[k] as { balance: bigint }).balance)).toBe(true)
  })
})

describe('cursors issued before growth', () => {
  it('a getUTXOs cursor resumes after new outputs arrived and ewoq spent its change: nothing repeated', async () => {
    const { alice, ewoq } = devnet.fixtures.accounts
    const addresses = [ewoq.x, alice.x]
    type Page = Awaited<ReturnType<typeof client.avm.getUTXOs>>
    // The node's own cursor (endIndex → startIndex), page after page until a short one; UTXOs as the node's bytes.
    const walkFrom = async (page: Page) => {
      const out: string[] = []
      while (page.utxos.length === 50) {
        page = await client.avm.getUTXOs({ addresses, limit: 50, startIndex: page.endIndex })
        out.push(...page.utxos.map(String))
      }
      return out
    }
    const first = await client.avm.getUTXOs({ addresses, limit: 50 })
    devnet.advance(6)
    const resumed = await walkFrom(first)
    const seen = first.utxos.map(String)
    expect(new Set([...seen, ...resumed]).size).toBe(seen.length + resumed.length)
    // The resumed walk is exactly what now follows the cursor in the node's order (UTXO ID per address).
    const fresh = await client.avm.getUTXOs({ addresses, limit: 50 })
    const now = [...fresh.utxos.map(String), ...(await walkFrom(fresh))]
    const cursor = now.indexOf(seen.at(-1) as string)
    expect(cursor).toBeGreaterThanOrEqual(0)
    expect(resumed).toEqual(now.slice(cursor + 1))
    // alice was paid by the new blocks: the set changed under the cursor.
    const aliceNow = await collect(client.avm.getUTXOs.items({ addresses: [alice.x] }))
    expect(aliceNow.length).toBeGreaterThan(alice.xUtxoCount)
  })

  it('an X-Chain history walk resumed from its last entry yields exactly the transactions added since', async () => {
    const history = await collect(walkXChainHistory(client, { encoding: 'hex' }))
    const last = history.at(-1) as XChainHistoryEntry
    const before = devnet.tip().x
    devnet.advance(4)
    const added = await collect(walkXChainHistory(client, { encoding: 'hex', from: last.next }))
    const expected: string[] = []
    for (let h = before + 1; h <= devnet.tip().x; h++) {
      const { block } = await client.avm.getBlockByHeight({ height: h, encoding: 'json' })
      for (const tx of (block as { txs: { id: string }[] }).txs) expected.push(tx.id)
    }
    expect(added.map((e) => e.txId)).toEqual(expected)
    expect(expected.length).toBeGreaterThanOrEqual(4)
  })
})

describe('blockInterval', () => {
  it('advances on its own, and stops advancing when closed', async () => {
    const live = await startDevnet({ ...WORLD, blockInterval: 20 })
    const liveClient = clientFor(live)
    try {
      const start = (await liveClient.platform.getHeight()).height
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect((await liveClient.platform.getHeight()).height).toBeGreaterThan(start)
    } finally {
      await liveClient.close()
      await live.close()
    }
    const round = live.tip().round
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(live.tip().round).toBe(round)
  })
})
