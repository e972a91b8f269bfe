import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import { record } from '../schemas.js'
import {
  zChainMetric,
  zChainRollingWindowMetric,
  zGetAddressesByBtcbBridgedResult,
  zGetChainResult,
  zGetEvmChainMetricsResult,
  zGetEvmChainRollingWindowMetricsResult,
  zGetIcmSummaryResult,
  zGetIcmTimeseriesResult,
  zGetMetricsByNodeIdResult,
  zGetMetricsBySubnetIdResult,
  zGetMetricsByValidationIdResult,
  zGetStakingMetricsResult,
  zGetTotalL1ValidatorMetricsResult,
  zGetValidatorsByDateRangeResult,
  zListChainsResult,
  zMetricsHealthCheckResult,
  zMetricsLiveCheckResult,
  zMetricsValue,
  zNetworkMetric,
  zTimeIntervalGranularity,
} from './generated/metrics-api.gen.js'
import { jsonNumber } from './lenient.js'
import {
  cb58Id,
  checkRanges,
  closedEnum,
  endTimestamp,
  l1ValidationId,
  metricsChainId,
  metricsWeight,
  network,
  nodeId,
  pageSize,
  pageToken,
  startTimestamp,
} from './params.js'

/**
 * The Metrics API (base `metricsApiUrl`, default https://metrics.avax.network): time series and rolling windows of
 * chain activity, staking and L1 validator fees. No API key is needed. Series answer `results: [{timestamp, value}]`
 * with Unix-second timestamps, newest first.
 */
const read = { service: 'metrics', readOnly: true, idempotent: true } as const

const PAGES =
  'When nextPageToken is present, pass it as pageToken for the next page (tokens live 24 hours), or walk with .pages()/.items().'
const SERIES = 'results holds {timestamp (Unix seconds), value} points, newest first.'

/** Metrics of the description that only support timeInterval "day" (every cumulative*, avg*, max*, plus these). */
const DAY_ONLY = /^(cumulative|avg|max)|^(contracts|deployers|feesPaid)$/
const metric = lazy(() =>
  closedEnum(zChainMetric()).check(z.describe('Which chain metric, e.g. txCount, activeAddresses, avgTps, gasUsed.')),
)
const timeInterval = lazy(() =>
  closedEnum(zTimeIntervalGranularity()).check(
    z.describe('Bucket size: hour, day, week or month (buckets start at 0:00 UTC, on Mondays, on the 1st).'),
  ),
)
const blockchainIdFilter = (what: string) => cb58Id('a blockchain ID').check(z.describe(what))
const groupBy = lazy(() =>
  z
    .enum(['srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId'], {
      error: 'expected one of srcBlockchainId, destBlockchainId, srcBlockchainId,destBlockchainId',
    })
    .check(z.describe('Split counts by source chain, destination chain, or both.')),
)
const feeRange = lazy(() => ({
  startTimestamp: z.optional(startTimestamp()),
  endTimestamp: z.optional(endTimestamp()),
}))
const THRESHOLD_ERROR = 'expected a non-negative amount, e.g. "1000000"'
const FEES = 'Fee values are in nAVAX (1 AVAX = 10^9 nAVAX).'

/** `GET /v1/avg_tps/{chainId}` as the seed and the usage guide show it: not in the OpenAPI description. */
export const avgTpsResult = lazy(() =>
  record({
    results: z.array(zMetricsValue()),
    /** The HTTP status the service repeats in the body (200). */
    status: z.optional(jsonNumber(z.number())),
    /** Unix seconds when the last data point was updated. */
    lastRun: z.optional(jsonNumber(z.number())),
    nextPageToken: z.optional(z.string()),
  }),
)

