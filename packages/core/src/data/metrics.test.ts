import { describe, expect, test } from 'vitest'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { EMPTY_ID, MAINNET_C_CHAIN, MAINNET_X_CHAIN, NODE_ID, SUBNET_ID, X_TX_1 } from '../testing/fixtures.js'
import { responseExample } from '../testing/openapi.js'
import { metrics } from './metrics.js'

const METRICS = 'https://metrics.avax.network'
/** The seed's and the usage guide's example reply of `GET /v1/avg_tps/43114`, verbatim. */
const AVG_TPS = '{"results":[{"timestamp":1724716800,"value":1.98}],"status":200,"lastRun":1724780812}'

type Fn = (params?: unknown) => Promise<unknown>

const WIRE: [keyof typeof metrics, unknown, string, Record<string, string[]>][] = [
  ['getAvgTps', { chainId: 43114 }, '/v1/avg_tps/43114', {}],
  ['getAvgTps', { chainId: '43113', pageToken: 'c2f6…' }, '/v1/avg_tps/43113', { pageToken: ['c2f6…'] }],
  ['healthCheck', undefined, '/v2/health-check', {}],
  ['liveCheck', undefined, '/v2/live-check', {}],
  ['listChains', undefined, '/v2/chains', {}],
  ['listChains', { network: 'fuji', pageToken: 'p' }, '/v2/chains', { network: ['fuji'], pageToken: ['p'] }],
  ['getChain', { chainId: 43114 }, '/v2/chains/43114', {}],
  [
    'getEvmChainMetrics',
    {
      chainId: 43114,
      metric: 'avgTps',
      timeInterval: 'day',
      startTimestamp: 1724716800,
      endTimestamp: 1724803200,
      pageSize: 2160,
    },
    '/v2/chains/43114/metrics/avgTps',
    { timeInterval: ['day'], startTimestamp: ['1724716800'], endTimestamp: ['1724803200'], pageSize: ['2160'] },
  ],
  [
    'getEvmChainMetrics',
    { chainId: 'total', metric: 'txCount', timeInterval: 'hour' },
    '/v2/chains/total/metrics/txCount',
    { timeInterval: ['hour'] },
  ],
  [
    'getEvmChainRollingWindowMetrics',
    { chainId: 'mainnet', metric: 'gasUsed' },
    '/v2/chains/mainnet/rollingWindowMetrics/gasUsed',
    {},
  ],
  [
    'getICMTimeseries',
    {
      srcBlockchainId: MAINNET_C_CHAIN,
      destBlockchainId: MAINNET_X_CHAIN,
      groupBy: 'srcBlockchainId,destBlockchainId',
      network: 'mainnet',
      timeInterval: 'week',
    },
    '/v2/icm/timeseries',
    {
      srcBlockchainId: [MAINNET_C_CHAIN],
      destBlockchainId: [MAINNET_X_CHAIN],
      groupBy: ['srcBlockchainId,destBlockchainId'],
      network: ['mainnet'],
      timeInterval: ['week'],
    },
  ],
  ['getICMTimeseries', undefined, '/v2/icm/timeseries', {}],
  [
    'getICMSummary',
    { network: 'fuji', groupBy: 'destBlockchainId' },
    '/v2/icm/summary',
    { network: ['fuji'], groupBy: ['destBlockchainId'] },
  ],
  [
    'getStakingMetrics',
    { network: 'mainnet', metric: 'validatorWeight', subnetId: SUBNET_ID, pageSize: 10 },
    '/v2/networks/mainnet/metrics/validatorWeight',
    { subnetId: [SUBNET_ID], pageSize: ['10'] },
  ],
  [
    'getTotalL1ValidatorMetrics',
    { metric: 'totalValidatorFeesDaily', startTimestamp: 1 },
    '/v2/validators/metrics/totalValidatorFeesDaily',
    { startTimestamp: ['1'] },
  ],
  [
    'getMetricsByValidationId',
    { l1ValidationId: X_TX_1.id, metric: 'validationFeesDaily' },
    `/v2/validation/${X_TX_1.id}/metrics/validationFeesDaily`,
    {},
  ],
  [
    'getMetricsByNodeId',
    { nodeId: NODE_ID, metric: 'perNodeDailyFeesPaid', endTimestamp: 5 },
    `/v2/validator/${NODE_ID}/metrics/perNodeDailyFeesPaid`,
    { endTimestamp: ['5'] },
  ],
  [
    'getMetricsBySubnetId',
    { subnetId: SUBNET_ID, metric: 'perSubnetPayingValidators' },
    `/v2/subnet/${SUBNET_ID}/metrics/perSubnetPayingValidators`,
    {},
  ],
  [
    'getAddressesByBtcbBridged',
    { threshold: 1000000n, pageSize: 5000 },
    '/v2/chains/43114/btcb/bridged:getAddresses',
    { threshold: ['1000000'], pageSize: ['5000'] },
  ],
  [
    'getValidatorsByDateRange',
    { subnetId: EMPTY_ID, startTimestamp: 1, endTimestamp: 1, network: 'mainnet' },
    `/v2/subnets/${EMPTY_ID}/validators:getAddresses`,
    { startTimestamp: ['1'], endTimestamp: ['1'], network: ['mainnet'] },
  ],
]

