/**
 * The Data, Metrics and Webhooks APIs of a live devnet (issue 14), through core over real HTTP: what `advance` adds
 * shows in the listings (newest first at the top, oldest first at the end), in a walk started before it (no repeat,
 * no skip: page tokens hold stable positions), in balances and metrics, and goes out to webhooks; two devnets with
 * the same seed and rounds answer byte for byte alike.
 */
import { type AvalancheClient, verifyWebhookSignature } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient, raw, until, webhookReceiver } from './helpers.js'
import { assertValid, responseValidator } from './openapi.js'

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies read field by field
type Any = any
const C = '43112'

let devnet: Devnet
let client: AvalancheClient
let inbox: Awaited<ReturnType<typeof webhookReceiver>>

beforeAll(async () => {
  inbox = await webhookReceiver()
  devnet = await startDevnet({ seed: 9, index: true, evmTxs: 1_000 })
  client = dataClient(devnet)
})
afterAll(async () => {
  await devnet.close()
  await inbox.close()
})

const evm = () => devnet.fixtures.data.evm
const latestBlock = async (chainId = C) =>
  ((await client.data.getLatestBlocks({ chainId, pageSize: 1 })).blocks as Any[])[0]

/** Every page of a listing from a token, as the items of each page. */
async function walk(next: (pageToken: string | undefined) => Promise<{ items: Any[]; token: string | undefined }>) {
  const items: Any[] = []
  let token: string | undefined
  do {
    const page = await next(token)
    items.push(...page.items)
    token = page.token
  } while (token)
  return items
}

