import { describe, expect, test } from 'vitest'
import { formatAddress, parseAddress } from '../encoding/address.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { AVAX_ASSET, MAINNET_X_CHAIN, NODE_ID, P_ADDRESS, X_ADDRESS, X_TX_1 } from '../testing/fixtures.js'
import { responseExample } from '../testing/openapi.js'
import { primaryNetwork } from './primaryNetwork.js'

const BARE = 'avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg'
const FUJI_X = formatAddress('X', 'fuji', parseAddress(X_ADDRESS).bytes)
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const VALIDATION_ID = X_TX_1.id
const TXS = '/v1/networks/mainnet/blockchains/p-chain/transactions'

type Fn = (params?: unknown) => Promise<unknown>

const WIRE: [keyof typeof primaryNetwork, unknown, string, Record<string, string[]>][] = [
  ['listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain' }, TXS, {}],
  [
    'listLatestPrimaryNetworkTransactions',
    {
      network: 'mainnet',
      blockchainId: 'p-chain',
      addresses: [P_ADDRESS, BARE],
      txTypes: ['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx'],
      startTimestamp: 1689541049,
      endTimestamp: 1689800249,
      pageSize: 50,
      sortOrder: 'asc',
    },
    TXS,
    {
      addresses: [`${P_ADDRESS},${BARE}`],
      txTypes: ['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx'],
      startTimestamp: ['1689541049'],
      endTimestamp: ['1689800249'],
      pageSize: ['50'],
      sortOrder: ['asc'],
    },
  ],
  [
    'listLatestPrimaryNetworkTransactions',
    { network: 'fuji', blockchainId: 'x-chain', addresses: `${FUJI_X}, ${EVM}`, txTypes: 'BaseTx' },
    '/v1/networks/fuji/blockchains/x-chain/transactions',
    { addresses: [`${FUJI_X},${EVM}`], txTypes: ['BaseTx'] },
  ],
  [
    'listLatestPrimaryNetworkTransactions',
    {
      network: 'mainnet',
      blockchainId: '11111111111111111111111111111111LpoYY',
      l1ValidationId: VALIDATION_ID,
      txTypes: ['IncreaseL1ValidatorBalanceTx'],
    },
    '/v1/networks/mainnet/blockchains/11111111111111111111111111111111LpoYY/transactions',
    { l1ValidationId: [VALIDATION_ID], txTypes: ['IncreaseL1ValidatorBalanceTx'] },
  ],
  [
    'listAssetTransactions',
    {
      network: 'mainnet',
      blockchainId: 'x-chain',
      assetId: AVAX_ASSET,
      txTypes: ['CreateAssetTx'],
      startTimestamp: 0,
      pageToken: 't',
    },
    `/v1/networks/mainnet/blockchains/x-chain/assets/${AVAX_ASSET}/transactions`,
    { txTypes: ['CreateAssetTx'], startTimestamp: ['0'], pageToken: ['t'] },
  ],
  [
    'listAssetTransactions',
    { network: 'mainnet', blockchainId: MAINNET_X_CHAIN, assetId: AVAX_ASSET },
    `/v1/networks/mainnet/blockchains/${MAINNET_X_CHAIN}/assets/${AVAX_ASSET}/transactions`,
    {},
  ],
  // Values the description does not list yet go out as given (data-api.md 0b.4): a custom network's X-Chain ID, the
  // ACP-236 transaction types.
  [
    'listLatestPrimaryNetworkTransactions',
    { network: 'fuji', blockchainId: X_TX_1.id, addresses: FUJI_X, txTypes: ['AddAutoRenewedValidatorTx', 'BaseTx'] },
    `/v1/networks/fuji/blockchains/${X_TX_1.id}/transactions`,
    { addresses: [FUJI_X], txTypes: ['AddAutoRenewedValidatorTx', 'BaseTx'] },
  ],
  [
    'listPrimaryNetworkBlocksByNodeId',
    { network: 'testnet', blockchainId: 'p-chain', nodeId: NODE_ID, startTimestamp: 1, endTimestamp: 2, pageSize: 100 },
    `/v1/networks/testnet/blockchains/p-chain/nodes/${NODE_ID}/blocks`,
    { startTimestamp: ['1'], endTimestamp: ['2'], pageSize: ['100'] },
  ],
  [
    'getUtxosByAddresses',
    {
      network: 'fuji',
      blockchainId: 'x-chain',
      addresses: [FUJI_X, FUJI_X],
      assetId: AVAX_ASSET,
      minUtxoAmount: 5,
      includeSpent: true,
      sortBy: 'amount',
      sortOrder: 'asc',
    },
    '/v1/networks/fuji/blockchains/x-chain/utxos',
    {
      addresses: [`${FUJI_X},${FUJI_X}`],
      assetId: [AVAX_ASSET],
      minUtxoAmount: ['5'],
      includeSpent: ['true'],
      sortBy: ['amount'],
      sortOrder: ['asc'],
    },
  ],
  [
    'getBalancesByAddresses',
    { network: 'mainnet', blockchainId: 'p-chain', addresses: FUJI_X, blockTimestamp: 1700000000 },
    '/v1/networks/mainnet/blockchains/p-chain/balances',
    { addresses: [FUJI_X], blockTimestamp: ['1700000000'] },
  ],
  [
    'getChainIdsForAddresses',
    { network: 'fuji', addresses: [FUJI_X] },
    '/v1/networks/fuji/addresses:listChainIds',
    { addresses: [FUJI_X] },
  ],
  [
    'getLastActivityTimestampByAddresses',
    { network: 'fuji', blockchainId: 'c-chain', addresses: EVM },
    '/v1/networks/fuji/blockchains/c-chain/lastActivityTimestampByAddresses',
    { addresses: [EVM] },
  ],
  [
    'getTxByHash',
    { network: 'fuji', blockchainId: 'x-chain', txHash: X_TX_1.id },
    `/v1/networks/fuji/blockchains/x-chain/transactions/${X_TX_1.id}`,
    {},
  ],
  [
    'getBlockById',
    { network: 'mainnet', blockchainId: 'p-chain', blockId: 42 },
    '/v1/networks/mainnet/blockchains/p-chain/blocks/42',
    {},
  ],
  [
    'listLatestPrimaryNetworkBlocks',
    { network: 'fuji', blockchainId: 'x-chain', startTimestamp: 1, pageSize: 5 },
    '/v1/networks/fuji/blockchains/x-chain/blocks',
    { startTimestamp: ['1'], pageSize: ['5'] },
  ],
  [
    'getAssetDetails',
    { network: 'mainnet', blockchainId: 'x-chain', assetId: AVAX_ASSET },
    `/v1/networks/mainnet/blockchains/x-chain/assets/${AVAX_ASSET}`,
    {},
  ],
]

