import type { ApiCall, DataContext, RouteHandler } from './context.js'
import { money } from './context.js'
import {
  type ContractInfo,
  checksumAddress,
  DEPLOYMENTS,
  type EvmChain,
  type EvmTx,
  EWOQ_EVM,
  ITEM_IDS,
  type TransferRecord,
  ZERO_ADDRESS,
} from './evm-chain.js'
import type { EvmChainMeta } from './evm-chains.js'
import { badRequest, bool, notFound, num, type Params, str } from './http.js'
import { type Entry, paginate, requestKey } from './paging.js'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

function chainOf(ctx: DataContext, params: Params): EvmChainMeta {
  const id = str(params, 'chainId') as string
  const meta = ctx.chains.get(id)
  if (!meta) throw notFoundChain(id)
  return meta
}

const notFoundChain = (id: string) =>
  notFound(`chainId ${id} is not supported; GET /v1/chains lists the supported chains`)

export function addressParam(params: Params, name = 'address'): string {
  const value = str(params, name) as string
  if (!EVM_ADDRESS.test(value))
    throw badRequest([`Invalid address format: ${name} must be 0x followed by 40 hex digits`])
  return value.toLowerCase()
}

function blockRange(chain: EvmChain, params: Params): [number, number] {
  const startBlock = num(params, 'startBlock')
  const endBlock = num(params, 'endBlock')
  const problems: string[] = []
  for (const [name, value] of [
    ['startBlock', startBlock],
    ['endBlock', endBlock],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      problems.push(`${name} must be a whole number not less than 0`)
    }
  }
  if (!problems.length && startBlock !== undefined && endBlock !== undefined && endBlock < startBlock) {
    problems.push('endBlock must not be less than startBlock')
  }
  if (problems.length) throw badRequest(problems)
  return chain.txRange(startBlock, endBlock)
}

/**
 * A block range as the request gave it, for a page token's request key: not the transaction positions it resolves
 * to, which move on as the chain grows (a token issued before growth must stay valid for the same request).
 */
const blockParams = (params: Params) => [num(params, 'startBlock'), num(params, 'endBlock')]

export function pageRequest(call: ApiCall, filters: Record<string, unknown>) {
  return {
    tokens: call.ctx.tokens,
    request: requestKey(call.route, filters),
    pageToken: str(call.params, 'pageToken'),
    pageSize: num(call.params, 'pageSize') ?? 10,
  }
}

// ---------------------------------------------------------------- rendering

function rich(chain: EvmChain, address: string): Record<string, unknown> {
  const contract = chain.contract(address)
  const out: Record<string, unknown> = {}
  if (contract) {
    out.name = contract.name
    out.symbol = contract.symbol
    if (contract.standard === 'ERC-20') out.decimals = contract.decimals
  }
  out.address = checksumAddress(address)
  return out
}

function erc20Token(c: ContractInfo, currency: string, day: number, v2 = false) {
  const token: Record<string, unknown> = {
    address: checksumAddress(c.address),
    name: c.name,
    symbol: c.symbol,
    decimals: c.decimals,
    ercType: 'ERC-20',
  }
  if (c.usd) token.price = money(c.usd(day), currency)
  if (v2) token.tokenReputation = c.reputation
  return token
}

function nftMetadata(c: ContractInfo, tokenId: bigint, chain: EvmChain) {
  const base = `https://devnet.invalid/${chain.chainId}/${c.symbol.toLowerCase()}/${tokenId}`
  return {
    indexStatus: 'INDEXED',
    metadataLastUpdatedTimestamp: chain.blockTime(chain.height),
    name: c.standard === 'ERC-721' ? `${c.name} #${tokenId}` : `${c.name}: item ${tokenId}`,
    symbol: c.symbol,
    imageUri: `${base}.png`,
    description: `${c.name} token ${tokenId} on the devnet`,
    externalUrl: base,
    ...(c.standard === 'ERC-721'
      ? { attributes: JSON.stringify([{ trait_type: 'rarity', value: Number(tokenId % 5n) }]) }
      : { decimals: 0, properties: JSON.stringify({ item: Number(tokenId) }) }),
  }
}