describe('EVM chains that grow', () => {
  it("the C-Chain's Data API height follows the node's C-Chain, its new blocks the node's blocks", async () => {
    const before = await latestBlock()
    expect(Number(before.blockNumber)).toBe(devnet.tip().c)
    const tip = devnet.advance(3)
    const blocks = (await client.data.getLatestBlocks({ chainId: C, pageSize: 4 })).blocks as Any[]
    expect(blocks.map((b) => Number(b.blockNumber))).toEqual([tip.c, tip.c - 1, tip.c - 2, tip.c - 3])
    expect(blocks[3].blockHash).toBe(before.blockHash)
    for (let i = 0; i < 3; i++) {
      const b = blocks[i]
      expect(b.parentHash).toBe(blocks[i + 1].blockHash)
      expect(b.txCount).toBeGreaterThanOrEqual(1)
      expect(b.txCount).toBeLessThanOrEqual(6)
      expect(Number(b.cumulativeTransactions)).toBe(Number(blocks[i + 1].cumulativeTransactions) + b.txCount)
      // The node's C/block container at that height holds the same block (its time is the index's acceptance time).
      const c = await client.index.getContainerByIndex({
        indexName: 'C/block',
        index: Number(b.blockNumber) - 1,
        encoding: 'hexnc',
      })
      expect(Math.floor(Date.parse(c.timestamp) / 1000)).toBe(b.blockTimestamp)
      expect(await client.data.getBlock({ chainId: C, blockId: b.blockHash })).toEqual(b)
    }
    const txs = await collect(client.data.getTransactionsForBlock.items({ chainId: C, blockId: tip.c }))
    expect(txs).toHaveLength(blocks[0].txCount)
    const latest = await client.data.listLatestTransactions({ chainId: C, pageSize: 1 })
    expect(latest.transactions?.[0]).toEqual(txs.at(-1))
    const detail = await client.data.getTransaction({ chainId: C, txHash: txs[0]?.txHash as string })
    expect(detail.nativeTransaction?.blockNumber).toBe(String(tip.c))
  })

  it('the L1 gains a block a round, at the round time', async () => {
    const l1 = evm().chains[1]?.chainId as string
    const before = await latestBlock(l1)
    const tip = devnet.advance(2)
    const after = await latestBlock(l1)
    expect(Number(after.blockNumber)).toBe(Number(before.blockNumber) + 2)
    expect(after.blockTimestamp).toBe(tip.time)
  })

  it('a newest-first walk started before growth finishes after it with neither repeat nor skip', async () => {
    const { ewoq } = evm().accounts
    const page = (pageToken: string | undefined) =>
      client.data.listNativeTransactions({ chainId: C, address: ewoq, pageSize: 50, pageToken })
    const everything = await collect(client.data.listNativeTransactions.items({ chainId: C, address: ewoq }))
    const first = await page(undefined)
    devnet.advance(20)
    const rest = await walk(async (token) => {
      const p = await page(token ?? first.nextPageToken)
      return { items: p.transactions ?? [], token: p.nextPageToken }
    })
    expect([...(first.transactions ?? []), ...rest].map((t) => t.txHash)).toEqual(everything.map((t) => t.txHash))
    // A fresh walk starts at the new transactions.
    const fresh = await collect(client.data.listNativeTransactions.items({ chainId: C, address: ewoq }))
    expect(fresh.length).toBeGreaterThan(everything.length)
    expect(fresh.slice(fresh.length - everything.length)).toEqual(everything)
    expect(Number(fresh[0]?.blockNumber)).toBeGreaterThan(Number(everything[0]?.blockNumber))
  })

  it('an oldest-first walk sees the new transactions at its end', async () => {
    const { alice } = evm().accounts
    const page = (pageToken: string | undefined) =>
      client.data.listTransactions({ chainId: C, address: alice, sortOrder: 'asc', pageSize: 5, pageToken })
    const first = await page(undefined)
    const before: Any[] = await collect(
      client.data.listTransactions.items({ chainId: C, address: alice, sortOrder: 'asc' }),
    )
    const height = devnet.tip().c
    devnet.advance(150)
    const rest = await walk(async (token) => {
      const p = await page(token ?? first.nextPageToken)
      return { items: p.transactions ?? [], token: p.nextPageToken }
    })
    const walked = [...(first.transactions ?? []), ...rest].map((t) => t.nativeTransaction.txHash)
    expect(walked.slice(0, before.length)).toEqual(before.map((t) => t.nativeTransaction.txHash))
    const added = [...(first.transactions ?? []), ...rest].slice(before.length)
    expect(added.length).toBeGreaterThan(0)
    for (const t of added) expect(Number(t.nativeTransaction.blockNumber)).toBeGreaterThan(height)
  })

  it("balances move by exactly the new transactions' amounts; a past block's balance stays", async () => {
    const { alice } = evm().accounts
    const height = devnet.tip().c
    const native = async (blockNumber?: string) => {
      const answer: Any = await client.data.getNativeBalance({ chainId: C, address: alice, blockNumber })
      return BigInt(answer.nativeTokenBalance.balance)
    }
    const before = await native()
    devnet.advance(200)
    const added: Any[] = await collect(
      client.data.listNativeTransactions.items({ chainId: C, address: alice, startBlock: height + 1 }),
    )
    expect(added.length).toBeGreaterThan(0)
    const change = added.reduce((sum, t) => {
      const self = alice.toLowerCase()
      const paid = t.from.address.toLowerCase() === self ? BigInt(t.value) + BigInt(t.gasUsed) * BigInt(t.gasPrice) : 0n
      const got = t.to.address.toLowerCase() === self ? BigInt(t.value) : 0n
      return sum + got - paid
    }, 0n)
    expect(await native()).toBe(before + change)
    expect(await native(String(height))).toBe(before)
  })

  it('the Metrics API counts the new transactions', async () => {
    const cumulative = async () =>
      (await client.metrics.getEvmChainMetrics({ chainId: C, metric: 'cumulativeTxCount', pageSize: 1 })).results?.[0]
        ?.value as number
    const before = await cumulative()
    const from = (await latestBlock()).cumulativeTransactions
    devnet.advance(5)
    const to = (await latestBlock()).cumulativeTransactions
    expect(await cumulative()).toBe(before + Number(to) - Number(from))
  })
})

