import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zGetBlockResult,
  zGetChainInfoResult,
  zGetContractMetadataResult,
  zGetDeploymentTransactionResult,
  zGetLatestBlocksResult,
  zGetNativeBalanceResult,
  zGetTransactionResult,
  zGetTransactionsForBlockResult,
  zListAddressChainsResult,
  zListCollectibleBalancesResult,
  zListContractDeploymentsResult,
  zListErc20BalancesResult,
  zListErc20TransactionsResult,
  zListErc721BalancesResult,
  zListErc721TransactionsResult,
  zListErc1155BalancesResult,
  zListErc1155TransactionsResult,
  zListInternalTransactionsResult,
  zListLatestTransactionsResult,
  zListNativeTransactionsResult,
  zListTransactionsResult,
  zListTransactionsV2Result,
  zListTransfersResult,
  zSupportedChainsResult,
} from './generated/data-api.gen.js'
import {
  apiFeature,
  blockId,
  blockNumber,
  checkRanges,
  contractAddresses,
  currency,
  dataRead,
  dataWeight,
  endBlock,
  evmAddress,
  evmChainId,
  network,
  PAGES,
  pageSize,
  pageToken,
  sortOrder,
  startBlock,
  transactionStatus,
  txHash,
} from './params.js'

/**
 * The Data API's EVM endpoints (`/v1/chains/...`, base `dataApiUrl`): chains, blocks, transactions, transfers and
 * balances of any EVM chain it indexes (the C-Chain is 43114, fuji's 43113). The API key is optional; without one
 * the unauthenticated rate tier applies. List operations paginate with pageToken: `.pages()` and `.items()` walk them.
 */

const chainId = lazy(() => evmChainId)()
const address = lazy(() => evmAddress('a wallet address').check(z.describe('Wallet address, 0x-hex.')))

const AMOUNTS =
  "Amounts (value, gas, fees, balances) are decimal strings in the token's smallest unit (wei for the native token: 1 AVAX = 10^18 wei); blockNumber is a decimal string and blockTimestamp Unix seconds."
const RANGE = 'startBlock is inclusive and endBlock exclusive.'

const addressTransfers = (kind: string) =>
  z
    .strictObject({
      chainId: chainId(),
      address: address(),
      startBlock: z.optional(startBlock()),
      endBlock: z.optional(endBlock()),
      pageToken: z.optional(pageToken()),
      pageSize: z.optional(pageSize(100)),
    })
    .check(z.superRefine(checkRanges), z.describe(`${kind} of an address, newest first.`))

/** The NFT balance lists take no block number: they answer the holdings at the latest block. */
const nftBalances = (standard: string) =>
  z.strictObject({
    chainId: chainId(),
    address: address(),
    pageToken: z.optional(pageToken()),
    pageSize: z.optional(pageSize(500)),
    contractAddress: z.optional(evmAddress('a contract address').check(z.describe(`Only this ${standard} contract.`))),
  })

