import { describe, expect, test } from 'vitest'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { responseExample } from '../testing/openapi.js'
import { evm } from './evm.js'

const DATA = 'https://data-api.avax.network'
const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'
const WAVAX = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7'
const TX = '0x8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f45'
const BLOCK_HASH = '0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c'
const FUJI_C_CHAIN = 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp'

type Fn = (params?: unknown) => Promise<unknown>

/** [operation, params, path, query]: what each EVM operation sends. */
const WIRE: [keyof typeof evm, unknown, string, Record<string, string[]>][] = [
  ['listChains', undefined, '/v1/chains', {}],
  [
    'listChains',
    { network: 'fuji', feature: 'nftIndexing' },
    '/v1/chains',
    { network: ['fuji'], feature: ['nftIndexing'] },
  ],
  ['getChainInfo', { chainId: 43114 }, '/v1/chains/43114', {}],
  ['getChainInfo', { chainId: FUJI_C_CHAIN }, `/v1/chains/${FUJI_C_CHAIN}`, {}],
  ['getLatestBlocks', { chainId: '43114' }, '/v1/chains/43114/blocks', {}],
  [
    'getLatestBlocks',
    { chainId: '43114', pageSize: 100, pageToken: 'next-1' },
    '/v1/chains/43114/blocks',
    { pageSize: ['100'], pageToken: ['next-1'] },
  ],
  ['getBlock', { chainId: 43114, blockId: 1234567 }, '/v1/chains/43114/blocks/1234567', {}],
  ['getBlock', { chainId: 43114, blockId: BLOCK_HASH }, `/v1/chains/43114/blocks/${BLOCK_HASH}`, {}],
  [
    'listLatestTransactions',
    { chainId: 43114, status: 'failed', pageSize: 25 },
    '/v1/chains/43114/transactions',
    { status: ['failed'], pageSize: ['25'] },
  ],
  ['getTransaction', { chainId: 43114, txHash: TX }, `/v1/chains/43114/transactions/${TX}`, {}],
  [
    'getTransactionsForBlock',
    { chainId: 43114, blockId: 5n, pageSize: 0 },
    '/v1/chains/43114/blocks/5/transactions',
    { pageSize: ['0'] },
  ],
  [
    'getDeploymentTransaction',
    { chainId: 43114, address: USDC, currency: 'eur' },
    `/v1/chains/43114/contracts/${USDC}/transactions:getDeployment`,
    { currency: ['eur'] },
  ],
  [
    'listNativeTransactions',
    { chainId: 43114, address: WALLET, startBlock: 6479329, endBlock: 6479330, pageSize: 100 },
    `/v1/chains/43114/addresses/${WALLET}/transactions:listNative`,
    { startBlock: ['6479329'], endBlock: ['6479330'], pageSize: ['100'] },
  ],
  [
    'listErc20Transactions',
    { chainId: 43114, address: WALLET, startBlock: 1 },
    `/v1/chains/43114/addresses/${WALLET}/transactions:listErc20`,
    { startBlock: ['1'] },
  ],
  [
    'listErc721Transactions',
    { chainId: 43114, address: WALLET, endBlock: 9 },
    `/v1/chains/43114/addresses/${WALLET}/transactions:listErc721`,
    { endBlock: ['9'] },
  ],
  [
    'listErc1155Transactions',
    { chainId: 43114, address: WALLET, pageToken: 'abc' },
    `/v1/chains/43114/addresses/${WALLET}/transactions:listErc1155`,
    { pageToken: ['abc'] },
  ],
  [
    'listTransactions',
    { chainId: 43114, address: WALLET, sortOrder: 'asc', startBlock: 2, endBlock: 2 },
    `/v1/chains/43114/addresses/${WALLET}/transactions`,
    { sortOrder: ['asc'], startBlock: ['2'], endBlock: ['2'] },
  ],
  [
    'listTransactionsV2',
    { chainId: 43114, address: WALLET, filterSpamTokens: false, sortOrder: 'desc' },
    `/v2/chains/43114/addresses/${WALLET}/transactions`,
    { filterSpamTokens: ['false'], sortOrder: ['desc'] },
  ],
  [
    'listTransfers',
    { chainId: 43114, address: USDC, startBlock: 10, endBlock: 20 },
    `/v1/chains/43114/tokens/${USDC}/transfers`,
    { startBlock: ['10'], endBlock: ['20'] },
  ],
  [
    'listErc20Balances',
    {
      chainId: 43114,
      address: WALLET,
      blockNumber: 6479329,
      pageSize: 500,
      filterSpamTokens: false,
      contractAddresses: [WAVAX, USDC],
      currency: 'chf',
    },
    `/v1/chains/43114/addresses/${WALLET}/balances:listErc20`,
    {
      blockNumber: ['6479329'],
      pageSize: ['500'],
      filterSpamTokens: ['false'],
      contractAddresses: [`${WAVAX},${USDC}`],
      currency: ['chf'],
    },
  ],
  [
    'listErc20Balances',
    { chainId: 43114, address: WALLET, contractAddresses: `${WAVAX}, ${USDC}` },
    `/v1/chains/43114/addresses/${WALLET}/balances:listErc20`,
    { contractAddresses: [`${WAVAX},${USDC}`] },
  ],
  [
    'listErc1155Balances',
    { chainId: 43114, address: WALLET, blockNumber: '100', pageSize: 1, contractAddress: USDC },
    `/v1/chains/43114/addresses/${WALLET}/balances:listErc1155`,
    { blockNumber: ['100'], pageSize: ['1'], contractAddress: [USDC] },
  ],
  [
    'getNativeBalance',
    { chainId: 43114, address: WALLET, blockNumber: 6479329n, currency: 'eur' },
    `/v1/chains/43114/addresses/${WALLET}/balances:getNative`,
    { blockNumber: ['6479329'], currency: ['eur'] },
  ],
  [
    'listErc721Balances',
    { chainId: 43114, address: WALLET, pageSize: 500, contractAddress: USDC },
    `/v1/chains/43114/addresses/${WALLET}/balances:listErc721`,
    { pageSize: ['500'], contractAddress: [USDC] },
  ],
  [
    'listCollectibleBalances',
    { chainId: FUJI_C_CHAIN, address: WALLET, pageToken: 'p2' },
    `/v1/chains/${FUJI_C_CHAIN}/addresses/${WALLET}/balances:listCollectibles`,
    { pageToken: ['p2'] },
  ],
  [
    'listInternalTransactions',
    { chainId: 43114, address: WALLET, startBlock: 1, endBlock: 9, pageSize: 100 },
    `/v1/chains/43114/addresses/${WALLET}/transactions:listInternals`,
    { startBlock: ['1'], endBlock: ['9'], pageSize: ['100'] },
  ],
  [
    'listContractDeployments',
    { chainId: 43114, address: WALLET, pageToken: 'p2' },
    `/v1/chains/43114/contracts/${WALLET}/deployments`,
    { pageToken: ['p2'] },
  ],
  ['getContractMetadata', { chainId: FUJI_C_CHAIN, address: USDC }, `/v1/chains/${FUJI_C_CHAIN}/addresses/${USDC}`, {}],
  ['listAddressChains', { address: WALLET }, `/v1/address/${WALLET}/chains`, {}],
]