describe('Primary Network listings of a live devnet', () => {
  const network = 'fuji' as const

  it('new P- and X-Chain transactions top the listings; a walk started before them neither repeats nor skips', async () => {
    for (const blockchainId of ['p-chain', 'x-chain'] as const) {
      const page = (pageToken: string | undefined) =>
        client.data.listLatestPrimaryNetworkTransactions({ network, blockchainId, pageSize: 7, pageToken })
      const first = await page(undefined)
      const head: Any[] = first.transactions ?? []
      const next: Any = await page(first.nextPageToken)
      devnet.advance(8)
      const after: Any = await page(first.nextPageToken)
      expect(after.transactions.map((t: Any) => t.txHash)).toEqual(next.transactions.map((t: Any) => t.txHash))
      const fresh: Any[] =
        (await client.data.listLatestPrimaryNetworkTransactions({ network, blockchainId, pageSize: 50 }))
          .transactions ?? []
      const at = fresh.findIndex((t) => t.txHash === head[0].txHash)
      expect(at).toBeGreaterThan(0)
      // Each new transaction is one the node accepted after the old head (getTx answers it; an unknown ID is an error).
      for (const t of fresh.slice(0, at)) {
        const time = t.blockTimestamp ?? t.timestamp
        expect(time).toBeGreaterThan(head[0].blockTimestamp ?? head[0].timestamp)
        const tx: Any =
          blockchainId === 'p-chain'
            ? await client.platform.getTx({ txID: t.txHash, encoding: 'json' })
            : await client.avm.getTx({ txID: t.txHash, encoding: 'json' })
        expect(tx.tx.unsignedTx).toBeDefined()
      }
    }
    const types = new Set(
      (
        (await client.data.listLatestPrimaryNetworkTransactions({ network, blockchainId: 'p-chain', pageSize: 8 }))
          .transactions as Any[]
      ).map((t) => t.txType),
    )
    expect([...types].some((t) => ['SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx'].includes(t))).toBe(true)
  })

  it("the P- and X-Chain block listings reach the node's new blocks, each with its transactions", async () => {
    const tip = devnet.advance(3)
    for (const [blockchainId, height] of [
      ['p-chain', tip.p],
      ['x-chain', tip.x],
    ] as const) {
      const blocks: Any[] = (await client.data.listLatestPrimaryNetworkBlocks({ network, blockchainId, pageSize: 3 }))
        .blocks as Any[]
      expect(Number(blocks[0].blockNumber)).toBe(height)
      for (const b of blocks) {
        const node: Any =
          blockchainId === 'p-chain'
            ? await client.platform.getBlockByHeight({ height: Number(b.blockNumber), encoding: 'json' })
            : await client.avm.getBlockByHeight({ height: Number(b.blockNumber), encoding: 'json' })
        expect(b.blockHash).toBe(node.block.id)
        const txs = node.block.txs ?? (node.block.tx ? [node.block.tx] : [])
        expect(b.transactions).toEqual(txs.map((t: Any) => t.id))
      }
    }
  })

  it('validators: new ones listed, ended ones completed with their reward tx; a walk keeps its place', async () => {
    const page = (pageToken: string | undefined) => client.data.listValidators({ network, pageSize: 3, pageToken })
    const before: Any[] = await collect(client.data.listValidators.items({ network }))
    const first = await page(undefined)
    devnet.advance(40)
    const rest = await walk(async (token) => {
      const p: Any = await page(token ?? first.nextPageToken)
      return { items: p.validators, token: p.nextPageToken }
    })
    const walked = [...(first.validators as Any[]), ...rest].map((v) => v.txHash)
    expect(walked).toEqual(before.map((v) => v.txHash))
    const after: Any[] = await collect(client.data.listValidators.items({ network }))
    const added = after.filter((v) => !before.some((b) => b.txHash === v.txHash))
    expect(added.length).toBeGreaterThan(0)
    const completed: Any[] = await collect(client.data.listValidators.items({ network, validationStatus: 'completed' }))
    expect(completed.length).toBeGreaterThan(0)
    const { validators: current } = await client.platform.getCurrentValidators()
    for (const v of completed) {
      expect(current.some((c) => c.nodeID === v.nodeId)).toBe(false)
      const reward: Any = await client.data.getTxByHash({
        network,
        blockchainId: 'p-chain',
        txHash: v.rewards.rewardTxHash,
      })
      expect(reward.txType).toBe('RewardValidatorTx')
    }
    // The Metrics API's validators of a date range still count those whose stake ended within it.
    const [ended] = completed
    const inRange = await collect(
      client.metrics.getValidatorsByDateRange.items({
        subnetId: devnet.fixtures.chains.p,
        startTimestamp: ended.startTimestamp,
        endTimestamp: ended.endTimestamp,
      }),
    )
    expect(inRange.map((r: Any) => r.sortKey)).toContain(ended.nodeId)
    const active: Any[] = await collect(client.data.listValidators.items({ network, validationStatus: 'active' }))
    expect(active.length + completed.length).toBe(after.length)
    const subnet = await collect(client.data.listValidators.items({ network, subnetId: devnet.fixtures.p.subnetId }))
    expect(active.length).toBe(current.length + subnet.length)
  })

  it('paid rewards: history lists them with the reward UTXO the node holds; reward blocks are proposal + commit', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const blocks: Any[] = (await client.data.listLatestPrimaryNetworkBlocks({ network, blockchainId: 'p-chain' }))
      .blocks as Any[]
    devnet.advance(20)
    // A block's answer (type, proposer, transactions) does not change as validators come and go.
    for (const b of blocks) {
      expect(await client.data.getBlockById({ network, blockchainId: 'p-chain', blockId: b.blockHash })).toEqual(b)
    }
    const completed: Any[] = await collect(client.data.listValidators.items({ network, validationStatus: 'completed' }))
    const history: Any[] = await collect(
      client.data.listHistoricalPrimaryNetworkRewards.items({ network, addresses: [ewoq.p] }),
    )
    expect(history.map((r) => r.txHash).sort()).toEqual(completed.map((v) => v.txHash).sort())
    const onNode = new Set((await collect(client.platform.getUTXOs.items({ addresses: [ewoq.p] }))).map((u) => u.id))
    for (const r of history) {
      const validator = completed.find((v) => v.txHash === r.txHash)
      expect(r).toMatchObject({ rewardType: 'VALIDATOR', rewardTxHash: validator.rewards.rewardTxHash })
      expect(r.reward.amount).toBe(validator.rewards.validationRewardAmount)
      expect(onNode.has(r.utxoId)).toBe(true)
      const reward: Any = await client.data.getTxByHash({ network, blockchainId: 'p-chain', txHash: r.rewardTxHash })
      expect(reward.stakingTxHash).toBe(r.txHash)
      const staking: Any = await client.data.getTxByHash({ network, blockchainId: 'p-chain', txHash: r.txHash })
      expect(staking).toMatchObject({ txType: 'AddPermissionlessValidatorTx', rewardTxHash: r.rewardTxHash })
      const block: Any = await client.data.getBlockById({
        network,
        blockchainId: 'p-chain',
        blockId: reward.blockNumber,
      })
      expect(block.blockType).toBe('BanffProposalBlock')
      const commit: Any = await client.data.getBlockById({
        network,
        blockchainId: 'p-chain',
        blockId: String(Number(reward.blockNumber) + 1),
      })
      expect(commit).toMatchObject({ blockType: 'BanffCommitBlock', txCount: 0 })
    }
  })

  it('a UTXO walk started before growth: no repeat, none of the UTXOs still unspent skipped', async () => {
    const { ewoq } = devnet.fixtures.accounts
    for (const [blockchainId, address] of [
      ['x-chain', ewoq.x],
      ['p-chain', ewoq.p],
    ] as const) {
      const params = { network, blockchainId, addresses: [address] }
      const utxos = async () =>
        (await collect(client.data.getUtxosByAddresses.items({ ...params, pageSize: 100 }))).map((u: Any) => u.utxoId)
      const before = await utxos()
      // About ten pages (at most 100 UTXOs a page), the first two UTXOs on the first.
      const pageSize = Math.min(100, Math.max(2, Math.ceil(before.length / 10)))
      const first = await client.data.getUtxosByAddresses({ ...params, pageSize: 2 })
      devnet.advance(6)
      const rest = await walk(async (token) => {
        const p: Any = await client.data.getUtxosByAddresses({
          ...params,
          pageSize,
          pageToken: token ?? first.nextPageToken,
        })
        return { items: p.utxos, token: p.nextPageToken }
      })
      const walked = [...(first.utxos as Any[]), ...rest].map((u) => u.utxoId)
      const after = new Set(await utxos())
      expect(new Set(walked).size).toBe(walked.length)
      // Newest first: the UTXOs created since sort before the walk's place; those spent since are gone.
      expect(walked.filter((id) => !before.includes(id))).toEqual([])
      expect(walked.slice(2)).toEqual(before.slice(2).filter((id) => after.has(id)))
    }
  })

  it("ewoq's active staking txs: a walk keeps its place as stakes start and end", async () => {
    const { ewoq } = devnet.fixtures.accounts
    const params = { network, blockchainId: 'p-chain' as const, addresses: [ewoq.p] }
    const staking = async () =>
      (await collect(client.data.listActivePrimaryNetworkStakingTransactions.items(params))).map((t: Any) => t.txHash)
    devnet.advance(5)
    const before = await staking()
    const first = await client.data.listActivePrimaryNetworkStakingTransactions({ ...params, pageSize: 2 })
    devnet.advance(30)
    const rest = await walk(async (token) => {
      const p: Any = await client.data.listActivePrimaryNetworkStakingTransactions({
        ...params,
        pageSize: 2,
        pageToken: token ?? first.nextPageToken,
      })
      return { items: p.transactions, token: p.nextPageToken }
    })
    const after = await staking()
    expect(after.filter((h) => !before.includes(h)).length).toBeGreaterThan(0)
    expect(before.filter((h) => !after.includes(h)).length).toBeGreaterThan(0)
    const walked = [...(first.transactions as Any[]), ...rest].map((t) => t.txHash)
    expect(walked.slice(2)).toEqual(before.slice(2).filter((h) => after.includes(h)))
  })

  it("L1 validators' weight and balance follow the node's; l1ValidationId lists the txs that changed them", async () => {
    const [first] = await collect(client.data.listL1Validators.items({ network }))
    const history = async (l1ValidationId: string): Promise<Any[]> =>
      collect(
        client.data.listLatestPrimaryNetworkTransactions.items({ network, blockchainId: 'p-chain', l1ValidationId }),
      )
    const conversion = (await history(first?.validationId as string)).at(-1)
    devnet.advance(8)
    const listed: Any[] = await collect(client.data.listL1Validators.items({ network }))
    const { validators } = await client.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.l1SubnetId })
    for (const v of validators) {
      const match = listed.find((l) => l.validationId === v.validationID)
      expect(BigInt(match.weight)).toBe(v.weight)
      expect(BigInt(match.remainingBalance)).toBe(v.balance)
    }
    const changes = ['SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx']
    const all: Any[] = await collect(
      client.data.listLatestPrimaryNetworkTransactions.items({ network, blockchainId: 'p-chain', pageSize: 100 }),
    )
    const changed = all.filter((t) => changes.includes(t.txType)).map((t) => t.txHash)
    expect(changed.length).toBeGreaterThan(1)
    const byValidation: string[] = []
    for (const v of listed) {
      const txs = await history(v.validationId)
      // The conversion shows the validators as it registered them, however they changed since.
      expect(txs.at(-1)).toEqual(conversion)
      // A tx shows the validation as it left it: the newest, as it is now.
      expect(txs[0].l1ValidatorDetails).toEqual([
        expect.objectContaining({
          validationId: v.validationId,
          weight: v.weight,
          remainingBalance: v.remainingBalance,
        }),
      ])
      for (const t of txs.slice(0, -1)) {
        expect(changes).toContain(t.txType)
        // The node's view of the tx: a balance increase names the validation ID.
        const node: Any = await client.platform.getTx({ txID: t.txHash, encoding: 'json' })
        if (t.txType === 'IncreaseL1ValidatorBalanceTx') expect(node.tx.unsignedTx.validationID).toBe(v.validationId)
        byValidation.push(t.txHash)
      }
    }
    expect(byValidation.sort()).toEqual(changed.sort())
  })
})