export const evm = {
  listChains: defineOperation({
    ...dataRead,
    id: 'data.listChains',
    endpoint: 'GET /v1/chains',
    summary: 'The EVM chains the Data API indexes: chain ID, name, RPC URL, native token, status and features.',
    params: () => z.optional(z.strictObject({ network: z.optional(network()), feature: z.optional(apiFeature()) })),
    result: zSupportedChainsResult,
  }),
  getChainInfo: defineOperation({
    ...dataRead,
    id: 'data.getChainInfo',
    endpoint: 'GET /v1/chains/{chainId}',
    summary: 'One EVM chain the Data API indexes: name, status, RPC and explorer URLs, native token, features.',
    params: () => z.strictObject({ chainId: chainId() }),
    result: zGetChainInfoResult,
  }),
  getLatestBlocks: defineOperation({
    ...dataRead,
    id: 'data.getLatestBlocks',
    endpoint: 'GET /v1/chains/{chainId}/blocks',
    summary: 'The latest indexed blocks of an EVM chain, newest first, one page at a time.',
    params: () =>
      z.strictObject({ chainId: chainId(), pageToken: z.optional(pageToken()), pageSize: z.optional(pageSize(100)) }),
    result: zGetLatestBlocksResult,
    pagination: { kind: 'pageToken', items: 'blocks' },
  }),
  getBlock: defineOperation({
    ...dataRead,
    id: 'data.getBlock',
    endpoint: 'GET /v1/chains/{chainId}/blocks/{blockId}',
    summary: 'One block of an EVM chain by number or hash.',
    params: () => z.strictObject({ chainId: chainId(), blockId: blockId() }),
    result: zGetBlockResult,
  }),
  listLatestTransactions: defineOperation({
    ...dataRead,
    id: 'data.listLatestTransactions',
    endpoint: 'GET /v1/chains/{chainId}/transactions',
    summary: 'The latest transactions of an EVM chain, newest first, optionally only failed or only successful ones.',
    params: () =>
      z.strictObject({
        chainId: chainId(),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100)),
        status: z.optional(transactionStatus()),
      }),
    result: zListLatestTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  getTransaction: defineOperation({
    ...dataRead,
    id: 'data.getTransaction',
    endpoint: 'GET /v1/chains/{chainId}/transactions/{txHash}',
    summary: 'One EVM transaction by hash, with its ERC-20/721/1155 transfers, internal transactions and token prices.',
    params: () => z.strictObject({ chainId: chainId(), txHash: txHash() }),
    result: zGetTransactionResult,
  }),
  getTransactionsForBlock: defineOperation({
    ...dataRead,
    id: 'data.getTransactionsForBlock',
    endpoint: 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions',
    summary: 'The transactions of one EVM block, by block number or hash.',
    params: () =>
      z.strictObject({
        chainId: chainId(),
        blockId: blockId(),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100, 0, 0)),
      }),
    result: zGetTransactionsForBlockResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  getDeploymentTransaction: defineOperation({
    ...dataRead,
    id: 'data.getDeploymentTransaction',
    endpoint: 'GET /v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
    summary: 'The transaction that deployed a contract, with its transfers and internal transactions.',
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: evmAddress('a contract address').check(z.describe('Contract address, 0x-hex.')),
        currency: z.optional(currency()),
      }),
    result: zGetDeploymentTransactionResult,
  }),
  listNativeTransactions: defineOperation({
    ...dataRead,
    id: 'data.listNativeTransactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative',
    summary: 'The native transactions sent from or to an address, newest first, optionally within a block range.',
    params: () => addressTransfers('Native transactions'),
    result: zListNativeTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listErc20Transactions: defineOperation({
    ...dataRead,
    id: 'data.listErc20Transactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
    summary: 'The ERC-20 transfers from or to an address, newest first, optionally within a block range.',
    params: () => addressTransfers('ERC-20 transfers'),
    result: zListErc20TransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listErc721Transactions: defineOperation({
    ...dataRead,
    id: 'data.listErc721Transactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
    summary: 'The ERC-721 (NFT) transfers from or to an address, newest first, optionally within a block range.',
    params: () => addressTransfers('ERC-721 transfers'),
    result: zListErc721TransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listErc1155Transactions: defineOperation({
    ...dataRead,
    id: 'data.listErc1155Transactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
    summary: 'The ERC-1155 transfers from or to an address, newest first, optionally within a block range.',
    params: () => addressTransfers('ERC-1155 transfers'),
    result: zListErc1155TransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listTransactions: defineOperation({
    ...dataRead,
    id: 'data.listTransactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions',
    summary:
      'Every transaction an address took part in, each with its native transaction, token transfers and internal transactions.',
    params: () =>
      z
        .strictObject({
          chainId: chainId(),
          address: address(),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
          startBlock: z.optional(startBlock()),
          endBlock: z.optional(endBlock()),
          sortOrder: z.optional(sortOrder()),
        })
        .check(z.superRefine(checkRanges)),
    result: zListTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listTransactionsV2: defineOperation({
    ...dataRead,
    id: 'data.listTransactionsV2',
    endpoint: 'GET /v2/chains/{chainId}/addresses/{address}/transactions',
    summary:
      'Every transaction an address took part in (v2: ERC-20 transfers carry token reputation; spam can be filtered).',
    params: () =>
      z
        .strictObject({
          chainId: chainId(),
          address: address(),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
          startBlock: z.optional(startBlock()),
          endBlock: z.optional(endBlock()),
          filterSpamTokens: z.optional(z.boolean({ error: 'expected true or false' })),
          sortOrder: z.optional(sortOrder()),
        })
        .check(z.superRefine(checkRanges)),
    result: zListTransactionsV2Result,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listTransfers: defineOperation({
    ...dataRead,
    id: 'data.listTransfers',
    endpoint: 'GET /v1/chains/{chainId}/tokens/{address}/transfers',
    summary:
      'The transfers of one ERC-20, ERC-721 or ERC-1155 token contract, newest first, optionally within a block range.',
    params: () =>
      z
        .strictObject({
          chainId: chainId(),
          address: evmAddress('a token contract address').check(z.describe('Token contract address, 0x-hex.')),
          startBlock: z.optional(startBlock()),
          endBlock: z.optional(endBlock()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        })
        .check(z.superRefine(checkRanges)),
    result: zListTransfersResult,
    pagination: { kind: 'pageToken', items: 'transfers' },
  }),
  listErc20Balances: defineOperation({
    ...dataRead,
    id: 'data.listErc20Balances',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20',
    summary:
      "An address's ERC-20 token balances (and its native balance), with prices, at the latest or a given block.",
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: address(),
        blockNumber: z.optional(blockNumber()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(500)),
        filterSpamTokens: z.optional(z.boolean({ error: 'expected true or false' })),
        contractAddresses: z.optional(contractAddresses()),
        currency: z.optional(currency()),
      }),
    result: zListErc20BalancesResult,
    pagination: { kind: 'pageToken', items: 'erc20TokenBalances' },
  }),
  listErc1155Balances: defineOperation({
    ...dataRead,
    id: 'data.listErc1155Balances',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
    summary: "An address's ERC-1155 token balances (and its native balance) at the latest or a given block.",
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: address(),
        blockNumber: z.optional(blockNumber()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(500)),
        contractAddress: z.optional(evmAddress('a contract address').check(z.describe('Only this ERC-1155 contract.'))),
      }),
    result: zListErc1155BalancesResult,
    pagination: { kind: 'pageToken', items: 'erc1155TokenBalances' },
  }),
  getNativeBalance: defineOperation({
    ...dataRead,
    id: 'data.getNativeBalance',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative',
    summary: "An address's native-token balance (AVAX on the C-Chain), with its price, at the latest or a given block.",
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: address(),
        blockNumber: z.optional(blockNumber()),
        currency: z.optional(currency()),
      }),
    result: zGetNativeBalanceResult,
  }),
  listErc721Balances: defineOperation({
    ...dataRead,
    id: 'data.listErc721Balances',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721',
    summary: 'The ERC-721 tokens (NFTs) an address holds now, each with its contract, tokenId, tokenUri and metadata.',
    params: () => nftBalances('ERC-721'),
    result: zListErc721BalancesResult,
    pagination: { kind: 'pageToken', items: 'erc721TokenBalances' },
  }),
  listCollectibleBalances: defineOperation({
    ...dataRead,
    id: 'data.listCollectibleBalances',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
    summary: "An address's collectibles now: its ERC-721 tokens and ERC-1155 balances in one list.",
    params: () => nftBalances('ERC-721 or ERC-1155'),
    result: zListCollectibleBalancesResult,
    pagination: { kind: 'pageToken', items: 'collectibleBalances' },
  }),
  listInternalTransactions: defineOperation({
    ...dataRead,
    id: 'data.listInternalTransactions',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
    summary:
      'The internal transactions (contract creations, value-carrying calls) from or to an address, newest first.',
    params: () => addressTransfers('Internal transactions'),
    result: zListInternalTransactionsResult,
    pagination: { kind: 'pageToken', items: 'transactions' },
  }),
  listContractDeployments: defineOperation({
    ...dataRead,
    id: 'data.listContractDeployments',
    endpoint: 'GET /v1/chains/{chainId}/contracts/{address}/deployments',
    summary: 'The contracts an address deployed: their metadata (ERC type, name, symbol) and deployment transaction.',
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: evmAddress('a deployer address').check(z.describe('Deployer address, 0x-hex.')),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(100)),
      }),
    result: zListContractDeploymentsResult,
    pagination: { kind: 'pageToken', items: 'contracts' },
  }),
  getContractMetadata: defineOperation({
    ...dataRead,
    id: 'data.getContractMetadata',
    endpoint: 'GET /v1/chains/{chainId}/addresses/{address}',
    summary: 'What a contract is: ercType (ERC-20, ERC-721, ERC-1155 or UNKNOWN), name, symbol, decimals, deployment.',
    params: () =>
      z.strictObject({
        chainId: chainId(),
        address: evmAddress('a contract address').check(z.describe('Contract address, 0x-hex.')),
      }),
    result: zGetContractMetadataResult,
  }),
  listAddressChains: defineOperation({
    ...dataRead,
    id: 'data.listAddressChains',
    endpoint: 'GET /v1/address/{address}/chains',
    summary: 'The EVM chains where an address sent or received transactions or token transfers.',
    params: () => z.strictObject({ address: address() }),
    result: zListAddressChainsResult,
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const evmDescriptions = (): Descriptions<typeof evm> => ({
  'data.listChains': `network picks mainnet or fuji/testnet chains; feature keeps those with nftIndexing, webhooks or teleporter. chainId of each entry is what the other data.* operations take. ${dataWeight('free')}`,
  'data.getChainInfo': `status UNAVAILABLE means requests that need the chain's nodes may fail with 503. ${dataWeight('free')}`,
  'data.getLatestBlocks': `Each block has blockNumber, blockHash, blockTimestamp (Unix seconds), txCount, gasUsed, gasLimit, baseFee and feesSpent (wei, decimal strings). ${PAGES} ${dataWeight('small')}`,
  'data.getBlock': `blockId is a block number or a 0x block hash. Gas and fee fields are decimal strings in wei; blockTimestamp is Unix seconds. ${dataWeight('small')}`,
  'data.listLatestTransactions': `status is "failed" or "success"; each transaction's own txStatus is "0" (failed) or "1" (success). ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.getTransaction': `nativeTransaction holds the transaction itself (txStatus "1" success, "0" failed); networkTokenDetails the native token's current and historical price. ${AMOUNTS} ${dataWeight('medium')}`,
  'data.getTransactionsForBlock': `pageSize may be 0 to 100 here (the description's default is 0). ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.getDeploymentTransaction': `address must be a contract (other addresses answer 404). currency sets the currency of prices (default usd). ${AMOUNTS} ${dataWeight('medium')}`,
  'data.listNativeTransactions': `${RANGE} ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listErc20Transactions': `Each transfer has from, to, value (in the token's smallest unit: divide by 10^erc20Token.decimals), logIndex and erc20Token. ${RANGE} ${PAGES} ${dataWeight('medium')}`,
  'data.listErc721Transactions': `Each transfer has from, to, logIndex and erc721Token (contract, tokenId, tokenUri, metadata). ${RANGE} ${PAGES} ${dataWeight('medium')}`,
  'data.listErc1155Transactions': `Each transfer has from, to, value (a decimal string), logIndex and erc1155Token (contract, tokenId, metadata). ${RANGE} ${PAGES} ${dataWeight('medium')}`,
  'data.listTransactions': `The transfer and internal-transaction lists hold only entries whose from or to is the address. sortOrder asc or desc (by timestamp). ${RANGE} ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listTransactionsV2': `As data.listTransactions, plus filterSpamTokens and tokenReputation ("Malicious", "Benign" or null) on ERC-20 tokens. ${RANGE} ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listTransfers': `address is the token contract. Items are ERC-20, ERC-721 or ERC-1155 transfers, told apart by their erc20Token, erc721Token or erc1155Token field. ${RANGE} ${PAGES} ${dataWeight('medium')}`,
  'data.listErc20Balances': `balance is in the token's smallest unit (divide by 10^decimals); price and balanceValue are in currency (default usd). pageSize 1 to 500. filterSpamTokens (default true) hides tokens flagged as spam; contractAddresses limits the list to those tokens. tokenReputation is "Malicious", "Benign" or null (C-Chain only). ${PAGES} ${dataWeight('medium')}`,
  'data.listErc1155Balances': `balance is a decimal string of token units. pageSize 1 to 500. contractAddress (one contract) limits the list to that collection. ${PAGES} ${dataWeight('medium')}`,
  'data.getNativeBalance': `nativeTokenBalance.balance is in wei (divide by 10^decimals, 18); price and balanceValue are in currency (default usd). ${dataWeight('medium')}`,
  'data.listErc721Balances': `pageSize 1 to 500. contractAddress (one contract) limits the list to that collection. ${PAGES} ${dataWeight('medium')}`,
  'data.listCollectibleBalances': `Items are told apart by ercType ("ERC-721" or "ERC-1155"); ERC-1155 items carry balance (a decimal string). pageSize 1 to 500. contractAddress (one contract) limits the list to that collection. ${PAGES} ${dataWeight('medium')}`,
  'data.listInternalTransactions': `Only CALL/CALLCODE with a non-zero value and CREATE/CREATE2/CREATE3 are listed (the description's rule; every trace needs a node's debug_ methods). Each has txHash, block, from, to, internalTxType, value, isReverted, gasUsed and gasLimit. ${RANGE} ${AMOUNTS} ${PAGES} ${dataWeight('medium')}`,
  'data.listContractDeployments': `Each contract is shaped as data.getContractMetadata answers it, with deploymentDetails (txHash, deployerAddress). ${PAGES} ${dataWeight('medium')}`,
  'data.getContractMetadata': `ercType tells the shape: ERC-20 adds decimals; logo, links and tags where the indexer has them. ${dataWeight(undefined)}`,
  'data.listAddressChains': `indexedChains are chain infos as data.getChainInfo answers them; unindexedChains are chain IDs without the details. The service refreshes this list every 15 minutes. ${dataWeight(undefined)}`,
})