export const metrics = {
  getAvgTps: defineOperation({
    ...read,
    id: 'metrics.getAvgTps',
    endpoint: 'GET /v1/avg_tps/{chainId}',
    summary: 'The average transactions per second of an EVM chain, one point per day, newest first.',
    params: () => z.strictObject({ chainId: metricsChainId(false), pageToken: z.optional(pageToken()) }),
    result: avgTpsResult,
    pagination: { kind: 'pageToken', items: 'results' },
  }),
  healthCheck: defineOperation({
    ...read,
    id: 'metrics.healthCheck',
    endpoint: 'GET /v2/health-check',
    summary: "The Metrics API's health: status ok, error or shutting_down, with each dependency's status.",
    params: () => z.optional(z.strictObject({})),
    result: zMetricsHealthCheckResult,
    okStatuses: [503],
  }),
  liveCheck: defineOperation({
    ...read,
    id: 'metrics.liveCheck',
    endpoint: 'GET /v2/live-check',
    summary: 'Whether the Metrics API process is alive.',
    params: () => z.optional(z.strictObject({})),
    result: zMetricsLiveCheckResult,
    okStatuses: [503],
  }),
  listChains: defineOperation({
    ...read,
    id: 'metrics.listChains',
    endpoint: 'GET /v2/chains',
    summary: 'The chains the Metrics API has data for: EVM chain ID, name, blockchain ID, subnet ID and network.',
    params: () => z.optional(z.strictObject({ pageToken: z.optional(pageToken()), network: z.optional(network()) })),
    result: zListChainsResult,
    pagination: { kind: 'pageToken', items: 'chains' },
  }),
  getChain: defineOperation({
    ...read,
    id: 'metrics.getChain',
    endpoint: 'GET /v2/chains/{chainId}',
    summary: 'One chain the Metrics API has data for, by EVM chain ID.',
    params: () => z.strictObject({ chainId: metricsChainId(false) }),
    result: zGetChainResult,
  }),
  getEvmChainMetrics: defineOperation({
    ...read,
    id: 'metrics.getEvmChainMetrics',
    endpoint: 'GET /v2/chains/{chainId}/metrics/{metric}',
    summary: 'A time series of one activity metric of an EVM chain (or of all chains), per hour, day, week or month.',
    params: () =>
      z
        .strictObject({
          chainId: metricsChainId(true),
          metric: metric(),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          timeInterval: z.optional(timeInterval()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(2160, 1, 100)),
        })
        .check(
          z.superRefine((params, ctx) => {
            checkRanges(params, ctx)
            if (params.timeInterval && params.timeInterval !== 'day' && DAY_ONLY.test(params.metric)) {
              ctx.addIssue({
                code: 'custom',
                path: ['timeInterval'],
                input: params.timeInterval,
                message: `${params.metric} supports only timeInterval "day"`,
              })
            }
          }),
        ),
    result: zGetEvmChainMetricsResult,
    pagination: { kind: 'pageToken', items: 'results' },
  }),
  getEvmChainRollingWindowMetrics: defineOperation({
    ...read,
    id: 'metrics.getEvmChainRollingWindowMetrics',
    endpoint: 'GET /v2/chains/{chainId}/rollingWindowMetrics/{metric}',
    summary: 'One activity metric of an EVM chain over the last hour, day, week, month, 90 days, year and all time.',
    params: () =>
      z.strictObject({
        chainId: metricsChainId(true),
        metric: closedEnum(zChainRollingWindowMetric()).check(
          z.describe('Which metric, e.g. txCount, gasUsed, feesPaid.'),
        ),
      }),
    result: zGetEvmChainRollingWindowMetricsResult,
  }),
  getICMTimeseries: defineOperation({
    ...read,
    id: 'metrics.getICMTimeseries',
    endpoint: 'GET /v2/icm/timeseries',
    summary:
      'A time series of Interchain Messaging (ICM) message counts, for a chain pair, a source, a destination or a network.',
    params: () =>
      z.optional(
        z
          .strictObject({
            startTimestamp: z.optional(startTimestamp()),
            endTimestamp: z.optional(endTimestamp()),
            srcBlockchainId: z.optional(blockchainIdFilter('Only messages sent from this blockchain.')),
            destBlockchainId: z.optional(blockchainIdFilter('Only messages sent to this blockchain.')),
            timeInterval: z.optional(timeInterval()),
            pageToken: z.optional(pageToken()),
            pageSize: z.optional(pageSize(2160, 1, 100)),
            groupBy: z.optional(groupBy()),
            network: z.optional(network()),
          })
          .check(z.superRefine(checkRanges)),
      ),
    result: zGetIcmTimeseriesResult,
    pagination: { kind: 'pageToken', items: 'results' },
  }),
  getICMSummary: defineOperation({
    ...read,
    id: 'metrics.getICMSummary',
    endpoint: 'GET /v2/icm/summary',
    summary:
      'Interchain Messaging (ICM) message counts over the last hour, day, week, month, 90 days, year and all time.',
    params: () =>
      z.optional(
        z.strictObject({
          srcBlockchainId: z.optional(blockchainIdFilter('Only messages sent from this blockchain.')),
          destBlockchainId: z.optional(blockchainIdFilter('Only messages sent to this blockchain.')),
          groupBy: z.optional(groupBy()),
          network: z.optional(network()),
        }),
      ),
    result: zGetIcmSummaryResult,
  }),
  getStakingMetrics: defineOperation({
    ...read,
    id: 'metrics.getStakingMetrics',
    endpoint: 'GET /v2/networks/{network}/metrics/{metric}',
    summary: 'A time series of validator or delegator count or weight (stake) of the Primary Network or one subnet.',
    params: () =>
      z
        .strictObject({
          network: network(),
          metric: closedEnum(zNetworkMetric()).check(
            z.describe('validatorCount, validatorWeight, delegatorCount or delegatorWeight.'),
          ),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(2160, 1, 100)),
          subnetId: z.optional(cb58Id('a subnet ID').check(z.describe('Subnet ID; default the Primary Network.'))),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetStakingMetricsResult,
    pagination: { kind: 'pageToken', items: 'results' },
  }),
  getTotalL1ValidatorMetrics: defineOperation({
    ...read,
    id: 'metrics.getTotalL1ValidatorMetrics',
    endpoint: 'GET /v2/validators/metrics/{metric}',
    summary: 'A daily series of fees paid by all L1 validators, or of how many pay, optionally within a time range.',
    params: () =>
      z
        .strictObject({
          metric: z.enum(['totalCumulativeFeesDaily', 'totalValidatorFeesDaily', 'totalPayingValidatorsDaily'], {
            error: 'expected one of totalCumulativeFeesDaily, totalValidatorFeesDaily, totalPayingValidatorsDaily',
          }),
          ...feeRange(),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetTotalL1ValidatorMetricsResult,
  }),
  getMetricsByValidationId: defineOperation({
    ...read,
    id: 'metrics.getMetricsByValidationId',
    endpoint: 'GET /v2/validation/{l1ValidationId}/metrics/{metric}',
    summary: 'A daily series of the fees one L1 validation paid, optionally within a time range.',
    params: () =>
      z
        .strictObject({
          l1ValidationId: l1ValidationId(),
          metric: z.enum(['validationCumulativeFeesDaily', 'validationFeesDaily'], {
            error: 'expected one of validationCumulativeFeesDaily, validationFeesDaily',
          }),
          ...feeRange(),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetMetricsByValidationIdResult,
  }),
  getMetricsByNodeId: defineOperation({
    ...read,
    id: 'metrics.getMetricsByNodeId',
    endpoint: 'GET /v2/validator/{nodeId}/metrics/{metric}',
    summary: 'A daily series of the L1 validator fees one node paid, optionally within a time range.',
    params: () =>
      z
        .strictObject({
          nodeId: nodeId(),
          metric: z.enum(['perNodeCumulativeFeesPaid', 'perNodeDailyFeesPaid'], {
            error: 'expected one of perNodeCumulativeFeesPaid, perNodeDailyFeesPaid',
          }),
          ...feeRange(),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetMetricsByNodeIdResult,
  }),
  getMetricsBySubnetId: defineOperation({
    ...read,
    id: 'metrics.getMetricsBySubnetId',
    endpoint: 'GET /v2/subnet/{subnetId}/metrics/{metric}',
    summary: "A daily series of the fees an L1's validators paid, or of how many pay, optionally within a time range.",
    params: () =>
      z
        .strictObject({
          subnetId: cb58Id('a subnet ID').check(z.describe('Subnet ID of the L1.')),
          metric: z.enum(['perSubnetDailyFeesPaid', 'perSubnetCumulativeFeesPaid', 'perSubnetPayingValidators'], {
            error: 'expected one of perSubnetDailyFeesPaid, perSubnetCumulativeFeesPaid, perSubnetPayingValidators',
          }),
          ...feeRange(),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetMetricsBySubnetIdResult,
  }),
  getAddressesByBtcbBridged: defineOperation({
    ...read,
    id: 'metrics.getAddressesByBtcbBridged',
    endpoint: 'GET /v2/chains/43114/btcb/bridged:getAddresses',
    summary: 'The C-Chain addresses whose net BTC.b bridged amount is above a threshold.',
    params: () =>
      z.strictObject({
        threshold: z
          .pipe(
            z
              .union([z.string(), z.number(), z.bigint()], { error: THRESHOLD_ERROR })
              .check(
                z.refine((v) => (typeof v === 'string' ? /^\d+(\.\d+)?$/.test(v) : v >= 0), { error: THRESHOLD_ERROR }),
              ),
            z.transform(String),
          )
          .check(z.describe('Minimum net bridged amount, e.g. "1000000".')),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(5000, 1, 1000)),
      }),
    result: zGetAddressesByBtcbBridgedResult,
    pagination: { kind: 'pageToken', items: 'addresses' },
  }),
  getValidatorsByDateRange: defineOperation({
    ...read,
    id: 'metrics.getValidatorsByDateRange',
    endpoint: 'GET /v2/subnets/{subnetId}/validators:getAddresses',
    summary: "The reward addresses of a subnet's validators that validated during a time range.",
    params: () =>
      z
        .strictObject({
          subnetId: cb58Id('a subnet ID').check(
            z.describe('Subnet ID; 11111111111111111111111111111111LpoYY is the Primary Network.'),
          ),
          startTimestamp: z.optional(startTimestamp()),
          endTimestamp: z.optional(endTimestamp()),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(5000, 1, 1000)),
          network: z.optional(network()),
        })
        .check(z.superRefine(checkRanges)),
    result: zGetValidatorsByDateRangeResult,
    pagination: { kind: 'pageToken', items: 'addresses' },
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const metricsDescriptions = (): Descriptions<typeof metrics> => ({
  'metrics.getAvgTps': `The seed's legacy endpoint (documented only in the Metrics API usage guide): {results: [{timestamp, value}], status, lastRun}, lastRun being when the last point was updated (Unix seconds). The same series is metrics.getEvmChainMetrics with metric avgTps and timeInterval day. ${PAGES} ${metricsWeight(undefined)}`,
  'metrics.healthCheck': `An unhealthy service answers HTTP 503 with the same body; that is a result here, not an error. ${metricsWeight('free')}`,
  'metrics.liveCheck': `An unhealthy service answers HTTP 503 with the same body; that is a result here, not an error. ${metricsWeight('free')}`,
  'metrics.listChains': `network picks mainnet or fuji/testnet chains. ${PAGES} ${metricsWeight('free')}`,
  'metrics.getChain': `Answers evmChainId, chainName, blockchainId, subnetId and network (mainnet or testnet). ${metricsWeight('free')}`,
  'metrics.getEvmChainMetrics': `metric: activeAddresses, activeSenders, txCount, gasUsed (any timeInterval); cumulative*, avg*, max* (avgTps, maxTps, avgGps, maxGps, avgGasPrice, maxGasPrice in wei), contracts, deployers and feesPaid (wei) only with timeInterval day. chainId may be "total", "mainnet" or "testnet" for sums over chains. Points are updated several times an hour and the latest may change. pageSize 1 to 2160 (default 100). ${SERIES} ${PAGES} ${metricsWeight('small')}`,
  'metrics.getEvmChainRollingWindowMetrics': `result holds lastHour, lastDay, lastWeek, lastMonth, last90Days, lastYear and allTime; activeAddresses and activeSenders only have the last hour, day and week. chainId may be "total", "mainnet" or "testnet". ${metricsWeight('small')}`,
  'metrics.getICMTimeseries': `Filter with srcBlockchainId, destBlockchainId and network; groupBy splits counts by source, destination or both. Each point also names its srcBlockchainId and destBlockchainId. pageSize 1 to 2160 (default 100). ${SERIES} ${PAGES} ${metricsWeight('small')}`,
  'metrics.getICMSummary': `Filter with srcBlockchainId, destBlockchainId and network; groupBy splits counts by source, destination or both. ${metricsWeight('small')}`,
  'metrics.getStakingMetrics': `metric: validatorCount, validatorWeight, delegatorCount or delegatorWeight; weights are in nAVAX (1 AVAX = 10^9 nAVAX) for the Primary Network. subnetId defaults to the Primary Network (11111111111111111111111111111111LpoYY). pageSize 1 to 2160 (default 100). ${SERIES} ${PAGES} ${metricsWeight('small')}`,
  'metrics.getTotalL1ValidatorMetrics': `metric: totalCumulativeFeesDaily, totalValidatorFeesDaily or totalPayingValidatorsDaily. ${FEES} ${SERIES} ${metricsWeight(undefined)}`,
  'metrics.getMetricsByValidationId': `metric: validationFeesDaily or validationCumulativeFeesDaily. ${FEES} ${SERIES} ${metricsWeight(undefined)}`,
  'metrics.getMetricsByNodeId': `metric: perNodeDailyFeesPaid or perNodeCumulativeFeesPaid. ${FEES} ${SERIES} ${metricsWeight(undefined)}`,
  'metrics.getMetricsBySubnetId': `metric: perSubnetDailyFeesPaid, perSubnetCumulativeFeesPaid or perSubnetPayingValidators. ${FEES} ${SERIES} ${metricsWeight(undefined)}`,
  'metrics.getAddressesByBtcbBridged': `threshold is the minimum net bridged amount as a decimal string (e.g. "1000000"). pageSize 1 to 5000 (default 1000). ${PAGES} ${metricsWeight('large')}`,
  'metrics.getValidatorsByDateRange': `Each entry lists the addresses set to receive rewards and a sortKey. pageSize 1 to 5000 (default 1000). ${PAGES} ${metricsWeight('large')}`,
})
