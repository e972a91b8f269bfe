/**
 * The Data API's Primary Network reads by address and by ID through core over real HTTP against the devnet, each
 * checked against the node side of the same devnet: UTXOs against avm/platform.getUTXOs, balances against
 * platform.getBalance and avm.getBalance (the node's balance rules), chains and last activity against the
 * transaction listing.
 */
import type { AvalancheClient } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient } from './helpers.js'

let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, xTxs: 300, utxosPerAddress: 20, evmTxs: 500, cBlocks: 40 })
  client = dataClient(devnet)
})
afterAll(() => devnet.close())

const network = 'fuji' as const
const sum = (list: { amount: string }[] | undefined) => (list ?? []).reduce((s, a) => s + BigInt(a.amount), 0n)
/** JSON text of a node reply (amounts are bigints). */
const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v))
const amountOf = (list: { assetId: string; amount: string }[] | undefined, assetId: string) =>
  sum((list ?? []).filter((a) => a.assetId === assetId))

describe('getUtxosByAddresses', () => {
  it('walks page by page to the UTXO IDs platform.getUTXOs and avm.getUTXOs walk, a shared UTXO once', async () => {
    const { dave, erin, bob } = devnet.fixtures.accounts
    for (const [blockchainId, addresses, node, pageSize] of [
      ['p-chain', [dave.p, erin.p], client.platform.getUTXOs.items({ addresses: [dave.p, erin.p] }), 3],
      ['x-chain', [dave.x, erin.x], client.avm.getUTXOs.items({ addresses: [dave.x, erin.x] }), 3],
      // bob has 1,025 UTXOs: more than one node page (1,024) and eleven Data API pages.
      ['x-chain', [bob.x], client.avm.getUTXOs.items({ addresses: [bob.x] }), 100],
    ] as const) {
      let pages = 0
      const listed: string[] = []
      for await (const page of client.data.getUtxosByAddresses.pages({
        network,
        blockchainId,
        addresses: [...addresses],
        pageSize,
      })) {
        pages++
        listed.push(...(page.utxos ?? []).map((u) => u.utxoId))
      }
      const onNode = (await collect(node)).map((u) => u.id)
      expect(pages).toBeGreaterThan(1)
      expect(new Set(listed).size).toBe(listed.length)
      expect(listed.sort()).toEqual(onNode.sort())
    }
  })

  it('sorts by amount, filters by minUtxoAmount and asset; includeSpent adds the spent ones with their spender', async () => {
    const { dave } = devnet.fixtures.accounts
    const avax = devnet.fixtures.assets.avax.id
    const base = { network, blockchainId: 'p-chain', addresses: [dave.p] }
    const byAmount = await collect(
      client.data.getUtxosByAddresses.items({ ...base, sortBy: 'amount', sortOrder: 'asc' }),
    )
    const amounts = byAmount.map((u) => BigInt(u.asset?.amount ?? -1))
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const big = await collect(client.data.getUtxosByAddresses.items({ ...base, minUtxoAmount: 100_000_000_000 }))
    expect(big.map((u) => BigInt(u.asset?.amount ?? -1))).toEqual(
      amounts.filter((a) => a >= 100_000_000_000n).reverse(),
    )
    const x = await collect(
      client.data.getUtxosByAddresses.items({ network, blockchainId: 'x-chain', addresses: [dave.x], assetId: avax }),
    )
    expect(x.every((u) => u.asset?.assetId === avax)).toBe(true)
    const { ewoq } = devnet.fixtures.accounts
    const withSpent = await collect(
      client.data.getUtxosByAddresses.items({
        network,
        blockchainId: 'p-chain',
        addresses: [ewoq.p],
        includeSpent: true,
      }),
    )
    const spent = withSpent.filter((u) => u.consumingTxHash !== undefined)
    expect(spent.length).toBeGreaterThan(0)
    // Each spent UTXO's consumer is a P-Chain tx that lists it among its consumed UTXOs.
    const [one] = spent
    const consumer = await client.platform.getTx({ txID: one?.consumingTxHash ?? '', encoding: 'json' })
    expect(text(consumer)).toContain(one?.txHash ?? 'missing')
  })
})