describe('webhooks of a live devnet', () => {
  const watch = (address: string) =>
    client.data.createWebhook({
      eventType: 'address_activity',
      url: inbox.url,
      chainId: C,
      metadata: { addresses: [address] },
    })

  it('each round delivers the new transactions of the watched addresses, signed, with fresh messageIds', async () => {
    const { ewoq } = evm().accounts
    const hook = await watch(ewoq)
    const secret = (await client.data.getSharedSecret()).secret as string
    inbox.deliveries.length = 0
    const height = devnet.tip().c
    devnet.advance(2)
    const blocks = (await client.data.getLatestBlocks({ chainId: C, pageSize: 2 })).blocks as Any[]
    const expected = blocks.reduce((s, b) => s + b.txCount, 0)
    await until(() => inbox.deliveries.length >= expected)
    expect(inbox.deliveries).toHaveLength(expected)
    const listed = (await client.data.listLatestTransactions({ chainId: C, pageSize: expected })).transactions ?? []
    const sent = inbox.deliveries.map((d) => d.json.event.transaction)
    expect(sent.map((t: Any) => t.txHash).sort()).toEqual(listed.map((t) => t.txHash).sort())
    for (const t of sent) expect(Number(t.blockNumber)).toBeGreaterThan(height)
    expect(new Set(inbox.deliveries.map((d) => d.json.messageId)).size).toBe(expected)
    for (const d of inbox.deliveries) {
      expect(d.json.webhookId).toBe(hook.id)
      expect(verifyWebhookSignature(d.body, d.signature, secret)).toBe('canonical')
    }
    await client.data.deactivateWebhook({ id: hook.id })
    inbox.deliveries.length = 0
    devnet.advance(1)
    await new Promise((r) => setTimeout(r, 100))
    expect(inbox.deliveries).toHaveLength(0)
  })

  it("a webhook watching a user gets that user's new transactions only (token transfers to it included)", async () => {
    const { alice } = evm().accounts
    const hook = await watch(alice)
    inbox.deliveries.length = 0
    const height = devnet.tip().c
    devnet.advance(80)
    const expected: Any[] = await collect(
      client.data.listTransactions.items({ chainId: C, address: alice, startBlock: height + 1, sortOrder: 'asc' }),
    )
    expect(expected.length).toBeGreaterThan(0)
    await until(() => inbox.deliveries.length >= expected.length)
    await new Promise((r) => setTimeout(r, 50))
    // One message each (they travel concurrently, so they may arrive in any order).
    expect(inbox.deliveries.map((d) => d.json.event.transaction.txHash).sort()).toEqual(
      expected.map((t) => t.nativeTransaction.txHash).sort(),
    )
    expect(inbox.deliveries.every((d) => d.json.webhookId === hook.id)).toBe(true)
    await client.data.deactivateWebhook({ id: hook.id })
  })
})