describe('data (Primary Network) wire requests and results', () => {
  const V2 = ['getUtxosByAddressesV2', 'getLastActivityTimestampByAddressesV2']

  test('default: every Primary Network operation has a wire case', () => {
    expect(new Set([...WIRE.map(([name]) => name), ...V2])).toEqual(new Set(Object.keys(primaryNetwork)))
  })

  test('default: the V2 reads POST the addresses as a JSON body, filters in the query; 201 is success', async () => {
    const path = '/v1/networks/fuji/blockchains/x-chain/utxos'
    const reply = responseExample(primaryNetwork.getUtxosByAddressesV2.endpoint)
    const { client, fake } = createFakeClient({ [`POST ${path}`]: { status: 201, body: reply } })
    const params = { network: 'fuji' as const, blockchainId: 'x-chain', addresses: [FUJI_X, BARE], pageSize: 1024 }
    await expect(client.data.getUtxosByAddressesV2({ ...params, sortBy: 'amount' })).resolves.toEqual(reply)
    expect(fake.last()).toMatchObject({ method: 'POST', body: { addresses: `${FUJI_X},${BARE}` } })
    expect(fake.last().query).toEqual({ pageSize: ['1024'], sortBy: ['amount'] })
    const last = '/v1/networks/fuji/blockchains/c-chain/lastActivityTimestampByAddresses'
    const activity = responseExample(primaryNetwork.getLastActivityTimestampByAddressesV2.endpoint)
    const second = createFakeClient({ [`POST ${last}`]: { body: activity } })
    const call = { network: 'fuji', blockchainId: 'c-chain', addresses: EVM } as const
    await expect(second.client.data.getLastActivityTimestampByAddressesV2(call)).resolves.toEqual(activity)
    expect(second.fake.last()).toMatchObject({ method: 'POST', body: { addresses: EVM }, query: {} })
  })

  test('behavior: a V2 POST is a read, so a 5xx is retried like a GET', async () => {
    let attempts = 0
    const path = '/v1/networks/fuji/blockchains/p-chain/lastActivityTimestampByAddresses'
    const activity = responseExample(primaryNetwork.getLastActivityTimestampByAddressesV2.endpoint)
    const { client } = createFakeClient(
      { [`POST ${path}`]: () => (++attempts < 3 ? { status: 503, body: 'unavailable' } : { body: activity }) },
      { retry: { retries: 3, baseDelayMs: 0 }, sleep: async () => {} },
    )
    const op = primaryNetwork.getLastActivityTimestampByAddressesV2
    expect([op.readOnly, op.idempotent]).toEqual([true, true])
    await client.data.getLastActivityTimestampByAddressesV2({
      network: 'fuji',
      blockchainId: 'p-chain',
      addresses: BARE,
    })
    expect(attempts).toBe(3)
  })

  test('error: the V2 reads require addresses (the body requires them)', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error addresses missing
      () => client.data.getUtxosByAddressesV2({ network: 'fuji', blockchainId: 'x-chain' }),
      /addresses/,
    )
  })

  test.each(WIRE.map(([name, params, path, query]) => ({ name, params, path, query })))(
    'default: $name → GET $path',
    async ({ name, params, path, query }) => {
      const reply = responseExample(primaryNetwork[name].endpoint)
      const { client, fake } = createFakeClient({ [`GET ${path}`]: { body: reply } })
      await expect((client.data[name] as Fn)(params)).resolves.toEqual(reply)
      expect(fake.last().method).toBe('GET')
      expect(fake.last().url.startsWith(`https://data-api.avax.network${path}`)).toBe(true)
      expect(fake.last().query).toEqual(query)
    },
  )

  test('behavior: a P-Chain page keeps unknown tx types; integers above 2^53 become the doubles the service wrote', async () => {
    const pChain = {
      txHash: X_TX_1.id,
      txType: 'FutureL1Tx',
      blockTimestamp: 1700000000,
      blockNumber: '100',
      blockHash: X_TX_1.inputTxID,
      consumedUtxos: [],
      emittedUtxos: [],
      value: [],
      amountBurned: [],
      amountStaked: [],
      amountL1ValidatorBalanceBurned: [],
      l1ValidatorDetails: [
        {
          validationId: VALIDATION_ID,
          validationIdHex: `0x${'ab'.repeat(32)}`,
          nodeId: NODE_ID,
          subnetId: X_TX_1.inputTxID,
          weight: 'WEIGHT',
          remainingBalance: 1000000000,
        },
      ],
    }
    const chainInfo = { chainName: 'p-chain', network: 'mainnet' }
    const { client } = createFakeClient({
      [`GET ${TXS}`]: {
        // Verbatim JSON text: the weight literal is above 2^53, which the lossless parser reads as bigint.
        body: `{"transactions":[${JSON.stringify(pChain).replace('"WEIGHT"', '9007199254740993')}],"chainInfo":${JSON.stringify(chainInfo)},"nextPageToken":"n"}`,
      },
    })
    const reply = await client.data.listLatestPrimaryNetworkTransactions({
      network: 'mainnet',
      blockchainId: 'p-chain',
    })
    expect(reply.transactions?.[0]).toMatchObject({ txHash: X_TX_1.id, txType: 'FutureL1Tx' })
    // The service writes doubles: an integer above 2^53 comes back as the double it is.
    expect(reply.transactions?.[0]).toMatchObject({ l1ValidatorDetails: [{ weight: 9007199254740992 }] })
    expect(reply.chainInfo).toEqual(chainInfo)
  })
})