describe('getBalancesByAddresses', () => {
  it("P-Chain: unlockedUnstaked, lockedStakeable and lockedPlatform are platform.getBalance's parts", async () => {
    const { ewoq, dave, erin } = devnet.fixtures.accounts
    const avax = devnet.fixtures.assets.avax.id
    for (const addresses of [[ewoq.p], [dave.p], [erin.p], [dave.p, erin.p]]) {
      const { balances } = await client.data.getBalancesByAddresses({ network, blockchainId: 'p-chain', addresses })
      const node = await client.platform.getBalance({ addresses })
      const b = balances as Record<string, { assetId: string; amount: string }[]>
      expect(amountOf(b.unlockedUnstaked, avax)).toBe(node.unlocked)
      expect(amountOf(b.lockedStakeable, avax)).toBe(node.lockedStakeable)
      expect(amountOf(b.lockedPlatform, avax)).toBe(node.lockedNotStakeable)
    }
  })

  it("P-Chain: ewoq's staked AVAX is the stake of the node's current validators and delegators", async () => {
    const { ewoq } = devnet.fixtures.accounts
    const { balances } = await client.data.getBalancesByAddresses({
      network,
      blockchainId: 'p-chain',
      addresses: [ewoq.p],
    })
    const b = balances as Record<string, { amount: string }[]>
    const { validators } = await client.platform.getCurrentValidators()
    const stake = validators.reduce(
      (s, v) => s + v.weight + BigInt((v as { delegatorWeight?: bigint }).delegatorWeight ?? 0n),
      0n,
    )
    expect(sum(b.unlockedStaked) + sum(b.lockedStaked) + sum(b.pendingStaked)).toBe(stake)
  })

  it('P-Chain: the atomic memory is what platform.getUTXOs lists with sourceChain X and C', async () => {
    const accounts = Object.values(devnet.fixtures.accounts)
    const addresses = accounts.map((a) => a.p)
    const { balances } = await client.data.getBalancesByAddresses({ network, blockchainId: 'p-chain', addresses })
    const b = balances as Record<string, { amount: string; sharedWithChainId: string }[]>
    let expected = 0n
    for (const sourceChain of ['X', 'C']) {
      for (const u of await collect(client.platform.getUTXOs.items({ addresses, sourceChain })))
        expected += u.amount ?? 0n
    }
    expect(expected).toBeGreaterThan(0n)
    expect(sum(b.atomicMemoryUnlocked) + sum(b.atomicMemoryLocked)).toBe(expected)
  })

  it('X-Chain: unlocked + locked is avm.getBalance with includePartial, per asset; locked is what the clock holds', async () => {
    const { dave, erin, ewoq } = devnet.fixtures.accounts
    for (const account of [dave, erin, ewoq]) {
      const { balances } = await client.data.getBalancesByAddresses({
        network,
        blockchainId: 'x-chain',
        addresses: [account.x],
      })
      const b = balances as Record<string, { assetId: string; amount: string; utxoCount: number }[]>
      for (const [assetId, total] of Object.entries(account.xBalances)) {
        const node = await client.avm.getBalance({ address: account.x, assetID: assetId, includePartial: true })
        expect(amountOf(b.unlocked, assetId) + amountOf(b.locked, assetId)).toBe(node.balance)
        expect(node.balance).toBe(total)
      }
    }
    // dave's 3 AVAX output is time-locked until 2100.
    const { balances } = await client.data.getBalancesByAddresses({
      network,
      blockchainId: 'x-chain',
      addresses: [dave.x],
    })
    expect(sum((balances as { locked: { amount: string }[] }).locked)).toBe(3_000_000_000n)
  })

  it('blockTimestamp computes the locks at that time: in 2101 nothing of dave is time-locked', async () => {
    const { dave } = devnet.fixtures.accounts
    const at = Date.UTC(2101, 0, 1) / 1000
    const later = await client.data.getBalancesByAddresses({
      network,
      blockchainId: 'p-chain',
      addresses: [dave.p],
      blockTimestamp: at,
    })
    const b = later.balances as Record<string, { amount: string }[]>
    expect(sum(b.lockedPlatform) + sum(b.lockedStakeable)).toBe(0n)
    expect(sum(b.unlockedUnstaked)).toBe(dave.pBalance)
  })

  it('C-Chain: only the shared memory, as avax.getUTXOs-style walks of the X-Chain exports leave it', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const reply = await client.data.getBalancesByAddresses({ network, blockchainId: 'c-chain', addresses: [ewoq.x] })
    expect(Object.keys(reply.balances ?? {}).sort()).toEqual(['atomicMemoryLocked', 'atomicMemoryUnlocked'])
    expect(reply.chainInfo?.chainName).toBe('c-chain')
  })
})

