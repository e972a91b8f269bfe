import { describe, expect, test } from 'vitest'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { NODE_ID, P_ADDRESS, X_TX_1 } from '../testing/fixtures.js'
import { responseExample } from '../testing/openapi.js'
import { networks } from './networks.js'
import { staking } from './staking.js'

const PRIMARY = '11111111111111111111111111111111LpoYY'
const ops = { ...staking, ...networks }
type Fn = (params?: unknown) => Promise<unknown>

/** [operation, params, path, query]: what each staking and network-wide operation sends. */
const WIRE: [keyof typeof ops, unknown, string, Record<string, string[]>][] = [
  ['listValidators', { network: 'mainnet' }, '/v1/networks/mainnet/validators', {}],
  [
    'listValidators',
    {
      network: 'fuji',
      nodeIds: ['NodeID-7Xhw', 'NodeID-MFr'],
      sortBy: 'timeRemaining',
      sortOrder: 'asc',
      validationStatus: 'active',
      minDelegationCapacity: 25_000_000_000n,
      maxDelegationCapacity: '3000000000000000',
      minTimeRemaining: 3600,
      minFeePercentage: 2,
      maxFeePercentage: 20,
      minUptimePerformance: 80,
      maxUptimePerformance: 100,
      subnetId: PRIMARY,
      pageSize: 100,
    },
    '/v1/networks/fuji/validators',
    {
      nodeIds: ['NodeID-7Xhw,NodeID-MFr'],
      sortBy: ['timeRemaining'],
      sortOrder: ['asc'],
      validationStatus: ['active'],
      minDelegationCapacity: ['25000000000'],
      maxDelegationCapacity: ['3000000000000000'],
      minTimeRemaining: ['3600'],
      minFeePercentage: ['2'],
      maxFeePercentage: ['20'],
      minUptimePerformance: ['80'],
      maxUptimePerformance: ['100'],
      subnetId: [PRIMARY],
      pageSize: ['100'],
    },
  ],
  [
    'getSingleValidatorDetails',
    { network: 'mainnet', nodeId: NODE_ID, validationStatus: 'completed', sortOrder: 'desc' },
    `/v1/networks/mainnet/validators/${NODE_ID}`,
    { validationStatus: ['completed'], sortOrder: ['desc'] },
  ],
  [
    'listDelegators',
    { network: 'mainnet', nodeIds: NODE_ID, rewardAddresses: [P_ADDRESS], delegationStatus: 'pending' },
    '/v1/networks/mainnet/delegators',
    { nodeIds: [NODE_ID], rewardAddresses: [P_ADDRESS], delegationStatus: ['pending'] },
  ],
  [
    'listL1Validators',
    {
      network: 'fuji',
      l1ValidationId: X_TX_1.id,
      includeInactiveL1Validators: true,
      nodeId: NODE_ID,
      subnetId: X_TX_1.inputTxID,
    },
    '/v1/networks/fuji/l1Validators',
    {
      l1ValidationId: [X_TX_1.id],
      includeInactiveL1Validators: ['true'],
      nodeId: [NODE_ID],
      subnetId: [X_TX_1.inputTxID],
    },
  ],
  ['healthCheck', undefined, '/v1/health-check', {}],
  ['liveCheck', {}, '/v1/live-check', {}],
  ['getAvaxSupply', undefined, '/v1/avax/supply', {}],
  ['getNetworkDetails', { network: 'mainnet' }, '/v1/networks/mainnet', {}],
  [
    'listBlockchains',
    { network: 'fuji', sortOrder: 'asc', pageSize: 10_000 },
    '/v1/networks/fuji/blockchains',
    { sortOrder: ['asc'], pageSize: ['10000'] },
  ],
  [
    'getBlockchainById',
    { network: 'mainnet', blockchainId: X_TX_1.id },
    `/v1/networks/mainnet/blockchains/${X_TX_1.id}`,
    {},
  ],
  ['listSubnets', { network: 'mainnet', pageToken: 'n' }, '/v1/networks/mainnet/subnets', { pageToken: ['n'] }],
  ['getSubnetById', { network: 'testnet', subnetId: PRIMARY }, `/v1/networks/testnet/subnets/${PRIMARY}`, {}],
  [
    'listActivePrimaryNetworkStakingTransactions',
    { network: 'fuji', blockchainId: 'p-chain', addresses: [P_ADDRESS], txTypes: ['AddPermissionlessDelegatorTx'] },
    '/v1/networks/fuji/blockchains/p-chain/transactions:listStaking',
    { addresses: [P_ADDRESS], txTypes: ['AddPermissionlessDelegatorTx'] },
  ],
  [
    'listPendingPrimaryNetworkRewards',
    { network: 'mainnet', nodeIds: [NODE_ID], pageSize: 100 },
    '/v1/networks/mainnet/rewards:listPending',
    { nodeIds: [NODE_ID], pageSize: ['100'] },
  ],
  [
    'listHistoricalPrimaryNetworkRewards',
    { network: 'fuji', addresses: P_ADDRESS, currency: 'eur', sortOrder: 'asc' },
    '/v1/networks/fuji/rewards',
    { addresses: [P_ADDRESS], currency: ['eur'], sortOrder: ['asc'] },
  ],
]