describe('OpenAPI shapes after growth', () => {
  it('the listings and the new kinds of items still match their response schemas', async () => {
    const strict = await startDevnet({ seed: 6, evmTxs: 1_000, quirks: false })
    try {
      strict.advance(60)
      const { ewoq } = strict.fixtures.accounts
      const get = async (path: string) => {
        const answer = await raw(strict, path)
        expect(answer.status, path).toBe(200)
        return answer.body as Any
      }
      const p = '/v1/networks/fuji/blockchains/p-chain'
      const txs = await get(`${p}/transactions?pageSize=40`)
      const ofType = (type: string) => txs.transactions.find((t: Any) => t.txType === type).txHash
      const checks: [string, string, string][] = [
        ['data', '/v1/networks/{network}/validators', '/v1/networks/fuji/validators?pageSize=100'],
        ['data', '/v1/networks/{network}/validators', '/v1/networks/fuji/validators?validationStatus=completed'],
        ['data', '/v1/networks/{network}/rewards', `/v1/networks/fuji/rewards?addresses=${ewoq.p}`],
        ['data', '/v1/networks/{network}/blockchains/{blockchainId}/transactions', `${p}/transactions?pageSize=40`],
        [
          'data',
          '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
          '/v1/networks/fuji/blockchains/x-chain/transactions?pageSize=20',
        ],
        ['data', '/v1/networks/{network}/blockchains/{blockchainId}/blocks', `${p}/blocks?pageSize=20`],
        ['data', '/v1/networks/{network}/blockchains/{blockchainId}/utxos', `${p}/utxos?addresses=${ewoq.p}`],
        ['data', '/v1/chains/{chainId}/blocks', `/v1/chains/${C}/blocks?pageSize=20`],
        ['data', '/v1/chains/{chainId}/transactions', `/v1/chains/${C}/transactions?pageSize=50`],
        [
          'data',
          '/v1/chains/{chainId}/addresses/{address}/transactions',
          `/v1/chains/${C}/addresses/${strict.fixtures.data.evm.accounts.alice}/transactions?pageSize=20`,
        ],
        ['metrics', '/v2/chains/{chainId}/metrics/{metric}', `/v2/chains/${C}/metrics/txCount?timeInterval=hour`],
      ]
      for (const type of ['RewardValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx']) {
        const path = '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}'
        checks.push(['data', path, `${p}/transactions/${ofType(type)}`])
      }
      for (const [api, template, path] of checks) {
        assertValid(responseValidator(api as 'data' | 'metrics', template, 200), await get(path), path)
      }
    } finally {
      await strict.close()
    }
  })
})

