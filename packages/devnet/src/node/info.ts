import {
  AVM_ID,
  DATABASE_VERSION,
  EVM_ID,
  GIT_COMMIT,
  INITIALLY_ACTIVE_TIME,
  NETWORK_ID,
  NETWORK_NAME,
  NFT_FX_ID,
  NODE_VERSION,
  PLATFORM_VM_ID,
  PROPERTY_FX_ID,
  RPC_PROTOCOL_VERSION,
  SECP_FX_ID,
  SUBNET_EVM_ID,
} from '../world/constants.js'
import { hexNc, idString } from '../world/json-values.js'
import { localNodes, type NodeIdentity } from '../world/keys.js'
import { rfc3339Nano } from '../world/time.js'
import type { NodeContext } from './context.js'
import { method, RpcError, type RpcService } from './jsonrpc.js'
import { arrayOf, id, nodeId, string } from './params.js'

const self = localNodes[0] as NodeIdentity
const ACPS = [23, 24, 25, 30, 31, 41, 62, 77, 103, 118, 125, 131, 151, 176]

/** Unix time of the node's "now": the P-Chain's last block. */
const now = (ctx: NodeContext) => ctx.world.p.now

function peer(ctx: NodeContext, node: NodeIdentity, k: number) {
  const ip = `127.0.0.1:${9653 + 2 * k}`
  return {
    ip,
    publicIP: ip,
    nodeID: node.nodeId,
    version: NODE_VERSION,
    // `VersionCompatibility.UpgradeTime` = the Granite time (`node/node.go` L632, `network/peer/peer.go` L548).
    upgradeTime: INITIALLY_ACTIVE_TIME,
    lastSent: rfc3339Nano(now(ctx), 120_000_000 + k),
    lastReceived: rfc3339Nano(now(ctx), 130_000_000 + k),
    observedUptime: '100',
    trackedSubnets: [idString(ctx.world.p.subnetId)],
    supportedACPs: ACPS,
    objectedACPs: [],
    benched: [],
  }
}

/** The info service (`api/info/service.go`). The devnet is node 1 of the five-node local network. */
export const infoService: RpcService<NodeContext> = {
  name: 'info',
  methods: {
    acps: method({}, () => ({ acps: {} })),

    getBlockchainID: method({ alias: string }, (args, ctx) => {
      try {
        return { blockchainID: idString(ctx.state.lookup(args.alias)) }
      } catch (error) {
        throw new RpcError((error as Error).message)
      }
    }),

    getNetworkID: method({}, () => ({ networkID: String(NETWORK_ID) })),

    getNetworkName: method({}, () => ({ networkName: NETWORK_NAME })),

    getNodeID: method({}, () => ({
      nodeID: self.nodeId,
      nodePOP: { publicKey: hexNc(self.publicKey), proofOfPossession: hexNc(self.proofOfPossession) },
    })),

    getNodeIP: method({}, () => ({ ip: '127.0.0.1:9651' })),

    getNodeVersion: method({}, () => ({
      version: NODE_VERSION,
      databaseVersion: DATABASE_VERSION,
      rpcProtocolVersion: RPC_PROTOCOL_VERSION,
      gitCommit: GIT_COMMIT,
      vmVersions: { avm: 'v1.14.2', evm: 'v0.15.4', platform: 'v1.14.2', subnetevm: 'v0.7.9' },
    })),

    getTxFee: method({}, () => ({
      txFee: '1000000',
      createAssetTxFee: '10000000',
      createSubnetTxFee: '100000000',
      transformSubnetTxFee: '100000000',
      createBlockchainTxFee: '100000000',
      addPrimaryNetworkValidatorFee: '0',
      addPrimaryNetworkDelegatorFee: '0',
      addSubnetValidatorFee: '1000000',
      addSubnetDelegatorFee: '1000000',
    })),

    getVMs: method({}, () => ({
      vms: {
        [idString(AVM_ID)]: ['avm'],
        [idString(EVM_ID)]: ['evm'],
        [idString(PLATFORM_VM_ID)]: ['platform'],
        [idString(SUBNET_EVM_ID)]: ['subnetevm'],
      },
      fxs: {
        [idString(NFT_FX_ID)]: 'nftfx',
        [idString(PROPERTY_FX_ID)]: 'propertyfx',
        [idString(SECP_FX_ID)]: 'secp256k1fx',
      },
    })),

    isBootstrapped: method({ chain: string }, (args, ctx) => {
      if (args.chain === '') throw new RpcError("argument 'chain' not given")
      if (!ctx.state.tryLookup(args.chain)) throw new RpcError(`there is no chain with alias/ID '${args.chain}'`)
      return { isBootstrapped: !ctx.state.bootstrapping }
    }),

    peers: method({ nodeIDs: arrayOf(nodeId) }, (args, ctx) => {
      const others = localNodes.slice(1)
      const wanted = (n: NodeIdentity) =>
        args.nodeIDs.length === 0 || args.nodeIDs.some((id) => Buffer.compare(id, n.shortId) === 0)
      const peers = others.map((n, k) => [n, k] as const).filter(([n]) => wanted(n))
      return { numPeers: String(peers.length), peers: peers.map(([n, k]) => peer(ctx, n, k)) }
    }),

    upgrades: method({}, () => {
      const active = '2020-12-05T05:00:00Z'
      const unscheduled = '9999-12-01T00:00:00Z'
      return {
        apricotPhase1Time: active,
        apricotPhase2Time: active,
        apricotPhase3Time: active,
        apricotPhase4Time: active,
        apricotPhase4MinPChainHeight: 0,
        apricotPhase5Time: active,
        apricotPhasePre6Time: active,
        apricotPhase6Time: active,
        apricotPhasePost6Time: active,
        banffTime: active,
        cortinaTime: active,
        cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
        durangoTime: active,
        etnaTime: active,
        fortunaTime: active,
        // A local network's upgrade.Default (`upgrade/upgrade.go`): Granite active, 30 s epochs, Helicon unscheduled.
        graniteTime: active,
        graniteEpochDuration: 30_000_000_000,
        heliconTime: unscheduled,
      }
    }),

    uptime: method({ subnetID: id }, () => ({
      rewardingStakePercentage: '100.0000',
      weightedAveragePercentage: '100.0000',
    })),
  },
}