describe('chains and last activity of addresses', () => {
  it('getChainIdsForAddresses names the chains whose transaction listing has the address', async () => {
    const { ewoq, alice } = devnet.fixtures.accounts
    const { addresses = [] } = await client.data.getChainIdsForAddresses({ network, addresses: [ewoq.p, alice.x] })
    expect(addresses.map((a) => a.address)).toEqual([ewoq.p, alice.x])
    const chainIds = Object.fromEntries(
      (await client.platform.getBlockchains()).blockchains.map((b) => [b.name, b.id]),
    ) as Record<string, string>
    for (const entry of addresses) {
      for (const [name, blockchainId] of [
        ['p-chain', '11111111111111111111111111111111LpoYY'],
        ['x-chain', chainIds['X-Chain'] ?? chainIds.X ?? ''],
      ] as const) {
        const page = await client.data.listLatestPrimaryNetworkTransactions({
          network,
          blockchainId: name,
          addresses: [entry.address],
          pageSize: 1,
        })
        expect((entry.blockchainIds ?? []).includes(blockchainId as never)).toBe((page.transactions ?? []).length > 0)
      }
    }
  })

  it("getLastActivityTimestampByAddresses is the newest listed transaction's time, hash and block", async () => {
    const { alice } = devnet.fixtures.accounts
    const last = await client.data.getLastActivityTimestampByAddresses({
      network,
      blockchainId: 'x-chain',
      addresses: [alice.x],
    })
    const newest = await client.data.listLatestPrimaryNetworkTransactions({
      network,
      blockchainId: 'x-chain',
      addresses: [alice.x],
      pageSize: 1,
    })
    const tx = newest.transactions?.[0] as { txHash: string; timestamp: number }
    expect(last).toMatchObject({ txHash: tx.txHash, timestamp: tx.timestamp, chainName: 'x-chain', network: 'fuji' })
    const onNode = await client.avm.getTx({ txID: last.txHash, encoding: 'json' })
    expect(text(onNode)).toContain(last.txHash)
  })
})

describe('the V2 POST forms (addresses in the body)', () => {
  it("getUtxosByAddressesV2 walks bob's 1,025 X-Chain UTXOs in pages of 1,024 (201) to avm.getUTXOs's IDs", async () => {
    const { bob } = devnet.fixtures.accounts
    const pages: number[] = []
    const listed: string[] = []
    const params = { network, blockchainId: 'x-chain', addresses: [bob.x], pageSize: 1024 }
    for await (const page of client.data.getUtxosByAddressesV2.pages(params)) {
      pages.push(page.utxos?.length ?? 0)
      listed.push(...(page.utxos ?? []).map((u) => u.utxoId))
    }
    const onNode = (await collect(client.avm.getUTXOs.items({ addresses: [bob.x] }))).map((u) => u.id)
    expect(pages).toEqual([1024, 1])
    expect(listed.sort()).toEqual(onNode.sort())
  })

  it('getLastActivityTimestampByAddressesV2 answers what the GET form answers for the same addresses', async () => {
    const { alice, dave } = devnet.fixtures.accounts
    for (const [blockchainId, addresses] of [
      ['x-chain', [alice.x, dave.x]],
      ['p-chain', [dave.p]],
    ] as const) {
      const params = { network, blockchainId, addresses: [...addresses] }
      const v2 = await client.data.getLastActivityTimestampByAddressesV2(params)
      expect(v2).toEqual(await client.data.getLastActivityTimestampByAddresses(params))
      expect(v2.timestamp).toBeGreaterThan(0)
    }
  })
})