function erc721Token(chain: EvmChain, c: ContractInfo, tokenId: bigint, owner: string | undefined) {
  const out: Record<string, unknown> = {
    address: checksumAddress(c.address),
    name: c.name,
    symbol: c.symbol,
    ercType: 'ERC-721',
    tokenId: tokenId.toString(),
    tokenUri: `https://devnet.invalid/${chain.chainId}/${c.symbol.toLowerCase()}/${tokenId}.json`,
    metadata: nftMetadata(c, tokenId, chain),
  }
  if (owner) out.ownerAddress = checksumAddress(owner)
  return out
}

function erc1155Token(chain: EvmChain, c: ContractInfo, tokenId: bigint) {
  return {
    address: checksumAddress(c.address),
    ercType: 'ERC-1155',
    tokenId: tokenId.toString(),
    tokenUri: `https://devnet.invalid/${chain.chainId}/${c.symbol.toLowerCase()}/{id}.json`,
    metadata: nftMetadata(c, tokenId, chain),
  }
}

function blockFields(chain: EvmChain, tx: EvmTx) {
  const block = chain.block(tx.block)
  return {
    blockNumber: String(tx.block),
    blockTimestamp: block.timestamp,
    blockTimestampMilliseconds: block.millis,
    blockHash: block.hash,
  }
}

export function nativeTransaction(chain: EvmChain, tx: EvmTx): Record<string, unknown> {
  return {
    ...blockFields(chain, tx),
    chainId: chain.chainId,
    blockIndex: tx.blockIndex,
    txHash: tx.hash,
    txStatus: tx.success ? '1' : '0',
    txType: 2,
    gasLimit: String(tx.gasLimit),
    gasUsed: String(tx.gasUsed),
    gasPrice: tx.gasPrice.toString(),
    nonce: String(tx.nonce),
    from: rich(chain, tx.from),
    to: rich(chain, tx.to),
    method: tx.method,
    value: tx.value.toString(),
  }
}

function fullNativeTransaction(chain: EvmChain, tx: EvmTx): Record<string, unknown> {
  return {
    ...nativeTransaction(chain, tx),
    input: tx.input,
    baseFeePerGas: tx.baseFee.toString(),
    maxFeePerGas: (2n * tx.baseFee + tx.tip).toString(),
    maxPriorityFeePerGas: tx.tip.toString(),
  }
}

/** A transfer inside a transaction's details (no block fields). */
function transferDetails(chain: EvmChain, tx: EvmTx, t: TransferRecord, currency: string, v2 = false) {
  const day = chain.dayOf(tx.block)
  const head = { from: rich(chain, t.from), to: rich(chain, t.to), logIndex: t.logIndex }
  if (t.standard === 'ERC-20') {
    return { ...head, value: t.value.toString(), erc20Token: erc20Token(t.contract, currency, day, v2) }
  }
  if (t.standard === 'ERC-721') return { ...head, erc721Token: erc721Token(chain, t.contract, t.tokenId, undefined) }
  return { ...head, value: t.value.toString(), erc1155Token: erc1155Token(chain, t.contract, t.tokenId) }
}

/** A transfer as the per-address and per-token lists show it. */
export function transferItem(chain: EvmChain, tx: EvmTx, t: TransferRecord): Record<string, unknown> {
  return { ...blockFields(chain, tx), txHash: tx.hash, ...transferDetails(chain, tx, t, 'usd') }
}

