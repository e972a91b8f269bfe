import { PChainBalances, STAKEABLE_LOCK_OUTPUT, XChainBalances } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { startDevnet } from '../../src/index.js'
import { clientFor, collect, devnetForFile, sumByAsset } from './helpers.js'

/**
 * Balances by the node's rules (`reference/node-rpc.md` 0.2), over HTTP: dave holds stake-locked (P), time-locked
 * and shared outputs on both chains, erin co-owns the shared ones. The fixtures' figures come from how the outputs
 * were made; the node's getBalance methods and core's sums over getUTXOs must both reach them.
 */
const live = devnetForFile({ xTxs: 300, utxosPerAddress: 20 })

const now = () => Math.floor(Date.now() / 1000)
const AVAX = (n: number) => BigInt(Math.round(n * 100)) * 10_000_000n

describe('P-Chain: stake-locked outputs and platform.getBalance', () => {
  it('decodes the stake-locked UTXOs of platform.getUTXOs: amount, owners, threshold, both locktimes', async () => {
    const { devnet, client } = live
    const { dave, erin } = devnet.fixtures.accounts
    const utxos = await collect(client.platform.getUTXOs.items({ addresses: [dave.p] }))
    expect(utxos).toHaveLength(dave.pUtxoCount)
    const locked = utxos.filter((u) => u.typeId === STAKEABLE_LOCK_OUTPUT)
    expect(locked.map((u) => u.amount).sort()).toEqual([AVAX(7), AVAX(30), AVAX(200), AVAX(1000)].sort())
    for (const u of locked) {
      expect(u.innerTypeId).toBe(7)
      expect(u.stakeableLocktime).toBeGreaterThan(0n)
      expect(u.owners).toContain(dave.shortId)
    }
    const shared = locked.find((u) => u.owners?.length === 2)
    expect(shared).toMatchObject({ threshold: 2, owners: [dave.shortId, erin.shortId].sort(), amount: AVAX(7) })
    // Every UTXO has its amount: the walk sums to the node's balance.
    expect(sumByAsset(utxos)).toEqual({ [devnet.fixtures.assets.avax.id]: dave.pBalance })
  })

  it("splits the balance as the fixtures say: the node's getBalance and core's sum of the UTXOs agree", async () => {
    const { devnet, client } = live
    const { ewoq, dave, erin } = devnet.fixtures.accounts
    expect(dave.pBalances).toEqual({
      unlocked: AVAX(200.56),
      lockedStakeable: AVAX(1007),
      lockedNotStakeable: AVAX(34),
    })
    expect(erin.pBalances).toEqual({ unlocked: AVAX(0.5), lockedStakeable: AVAX(7), lockedNotStakeable: 0n })
    const avax = devnet.fixtures.assets.avax.id
    for (const account of [ewoq, dave, erin]) {
      const reply = await client.platform.getBalance({ addresses: [account.p] })
      expect(reply).toMatchObject({ ...account.pBalances, balance: account.pBalance })
      expect(reply.utxoIDs).toHaveLength(account.pUtxoCount)
      const sums = new PChainBalances(now())
      for await (const utxo of client.platform.getUTXOs.items({ addresses: [account.p] })) sums.add(utxo)
      expect(sums.of(avax)).toEqual({ ...account.pBalances, total: account.pBalance })
    }
  })

  it('lists a UTXO two of the addresses share once, in getUTXOs and in getBalance', async () => {
    const { devnet, client } = live
    const { dave, erin } = devnet.fixtures.accounts
    const page = await client.platform.getUTXOs({ addresses: [dave.p, erin.p] })
    expect(page.utxos).toHaveLength(dave.pUtxoCount)
    const reply = await client.platform.getBalance({ addresses: [dave.p, erin.p] })
    expect(reply.balance).toBe(dave.pBalance)
    expect(reply.utxoIDs).toHaveLength(dave.pUtxoCount)
  })
})

describe('X-Chain: avm.getBalance / getAllBalances with and without includePartial', () => {
  it('counts only what the address holds alone and unlocked, unless includePartial', async () => {
    const { devnet, client } = live
    const { dave, erin } = devnet.fixtures.accounts
    const avax = devnet.fixtures.assets.avax.id
    // dave: a 3 AVAX output locked until 2100, 40 and 500 AVAX shared with erin (2-of-2 and 1-of-2).
    expect((dave.xBalances[avax] as bigint) - (dave.xSpendable[avax] as bigint)).toBe(AVAX(543))
    for (const account of [dave, erin]) {
      for (const [includePartial, expected] of [
        [false, account.xSpendable],
        [true, account.xBalances],
      ] as const) {
        const one = await client.avm.getBalance({ address: account.x, assetID: 'AVAX', includePartial })
        expect(one.balance).toBe(expected[avax] ?? 0n)
        const all = await client.avm.getAllBalances({ address: account.x, includePartial })
        const byId = Object.fromEntries(all.balances.map((b) => [b.asset === 'AVAX' ? avax : b.asset, b.balance]))
        expect(byId).toEqual(expected)
      }
    }
    expect(erin.xSpendable).toEqual({})
    expect(erin.xBalances).toEqual({ [avax]: AVAX(540) })
  })

  it("core's sum of the getUTXOs walk gives both figures", async () => {
    const { devnet, client } = live
    const { dave } = devnet.fixtures.accounts
    const sums = new XChainBalances(now())
    for await (const utxo of client.avm.getUTXOs.items({ addresses: [dave.x] })) sums.add(utxo)
    const spendable = Object.fromEntries([...sums.byAsset].map(([asset, b]) => [asset, b.spendable]))
    const total = Object.fromEntries([...sums.byAsset].map(([asset, b]) => [asset, b.total]))
    expect(spendable).toEqual(dave.xSpendable)
    expect(total).toEqual(dave.xBalances)
  })
})

describe("the node's clock decides what is locked", () => {
  it('unlocks everything once the clock passes the locktimes (devnet now = 2100-01-01)', async () => {
    const later = await startDevnet({ xTxs: 300, utxosPerAddress: 20, now: () => Date.UTC(2100, 0, 1) })
    const c = clientFor(later)
    try {
      const { dave } = later.fixtures.accounts
      const avax = later.fixtures.assets.avax.id
      const p = await c.platform.getBalance({ addresses: [dave.p] })
      expect(p).toMatchObject({ unlocked: dave.pBalance, lockedStakeable: 0n, lockedNotStakeable: 0n })
      // The time-locked output now counts; the shared ones still do not.
      const x = await c.avm.getBalance({ address: dave.x, assetID: 'AVAX' })
      expect(x.balance).toBe((dave.xSpendable[avax] as bigint) + AVAX(3))
    } finally {
      await c.close()
      await later.close()
    }
  })
})
