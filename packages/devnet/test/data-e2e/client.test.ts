/**
 * (b) Every Data API and Metrics API operation end to end through core (`createClient({dataApiUrl, metricsApiUrl})`
 * pointed at the devnet), asserting values that agree with the node side (avm/platform/index of the same devnet)
 * and with each other (balances = sums of transfers), and every error status arriving as its core error class.
 */
import {
  type AvalancheClient,
  BadGatewayError,
  BadRequestError,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { keccak256 } from '../../src/world/keccak.js'
import { collect, dataClient, raw, rejection } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of results in assertions
type Any = Record<string, any>

let devnet: Devnet
let client: AvalancheClient
const C = 43112
const GENESIS = 1_735_689_600
const WEI = 10n ** 18n

beforeAll(async () => {
  devnet = await startDevnet({
    seed: 3,
    index: true,
    evmTxs: 4_000,
    cBlocks: 80,
    xTxs: 700,
    utxosPerAddress: 200,
    apiKeys: { 'key-full': 'full', 'key-limited': 'limited' },
  })
  client = dataClient(devnet, { apiKey: 'key-full' })
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const evm = () => devnet.fixtures.data.evm

/** The RLP header of the coreth block inside a proposervm container (hex): what the block hash is keccak of. */
function corethHeader(hex: string): Uint8Array {
  const bytes = Buffer.from(hex.slice(2), 'hex')
  let o = 2 + 4 + 32 + 8 + 8 // codec version, type, parent ID, timestamp, P-Chain height
  o += 4 + bytes.readUInt32BE(o) // certificate
  const inner = bytes.subarray(o + 4, o + 4 + bytes.readUInt32BE(o))
  const item = (at: number): [start: number, end: number, payload: number] => {
    const b = inner[at] as number
    if (b < 0xf8) return [at, at + 1 + (b - 0xc0), at + 1]
    const size = b - 0xf7
    return [at, at + 1 + size + inner.readUIntBE(at + 1, size), at + 1 + size]
  }
  const [, , payload] = item(0)
  const [start, end] = item(payload)
  return inner.subarray(start, end)
}
const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()
/** A decimal amount the devnet sends (a missing one throws). */
const big = (value: string | undefined): bigint => BigInt(value as string)

describe('data: EVM chains', () => {
  it('listChains: the C-Chain (43112) and the L1 the P-Chain created', async () => {
    const { chains = [] } = await client.data.listChains()
    expect(chains.map((c) => c.chainId)).toEqual(evm().chains.map((c) => c.chainId))
    const l1 = chains[1] as Any
    const { blockchains } = (await client.platform.getBlockchains()) as Any
    const created = blockchains.find((b: Any) => b.name === 'devnet-l1')
    expect(l1.platformChainId).toBe(created.id)
    expect(l1.subnetId).toBe(created.subnetID)
    expect(l1.subnetId).toBe(devnet.fixtures.p.l1SubnetId)
    expect(chains[0]?.rpcUrl?.startsWith(devnet.url)).toBe(true)
    expect((await client.data.listChains({ network: 'mainnet' })).chains).toEqual([])
  })

  it('getChainInfo: by EVM chain ID and by blockchain ID', async () => {
    const byNumber = await client.data.getChainInfo({ chainId: C })
    expect(byNumber.platformChainId).toBe(devnet.fixtures.chains.c)
    expect(await client.data.getChainInfo({ chainId: devnet.fixtures.chains.c })).toEqual(byNumber)
    expect(byNumber.networkToken).toMatchObject({ symbol: 'AVAX', decimals: 18 })
  })

  it('getLatestBlocks: the C-Chain height of the node, newest first, every block once', async () => {
    const blocks = await collect(client.data.getLatestBlocks.items({ chainId: C }))
    expect(blocks).toHaveLength(devnet.fixtures.c.height)
    expect(blocks[0]?.blockNumber).toBe(String(devnet.fixtures.c.height))
    expect(blocks.at(-1)?.blockNumber).toBe('1')
    expect(blocks[0]?.cumulativeTransactions).toBe(String(evm().chains[0]?.txCount))
    expect(blocks.reduce((s, b) => s + (b.txCount ?? 0), 0)).toBe(evm().chains[0]?.txCount)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i - 1]?.parentHash).toBe(blocks[i]?.blockHash)
    // Each block is the coreth block inside the node's C/block container: same hash (keccak of its RLP header),
    // same time as the index's acceptance time.
    for (const h of [1, 2, devnet.fixtures.c.height]) {
      const c = await client.index.getContainerByIndex({ indexName: 'C/block', index: h - 1, encoding: 'hexnc' })
      const block = blocks[blocks.length - h] as Any
      expect(`0x${Buffer.from(keccak256(corethHeader(c.bytes))).toString('hex')}`).toBe(block.blockHash)
      expect(Math.floor(Date.parse(c.timestamp) / 1000)).toBe(block.blockTimestamp)
    }
  })

  it('getBlock: by number and by hash', async () => {
    const byNumber = await client.data.getBlock({ chainId: C, blockId: 10 })
    expect(await client.data.getBlock({ chainId: C, blockId: byNumber.blockHash })).toEqual(byNumber)
    expect(byNumber.blockTimestamp).toBe(GENESIS + 10 * 2)
  })

  it('listLatestTransactions: newest first; status filters by txStatus', async () => {
    const latest = await client.data.listLatestTransactions({ chainId: C, pageSize: 5 })
    expect(latest.transactions?.map((t) => t.blockNumber)).toEqual(Array(5).fill(String(devnet.fixtures.c.height)))
    const failed = await collect(
      client.data.listLatestTransactions.items({ chainId: C, status: 'failed' }, { limit: 30 }),
    )
    expect(failed.length).toBe(30)
    expect(new Set(failed.map((t) => t.txStatus))).toEqual(new Set(['0']))
  })

  it('getTransaction: the listed transaction, with its transfers and prices', async () => {
    const [tx] = (await client.data.listLatestTransactions({ chainId: C, pageSize: 1 })).transactions ?? []
    const detail = await client.data.getTransaction({ chainId: C, txHash: tx?.txHash as string })
    expect(detail.nativeTransaction).toMatchObject(tx as Any)
    expect(detail.networkTokenDetails?.currentPrice?.currencyCode).toBe('usd')
  })

  it('getTransactionsForBlock: every transaction of the block, in block order', async () => {
    const block = await client.data.getBlock({ chainId: C, blockId: 17 })
    const txs = await collect(client.data.getTransactionsForBlock.items({ chainId: C, blockId: 17 }))
    expect(txs).toHaveLength(block.txCount as number)
    expect(txs.map((t) => t.blockIndex)).toEqual(txs.map((_, i) => i))
    const whole = await client.data.getTransactionsForBlock({ chainId: C, blockId: block.blockHash })
    expect(whole.transactions).toEqual(txs)
  })

  it('getDeploymentTransaction: ewoq created each token, minting its supply', async () => {
    const deploy = await client.data.getDeploymentTransaction({
      chainId: C,
      address: evm().contracts.usdc,
      currency: 'eur',
    })
    expect(deploy.nativeTransaction?.method?.callType).toBe('CONTRACT_CREATION')
    expect(same(deploy.nativeTransaction?.from?.address, evm().accounts.ewoq)).toBe(true)
    expect(deploy.nativeTransaction?.nonce).toBe('0')
    expect(deploy.erc20Transfers?.[0]).toMatchObject({
      value: String(10n ** 15n),
      from: { address: `0x${'0'.repeat(40)}` },
    })
    expect(deploy.networkTokenDetails?.currentPrice?.currencyCode).toBe('eur')
    await rejection(client.data.getDeploymentTransaction({ chainId: C, address: evm().accounts.alice }), NotFoundError)
  })

  it('listNativeTransactions: 4,000 transactions of ewoq; alice only in her native transfers', async () => {
    const ewoq = await collect(client.data.listNativeTransactions.items({ chainId: C, address: evm().accounts.ewoq }))
    expect(ewoq).toHaveLength(evm().chains[0]?.txCount as number)
    const alice = await collect(client.data.listNativeTransactions.items({ chainId: C, address: evm().accounts.alice }))
    expect(alice.length).toBeGreaterThan(10)
    for (const t of alice)
      expect(same(t.from?.address, evm().accounts.alice) || same(t.to?.address, evm().accounts.alice)).toBe(true)
    const ranged = await collect(
      client.data.listNativeTransactions.items({
        chainId: C,
        address: evm().accounts.ewoq,
        startBlock: 5,
        endBlock: 7,
      }),
    )
    expect(new Set(ranged.map((t) => t.blockNumber))).toEqual(new Set(['5', '6']))
  })

  it('listErc20Transactions and listErc20Balances: a balance is the sum of its transfers', async () => {
    const address = evm().accounts.alice
    const transfers = await collect(client.data.listErc20Transactions.items({ chainId: C, address }))
    const { erc20TokenBalances, nativeTokenBalance } = await client.data.listErc20Balances({
      chainId: C,
      address,
      filterSpamTokens: false,
    })
    expect(erc20TokenBalances?.length).toBeGreaterThan(1)
    for (const b of erc20TokenBalances ?? []) {
      const sum = transfers
        .filter((t) => same(t.erc20Token?.address, b.address))
        .reduce((s, t) => s + (same(t.to?.address, address) ? big(t.value) : -big(t.value)), 0n)
      expect(big(b.balance)).toBe(sum)
    }
    // Native: 1,000 AVAX from genesis, plus what she received, minus what she sent and the gas she paid.
    const natives = await collect(client.data.listNativeTransactions.items({ chainId: C, address }))
    let balance = 1_000n * WEI
    for (const t of natives) {
      if (same(t.to?.address, address)) balance += big(t.value)
      if (same(t.from?.address, address)) balance -= big(t.value) + big(t.gasUsed) * big(t.gasPrice)
    }
    expect(big(nativeTokenBalance?.balance)).toBe(balance)
    // The spam token is hidden by default (filterSpamTokens defaults to true).
    const filtered = await client.data.listErc20Balances({ chainId: C, address })
    expect(filtered.erc20TokenBalances?.some((b) => b.tokenReputation === 'Malicious')).toBe(false)
    // At an earlier block, only earlier transfers count.
    const early = await client.data.listErc20Balances({ chainId: C, address, blockNumber: 20, filterSpamTokens: false })
    for (const b of early.erc20TokenBalances ?? []) {
      const sum = transfers
        .filter((t) => same(t.erc20Token?.address, b.address) && Number(t.blockNumber) <= 20)
        .reduce((s, t) => s + big(t.value), 0n)
      expect(big(b.balance)).toBe(sum)
    }
  })

  it('listErc721Transactions: each NFT is minted to ewoq and passed on in the same transaction', async () => {
    const transfers = await collect(
      client.data.listErc721Transactions.items({ chainId: C, address: evm().accounts.bob }),
    )
    expect(transfers.length).toBeGreaterThan(0)
    for (const t of transfers) {
      expect(same(t.to?.address, evm().accounts.bob)).toBe(true)
      expect(same(t.erc721Token?.address, evm().contracts.nft)).toBe(true)
      const detail = await client.data.getTransaction({ chainId: C, txHash: t.txHash })
      expect(detail.erc721Transfers?.map((x) => x.logIndex)).toEqual([0, 1])
    }
  })

  it('listErc1155Transactions and listErc1155Balances agree', async () => {
    const address = evm().accounts.carol
    const transfers = await collect(client.data.listErc1155Transactions.items({ chainId: C, address }))
    const { erc1155TokenBalances } = await client.data.listErc1155Balances({ chainId: C, address })
    const sums = new Map<string, bigint>()
    for (const t of transfers)
      sums.set(String(t.erc1155Token?.tokenId), (sums.get(String(t.erc1155Token?.tokenId)) ?? 0n) + big(t.value))
    expect(new Map((erc1155TokenBalances ?? []).map((b) => [b.tokenId, big(b.balance)]))).toEqual(sums)
    const ewoq = await client.data.listErc1155Balances({
      chainId: C,
      address: evm().accounts.ewoq,
      contractAddress: evm().contracts.items,
    })
    expect(ewoq.erc1155TokenBalances).toHaveLength(5)
  })

  it('listTransactions: every transaction of an address, asc is desc reversed', async () => {
    const address = evm().accounts.alice
    const desc = await collect(client.data.listTransactions.items({ chainId: C, address }))
    const asc = await collect(client.data.listTransactions.items({ chainId: C, address, sortOrder: 'asc' }))
    expect(asc.map((t) => t.nativeTransaction?.txHash)).toEqual(desc.map((t) => t.nativeTransaction?.txHash).reverse())
    const tokens = desc.filter((t) => t.erc20Transfers?.length)
    expect(tokens.length).toBeGreaterThan(0)
    for (const t of tokens) for (const x of t.erc20Transfers ?? []) expect(same(x.to?.address, address)).toBe(true)
  })

  it('listTransactionsV2: ERC-20 tokens carry their reputation; filterSpamTokens drops the spam', async () => {
    const address = evm().accounts.alice
    const all = await collect(client.data.listTransactionsV2.items({ chainId: C, address }))
    const clean = await collect(client.data.listTransactionsV2.items({ chainId: C, address, filterSpamTokens: true }))
    const spam = all.filter((t) => t.erc20Transfers?.some((x) => x.erc20Token?.tokenReputation === 'Malicious'))
    expect(spam.length).toBeGreaterThan(0)
    expect(clean).toHaveLength(all.length - spam.length)
  })

  it('listTransfers: the transfers of one token contract', async () => {
    const transfers = await collect(
      client.data.listTransfers.items({ chainId: C, address: evm().contracts.nft }, { limit: 50 }),
    )
    expect(transfers).toHaveLength(50)
    for (const t of transfers) expect(same((t as Any).erc721Token.address, evm().contracts.nft)).toBe(true)
    const usdc = await client.data.listTransfers({ chainId: C, address: evm().contracts.usdc, pageSize: 3 })
    expect(usdc.transfers?.every((t) => 'erc20Token' in t)).toBe(true)
  })
})

describe('data: Primary Network, as the node sees it', () => {
  it('listLatestPrimaryNetworkTransactions (X): each listed tx is avm.getTx of the same ID', async () => {
    const { transactions, chainInfo } = (await client.data.listLatestPrimaryNetworkTransactions({
      network: 'fuji',
      blockchainId: 'x-chain',
      pageSize: 20,
    })) as Any
    expect(chainInfo).toEqual({ chainName: 'x-chain', network: 'fuji' })
    expect(transactions[0].txHash).toBe(devnet.fixtures.x.txs.last)
    for (const tx of transactions.slice(0, 8)) {
      const node = ((await client.avm.getTx({ txID: tx.txHash, encoding: 'json' })) as Any).tx.unsignedTx
      const outputs = [...node.outputs, ...(node.exportedOutputs ?? [])]
      expect(tx.emittedUtxos.map((u: Any) => [u.asset.assetId, u.asset.amount, `X-${u.addresses[0]}`])).toEqual(
        outputs.map((o: Any) => [o.assetID, String(o.output.amount), o.output.addresses[0]]),
      )
      const inputs = [...node.inputs, ...(node.importedInputs ?? [])]
      expect(tx.consumedUtxos.map((u: Any) => [u.creationTxHash, Number(u.outputIndex), u.asset.amount])).toEqual(
        inputs.map((i: Any) => [i.txID, Number(i.outputIndex), String(i.input.amount)]),
      )
      expect(tx.memo).toBe(node.memo)
      const block = (await client.avm.getBlockByHeight({ height: tx.blockHeight, encoding: 'json' })) as Any
      expect(block.block.id).toBe(tx.blockHash)
      expect(Number(block.block.time)).toBe(tx.timestamp)
    }
  })

  it('listLatestPrimaryNetworkTransactions (P): platform.getTx of the same ID; filters by address and type', async () => {
    const f = devnet.fixtures
    const staking = await collect(
      client.data.listLatestPrimaryNetworkTransactions.items({
        network: 'fuji',
        blockchainId: 'p-chain',
        addresses: [f.accounts.ewoq.p],
        txTypes: ['AddPermissionlessValidatorTx'],
      }),
    )
    expect(staking.map((t: Any) => t.txHash)).toContain(f.p.txs.addValidator)
    const { validators } = (await client.platform.getCurrentValidators()) as Any
    for (const tx of staking as Any[]) {
      const v = validators.find((x: Any) => x.txID === tx.txHash)
      expect(tx.nodeId).toBe(v.nodeID)
      expect(BigInt(tx.amountStaked[0].amount)).toBe(BigInt(v.weight))
      expect(tx.estimatedReward).toBe(String(v.potentialReward))
      const node = ((await client.platform.getTx({ txID: tx.txHash, encoding: 'json' })) as Any).tx.unsignedTx
      expect(tx.startTimestamp).toBe(Number(node.validator.start))
    }
    const l1 = (await client.data.listLatestPrimaryNetworkTransactions({
      network: 'fuji',
      blockchainId: 'p-chain',
      l1ValidationId: ((await client.platform.getCurrentValidators({ subnetID: f.p.l1SubnetId })) as Any).validators[0]
        .validationID,
    })) as Any
    expect(l1.transactions.map((t: Any) => t.txHash)).toEqual([f.p.txs.convertSubnetToL1])
    // Without addresses, type and time filters are refused (seed rule 1): core checks it before sending.
    const all = await collect(
      client.data.listLatestPrimaryNetworkTransactions.items({ network: 'fuji', blockchainId: 'p-chain' }),
    )
    expect(all).toHaveLength(f.p.txCount)
    const exports = all.filter((t: Any) => t.txType === 'ExportTx') as Any[]
    expect(exports.every((t) => t.destinationChain === f.chains.x)).toBe(true)
  })

  it('listAssetTransactions: the asset matches avm.getAssetDescription', async () => {
    const usdt = devnet.fixtures.assets.usdt
    const txs = (await collect(
      client.data.listAssetTransactions.items({ network: 'fuji', blockchainId: 'x-chain', assetId: usdt.id }),
    )) as Any[]
    const created = txs.find((t) => t.txType === 'CreateAssetTx')
    const description = (await client.avm.getAssetDescription({ assetID: usdt.id })) as Any
    expect(created?.assetCreated).toMatchObject({
      assetId: description.assetID,
      name: description.name,
      symbol: description.symbol,
      denomination: Number(description.denomination),
      cap: 'variable',
    })
    for (const t of txs) {
      const amounts = [...t.amountCreated, ...t.amountUnlocked]
      expect(amounts.some((a: Any) => a.assetId === usdt.id && a.symbol === 'USDT' && a.denomination === 6)).toBe(true)
    }
  })

  it("listPrimaryNetworkBlocksByNodeId: P blocks of the index, proposed by the devnet's validators", async () => {
    const nodeId = devnet.fixtures.nodeId
    const blocks = (await collect(
      client.data.listPrimaryNetworkBlocksByNodeId.items({ network: 'fuji', blockchainId: 'p-chain', nodeId }),
    )) as Any[]
    expect(blocks.length).toBeGreaterThan(3)
    for (const b of blocks.slice(0, 5)) {
      expect(b.proposerDetails.proposerNodeId).toBe(nodeId)
      const container = (await client.index.getContainerByIndex({
        indexName: 'P/block',
        index: Number(b.blockNumber) - 1,
      })) as Any
      expect(container.id).toBe(b.proposerDetails.proposerId)
      const block = (await client.platform.getBlockByHeight({ height: Number(b.blockNumber), encoding: 'json' })) as Any
      expect(block.block.id).toBe(b.blockHash)
      expect(block.block.txs.map((t: Any) => t.id)).toEqual(b.transactions)
    }
    const heights = blocks.map((b) => Number(b.blockNumber))
    expect(heights).toEqual([...heights].sort((a, b) => b - a))
  })
})

describe('metrics', () => {
  it('healthCheck and liveCheck', async () => {
    expect((await client.metrics.healthCheck()).status).toBe('ok')
    expect((await client.metrics.liveCheck()).status).toBe('ok')
  })

  it("listChains and getChain: the Data API's EVM chains", async () => {
    const { chains = [] } = await client.metrics.listChains()
    expect(chains.map((c) => String(c.evmChainId))).toEqual(evm().chains.map((c) => c.chainId))
    expect(await client.metrics.getChain({ chainId: C })).toEqual(chains[0])
    await rejection(client.metrics.getChain({ chainId: 1 }), NotFoundError)
  })

  it('getEvmChainMetrics: newest first, hour buckets sum to days, cumulative is a running sum', async () => {
    const days = await collect(
      client.metrics.getEvmChainMetrics.items({ chainId: C, metric: 'txCount', timeInterval: 'day' }),
    )
    expect(days).toHaveLength(450)
    expect(days[0]?.timestamp).toBeGreaterThan(days[1]?.timestamp as number)
    const firstDay = await collect(
      client.metrics.getEvmChainMetrics.items({
        chainId: C,
        metric: 'txCount',
        timeInterval: 'hour',
        startTimestamp: GENESIS,
        endTimestamp: GENESIS + 23 * 3600,
      }),
    )
    expect(firstDay.reduce((s, p) => s + (p.value ?? 0), 0)).toBe(days.at(-1)?.value)
    const cumulative = await client.metrics.getEvmChainMetrics({ chainId: C, metric: 'cumulativeTxCount', pageSize: 1 })
    expect(cumulative.results?.[0]?.value).toBe(days.reduce((s, p) => s + (p.value ?? 0), 0))
  })

  it('getEvmChainRollingWindowMetrics: the last day is the last 24 hours', async () => {
    const { result } = await client.metrics.getEvmChainRollingWindowMetrics({ chainId: C, metric: 'txCount' })
    const hours = await client.metrics.getEvmChainMetrics({
      chainId: C,
      metric: 'txCount',
      timeInterval: 'hour',
      pageSize: 24,
    })
    expect(result?.lastDay).toBe(hours.results?.reduce((s, p) => s + (p.value ?? 0), 0))
    expect(result?.allTime).toBeGreaterThan(result?.lastYear as number)
  })

  it('getICMTimeseries and getICMSummary: C-Chain <-> L1 messages', async () => {
    const grouped = await client.metrics.getICMTimeseries({ groupBy: 'srcBlockchainId,destBlockchainId', pageSize: 4 })
    const pairs = new Set((grouped.results ?? []).map((r) => `${r.srcBlockchainId}>${r.destBlockchainId}`))
    const [c, l1] = evm().chains
    expect(pairs).toEqual(new Set([`${c?.blockchainId}>${l1?.blockchainId}`, `${l1?.blockchainId}>${c?.blockchainId}`]))
    const summary = await client.metrics.getICMSummary({ srcBlockchainId: c?.blockchainId })
    const hours = await client.metrics.getICMTimeseries({
      srcBlockchainId: c?.blockchainId,
      timeInterval: 'hour',
      pageSize: 24,
    })
    expect(summary.result?.lastDay).toBe(hours.results?.reduce((s, p) => s + (p.value ?? 0), 0))
  })

  it("getStakingMetrics: the P-Chain's validator set", async () => {
    const { validators } = (await client.platform.getCurrentValidators()) as Any
    const [first] =
      (await client.metrics.getStakingMetrics({ network: 'fuji', metric: 'validatorCount', endTimestamp: GENESIS }))
        .results ?? []
    expect(first).toEqual({ timestamp: GENESIS, value: validators.length })
    const [weight] =
      (await client.metrics.getStakingMetrics({ network: 'fuji', metric: 'validatorWeight', endTimestamp: GENESIS }))
        .results ?? []
    expect(weight?.value).toBe(Number(validators.reduce((s: bigint, v: Any) => s + BigInt(v.weight), 0n)))
  })

  it('getTotalL1ValidatorMetrics, getMetricsByValidationId, getMetricsByNodeId, getMetricsBySubnetId: L1 fees', async () => {
    const { validators } = (await client.platform.getCurrentValidators({
      subnetID: devnet.fixtures.p.l1SubnetId,
    })) as Any
    const v = validators[0]
    const cumulative = await client.metrics.getMetricsByValidationId({
      l1ValidationId: v.validationID,
      metric: 'validationCumulativeFeesDaily',
    })
    // Over the 450 days the validator's whole balance is paid in fees.
    expect(cumulative.results?.[0]?.value).toBe(Number(v.balance))
    const byNode = await client.metrics.getMetricsByNodeId({ nodeId: v.nodeID, metric: 'perNodeCumulativeFeesPaid' })
    expect(byNode.results?.[0]?.value).toBe(Number(v.balance))
    const total = await client.metrics.getTotalL1ValidatorMetrics({ metric: 'totalCumulativeFeesDaily' })
    const balances = validators.reduce((s: bigint, x: Any) => s + BigInt(x.balance), 0n)
    expect(total.results?.[0]?.value).toBe(Number(balances))
    const subnet = await client.metrics.getMetricsBySubnetId({
      subnetId: devnet.fixtures.p.l1SubnetId,
      metric: 'perSubnetPayingValidators',
    })
    expect(subnet.results?.at(-1)?.value).toBe(validators.length)
  })

  it('getAddressesByBtcbBridged: addresses above the threshold, largest first', async () => {
    const all = await collect(client.metrics.getAddressesByBtcbBridged.items({ threshold: '0' }))
    expect(all).toHaveLength(64)
    const some = await collect(client.metrics.getAddressesByBtcbBridged.items({ threshold: '50000000' }))
    expect(some.every((a) => big(a.sortKey) >= 50_000_000n)).toBe(true)
    expect(some.length).toBeLessThan(64)
  })

  it("getValidatorsByDateRange: the subnet's validators in a time range", async () => {
    const primary = await collect(client.metrics.getValidatorsByDateRange.items({ subnetId: devnet.fixtures.chains.p }))
    expect(primary).toHaveLength(devnet.fixtures.p.validators.primary.length)
    const l1 = await client.metrics.getValidatorsByDateRange({ subnetId: devnet.fixtures.p.l1SubnetId })
    expect((l1.addresses ?? []).map((a) => a.sortKey).sort()).toEqual([...devnet.fixtures.p.validators.l1].sort())
  })

  it("getAvgTps (seed 001's /v1/avg_tps): the daily avgTps series, 100 points a page", async () => {
    const page = await client.metrics.getAvgTps({ chainId: C })
    expect(page.status).toBe(200)
    expect(page.results).toHaveLength(100)
    const v2 = await client.metrics.getEvmChainMetrics({
      chainId: C,
      metric: 'avgTps',
      timeInterval: 'day',
      pageSize: 100,
    })
    expect(page.results).toEqual(v2.results)
    expect(await collect(client.metrics.getAvgTps.items({ chainId: C }))).toHaveLength(450)
  })
})

describe('errors arrive as core error classes, with the body kept', () => {
  it('400 BadRequestError', async () => {
    const error = await rejection(
      client.data.listErc20Balances({ chainId: C, address: evm().accounts.alice, blockNumber: 10 ** 9 }),
      BadRequestError,
    )
    expect(error.status).toBe(400)
    expect(error.body).toEqual({
      message: [`blockNumber must not be greater than the latest block (${devnet.fixtures.c.height})`],
      statusCode: 400,
      error: 'Bad Request',
    })
  })

  it('401 UnauthorizedError for a key the service does not know', async () => {
    const stranger = dataClient(devnet, { apiKey: 'not-a-key' })
    const error = await rejection(stranger.data.listChains(), UnauthorizedError)
    expect(error.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
    // Without a key: the unauthenticated tier, no error.
    expect((await dataClient(devnet).data.listChains()).chains?.length).toBe(2)
    await stranger.close()
  })

  it('403 ForbiddenError for a limited key on an xl endpoint', async () => {
    const limited = dataClient(devnet, { apiKey: 'key-limited' })
    const error = await rejection(
      limited.data.listLatestPrimaryNetworkTransactions({ network: 'fuji', blockchainId: 'x-chain' }),
      ForbiddenError,
    )
    expect(error.body).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    expect((await limited.data.getLatestBlocks({ chainId: C, pageSize: 1 })).blocks).toHaveLength(1)
    await limited.close()
  })

  it('404 NotFoundError', async () => {
    const error = await rejection(
      client.data.getTransaction({ chainId: C, txHash: `0x${'12'.repeat(32)}` }),
      NotFoundError,
    )
    expect(error.body).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })

  it('429 RateLimitError from the rate limiter: with retry-after for a key, bare without one', async () => {
    let now = Date.UTC(2026, 1, 1, 0, 0, 30)
    const limited = await startDevnet({
      apiKeys: { 'rate-key': 'full' },
      rateLimits: { full: 25, unauthenticated: 25 },
      now: () => now,
    })
    const c = dataClient(limited, { retry: false, apiKey: 'rate-key' })
    await c.data.listLatestTransactions({ chainId: C, pageSize: 1 })
    const error = await rejection(c.data.listLatestTransactions({ chainId: C, pageSize: 1 }), RateLimitError)
    expect(error.retryAfterMs).toBe(30_000)
    expect(error.headers['ratelimit-remaining']).toBe('5')
    expect(error.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    // The window is charged by weight: a free call (1 CU) still fits.
    expect((await c.data.listChains()).chains).toHaveLength(2)
    // Without a key the 429 says nothing of when to come back (data-api.md 0b.3).
    const anonymous = dataClient(limited, { retry: false })
    await anonymous.data.listLatestTransactions({ chainId: C, pageSize: 1 })
    const bare = await rejection(anonymous.data.listLatestTransactions({ chainId: C, pageSize: 1 }), RateLimitError)
    expect(bare.retryAfterMs).toBeUndefined()
    expect(Object.keys(bare.headers).filter((h) => /ratelimit|retry-after/.test(h))).toEqual([])
    now += 30_000
    expect((await c.data.listLatestTransactions({ chainId: C, pageSize: 1 })).transactions).toHaveLength(1)
    await anonymous.close()
    await c.close()
    await limited.close()
  })

  it.each([
    [500, InternalServerError],
    [502, BadGatewayError],
    [503, ServiceUnavailableError],
  ] as const)('%i from fault injection: %o', async (status, type) => {
    const c = dataClient(devnet, { retry: false })
    devnet.setFaults({ httpError: { status, first: 2, paths: ['/v1/', '/v2/'] } })
    try {
      const data = await rejection(c.data.getChainInfo({ chainId: C }), type)
      expect(data.body).toEqual({ message: expect.any(String), statusCode: status, error: expect.any(String) })
      const metrics = await rejection(c.metrics.getChain({ chainId: C }), type)
      expect((metrics.body as Any).message).toEqual([expect.any(String)])
    } finally {
      devnet.setFaults(undefined)
      await c.close()
    }
    // With retries (the default), a transient 5xx is retried away.
    devnet.setFaults({ httpError: { status, first: 1, paths: ['/v1/'] } })
    expect((await client.data.getChainInfo({ chainId: C })).chainId).toBe(String(C))
    devnet.setFaults(undefined)
  })

  it('raw bodies: what core keeps is what the devnet sent', async () => {
    const { status, body } = await raw(devnet, `/v1/chains/${C}/blocks?pageSize=500`)
    expect(status).toBe(400)
    expect(body).toEqual({ message: ['pageSize must not be greater than 100'], statusCode: 400, error: 'Bad Request' })
  })
})