describe('data (EVM) wire requests and results', () => {
  test('default: every EVM operation has a wire case', () => {
    expect(new Set(WIRE.map(([name]) => name))).toEqual(new Set(Object.keys(evm)))
  })

  test.each(WIRE.map(([name, params, path, query]) => ({ name, params, path, query })))(
    'default: $name → GET $path',
    async ({ name, params, path, query }) => {
      const reply = responseExample(evm[name].endpoint)
      const { client, fake } = createFakeClient({ [`GET ${path}`]: { body: reply } })
      const result = await (client.data[name] as Fn)(params)
      const request = fake.last()
      expect(request.method).toBe('GET')
      expect(request.url.startsWith(`${DATA}${path}`)).toBe(true)
      expect(request.path).toBe(path)
      expect(request.query).toEqual(query)
      expect(request.rawBody).toBeUndefined()
      expect(request.headers.accept).toBe('application/json')
      expect(request.headers['x-glacier-api-key']).toBeUndefined()
      expect(request.headers['x-data-api-key']).toBeUndefined()
      expect(result).toEqual(reply)
    },
  )

  test('behavior: the API key goes in both x-glacier-api-key (live service) and x-data-api-key (seed)', async () => {
    const { client, fake } = createFakeClient(
      { 'GET /v1/chains/43114': { body: responseExample(evm.getChainInfo.endpoint) } },
      { apiKey: 'key-123' },
    )
    await client.data.getChainInfo({ chainId: 43114 })
    expect(fake.last().headers['x-glacier-api-key']).toBe('key-123')
    expect(fake.last().headers['x-data-api-key']).toBe('key-123')
  })

  test('behavior: dataApiUrl replaces the host and keeps its path prefix', async () => {
    const { client, fake } = createFakeClient(
      { 'GET /proxy/glacier/v1/chains': { body: { chains: [] } } },
      { dataApiUrl: 'https://proxy.test/proxy/glacier/' },
    )
    await expect(client.data.listChains()).resolves.toEqual({ chains: [] })
    expect(fake.last().url).toBe('https://proxy.test/proxy/glacier/v1/chains')
  })

  test('behavior: listErc20Balances keeps null and unknown token reputations, prices and new fields', async () => {
    const native = {
      name: 'Avalanche',
      symbol: 'AVAX',
      decimals: 18,
      chainId: '43114',
      price: { currencyCode: 'usd', value: 24.12 },
      balance: '2000000000000000000',
      balanceValue: { currencyCode: 'usd', value: 48.24 },
    }
    const token = (address: string, tokenReputation: unknown) => ({
      address,
      name: 'Token',
      symbol: 'TKN',
      decimals: 6,
      ercType: 'ERC-20',
      chainId: '43114',
      balance: '1500000',
      tokenReputation,
    })
    const body = {
      nativeTokenBalance: native,
      erc20TokenBalances: [token(USDC, null), token(WAVAX, 'Benign'), { ...token(WALLET, 'Unreviewed'), isNew: true }],
      nextPageToken: 'p2',
    }
    const { client } = createFakeClient({
      [`GET /v1/chains/43114/addresses/${WALLET}/balances:listErc20`]: { body },
    })
    const reply = await client.data.listErc20Balances({ chainId: 43114, address: WALLET })
    expect(reply).toEqual(body)
    expect(reply.erc20TokenBalances?.map((b) => b.tokenReputation)).toEqual([null, 'Benign', 'Unreviewed'])
  })

  test('behavior: listTransfers items of the three token standards are told apart by their token field', async () => {
    const base = { blockNumber: '1', blockTimestamp: 1, blockHash: BLOCK_HASH, txHash: TX, logIndex: 0 }
    const from = { address: WALLET }
    const to = { address: USDC }
    const erc20 = {
      ...base,
      from,
      to,
      value: '5',
      erc20Token: { address: USDC, name: 'USDC', symbol: 'USDC', decimals: 6, ercType: 'ERC-20' },
    }
    const erc721 = {
      ...base,
      logIndex: 1,
      from,
      to,
      erc721Token: {
        address: USDC,
        name: 'N',
        symbol: 'N',
        ercType: 'ERC-721',
        tokenId: '7',
        tokenUri: 'ipfs://x',
        metadata: { indexStatus: 'indexed' },
      },
    }
    const { client } = createFakeClient({
      [`GET /v1/chains/43114/tokens/${USDC}/transfers`]: { body: { transfers: [erc20, erc721] } },
    })
    const reply = await client.data.listTransfers({ chainId: 43114, address: USDC })
    expect(reply.transfers).toEqual([erc20, erc721])
  })
})

