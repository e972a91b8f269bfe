import * as z from 'zod/mini'
import { type Descriptions, defineOperation } from '../operation.js'
import { float, goSlice, idOrAliasParam, nodeIdParam, noParams, record, u32, u64 } from '../schemas.js'

const endpoint = '/ext/info'
const read = { service: 'info', endpoint, readOnly: true, idempotent: true } as const

export const info = {
  isBootstrapped: defineOperation({
    ...read,
    id: 'info.isBootstrapped',
    summary: 'Whether a chain (by ID or alias: X, P, C) has finished bootstrapping on this node.',
    params: () => z.strictObject({ chain: idOrAliasParam('blockchain') }),
    result: () => record({ isBootstrapped: z.boolean() }),
  }),
  getNodeID: defineOperation({
    ...read,
    id: 'info.getNodeID',
    summary: "The node's ID and its BLS proof of possession (nodePOP: publicKey, proofOfPossession).",
    params: noParams,
    result: () =>
      record({
        nodeID: z.string(),
        nodePOP: z.optional(record({ publicKey: z.string(), proofOfPossession: z.string() })),
      }),
  }),
  getNetworkID: defineOperation({
    ...read,
    id: 'info.getNetworkID',
    summary: 'The network ID the node runs on (1 = Mainnet, 5 = Fuji, 12345 = local).',
    params: noParams,
    result: () => record({ networkID: u32() }),
  }),
  getNetworkName: defineOperation({
    ...read,
    id: 'info.getNetworkName',
    summary: 'The network name: mainnet, fuji, local, or network-<id>.',
    params: noParams,
    result: () => record({ networkName: z.string() }),
  }),
  getNodeVersion: defineOperation({
    ...read,
    id: 'info.getNodeVersion',
    summary: 'The node software version ("avalanchego/x.y.z"), database and RPC protocol versions, and VM versions.',
    params: noParams,
    result: () =>
      record({
        version: z.string(),
        databaseVersion: z.optional(z.string()),
        rpcProtocolVersion: z.optional(u32()),
        gitCommit: z.optional(z.string()),
        vmVersions: z.optional(z.record(z.string(), z.string())),
      }),
  }),
  getBlockchainID: defineOperation({
    ...read,
    id: 'info.getBlockchainID',
    summary: 'The blockchain ID for an alias such as X, P or C.',
    params: () => z.strictObject({ alias: idOrAliasParam('blockchain') }),
    result: () => record({ blockchainID: z.string() }),
  }),
  getNodeIP: defineOperation({
    ...read,
    id: 'info.getNodeIP',
    summary: 'The IP and port this node advertises to peers ("host:port").',
    params: noParams,
    result: () => record({ ip: z.string() }),
  }),
  peers: defineOperation({
    ...read,
    id: 'info.peers',
    summary: 'Connected peers with their versions, uptimes as seen by them, and tracked subnets.',
    params: () => z.optional(z.strictObject({ nodeIDs: z.optional(z.array(nodeIdParam())) })),
    result: () =>
      record({
        numPeers: u64(),
        // `info.Peer` = `peer.Info` + benched (`api/info/service.go` L243-247, `network/peer/info.go`).
        peers: goSlice(
          record({
            ip: z.string(),
            /** The IP the peer claims to be reachable at. */
            publicIP: z.optional(z.string()),
            nodeID: z.string(),
            version: z.string(),
            /** Unix time (seconds) of the latest network upgrade the peer's version is set for (a JSON number). */
            upgradeTime: z.optional(u64()),
            lastSent: z.optional(z.string()),
            lastReceived: z.optional(z.string()),
            observedUptime: z.optional(u32()),
            trackedSubnets: z.optional(goSlice(z.string())),
            /** ACP numbers the peer votes for and against. */
            supportedACPs: z.optional(goSlice(u32())),
            objectedACPs: z.optional(goSlice(u32())),
            /** Aliases of the chains on which this node has benched the peer. */
            benched: z.optional(goSlice(z.string())),
          }),
        ),
      }),
  }),
  uptime: defineOperation({
    ...read,
    id: 'info.uptime',
    summary: "This node's uptime as measured by the network's stake-weighted view, in percent.",
    params: noParams,
    result: () => record({ rewardingStakePercentage: float(), weightedAveragePercentage: float() }),
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const infoDescriptions = (): Descriptions<typeof info> => ({
  'info.peers':
    'Pass nodeIDs to restrict the answer to those peers. observedUptime is a percentage (0-100); upgradeTime is the Unix time of the latest upgrade its version is set for; supportedACPs and objectedACPs are ACP numbers; benched lists the chains on which the peer is benched.',
})