function internalTransactions(chain: EvmChain, tx: EvmTx) {
  if (tx.kind === 'native') return []
  return [
    {
      from: rich(chain, tx.from),
      to: rich(chain, tx.to),
      internalTxType: tx.kind === 'deploy' ? 'CREATE' : 'CALL',
      value: '0',
      isReverted: !tx.success,
      gasUsed: String(Math.max(0, tx.gasUsed - 21_000)),
      gasLimit: String(tx.gasLimit - 21_000),
    },
  ]
}

function transactionResponse(meta: EvmChainMeta, tx: EvmTx, currency: string) {
  const { chain } = meta
  const token = chain.spec.nativeToken
  const day = chain.dayOf(tx.block)
  const pick = (standard: string) => tx.transfers.filter((t) => t.standard === standard)
  return {
    erc20Transfers: pick('ERC-20').map((t) => transferDetails(chain, tx, t, currency)),
    erc721Transfers: pick('ERC-721').map((t) => transferDetails(chain, tx, t, currency)),
    erc1155Transfers: pick('ERC-1155').map((t) => transferDetails(chain, tx, t, currency)),
    internalTransactions: internalTransactions(chain, tx),
    networkTokenDetails: {
      networkToken: { name: token.name, symbol: token.symbol, decimals: 18, description: token.description },
      currentPrice: money(token.usd(chain.dayOf(chain.height)), currency),
      historicalPrice: money(token.usd(day), currency),
    },
    nativeTransaction: fullNativeTransaction(chain, tx),
  }
}

export function chainInfo(ctx: DataContext, meta: EvmChainMeta) {
  const { spec } = meta.chain
  const url = ctx.baseUrl()
  return {
    chainId: spec.chainId,
    status: 'OK',
    chainName: spec.name,
    description: spec.description,
    platformChainId: spec.blockchainId,
    subnetId: spec.subnetId,
    vmId: meta.vmId,
    vmName: 'EVM',
    rpcUrl: `${url}${meta.rpcPath}`,
    wsUrl: `${url.replace(/^http/, 'ws')}${meta.rpcPath.replace(/\/rpc$/, '/ws')}`,
    isTestnet: meta.isTestnet,
    utilityAddresses: { multicall: checksumAddress(meta.chain.contracts[0]?.address ?? ZERO_ADDRESS) },
    networkToken: {
      name: spec.nativeToken.name,
      symbol: spec.nativeToken.symbol,
      decimals: 18,
      description: spec.nativeToken.description,
    },
    private: false,
    enabledFeatures: meta.enabledFeatures,
  }
}

// ---------------------------------------------------------------- listings

/** Transactions of an address from `start`, descending: those where `involved` says the address took part. */
function addressTxs(
  chain: EvmChain,
  address: string,
  range: [number, number],
  descending: boolean,
  involved: (tx: EvmTx) => boolean,
) {
  return function* (start: number | undefined): Iterable<Entry<EvmTx>> {
    for (const k of chain.candidates(address, range[0], range[1], start, descending)) {
      const tx = chain.tx(k)
      if (involved(tx)) yield [k, tx]
    }
  }
}

/**
 * Transfer records from `start`, descending, at position k * 8 + their index in the transaction: the records of one
 * ERC-1155 batch share their logIndex, so the position, not the log, tells them apart.
 */
function addressTransfers(
  chain: EvmChain,
  address: string,
  range: [number, number],
  match: (t: TransferRecord) => boolean,
) {
  return function* (start: number | undefined): Iterable<Entry<[EvmTx, TransferRecord]>> {
    const first = start === undefined ? undefined : Math.floor(start / 8)
    for (const k of chain.candidates(address, range[0], range[1], first, true)) {
      const tx = chain.tx(k)
      for (let i = tx.transfers.length - 1; i >= 0; i--) {
        const t = tx.transfers[i] as TransferRecord
        const position = k * 8 + i
        if (start !== undefined && position > start) continue
        if (match(t)) yield [position, [tx, t]]
      }
    }
  }
}

const touches = (a: string) => (t: TransferRecord) => t.from === a || t.to === a