describe('determinism', () => {
  it('two devnets with the same seed and rounds answer alike, however the rounds were taken', async () => {
    // One clock for both, so that page tokens (they hold their issue time) match too.
    const options = { seed: 4, evmTxs: 1_000, now: () => 1_767_225_600_000 }
    const [one, other] = await Promise.all([startDevnet(options), startDevnet(options)])
    try {
      one.advance(30)
      for (let k = 0; k < 30; k++) other.advance()
      expect(other.tip()).toEqual(one.tip())
      const { alice } = one.fixtures.data.evm.accounts
      for (const path of [
        `/v1/chains/${C}/blocks?pageSize=10`,
        `/v1/chains/${C}/transactions?pageSize=25`,
        `/v1/chains/${C}/addresses/${alice}/transactions?pageSize=10`,
        `/v1/chains/${C}/addresses/${alice}/balances:getNative`,
        `/v1/chains/${one.fixtures.data.evm.chains[1]?.chainId}/blocks?pageSize=3`,
        '/v1/networks/fuji/blockchains/p-chain/transactions?pageSize=10',
        '/v1/networks/fuji/blockchains/x-chain/transactions?pageSize=10',
        `/v2/chains/${C}/metrics/txCount?timeInterval=hour&pageSize=3`,
      ]) {
        const answer = await raw(one, path)
        expect(answer.status).toBe(200)
        expect(await raw(other, path)).toEqual(answer)
      }
    } finally {
      await Promise.all([one.close(), other.close()])
    }
  })
})