describe('data (EVM) parameter validation (before any request)', () => {
  const { client, fake } = createFakeClient()

  test('error: chainId must be an EVM chain ID or a cb58 blockchain ID', async () => {
    await expectInvalidParams(
      fake,
      () => client.data.getChainInfo({ chainId: 'c-chain' }),
      /chainId/,
      /"43114"/,
      /"c-chain"/,
    )
    await expectInvalidParams(fake, () => client.data.getChainInfo({ chainId: -1 }), /chainId/, /EVM chain ID/)
    await expectInvalidParams(fake, () => client.data.getChainInfo({ chainId: 1.5 }), /chainId/)
    // @ts-expect-error missing chainId
    await expectInvalidParams(fake, () => client.data.getChainInfo({}), /chainId: required/)
  })

  test('error: addresses, hashes and block IDs are checked as EVM hex', async () => {
    await expectInvalidParams(
      fake,
      () => client.data.listNativeTransactions({ chainId: 43114, address: '0x1234' }),
      /address: expected a wallet address: 0x followed by 40 hex digits/,
      /"0x1234"/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.data.listNativeTransactions({
          chainId: 43114,
          address: 'X-avax1wst8jt3z3fm9ce0z6akj3266zmgccdp03hjlaj',
        }),
      /address/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getTransaction({ chainId: 43114, txHash: TX.slice(0, 40) }),
      /txHash: expected a transaction hash/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getBlock({ chainId: 43114, blockId: 'latest' }),
      /blockId: expected a block number .* or a block hash/,
    )
    await expectInvalidParams(fake, () => client.data.getBlock({ chainId: 43114, blockId: -1 }), /blockId/)
    await expectInvalidParams(
      fake,
      () => client.data.listErc20Balances({ chainId: 43114, address: WALLET, contractAddresses: [WAVAX, 'usdc'] }),
      /contractAddresses\[1\]: expected a contract address/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc1155Balances({ chainId: 43114, address: WALLET, contractAddress: 'nope' }),
      /contractAddress: expected a contract address/,
    )
  })

  test("error: pageSize is 1..100, 1..500 for the balance lists, 0..100 for a block's transactions", async () => {
    const address = WALLET
    await expectInvalidParams(
      fake,
      () => client.data.listNativeTransactions({ chainId: 1, address, pageSize: 0 }),
      /pageSize: must be a whole number from 1 to 100 \(got 0\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc20Transactions({ chainId: 1, address, pageSize: 101 }),
      /pageSize: must be a whole number from 1 to 100 \(got 101\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getLatestBlocks({ chainId: 1, pageSize: 2.5 }),
      /pageSize: must be a whole number from 1 to 100/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc20Balances({ chainId: 1, address, pageSize: 501 }),
      /pageSize: must be a whole number from 1 to 500 \(got 501\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc1155Balances({ chainId: 1, address, pageSize: 0 }),
      /from 1 to 500/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getTransactionsForBlock({ chainId: 1, blockId: 1, pageSize: -1 }),
      /pageSize: must be a whole number from 0 to 100/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getLatestBlocks({ chainId: 1, pageToken: '' }),
      /pageToken: expected the nextPageToken of a previous page/,
    )
  })

  test('error: block ranges are whole numbers >= 0 with endBlock >= startBlock', async () => {
    const address = WALLET
    await expectInvalidParams(
      fake,
      () => client.data.listTransfers({ chainId: 1, address, startBlock: -1 }),
      /startBlock: expected a block number: a whole number >= 0 \(got -1\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc721Transactions({ chainId: 1, address, endBlock: 1.5 }),
      /endBlock: expected a block number/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listTransactions({ chainId: 1, address, startBlock: 10, endBlock: 9 }),
      /endBlock: must be >= startBlock \(10\): the range is startBlock inclusive to endBlock exclusive \(got 9\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listErc20Balances({ chainId: 1, address, blockNumber: 'latest' }),
      /blockNumber: expected a block number/,
    )
  })

  test('error: enumerations list what they accept', async () => {
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a currency
      () => client.data.listErc20Balances({ chainId: 1, address: WALLET, currency: 'btc' }),
      /currency: expected one of usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a status
      () => client.data.listLatestTransactions({ chainId: 1, status: 'pending' }),
      /status: expected one of failed, success/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a network
      () => client.data.listChains({ network: 'local' }),
      /network: expected one of mainnet, fuji, testnet/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a sort order
      () => client.data.listTransactions({ chainId: 1, address: WALLET, sortOrder: 'up' }),
      /sortOrder: expected one of asc, desc/,
    )
  })

  test('error: unknown keys name the accepted ones; case typos get a hint', async () => {
    await expectInvalidParams(
      fake,
      // @ts-expect-error typo
      () => client.data.listNativeTransactions({ chainId: 1, address: WALLET, pagesize: 5 }),
      /unknown parameter "pagesize" \(did you mean "pageSize"\? parameter names are case-sensitive in this client\)/,
      /accepted: chainId, address, startBlock, endBlock, pageToken, pageSize/,
    )
  })
})

describe('data (EVM) metadata', () => {
  test('default: list operations paginate by pageToken over their item field', () => {
    const fields = Object.fromEntries(
      Object.entries(evm).map(([name, op]) => [name, (op as { pagination?: { items: string } }).pagination?.items]),
    )
    expect(fields).toEqual({
      listChains: undefined,
      getChainInfo: undefined,
      getLatestBlocks: 'blocks',
      getBlock: undefined,
      listLatestTransactions: 'transactions',
      getTransaction: undefined,
      getTransactionsForBlock: 'transactions',
      getDeploymentTransaction: undefined,
      listNativeTransactions: 'transactions',
      listErc20Transactions: 'transactions',
      listErc721Transactions: 'transactions',
      listErc1155Transactions: 'transactions',
      listTransactions: 'transactions',
      listTransactionsV2: 'transactions',
      listTransfers: 'transfers',
      listErc20Balances: 'erc20TokenBalances',
      listErc1155Balances: 'erc1155TokenBalances',
      getNativeBalance: undefined,
      listErc721Balances: 'erc721TokenBalances',
      listCollectibleBalances: 'collectibleBalances',
      listInternalTransactions: 'transactions',
      listContractDeployments: 'contracts',
      getContractMetadata: undefined,
      listAddressChains: undefined,
    })
  })
})