describe('data (Primary Network) parameter validation (before any request)', () => {
  const { client, fake } = createFakeClient()
  const p = { network: 'mainnet', blockchainId: 'p-chain' } as const

  test('error: network and blockchainId list what they accept', async () => {
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a network
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, network: 'local' }),
      /network: expected one of mainnet, fuji, testnet \(got "local"\)/,
    )
    await expectInvalidParams(
      fake,
      // A node alias is not the Data API's, nor a blockchain ID.
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, blockchainId: 'P' }),
      /blockchainId: expected one of 11111111111111111111111111111111LpoYY, .*p-chain, x-chain, c-chain/,
    )
    await expectInvalidParams(
      fake,
      // Assets live on the X-Chain only.
      () => client.data.listAssetTransactions({ ...p, assetId: AVAX_ASSET }),
      /blockchainId: expected one of 2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM, 2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm, x-chain/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listAssetTransactions({ network: 'mainnet', blockchainId: 'x-chain', assetId: 'AVAX' }),
      /assetId: expected an asset ID: 32 bytes in cb58/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listPrimaryNetworkBlocksByNodeId({ ...p, nodeId: 'NodeID-xyz' }),
      /nodeId: expected a node ID: "NodeID-" followed by cb58/,
    )
  })

  test('error: txTypes and timestamps need addresses (seed rule 1) unless l1ValidationId (rule 2)', async () => {
    const rule = /needs addresses \(or l1ValidationId on the P-Chain\)/
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, txTypes: ['BaseTx'] }),
      /txTypes: needs addresses/,
      rule,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, startTimestamp: 1 }),
      /startTimestamp: needs addresses/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, endTimestamp: 1 }),
      /endTimestamp: needs addresses/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.data.listLatestPrimaryNetworkTransactions({
          network: 'mainnet',
          blockchainId: 'x-chain',
          l1ValidationId: VALIDATION_ID,
        }),
      /l1ValidationId: only the P-Chain has L1 validations: use blockchainId "p-chain" \(got "x-chain"\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, l1ValidationId: 'abc' }),
      /l1ValidationId: expected an L1 validation ID/,
    )
  })

  test('error: addresses, transaction types, timestamps', async () => {
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, addresses: [P_ADDRESS, 'P-avax1bad'] }),
      /addresses\[1\]: expected an address like "avax1\.\.\.", "P-avax1\.\.\." or "X-fuji1\.\.\."/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, addresses: [] }),
      /addresses: expected at least one address/,
    )
    await expectInvalidParams(
      fake,
      // Not of a transaction type's form (newer types like AddAutoRenewedValidatorTx pass, for the service to judge).
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, addresses: P_ADDRESS, txTypes: ['send tx'] }),
      /txTypes.*AddValidatorTx.*or a newer transaction type of the same form/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.data.listLatestPrimaryNetworkTransactions({
          ...p,
          addresses: P_ADDRESS,
          startTimestamp: 1_700_000_000_000,
        }),
      /startTimestamp: expected a Unix time in seconds; this looks like milliseconds \(divide by 1000\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listLatestPrimaryNetworkTransactions({ ...p, addresses: P_ADDRESS, startTimestamp: -5 }),
      /startTimestamp: expected a Unix time in seconds: a whole number >= 0 \(got -5\)/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.data.listPrimaryNetworkBlocksByNodeId({ ...p, nodeId: NODE_ID, startTimestamp: 10, endTimestamp: 5 }),
      /endTimestamp: must be >= startTimestamp \(10\) \(got 5\)/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.data.listAssetTransactions({
          network: 'mainnet',
          blockchainId: 'x-chain',
          assetId: AVAX_ASSET,
          pageSize: 101,
        }),
      /pageSize: must be a whole number from 1 to 100/,
    )
  })
})
