/**
 * The Data API's validator, delegator, L1-validator, network-wide and EVM NFT/native-balance reads through core over
 * real HTTP against the devnet: each paginated list walked page by page, each answer checked against the node side
 * (platform.getCurrentValidators, getBlockchains, getSubnets, getCurrentSupply) of the same devnet.
 */
import type { AvalancheClient } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient } from './helpers.js'

let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, evmTxs: 2_000, cBlocks: 40 })
  client = dataClient(devnet)
})
afterAll(() => devnet.close())

const network = 'fuji' as const
const PRIMARY = '11111111111111111111111111111111LpoYY'

/** Every page of a walk, to see that it took several pages and none repeated an item. */
async function walk<T>(pages: AsyncIterable<{ items?: T[] } & Record<string, unknown>>, field: string): Promise<T[][]> {
  const out: T[][] = []
  for await (const page of pages) out.push(page[field] as T[])
  return out
}

describe('validators and delegators', () => {
  it("listValidators walks (3 a page) to the node's own validator set: same node IDs, stake, times", async () => {
    const pages = await walk(
      client.data.listValidators.pages({ network, subnetId: PRIMARY, pageSize: 3 }),
      'validators',
    )
    expect(pages.length).toBeGreaterThan(2)
    const listed = pages.flat() as { nodeId: string; amountStaked: string; startTimestamp: number; txHash: string }[]
    const { validators } = await client.platform.getCurrentValidators()
    expect(listed.map((v) => v.nodeId).sort()).toEqual(validators.map((v) => v.nodeID).sort())
    expect(new Set(listed.map((v) => v.txHash)).size).toBe(listed.length)
    for (const v of validators) {
      const match = listed.find((l) => l.nodeId === v.nodeID)
      expect(BigInt(match?.amountStaked ?? -1)).toBe(v.weight)
      expect(BigInt(match?.startTimestamp ?? -1)).toBe(v.startTime)
    }
  })

  it("listValidators without subnetId adds the permissioned subnet's validators; filters narrow the list", async () => {
    const all = await collect(client.data.listValidators.items({ network }))
    const subnet = await collect(client.data.listValidators.items({ network, subnetId: devnet.fixtures.p.subnetId }))
    const nodeSubnet = await client.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.subnetId })
    expect(subnet.map((v) => v.nodeId).sort()).toEqual(nodeSubnet.validators.map((v) => v.nodeID).sort())
    expect(all.length).toBe((await client.platform.getCurrentValidators()).validators.length + subnet.length)
    // The fee filter drops subnet validators (the parameter's description).
    const feeFiltered = await collect(client.data.listValidators.items({ network, minFeePercentage: 2 }))
    expect(feeFiltered.every((v) => v.subnetId === PRIMARY)).toBe(true)
    expect(await collect(client.data.listValidators.items({ network, validationStatus: 'completed' }))).toEqual([])
  })

  it("getSingleValidatorDetails answers the node's validations; an unknown node an empty list", async () => {
    const { validators } = await client.data.getSingleValidatorDetails({ network, nodeId: devnet.fixtures.nodeId })
    expect((validators ?? []).map((v) => v.nodeId)).toContain(devnet.fixtures.nodeId)
    const none = await client.data.getSingleValidatorDetails({
      network,
      nodeId: 'NodeID-111111111111111111116DBWJs',
    })
    expect(none.validators).toEqual([])
  })

  it('listDelegators walks to every delegation the node reports, each on its validator', async () => {
    const pages = await walk(client.data.listDelegators.pages({ network, pageSize: 5 }), 'delegators')
    expect(pages.length).toBeGreaterThan(1)
    const listed = pages.flat() as { txHash: string; nodeId: string; amountDelegated: string }[]
    const { validators } = await client.platform.getCurrentValidators()
    const fromNode = await Promise.all(
      validators.map(async (v) => (await client.platform.getCurrentValidators({ nodeIDs: [v.nodeID] })).validators),
    )
    // The node lists a validator's delegators when asked for that one node (platform.getCurrentValidators).
    const delegations = fromNode.flat().flatMap((v) => (v as { delegators?: { txID: string }[] }).delegators ?? [])
    expect(listed.map((d) => d.txHash).sort()).toEqual(delegations.map((d) => d.txID).sort())
    const byNode = await collect(client.data.listDelegators.items({ network, nodeIds: [listed[0]?.nodeId ?? ''] }))
    expect(byNode.every((d) => d.nodeId === listed[0]?.nodeId)).toBe(true)
  })

  it("listL1Validators equals the L1's validators on the node: validation ID, weight, balance", async () => {
    const pages = await walk(client.data.listL1Validators.pages({ network, pageSize: 2 }), 'validators')
    expect(pages.length).toBeGreaterThan(1)
    const listed = pages.flat() as { validationId: string; weight: number; remainingBalance: number }[]
    const { validators } = await client.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.l1SubnetId })
    expect(listed.map((v) => v.validationId).sort()).toEqual(validators.map((v) => v.validationID).sort())
    for (const v of validators) {
      const match = listed.find((l) => l.validationId === v.validationID)
      expect(BigInt(match?.weight ?? -1)).toBe(v.weight)
      expect(BigInt(match?.remainingBalance ?? -1)).toBe(v.balance)
    }
    const one = await client.data.listL1Validators({ network, l1ValidationId: listed[0]?.validationId ?? '' })
    expect(one.validators).toHaveLength(1)
  })
})

