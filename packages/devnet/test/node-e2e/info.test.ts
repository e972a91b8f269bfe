import { type AvalancheClient, hexDecode, JsonRpcError, services } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rejection } from './helpers.js'

/** The info service through core against the devnet (node 1 of the five-node local network). */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ xTxs: 100, utxosPerAddress: 10 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

describe('info identity', () => {
  it('getNodeID: the fixture node ID and a BLS proof of possession', async () => {
    const reply = await client.info.getNodeID()
    expect(reply.nodeID).toBe(devnet.fixtures.nodeId)
    expect(hexDecode(reply.nodePOP?.publicKey ?? '', { checksum: false })).toHaveLength(48)
    expect(hexDecode(reply.nodePOP?.proofOfPossession ?? '', { checksum: false })).toHaveLength(96)
  })

  it('getNetworkID (a number) and getNetworkName', async () => {
    expect(await client.info.getNetworkID()).toEqual({ networkID: devnet.fixtures.networkId })
    expect(await client.info.getNetworkName()).toEqual({ networkName: devnet.fixtures.networkName })
  })

  it('getNodeVersion: avalanchego/x.y.z, rpcProtocolVersion 45 as a number, VM versions', async () => {
    const reply = await client.info.getNodeVersion()
    expect(reply.version).toBe(devnet.fixtures.nodeVersion)
    expect(reply.version).toMatch(/^avalanchego\/\d+\.\d+\.\d+$/)
    // RPCChainVMProtocol of 1.14.2 (`version/constants.go` L18).
    expect(reply.rpcProtocolVersion).toBe(45)
    expect(Object.keys(reply.vmVersions ?? {})).toEqual(expect.arrayContaining(['avm', 'evm', 'platform']))
  })

  it('getNodeIP: host:port', async () => {
    expect((await client.info.getNodeIP()).ip).toMatch(/^[\d.]+:\d+$/)
  })

  it('getBlockchainID: the fixture chain IDs for X, P, C; the node text for an unknown alias', async () => {
    const { chains } = devnet.fixtures
    for (const [alias, id] of [
      ['X', chains.x],
      ['P', chains.p],
      ['C', chains.c],
      ['avm', chains.x],
    ] as const) {
      expect(await client.info.getBlockchainID({ alias })).toEqual({ blockchainID: id })
    }
    const error = await rejection(client.info.getBlockchainID({ alias: 'nope' }), JsonRpcError)
    // `ids/aliases.go` L13, L71.
    expect(error.rpcMessage).toBe('there is no ID with alias: nope')
  })
})

describe('info.isBootstrapped', () => {
  it('is true for every chain by alias and by ID', async () => {
    const { chains } = devnet.fixtures
    for (const chain of ['X', 'P', 'C', chains.x, chains.p, chains.c]) {
      expect(await client.info.isBootstrapped({ chain })).toEqual({ isBootstrapped: true })
    }
  })

  it('turns false while the node bootstraps (info itself keeps answering)', async () => {
    devnet.setBootstrapping(true)
    try {
      expect(await client.info.isBootstrapped({ chain: 'X' })).toEqual({ isBootstrapped: false })
    } finally {
      devnet.setBootstrapping(false)
    }
    expect(await client.info.isBootstrapped({ chain: 'X' })).toEqual({ isBootstrapped: true })
  })
})

describe('info.peers', () => {
  it('lists the four other local nodes; numPeers is a bigint', async () => {
    const reply = await client.info.peers()
    expect(reply.numPeers).toBe(4n)
    expect(reply.peers).toHaveLength(4)
    const ids = reply.peers.map((p) => p.nodeID)
    expect(ids).not.toContain(devnet.fixtures.nodeId)
    for (const id of ids) expect(devnet.fixtures.p.validators.primary).toContain(id)
    for (const peer of reply.peers) {
      expect(peer.version).toBe(devnet.fixtures.nodeVersion)
      expect(peer.observedUptime).toBe(100)
      expect(peer.trackedSubnets).toEqual([devnet.fixtures.p.subnetId])
    }
  })

  it('restricts the answer to the given nodeIDs', async () => {
    const all = await client.info.peers()
    const one = all.peers[2]?.nodeID as string
    const reply = await client.info.peers({ nodeIDs: [one] })
    expect(reply.numPeers).toBe(1n)
    expect(reply.peers.map((p) => p.nodeID)).toEqual([one])
  })
})

describe('info.uptime', () => {
  it('returns both percentages as numbers', async () => {
    expect(await client.info.uptime()).toEqual({ rewardingStakePercentage: 100, weightedAveragePercentage: 100 })
  })
})

it('called every info operation of the catalog against the devnet', () => {
  for (const op of Object.values(services.info)) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
})