describe('metrics wire requests and results', () => {
  test('default: every Metrics operation has a wire case', () => {
    expect(new Set(WIRE.map(([name]) => name))).toEqual(new Set(Object.keys(metrics)))
  })

  test.each(WIRE.map(([name, params, path, query]) => ({ name, params, path, query })))(
    'default: $name → GET $path',
    async ({ name, params, path, query }) => {
      const reply = name === 'getAvgTps' ? JSON.parse(AVG_TPS) : responseExample(metrics[name].endpoint)
      const { client, fake } = createFakeClient({ [`GET ${path}`]: { body: reply } })
      await expect((client.metrics[name] as Fn)(params)).resolves.toEqual(reply)
      const request = fake.last()
      expect(request.method).toBe('GET')
      expect(request.url.startsWith(`${METRICS}${path}`)).toBe(true)
      expect(request.query).toEqual(query)
      expect(request.headers['x-glacier-api-key']).toBeUndefined()
      expect(request.headers['x-data-api-key']).toBeUndefined()
    },
  )

  test("default: the seed's avg_tps reply, verbatim, on the Metrics API host", async () => {
    const { client, fake } = createFakeClient({ 'GET /v1/avg_tps/43114': { body: AVG_TPS } })
    await expect(client.metrics.getAvgTps({ chainId: '43114' })).resolves.toEqual({
      results: [{ timestamp: 1724716800, value: 1.98 }],
      status: 200,
      lastRun: 1724780812,
    })
    expect(fake.last().url).toBe(`${METRICS}/v1/avg_tps/43114`)
  })

  test('behavior: metricsApiUrl replaces the host', async () => {
    const { client, fake } = createFakeClient(
      {
        'GET /v2/chains/43114': {
          body: {
            evmChainId: 43114,
            chainName: 'C',
            blockchainId: MAINNET_C_CHAIN,
            subnetId: EMPTY_ID,
            network: 'mainnet',
          },
        },
      },
      { metricsApiUrl: 'http://127.0.0.1:4000' },
    )
    await client.metrics.getChain({ chainId: 43114 })
    expect(fake.last().url).toBe('http://127.0.0.1:4000/v2/chains/43114')
  })

  test('behavior: an unhealthy Metrics API (503 with its health body) is a result', async () => {
    const body = {
      status: 'error',
      info: {},
      error: { database: { status: 'down' } },
      details: { database: { status: 'down' } },
    }
    const { client } = createFakeClient({ 'GET /v2/health-check': { status: 503, body } })
    await expect(client.metrics.healthCheck()).resolves.toEqual(body)
  })

  test('behavior: a new network type and extra fields of a chain are kept', async () => {
    const chain = {
      evmChainId: 1,
      chainName: 'X',
      blockchainId: MAINNET_C_CHAIN,
      subnetId: EMPTY_ID,
      network: 'devnet',
      tier: 2,
    }
    const { client } = createFakeClient({ 'GET /v2/chains': { body: { chains: [chain] } } })
    await expect(client.metrics.listChains()).resolves.toEqual({ chains: [chain] })
  })
})