describe('staking transactions and rewards of an address', () => {
  it("listActivePrimaryNetworkStakingTransactions walks to ewoq's staking txs: the node's current stakers", async () => {
    const { ewoq } = devnet.fixtures.accounts
    const pages = await walk(
      client.data.listActivePrimaryNetworkStakingTransactions.pages({
        network,
        blockchainId: 'p-chain',
        addresses: [ewoq.p],
        pageSize: 4,
      }),
      'transactions',
    )
    expect(pages.length).toBeGreaterThan(1)
    const listed = pages.flat() as { txHash: string; txType: string }[]
    const { validators } = await client.platform.getCurrentValidators()
    const withDelegators = await Promise.all(
      validators.map(async (v) => (await client.platform.getCurrentValidators({ nodeIDs: [v.nodeID] })).validators),
    )
    const delegations = withDelegators
      .flat()
      .flatMap((v) => (v as { delegators?: { txID: string }[] }).delegators ?? [])
    const subnet = await client.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.subnetId })
    const genesis = new Set(validators.filter((v) => !listed.some((l) => l.txHash === v.txID)).map((v) => v.txID))
    // Every current staking tx but the genesis validators' (in the genesis, not in a P-Chain block).
    expect(listed.map((t) => t.txHash).sort()).toEqual(
      [
        ...validators.map((v) => v.txID).filter((id) => !genesis.has(id)),
        ...delegations.map((d) => d.txID),
        ...subnet.validators.map((v) => v.txID),
      ].sort(),
    )
    expect(genesis.size).toBeGreaterThan(0)
    const delegators = await collect(
      client.data.listActivePrimaryNetworkStakingTransactions.items({
        network,
        blockchainId: 'p-chain',
        addresses: [ewoq.p],
        txTypes: ['AddPermissionlessDelegatorTx'],
      }),
    )
    expect(delegators.map((t) => (t as { txHash: string }).txHash).sort()).toEqual(
      delegations.map((d) => d.txID).sort(),
    )
  })

  it("listPendingPrimaryNetworkRewards: a node's validator reward is its potentialReward; its delegators' add up", async () => {
    const { validators } = await client.platform.getCurrentValidators()
    const node = validators.find((v) => Number((v as { delegatorCount?: bigint }).delegatorCount ?? 0) > 0)
    expect(node).toBeDefined()
    const rewards = await collect(
      client.data.listPendingPrimaryNetworkRewards.items({ network, nodeIds: [node?.nodeID ?? ''], pageSize: 2 }),
    )
    const amount = (type: string) =>
      rewards.filter((r) => r.rewardType === type).reduce((s, r) => s + BigInt(r.estimatedReward?.amount ?? 0), 0n)
    expect(amount('VALIDATOR')).toBe(node?.potentialReward)
    const [detail] = (await client.platform.getCurrentValidators({ nodeIDs: [node?.nodeID ?? ''] })).validators
    const delegators = (detail as { delegators?: { potentialReward?: bigint }[] }).delegators ?? []
    expect(amount('DELEGATOR') + amount('VALIDATOR_FEE')).toBe(
      delegators.reduce((s, d) => s + (d.potentialReward ?? 0n), 0n),
    )
    expect(rewards.every((r) => (r.progress ?? -1) >= 0 && (r.progress ?? 101) <= 100)).toBe(true)
    const byOwner = await collect(
      client.data.listPendingPrimaryNetworkRewards.items({ network, addresses: [devnet.fixtures.accounts.ewoq.p] }),
    )
    expect(byOwner.filter((r) => r.rewardType === 'VALIDATOR')).toHaveLength(validators.length)
  })

  it('listHistoricalPrimaryNetworkRewards is empty: no staking period of the devnet has ended', async () => {
    const { validators } = await client.platform.getCurrentValidators()
    const now = Math.floor(Date.now() / 1000)
    expect(validators.every((v) => Number(v.endTime) > now)).toBe(true)
    const history = await collect(
      client.data.listHistoricalPrimaryNetworkRewards.items({ network, addresses: [devnet.fixtures.accounts.ewoq.p] }),
    )
    expect(history).toEqual([])
  })
})