function transferList(standard: TransferRecord['standard']): RouteHandler {
  return (call) => {
    const meta = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const range = blockRange(meta.chain, call.params)
    const touch = touches(address)
    const page = paginate(
      pageRequest(call, { chainId: meta.chain.chainId, address, blocks: blockParams(call.params) }),
      addressTransfers(meta.chain, address, range, (t) => t.standard === standard && touch(t)),
    )
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      transactions: page.items.map(([tx, t]) => transferItem(meta.chain, tx, t)),
    }
  }
}

function detailsList(v2: boolean): RouteHandler {
  return (call) => {
    const meta = chainOf(call.ctx, call.params)
    const { chain } = meta
    const address = addressParam(call.params)
    const range = blockRange(chain, call.params)
    const descending = (str(call.params, 'sortOrder') ?? 'desc') === 'desc'
    const filterSpam = v2 && bool(call.params, 'filterSpamTokens') === true
    const kept = (t: TransferRecord) =>
      (t.from === address || t.to === address) && !(filterSpam && t.contract.reputation === 'Malicious')
    const involved = (tx: EvmTx) => tx.from === address || tx.to === address || tx.transfers.some(kept)
    const page = paginate(
      pageRequest(call, { chainId: chain.chainId, address, blocks: blockParams(call.params), descending, filterSpam }),
      addressTxs(chain, address, range, descending, involved),
    )
    const pick = (tx: EvmTx, standard: string) =>
      tx.transfers
        .filter((t) => t.standard === standard && kept(t))
        .map((t) => transferDetails(chain, tx, t, 'usd', v2))
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      transactions: page.items.map((tx) => {
        const item: Record<string, unknown> = { nativeTransaction: nativeTransaction(chain, tx) }
        const erc20 = pick(tx, 'ERC-20')
        const erc721 = pick(tx, 'ERC-721')
        const erc1155 = pick(tx, 'ERC-1155')
        if (erc20.length) item.erc20Transfers = erc20
        if (erc721.length) item.erc721Transfers = erc721
        if (erc1155.length) item.erc1155Transfers = erc1155
        const internal = internalTransactions(chain, tx).filter(
          (i) => i.from.address === checksumAddress(address) || i.to.address === checksumAddress(address),
        )
        if (internal.length) item.internalTransactions = internal
        return item
      }),
    }
  }
}

function blockNumberParam(chain: EvmChain, params: Params): number {
  const text = str(params, 'blockNumber')
  if (text === undefined) return chain.height
  if (!/^\d{1,15}$/.test(text)) throw badRequest(['blockNumber must be a block number (a whole number)'])
  const n = Number(text)
  if (n > chain.height) throw badRequest([`blockNumber must not be greater than the latest block (${chain.height})`])
  return n
}

function nativeBalance(meta: EvmChainMeta, balances: Map<string, bigint>, currency: string) {
  const { chain } = meta
  const token = chain.spec.nativeToken
  const balance = balances.get('native') ?? 0n
  const price = token.usd(chain.dayOf(chain.height))
  return {
    name: token.name,
    symbol: token.symbol,
    decimals: 18,
    chainId: chain.chainId,
    price: money(price, currency),
    balance: balance.toString(),
    balanceValue: money(scaled(balance, 18) * price, currency),
  }
}

/** A token amount in whole tokens, as a float (for values in a currency). */
function scaled(amount: bigint, decimals: number): number {
  return Number(amount) / 10 ** decimals
}

function getBlockNumber(chain: EvmChain, blockId: string): number {
  if (/^\d{1,15}$/.test(blockId)) {
    const n = Number(blockId)
    if (n <= chain.height) return n
  } else if (/^0x[0-9a-fA-F]{64}$/.test(blockId)) {
    const n = chain.findBlock(blockId)
    if (n !== undefined) return n
  } else {
    throw badRequest(['blockId must be a block number or a 0x block hash'])
  }
  throw notFound(`Block ${blockId} not found on chain ${chain.chainId}`)
}