describe('data (staking, network-wide) wire requests and results', () => {
  test('default: every staking and network-wide operation has a wire case', () => {
    expect(new Set(WIRE.map(([name]) => name))).toEqual(new Set(Object.keys(ops)))
  })

  test.each(WIRE.map(([name, params, path, query]) => ({ name, params, path, query })))(
    'default: $name → GET $path',
    async ({ name, params, path, query }) => {
      const reply = responseExample(ops[name].endpoint)
      const { client, fake } = createFakeClient({ [`GET ${path}`]: { body: reply } })
      await expect((client.data[name] as Fn)(params)).resolves.toEqual(reply)
      expect(fake.last().method).toBe('GET')
      expect(fake.last().url.startsWith(`https://data-api.avax.network${path}`)).toBe(true)
      expect(fake.last().query).toEqual(query)
    },
  )

  test('behavior: bad filters are refused before any request, naming the parameter and what it accepts', async () => {
    const { client, fake } = createFakeClient({})
    await expectInvalidParams(
      fake,
      () => client.data.listValidators({ network: 'mainnet', minFeePercentage: 1 }),
      /minFeePercentage: must be a number from 2 to 100/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listValidators({ network: 'mainnet', minTimeRemaining: 600, maxTimeRemaining: 60 }),
      /maxTimeRemaining: must be >= minTimeRemaining \(600\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listValidators({ network: 'mainnet', minDelegationCapacity: -1 }),
      /minDelegationCapacity: expected an amount in nAVAX/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listDelegators({ network: 'mainnet', nodeIds: ['NodeID-1', NODE_ID] }),
      /nodeIds\[0\]: expected a node ID.*\(got "NodeID-1"\)/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a status the description lists
      () => client.data.getSingleValidatorDetails({ network: 'mainnet', nodeId: NODE_ID, validationStatus: 'live' }),
      /validationStatus: expected one of completed, active, pending, removed/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.getSubnetById({ network: 'mainnet', subnetId: 'subnet-1' }),
      /subnetId: expected a subnet ID/,
    )
    await expectInvalidParams(
      fake,
      () => client.data.listBlockchains({ network: 'mainnet', pageSize: 10_001 }),
      /pageSize: must be a whole number from 1 to 10000/,
    )
  })
})

describe('data rewards: one of addresses or nodeIds', () => {
  test('validation: neither is refused before any request, naming addresses', async () => {
    const { client, fake } = createFakeClient({})
    await expectInvalidParams(
      fake,
      () => client.data.listPendingPrimaryNetworkRewards({ network: 'fuji' }),
      'addresses',
    )
    await expectInvalidParams(
      fake,
      () => client.data.listHistoricalPrimaryNetworkRewards({ network: 'fuji' }),
      /nodeIds/,
    )
  })
})