describe('metrics parameter validation (before any request)', () => {
  const { client, fake } = createFakeClient()

  test('error: metric and timeInterval list what they accept; day-only metrics refuse other intervals', async () => {
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a metric
      () => client.metrics.getEvmChainMetrics({ chainId: 43114, metric: 'tps' }),
      /metric: expected one of activeAddresses, activeSenders, cumulativeTxCount/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getEvmChainMetrics({ chainId: 43114, metric: 'avgTps', timeInterval: 'hour' }),
      /timeInterval: avgTps supports only timeInterval "day" \(got "hour"\)/,
    )
    for (const metric of ['cumulativeTxCount', 'maxGasPrice', 'contracts', 'deployers', 'feesPaid'] as const) {
      await expectInvalidParams(
        fake,
        () => client.metrics.getEvmChainMetrics({ chainId: 1, metric, timeInterval: 'week' }),
        /supports only timeInterval "day"/,
      )
    }
    await expectInvalidParams(
      fake,
      // @ts-expect-error not an interval
      () => client.metrics.getEvmChainMetrics({ chainId: 43114, metric: 'txCount', timeInterval: 'daily' }),
      /timeInterval: expected one of hour, day, week, month/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a rolling-window metric
      () => client.metrics.getEvmChainRollingWindowMetrics({ chainId: 43114, metric: 'cumulativeTxCount' }),
      /metric: expected one of gasUsed, txCount/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a fee metric
      () => client.metrics.getMetricsByNodeId({ nodeId: NODE_ID, metric: 'validationFeesDaily' }),
      /metric: expected one of perNodeCumulativeFeesPaid, perNodeDailyFeesPaid/,
    )
  })

  test('error: chain IDs; aggregates only where the description allows them', async () => {
    await expectInvalidParams(
      fake,
      () => client.metrics.getChain({ chainId: 'total' }),
      /chainId: expected an EVM chain ID like "43114" \(number or decimal string\); metrics.listChains/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getAvgTps({ chainId: 'c-chain' }),
      /chainId: expected an EVM chain ID/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getEvmChainMetrics({ chainId: 'all', metric: 'txCount' }),
      /or "total", "mainnet" or "testnet"/,
    )
  })

  test('error: page sizes, timestamps, IDs, group-by, threshold', async () => {
    await expectInvalidParams(
      fake,
      () => client.metrics.getEvmChainMetrics({ chainId: 1, metric: 'txCount', pageSize: 2161 }),
      /pageSize: must be a whole number from 1 to 2160 \(got 2161\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getValidatorsByDateRange({ subnetId: EMPTY_ID, pageSize: 5001 }),
      /pageSize: must be a whole number from 1 to 5000/,
    )
    await expectInvalidParams(
      fake,
      () =>
        client.metrics.getStakingMetrics({
          network: 'mainnet',
          metric: 'validatorCount',
          startTimestamp: 2,
          endTimestamp: 1,
        }),
      /endTimestamp: must be >= startTimestamp \(2\)/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getStakingMetrics({ network: 'mainnet', metric: 'validatorCount', subnetId: 'primary' }),
      /subnetId: expected a subnet ID: 32 bytes in cb58/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getICMSummary({ srcBlockchainId: 'c-chain' }),
      /srcBlockchainId: expected a blockchain ID/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error not a grouping
      () => client.metrics.getICMSummary({ groupBy: 'chain' }),
      /groupBy: expected one of srcBlockchainId, destBlockchainId, srcBlockchainId,destBlockchainId/,
    )
    // @ts-expect-error threshold is required
    await expectInvalidParams(fake, () => client.metrics.getAddressesByBtcbBridged({}), /threshold: required/)
    await expectInvalidParams(
      fake,
      () => client.metrics.getAddressesByBtcbBridged({ threshold: '-1' }),
      /threshold: expected a non-negative amount/,
    )
    await expectInvalidParams(
      fake,
      () => client.metrics.getMetricsByValidationId({ l1ValidationId: 'x', metric: 'validationFeesDaily' }),
      /l1ValidationId: expected an L1 validation ID/,
    )
    // @ts-expect-error no parameters
    await expectInvalidParams(fake, () => client.metrics.healthCheck({ verbose: true }), /unknown parameter "verbose"/)
  })
})
