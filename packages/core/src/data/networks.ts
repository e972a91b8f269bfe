import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zDataHealthCheckResult,
  zGetAvaxSupplyResult,
  zGetBlockchainByIdResult,
  zGetNetworkDetailsResult,
  zGetSubnetByIdResult,
  zListBlockchainsResult,
  zListSubnetsResult,
  zLiveCheckResult,
} from './generated/data-api.gen.js'
import { cb58Id, dataRead, dataWeight, network, PAGES, pageSize, pageToken, sortOrder } from './params.js'

/**
 * The Data API's view of a network as a whole (`/v1/networks/{network}`, its blockchains and subnets), the AVAX
 * supply, and the service's own health and liveness probes.
 */

const BLOCKCHAIN =
  'Each blockchain has blockchainId, blockchainName, subnetId, vmId, createBlockNumber and createBlockTimestamp (the P-Chain block of its CreateChainTx), and evmChainId for EVM chains.'

const blockchainId = lazy(() =>
  cb58Id('a blockchain ID').check(z.describe('Blockchain ID (cb58), as platform.getBlockchains lists them.')),
)
const subnetId = lazy(() => cb58Id('a subnet ID').check(z.describe('Subnet ID (cb58).')))

export const networks = {
  healthCheck: defineOperation({
    ...dataRead,
    id: 'data.healthCheck',
    endpoint: 'GET /v1/health-check',
    summary: "The Data API's health: status ok, error or shutting_down, with its database's and cache's status.",
    params: () => z.optional(z.strictObject({})),
    result: zDataHealthCheckResult,
    okStatuses: [503],
  }),
  liveCheck: defineOperation({
    ...dataRead,
    id: 'data.liveCheck',
    endpoint: 'GET /v1/live-check',
    summary: 'Whether the Data API process is alive (reads only).',
    params: () => z.optional(z.strictObject({})),
    result: zLiveCheckResult,
    okStatuses: [503],
  }),
  getAvaxSupply: defineOperation({
    ...dataRead,
    id: 'data.getAvaxSupply',
    endpoint: 'GET /v1/avax/supply',
    summary: "AVAX's supply: total and circulating, burned per chain, staked, locked, rewards and L1 validator fees.",
    params: () => z.optional(z.strictObject({})),
    result: zGetAvaxSupplyResult,
  }),
  getNetworkDetails: defineOperation({
    ...dataRead,
    id: 'data.getNetworkDetails',
    endpoint: 'GET /v1/networks/{network}',
    summary: "The Primary Network's staking figures: validator and delegator counts and stake, staking ratio.",
    params: () => z.strictObject({ network: network() }),
    result: zGetNetworkDetailsResult,
  }),
  listBlockchains: defineOperation({
    ...dataRead,
    id: 'data.listBlockchains',
    endpoint: 'GET /v1/networks/{network}/blockchains',
    summary: 'The blockchains created on the network (by CreateChainTx), with their subnet and VM.',
    params: () =>
      z.strictObject({
        network: network(),
        sortOrder: z.optional(sortOrder()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(10_000, 1, 100)),
      }),
    result: zListBlockchainsResult,
    pagination: { kind: 'pageToken', items: 'blockchains' },
  }),
  getBlockchainById: defineOperation({
    ...dataRead,
    id: 'data.getBlockchainById',
    endpoint: 'GET /v1/networks/{network}/blockchains/{blockchainId}',
    summary: 'One blockchain created on the network: its subnet, VM and creation block.',
    params: () => z.strictObject({ network: network(), blockchainId: blockchainId() }),
    result: zGetBlockchainByIdResult,
  }),
  listSubnets: defineOperation({
    ...dataRead,
    id: 'data.listSubnets',
    endpoint: 'GET /v1/networks/{network}/subnets',
    summary: 'The subnets created on the network, with owners, blockchains and whether each is an L1.',
    params: () =>
      z.strictObject({
        network: network(),
        sortOrder: z.optional(sortOrder()),
        pageToken: z.optional(pageToken()),
        pageSize: z.optional(pageSize(10_000, 1, 100)),
      }),
    result: zListSubnetsResult,
    pagination: { kind: 'pageToken', items: 'subnets' },
  }),
  getSubnetById: defineOperation({
    ...dataRead,
    id: 'data.getSubnetById',
    endpoint: 'GET /v1/networks/{network}/subnets/{subnetId}',
    summary: 'One subnet: owners, blockchains, and its L1 conversion when it is an L1.',
    params: () => z.strictObject({ network: network(), subnetId: subnetId() }),
    result: zGetSubnetByIdResult,
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const networksDescriptions = (): Descriptions<typeof networks> => ({
  'data.healthCheck': `An unhealthy service answers HTTP 503 with the same body; that is a result here, not an error. ${dataWeight(undefined)}`,
  'data.liveCheck': `A dead service answers HTTP 503 with the same body; that is a result here, not an error. ${dataWeight(undefined)}`,
  'data.getAvaxSupply': `Every figure is a decimal string of AVAX (not nAVAX; it may have a fractional part); lastUpdated is an ISO 8601 time. ${dataWeight('free')}`,
  'data.getNetworkDetails': `validatorDetails: validatorCount, totalAmountStaked (nAVAX), estimatedAnnualStakingReward, stakingDistributionByVersion (stake per avalanchego version) and stakingRatio; delegatorDetails: delegatorCount, totalAmountStaked. ${dataWeight('xl')}`,
  'data.listBlockchains': `${BLOCKCHAIN} sortOrder asc (oldest first) or desc. ${PAGES} ${dataWeight('medium')}`,
  'data.getBlockchainById': `${BLOCKCHAIN} An ID the network does not know answers 404. ${dataWeight('medium')}`,
  'data.listSubnets': `Each subnet has subnetId, subnetOwnershipInfo (addresses, threshold, locktime), isL1 (with l1ConversionTransactionHash and l1ValidatorManagerDetails once converted) and its blockchains. ${PAGES} ${dataWeight('medium')}`,
  'data.getSubnetById': `As one item of data.listSubnets; an ID the network does not know answers 404. ${dataWeight('medium')}`,
})