describe('lookups by ID', () => {
  it('getTxByHash answers each listed P-, X- and C-Chain tx as the listing has it; the node knows the same IDs', async () => {
    for (const blockchainId of ['p-chain', 'x-chain', 'c-chain'] as const) {
      const { transactions = [] } = await client.data.listLatestPrimaryNetworkTransactions({
        network,
        blockchainId,
        pageSize: 3,
      })
      expect(transactions.length).toBeGreaterThan(0)
      for (const listed of transactions) {
        const { txHash } = listed as { txHash: string }
        expect(await client.data.getTxByHash({ network, blockchainId, txHash })).toEqual(listed)
        if (blockchainId === 'x-chain') expect(text(await client.avm.getTx({ txID: txHash }))).toContain('0x')
        if (blockchainId === 'p-chain') expect(text(await client.platform.getTx({ txID: txHash }))).toContain('0x')
      }
    }
    const other = await client.data.listLatestPrimaryNetworkTransactions({
      network,
      blockchainId: 'x-chain',
      pageSize: 1,
    })
    const xHash = (other.transactions?.[0] as { txHash: string } | undefined)?.txHash ?? 'none'
    await expect(client.data.getTxByHash({ network, blockchainId: 'p-chain', txHash: xHash })).rejects.toThrow(/404/)
  })

  it('getBlockById by height and by ID is the block platform.getBlockByHeight / avm.getBlockByHeight names', async () => {
    for (const [blockchainId, node] of [
      ['p-chain', client.platform],
      ['x-chain', client.avm],
    ] as const) {
      const { height } = await node.getHeight()
      const byHeight = await client.data.getBlockById({ network, blockchainId, blockId: Number(height) })
      expect(byHeight.blockNumber).toBe(String(height))
      const byId = await client.data.getBlockById({ network, blockchainId, blockId: byHeight.blockHash ?? '' })
      expect(byId).toEqual(byHeight)
      const onNode = await node.getBlock({ blockID: byHeight.blockHash ?? '', encoding: 'json' })
      expect(text(onNode)).toContain(`"height":"${height}"`)
      await expect(client.data.getBlockById({ network, blockchainId, blockId: Number(height) + 1 })).rejects.toThrow(
        /404/,
      )
    }
  })

  it('listLatestPrimaryNetworkBlocks walks from the tip down, each block as getBlockById answers it', async () => {
    const { height } = await client.platform.getHeight()
    let pages = 0
    const heights: number[] = []
    for await (const page of client.data.listLatestPrimaryNetworkBlocks.pages({
      network,
      blockchainId: 'p-chain',
      pageSize: 4,
    })) {
      pages++
      heights.push(...(page.blocks ?? []).map((b) => Number(b.blockNumber)))
      if (pages === 3) break
    }
    expect(heights).toEqual(Array.from({ length: 12 }, (_, k) => Number(height) - k))
    const [first] =
      (await client.data.listLatestPrimaryNetworkBlocks({ network, blockchainId: 'x-chain' })).blocks ?? []
    expect(
      await client.data.getBlockById({ network, blockchainId: 'x-chain', blockId: first?.blockNumber ?? '' }),
    ).toEqual(first)
  })

  it("getAssetDetails is avm.getAssetDescription's asset, with its creation time; 404 for an unknown asset", async () => {
    for (const asset of devnet.fixtures.assets.all) {
      const details = await client.data.getAssetDetails({ network, blockchainId: 'x-chain', assetId: asset.id })
      const onNode = await client.avm.getAssetDescription({ assetID: asset.id })
      expect(details).toMatchObject({
        assetId: onNode.assetID,
        name: onNode.name,
        symbol: onNode.symbol,
        denomination: Number(onNode.denomination),
      })
      expect(details.createdAtTimestamp).toBeGreaterThan(0)
    }
    await expect(
      client.data.getAssetDetails({ network, blockchainId: 'x-chain', assetId: devnet.fixtures.p.subnetId }),
    ).rejects.toThrow(/404/)
  })
})
