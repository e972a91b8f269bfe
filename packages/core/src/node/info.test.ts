import { describe, expect, test } from 'vitest'
import { JsonRpcError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient, type RecordedRequest } from '../testing/fake-transport.js'
import { MAINNET_X_CHAIN, NODE_ID, NODE_ID_2, SUBNET_ID } from '../testing/fixtures.js'

const expectRpc = (request: RecordedRequest, method: string, params: unknown) => {
  expect(request.method).toBe('POST')
  expect(request.path).toBe('/ext/info')
  expect(request.body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method, params })
}

const BLS_KEY = '0x8f95423f7142d00a48e1014a3de8d28907d420dc33b3052a6dee03a3f2941a393c2351e354704ca66a3fc29870282e15'
const BLS_POP =
  '0x86a3ab4c45cfe31cae34c1d06f212434ac71b1be6cfe046c80c162e057614a94a5bc9f1ded1a7029deb0ba4ca7c9b71411e293438691be79c2dbf19d1ca7c3eadb9c756246fc5de5b7b89511c7d7302ae051d9e03d7991138299b5ed6a570a98'

describe('info wire requests and results', () => {
  test('isBootstrapped: {chain}; an unknown chain is a JSON-RPC error', async () => {
    const { client, fake } = createFakeClient({ 'info.isBootstrapped': { result: { isBootstrapped: true } } })
    await expect(client.info.isBootstrapped({ chain: 'X' })).resolves.toEqual({ isBootstrapped: true })
    expectRpc(fake.last(), 'info.isBootstrapped', { chain: 'X' })
    fake.on('info.isBootstrapped', { error: { message: "there is no chain with alias/ID 'Q'" } })
    const error = await client.info.isBootstrapped({ chain: 'Q' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).rpcMessage).toBe("there is no chain with alias/ID 'Q'")
    expect((error as JsonRpcError).isNotFound).toBe(false)
  })

  test('getNodeID: nodeID and nodePOP', async () => {
    const result = { nodeID: NODE_ID, nodePOP: { publicKey: BLS_KEY, proofOfPossession: BLS_POP } }
    const { client, fake } = createFakeClient({ 'info.getNodeID': { result } })
    await expect(client.info.getNodeID()).resolves.toEqual(result)
    expectRpc(fake.last(), 'info.getNodeID', {})
  })

  test('getNetworkID: "1" → 1; getNetworkName', async () => {
    const { client, fake } = createFakeClient({
      'info.getNetworkID': { result: { networkID: '1' } },
      'info.getNetworkName': { result: { networkName: 'mainnet' } },
    })
    await expect(client.info.getNetworkID()).resolves.toEqual({ networkID: 1 })
    expectRpc(fake.last(), 'info.getNetworkID', {})
    await expect(client.info.getNetworkName()).resolves.toEqual({ networkName: 'mainnet' })
    expectRpc(fake.last(), 'info.getNetworkName', {})
  })

  test('getNodeVersion: rpcProtocolVersion "42" → 42', async () => {
    const wire = {
      version: 'avalanchego/1.14.2',
      databaseVersion: 'v1.4.5',
      rpcProtocolVersion: '42',
      gitCommit: '1cf1fc3d',
      vmVersions: { avm: 'v1.14.2', evm: 'v0.15.4', platform: 'v1.14.2' },
    }
    const { client, fake } = createFakeClient({ 'info.getNodeVersion': { result: wire } })
    await expect(client.info.getNodeVersion()).resolves.toEqual({ ...wire, rpcProtocolVersion: 42 })
    expectRpc(fake.last(), 'info.getNodeVersion', {})
  })

  test('getBlockchainID: {alias}', async () => {
    const { client, fake } = createFakeClient({ 'info.getBlockchainID': { result: { blockchainID: MAINNET_X_CHAIN } } })
    await expect(client.info.getBlockchainID({ alias: 'X' })).resolves.toEqual({ blockchainID: MAINNET_X_CHAIN })
    expectRpc(fake.last(), 'info.getBlockchainID', { alias: 'X' })
  })

  test('getNodeIP and uptime', async () => {
    const { client, fake } = createFakeClient({
      'info.getNodeIP': { result: { ip: '203.0.113.7:9651' } },
      'info.uptime': { result: { rewardingStakePercentage: '100.0000', weightedAveragePercentage: '99.9900' } },
    })
    await expect(client.info.getNodeIP()).resolves.toEqual({ ip: '203.0.113.7:9651' })
    expectRpc(fake.last(), 'info.getNodeIP', {})
    await expect(client.info.uptime()).resolves.toEqual({
      rewardingStakePercentage: 100,
      weightedAveragePercentage: 99.99,
    })
    expectRpc(fake.last(), 'info.uptime', {})
  })

  test('peers: numPeers "2" → 2n, upgradeTime → bigint, observedUptime → number, nodeIDs filter; null peers → []', async () => {
    const peer = {
      ip: '203.0.113.8:9651',
      publicIP: '203.0.113.8:9651',
      nodeID: NODE_ID_2,
      version: 'avalanchego/1.14.2',
      upgradeTime: 1730000000,
      lastSent: '2025-01-01T00:00:00Z',
      lastReceived: '2025-01-01T00:00:01Z',
      observedUptime: '99',
      trackedSubnets: [SUBNET_ID],
      supportedACPs: [23, 24],
      objectedACPs: [],
      benched: [],
      futureField: 'kept',
    }
    const { client, fake } = createFakeClient({ 'info.peers': { result: { numPeers: '1', peers: [peer] } } })
    await expect(client.info.peers({ nodeIDs: [NODE_ID_2] })).resolves.toEqual({
      numPeers: 1n,
      peers: [{ ...peer, upgradeTime: 1730000000n, observedUptime: 99 }],
    })
    expectRpc(fake.last(), 'info.peers', { nodeIDs: [NODE_ID_2] })
    fake.on('info.peers', { result: { numPeers: '0', peers: null } })
    await expect(client.info.peers()).resolves.toEqual({ numPeers: 0n, peers: [] })
    expectRpc(fake.last(), 'info.peers', {})
  })
})

describe('info parameter validation (before any request)', () => {
  test('missing chain, bad NodeIDs, typos', async () => {
    const { client, fake } = createFakeClient()
    // @ts-expect-error chain is required
    await expectInvalidParams(fake, () => client.info.isBootstrapped({}), /chain: required/)
    await expectInvalidParams(fake, () => client.info.isBootstrapped({ chain: '' }), /chain/, /ID or alias/)
    await expectInvalidParams(
      fake,
      () => client.info.peers({ nodeIDs: [NODE_ID, 'NodeID-abc'] }),
      /nodeIDs\[1\]/,
      /NodeID-/,
    )
    // @ts-expect-error typo
    await expectInvalidParams(fake, () => client.info.peers({ nodeIds: [NODE_ID] }), /"nodeIds"/)
    // @ts-expect-error no params
    await expectInvalidParams(fake, () => client.info.getNetworkID({ chain: 'X' }), /"chain"/)
  })
})