describe('the network, its blockchains and subnets, the supply', () => {
  it("listBlockchains walks to the node's blockchains; getBlockchainById answers each, 404 for an unknown ID", async () => {
    const pages = await walk(client.data.listBlockchains.pages({ network, pageSize: 1 }), 'blockchains')
    expect(pages.length).toBeGreaterThan(1)
    const listed = pages.flat() as { blockchainId: string; subnetId: string }[]
    const { blockchains } = await client.platform.getBlockchains()
    expect(listed.map((b) => b.blockchainId).sort()).toEqual(blockchains.map((b) => b.id).sort())
    for (const b of blockchains) {
      const one = await client.data.getBlockchainById({ network, blockchainId: b.id })
      expect(one.subnetId).toBe(b.subnetID)
    }
    await expect(client.data.getBlockchainById({ network, blockchainId: devnet.fixtures.p.subnetId })).rejects.toThrow(
      /404/,
    )
  })

  it('listSubnets and getSubnetById: the subnets the node created, the L1 with its conversion', async () => {
    const subnets = await collect(client.data.listSubnets.items({ network }))
    // platform.getSubnets (deprecated, so not in core's catalog) straight from the devnet's node.
    const reply = await fetch(`${devnet.url}/ext/bc/P`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getSubnets', params: {} }),
    })
    const onNode = ((await reply.json()) as { result: { subnets: { id: string }[] } }).result.subnets
    const created = onNode.filter((s) => s.id !== PRIMARY).map((s) => s.id)
    expect(subnets.map((s) => s.subnetId).sort()).toEqual(created.sort())
    const l1 = await client.data.getSubnetById({ network, subnetId: devnet.fixtures.p.l1SubnetId })
    expect(l1.isL1).toBe(true)
    expect(l1.l1ConversionTransactionHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
    expect((l1.blockchains ?? []).map((b) => b.blockchainId)).toContain(
      devnet.fixtures.data.evm.chains[1]?.blockchainId,
    )
  })

  it("getNetworkDetails counts the node's validators and delegators; getAvaxSupply is getCurrentSupply in AVAX", async () => {
    const details = await client.data.getNetworkDetails({ network })
    const { validators } = await client.platform.getCurrentValidators()
    expect(details.validatorDetails?.validatorCount).toBe(validators.length)
    const staked = validators.reduce((sum, v) => sum + v.weight, 0n)
    expect(BigInt(details.validatorDetails?.totalAmountStaked ?? -1)).toBe(staked)
    const supply = await client.data.getAvaxSupply()
    const { supply: nAvax } = await client.platform.getCurrentSupply()
    expect(supply.totalSupply).toBe(
      `${nAvax / 1_000_000_000n}.${String(nAvax % 1_000_000_000n).padStart(9, '0')}`.replace(/\.?0+$/, ''),
    )
  })

  it('the health and live checks answer ok', async () => {
    expect((await client.data.healthCheck()).status).toBe('ok')
    expect((await client.data.liveCheck()).status).toBe('ok')
  })
})