function evmBlock(chain: EvmChain, h: number) {
  const b = chain.block(h)
  return {
    chainId: chain.chainId,
    blockNumber: String(b.number),
    blockTimestamp: b.timestamp,
    blockTimestampMilliseconds: b.millis,
    blockHash: b.hash,
    txCount: b.txCount,
    baseFee: b.baseFee.toString(),
    gasUsed: String(b.gasUsed),
    gasLimit: String(b.gasLimit),
    gasCost: '0',
    parentHash: b.parentHash,
    feesSpent: b.feesSpent.toString(),
    cumulativeTransactions: String(b.cumulativeTransactions),
  }
}

/**
 * The ERC-721 tokens an address holds at the latest block, by token ID: every successful ERC-721 call mints token k
 * to ewoq and passes it on in the same call (evm-chain.ts), so holders are the users it went to.
 */
function* erc721Holdings(chain: EvmChain, address: string, only: string | undefined, start: number | undefined) {
  for (const k of chain.candidates(address, 0, chain.txCount, start, false)) {
    const tx = chain.tx(k)
    for (const t of tx.transfers) {
      if (t.standard !== 'ERC-721' || t.to !== address || (only && t.contract.address !== only)) continue
      yield [k, [t.contract, t.tokenId] as const] as const
    }
  }
}

/** The optional one-contract filter of the NFT balance lists. */
function contractFilter(params: Params): string | undefined {
  const only = str(params, 'contractAddress')
  if (only !== undefined && !EVM_ADDRESS.test(only)) {
    throw badRequest(['contractAddress must be 0x followed by 40 hex digits'])
  }
  return only?.toLowerCase()
}

/**
 * A contract as getContractMetadata and listContractDeployments answer it (Erc20Contract, Erc721Contract,
 * Erc1155Contract: ercType, name, symbol, ERC-20 decimals, deploymentDetails); ewoq deployed every devnet contract.
 */
function contractMetadata(chain: EvmChain, c: ContractInfo) {
  return {
    address: checksumAddress(c.address),
    ercType: c.standard,
    name: c.name,
    symbol: c.symbol,
    ...(c.standard === 'ERC-20' ? { decimals: c.decimals } : {}),
    deploymentDetails: { txHash: chain.tx(c.index).hash, deployerAddress: checksumAddress(EWOQ_EVM) },
  }
}

const withToken = <T>(page: { items: T[]; nextPageToken?: string }) =>
  page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}

// ---------------------------------------------------------------- handlers, by operationId