describe('EVM native and NFT balances', () => {
  const C = 43112
  it('getNativeBalance is the native balance the balance lists carry, now and at a past block', async () => {
    const { ewoq, alice } = devnet.fixtures.data.evm.accounts
    for (const [address, blockNumber] of [
      [ewoq, undefined],
      [alice, undefined],
      [alice, 1],
    ] as const) {
      const { nativeTokenBalance } = await client.data.getNativeBalance({ chainId: C, address, blockNumber })
      const erc20 = await client.data.listErc20Balances({ chainId: C, address, blockNumber })
      expect(nativeTokenBalance).toEqual(erc20.nativeTokenBalance)
    }
    const now = await client.data.getNativeBalance({ chainId: C, address: alice })
    const past = await client.data.getNativeBalance({ chainId: C, address: alice, blockNumber: 1 })
    expect(now.nativeTokenBalance?.balance).not.toBe(past.nativeTokenBalance?.balance)
  })

  it('listErc721Balances walks the tokens whose last ERC-721 transfer went to the address', async () => {
    const { bob } = devnet.fixtures.data.evm.accounts
    const received = await collect(client.data.listErc721Transactions.items({ chainId: C, address: bob }))
    const pages = await walk(
      client.data.listErc721Balances.pages({ chainId: C, address: bob, pageSize: 2 }),
      'erc721TokenBalances',
    )
    const held = pages.flat() as { tokenId: string; ownerAddress?: string }[]
    expect(held.length).toBeGreaterThan(0)
    expect(held.map((t) => t.tokenId).sort()).toEqual(
      received
        .filter((t) => t.to?.address.toLowerCase() === bob.toLowerCase())
        .map((t) => t.erc721Token?.tokenId)
        .sort(),
    )
    expect(held.every((t) => t.ownerAddress === bob)).toBe(true)
  })

  it('listCollectibleBalances is the ERC-721 tokens then the ERC-1155 balances of listErc1155Balances', async () => {
    const { carol } = devnet.fixtures.data.evm.accounts
    const pages = await walk(
      client.data.listCollectibleBalances.pages({ chainId: C, address: carol, pageSize: 2 }),
      'collectibleBalances',
    )
    expect(pages.length).toBeGreaterThan(1)
    const items = pages.flat() as { ercType: string; tokenId: string; balance?: string }[]
    const nfts = await collect(client.data.listErc721Balances.items({ chainId: C, address: carol }))
    const items1155 = await collect(client.data.listErc1155Balances.items({ chainId: C, address: carol }))
    expect(items.filter((i) => i.ercType === 'ERC-721').map((i) => i.tokenId)).toEqual(nfts.map((n) => n.tokenId))
    expect(items.filter((i) => i.ercType === 'ERC-1155').map((i) => [i.tokenId, i.balance])).toEqual(
      items1155.map((i) => [i.tokenId, i.balance]),
    )
  })
})