export const evmHandlers: Record<string, RouteHandler> = {
  supportedChains: ({ ctx, params }) => {
    const network = str(params, 'network')
    const feature = str(params, 'feature') as EvmChainMeta['enabledFeatures'][number] | undefined
    const chains = ctx.chains.list.filter(
      (m) =>
        (network === undefined || (network === 'mainnet') !== m.isTestnet) &&
        (feature === undefined || m.enabledFeatures.includes(feature)),
    )
    return { chains: chains.map((m) => chainInfo(ctx, m)) }
  },

  getChainInfo: ({ ctx, params }) => chainInfo(ctx, chainOf(ctx, params)),

  getLatestBlocks: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const page = paginate(pageRequest(call, { chainId: chain.chainId }), function* (start) {
      for (let h = start ?? chain.height; h >= 1; h--) yield [h, h] as const
    })
    return { ...withToken(page), blocks: page.items.map((h) => evmBlock(chain, h)) }
  },

  getBlock: ({ ctx, params }) => {
    const { chain } = chainOf(ctx, params)
    return evmBlock(chain, getBlockNumber(chain, str(params, 'blockId') as string))
  },

  listLatestTransactions: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const status = str(call.params, 'status')
    const page = paginate(pageRequest(call, { chainId: chain.chainId, status }), function* (start) {
      for (let k = start ?? chain.txCount - 1; k >= 0; k--) {
        if (status === undefined) yield [k, chain.tx(k)] as const
        else {
          const tx = chain.tx(k)
          if (tx.success === (status === 'success')) yield [k, tx] as const
        }
      }
    })
    return { ...withToken(page), transactions: page.items.map((tx) => nativeTransaction(chain, tx)) }
  },

  getTransaction: ({ ctx, params }) => {
    const meta = chainOf(ctx, params)
    const hash = str(params, 'txHash') as string
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw badRequest(['txHash must be 0x followed by 64 hex digits'])
    const k = meta.chain.findTx(hash)
    if (k === undefined) throw notFound(`Transaction ${hash} not found`)
    return transactionResponse(meta, meta.chain.tx(k), 'usd')
  },

  getTransactionsForBlock: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const h = getBlockNumber(chain, str(call.params, 'blockId') as string)
    const first = chain.blockStart(h)
    const end = h === 0 ? 0 : chain.blockStart(h + 1)
    const size = num(call.params, 'pageSize') ?? 0
    // pageSize 0 (the description's default) answers the whole block.
    const page = paginate(
      { ...pageRequest(call, { chainId: chain.chainId, h }), pageSize: size || end - first },
      function* (start) {
        for (let k = start ?? first; k < end; k++) yield [k, chain.tx(k)] as const
      },
    )
    return { ...withToken(page), transactions: page.items.map((tx) => nativeTransaction(chain, tx)) }
  },

  getDeploymentTransaction: ({ ctx, params }) => {
    const meta = chainOf(ctx, params)
    const address = addressParam(params)
    const contract = meta.chain.contract(address)
    if (!contract) {
      throw notFound(`${checksumAddress(address)} is not a contract on chain ${meta.chain.chainId}`)
    }
    return transactionResponse(meta, meta.chain.tx(contract.index), str(params, 'currency') ?? 'usd')
  },

  listNativeTransactions: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const range = blockRange(chain, call.params)
    const page = paginate(
      pageRequest(call, { chainId: chain.chainId, address, blocks: blockParams(call.params) }),
      addressTxs(chain, address, range, true, (tx) => tx.from === address || tx.to === address),
    )
    return { ...withToken(page), transactions: page.items.map((tx) => nativeTransaction(chain, tx)) }
  },

  listErc20Transactions: transferList('ERC-20'),
  listErc721Transactions: transferList('ERC-721'),
  listErc1155Transactions: transferList('ERC-1155'),
  listTransactions: detailsList(false),
  listTransactionsV2: detailsList(true),

  listTransfers: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const range = blockRange(chain, call.params)
    const page = paginate(
      pageRequest(call, { chainId: chain.chainId, address, blocks: blockParams(call.params) }),
      addressTransfers(chain, address, range, (t) => t.contract.address === address),
    )
    return { ...withToken(page), transfers: page.items.map(([tx, t]) => transferItem(chain, tx, t)) }
  },

  listErc20Balances: (call) => {
    const meta = chainOf(call.ctx, call.params)
    const { chain } = meta
    const address = addressParam(call.params)
    const block = blockNumberParam(chain, call.params)
    const currency = str(call.params, 'currency') ?? 'usd'
    const filterSpam = bool(call.params, 'filterSpamTokens') !== false
    const only = str(call.params, 'contractAddresses')
      ?.split(',')
      .map((a) => a.trim())
    if (only?.some((a) => !EVM_ADDRESS.test(a))) {
      throw badRequest(['each value in contractAddresses must be 0x followed by 40 hex digits'])
    }
    const wanted = only ? new Set(only.map((a) => a.toLowerCase())) : undefined
    const balances = chain.balances(address, block)
    const day = chain.dayOf(block)
    const page = paginate(
      pageRequest(call, {
        chainId: chain.chainId,
        address,
        blockNumber: str(call.params, 'blockNumber'),
        filterSpam,
        wanted: only?.join(','),
      }),
      function* (start) {
        for (const c of chain.contracts) {
          if (c.standard !== 'ERC-20' || (start !== undefined && c.index < start)) continue
          if (filterSpam && c.reputation === 'Malicious') continue
          if (wanted && !wanted.has(c.address)) continue
          const balance = balances.get(c.address) ?? 0n
          if (balance > 0n) yield [c.index, [c, balance] as const] as const
        }
      },
    )
    return {
      ...withToken(page),
      nativeTokenBalance: nativeBalance(meta, balances, currency),
      erc20TokenBalances: page.items.map(([c, balance]) => {
        const item: Record<string, unknown> = {
          ...erc20Token(c, currency, day),
          chainId: chain.chainId,
          balance: balance.toString(),
          tokenReputation: c.reputation,
        }
        if (c.usd) item.balanceValue = money(scaled(balance, c.decimals) * c.usd(day), currency)
        return item
      }),
    }
  },

  listErc1155Balances: (call) => {
    const meta = chainOf(call.ctx, call.params)
    const { chain } = meta
    const address = addressParam(call.params)
    const block = blockNumberParam(chain, call.params)
    const only = contractFilter(call.params)
    const balances = chain.balances(address, block)
    const page = paginate(
      pageRequest(call, { chainId: chain.chainId, address, blockNumber: str(call.params, 'blockNumber'), only }),
      function* (start) {
        for (const c of chain.contracts) {
          if (c.standard !== 'ERC-1155' || (only && c.address !== only)) continue
          for (let id = 1; id <= ITEM_IDS; id++) {
            const position = c.index * 1000 + id
            if (start !== undefined && position < start) continue
            const balance = balances.get(`${c.address}#${id}`) ?? 0n
            if (balance > 0n) yield [position, [c, BigInt(id), balance] as const] as const
          }
        }
      },
    )
    return {
      ...withToken(page),
      nativeTokenBalance: nativeBalance(meta, balances, 'usd'),
      erc1155TokenBalances: page.items.map(([c, id, balance]) => ({
        ...erc1155Token(chain, c, id),
        chainId: chain.chainId,
        balance: balance.toString(),
      })),
    }
  },

  // data-api.openapi.json getNativeBalance: GetNativeBalanceResponse, the same NativeTokenBalance the balance lists carry.
  getNativeBalance: ({ ctx, params }) => {
    const meta = chainOf(ctx, params)
    const balances = meta.chain.balances(addressParam(params), blockNumberParam(meta.chain, params))
    return { nativeTokenBalance: nativeBalance(meta, balances, str(params, 'currency') ?? 'usd') }
  },

  // listErc721Balances: ListErc721BalancesResponse (Erc721TokenBalance items; no blockNumber parameter: now).
  listErc721Balances: (call) => {
    const meta = chainOf(call.ctx, call.params)
    const { chain } = meta
    const address = addressParam(call.params)
    const only = contractFilter(call.params)
    const page = paginate(pageRequest(call, { chainId: chain.chainId, address, only }), (start) =>
      erc721Holdings(chain, address, only, start),
    )
    return {
      ...withToken(page),
      nativeTokenBalance: nativeBalance(meta, chain.balances(address, chain.height), 'usd'),
      erc721TokenBalances: page.items.map(([c, id]) => ({
        ...erc721Token(chain, c, id, address),
        chainId: chain.chainId,
      })),
    }
  },

  // listCollectibleBalances: ListCollectibleBalancesResponse, oneOf Erc721TokenBalance | Erc1155TokenBalance: the
  // address's ERC-721 tokens (positions = token IDs, below 2^40), then its ERC-1155 balances (after them: a fixed
  // offset, so a page token stays valid while the chain grows).
  listCollectibleBalances: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const only = contractFilter(call.params)
    const offset = 2 ** 40
    const balances = chain.balances(address, chain.height)
    const page = paginate(pageRequest(call, { chainId: chain.chainId, address, only }), function* (start) {
      if (start === undefined || start < offset) {
        for (const [k, [c, id]] of erc721Holdings(chain, address, only, start)) {
          yield [k, { ...erc721Token(chain, c, id, address), chainId: chain.chainId }] as const
        }
      }
      for (const c of chain.contracts) {
        if (c.standard !== 'ERC-1155' || (only && c.address !== only)) continue
        for (let id = 1; id <= ITEM_IDS; id++) {
          const position = offset + c.index * 1000 + id
          if (start !== undefined && position < start) continue
          const balance = balances.get(`${c.address}#${id}`) ?? 0n
          if (balance > 0n) {
            const item = { ...erc1155Token(chain, c, BigInt(id)), chainId: chain.chainId, balance: balance.toString() }
            yield [position, item] as const
          }
        }
      }
    })
    return { ...withToken(page), collectibleBalances: page.items }
  },

  // listInternalTransactions (data-api.openapi.json line 12849): "only CALL or CALLCODE transactions with a non-zero
  // value and CREATE/CREATE2/CREATE3". The devnet's contract calls carry no value, so these are the deployments'
  // CREATEs (transactions 0..5), as getTransaction's internalTransactions show them.
  listInternalTransactions: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const [lo, hi] = blockRange(chain, call.params)
    const listed = (tx: EvmTx) =>
      internalTransactions(chain, tx).filter(
        (i) =>
          (i.internalTxType === 'CREATE' || i.value !== '0') &&
          [i.from.address, i.to.address].includes(checksumAddress(address)),
      )
    const page = paginate(
      pageRequest(call, { chainId: chain.chainId, address, blocks: blockParams(call.params) }),
      addressTxs(chain, address, [lo, Math.min(hi, DEPLOYMENTS)], true, (tx) => listed(tx).length > 0),
    )
    return {
      ...withToken(page),
      transactions: page.items.flatMap((tx) =>
        listed(tx).map((i) => ({ ...blockFields(chain, tx), txHash: tx.hash, ...i })),
      ),
    }
  },

  // listContractDeployments (line 10917): "all contracts deployed by the given address", ListContractsResponse.
  listContractDeployments: (call) => {
    const { chain } = chainOf(call.ctx, call.params)
    const address = addressParam(call.params)
    const page = paginate(pageRequest(call, { chainId: chain.chainId, address }), function* (start) {
      if (address !== EWOQ_EVM) return
      for (const c of chain.contracts) if (start === undefined || c.index >= start) yield [c.index, c] as const
    })
    return { ...withToken(page), contracts: page.items.map((c) => contractMetadata(chain, c)) }
  },

  // getContractMetadata (line 11086): one of Erc20/Erc721/Erc1155/UnknownContract by ercType. An address that is no
  // contract has no metadata: the devnet answers 404 (the description does not say what the service answers).
  getContractMetadata: ({ ctx, params }) => {
    const { chain } = chainOf(ctx, params)
    const address = addressParam(params)
    const contract = chain.contract(address)
    if (!contract) throw notFound(`${checksumAddress(address)} is not a contract on chain ${chain.chainId}`)
    return contractMetadata(chain, contract)
  },

  // listAddressChains (line 230): the chains where the address sent or received transactions or token transfers,
  // as ChainInfo (indexedChains); every devnet chain is indexed, so unindexedChains is empty.
  listAddressChains: ({ ctx, params }) => {
    const address = addressParam(params)
    const involved = (chain: EvmChain) => {
      for (const k of chain.candidates(address, 0, chain.txCount, undefined, true)) {
        const tx = chain.tx(k)
        if (tx.from === address || tx.to === address || tx.transfers.some(touches(address))) return true
      }
      return false
    }
    return {
      indexedChains: ctx.chains.list.filter((m) => involved(m.chain)).map((m) => chainInfo(ctx, m)),
      unindexedChains: [],
    }
  },
}
