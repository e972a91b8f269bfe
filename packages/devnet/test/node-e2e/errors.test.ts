import {
  ApiDisabledError,
  type AvalancheClient,
  AvalancheError,
  ChainBootstrappingError,
  InvalidParamsError,
  JsonRpcError,
  NotFoundError,
  ServiceUnavailableError,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rawRpc, rejection } from './helpers.js'

/**
 * The error paths of reference/node-rpc.md through core against the devnet, each asserted on class and message.
 * Two devnets: `devnet` serves index and admin; `bare` serves neither, like a node started without the flags.
 */
let devnet: Devnet
let bare: Devnet
let client: AvalancheClient
let bareClient: AvalancheClient
beforeAll(async () => {
  ;[devnet, bare] = await Promise.all([
    // Cortina at genesis, like a real local network: X/tx and X/vtx are empty.
    startDevnet({ index: true, admin: true, xTxs: 100, utxosPerAddress: 10, cortinaAtGenesis: true }),
    startDevnet({ xTxs: 100, utxosPerAddress: 10 }),
  ])
  client = clientFor(devnet)
  bareClient = clientFor(bare)
})
afterAll(async () => {
  await Promise.all([client.close(), bareClient.close()])
  await Promise.all([devnet.close(), bare.close()])
})

describe('JSON-RPC errors (HTTP 200, code -32000)', () => {
  it('unknown tx: JsonRpcError "not found", isNotFound, with method and URL', async () => {
    const error = await rejection(client.avm.getTx({ txID: devnet.fixtures.p.txs.transfer }), JsonRpcError)
    expect(error.rpcCode).toBe(-32000)
    expect(error.rpcMessage).toBe('not found')
    expect(error.isNotFound).toBe(true)
    expect(error.isRetryable).toBe(false)
    expect(error.code).toBe('JSON_RPC')
    expect(error.url).toBe(`${devnet.url}/ext/bc/X`)
    expect(error.message).toContain('avm.getTx failed on')
    expect(error).toBeInstanceOf(AvalancheError)
  })

  it('index position past the end: "no container at index N" (isNotFound)', async () => {
    const n = devnet.fixtures.index['X/tx']
    const error = await rejection(client.index.getContainerByIndex({ indexName: 'X/tx', index: n }), JsonRpcError)
    expect(error.rpcMessage).toBe(`no container at index ${n}`)
    expect(error.isNotFound).toBe(true)
  })

  it('getContainerRange starting beyond the last accepted index', async () => {
    const last = devnet.fixtures.index['P/block'] - 1
    const error = await rejection(
      client.index.getContainerRange({ indexName: 'P/block', startIndex: last + 5, numToFetch: 10 }),
      JsonRpcError,
    )
    expect(error.rpcMessage).toBe(`start index (${last + 5}) > last accepted index (${last})`)
    expect(error.isNotFound).toBe(false)
  })

  it('X/tx and X/vtx getLastAccepted with Cortina at genesis: "no containers have been accepted"', async () => {
    // `indexer/index.go` errNoneAccepted: what an empty index answers.
    for (const indexName of ['X/tx', 'X/vtx'] as const) {
      const error = await rejection(client.index.getLastAccepted({ indexName }), JsonRpcError)
      expect(error.rpcMessage).toBe('no containers have been accepted')
    }
  })

  it('isBootstrapped for an unknown chain: "there is no chain with alias/ID"', async () => {
    const error = await rejection(client.info.isBootstrapped({ chain: 'Q' }), JsonRpcError)
    expect(error.rpcMessage).toBe("there is no chain with alias/ID 'Q'")
    expect(error.isNotFound).toBe(false)
  })

  it('getChainAliases with an alias: core refuses it before sending; the node answers its cb58 error', async () => {
    const before = devnet.stats.requests
    const error = await rejection(client.admin.getChainAliases({ chain: 'X' }), InvalidParamsError)
    expect(error.issues[0]?.path).toBe('chain')
    expect(error.message).toContain('the node does not accept an alias such as "X" here')
    expect(devnet.stats.requests).toBe(before)
    // What the node itself says to the same request (ids.FromString on "X").
    const raw = await rawRpc(devnet, '/ext/admin', 'admin.getChainAliases', { chain: 'X' })
    expect(raw.body.error).toMatchObject({ code: -32000, message: 'input string is smaller than the checksum size' })
    const longer = await rawRpc(devnet, '/ext/admin', 'admin.getChainAliases', { chain: 'abcdefghijk' })
    expect(longer.body.error?.message).toBe('invalid input checksum')
  })

  it('the node message of a bad address reaches the caller through rpcMessage', async () => {
    const wrongChain = devnet.fixtures.accounts.ewoq.p
    const error = await rejection(client.avm.getBalance({ address: wrongChain, assetID: 'AVAX' }), JsonRpcError)
    expect(error.rpcMessage).toContain(`problem parsing address '${wrongChain}'`)
    expect(error.rpcMessage).toContain('mismatched chainIDs')
  })
})

describe('disabled APIs (404 text/plain)', () => {
  it('admin without --api-admin-enabled: ApiDisabledError naming the flag', async () => {
    const error = await rejection(bareClient.admin.getLoggerLevel(), ApiDisabledError)
    expect(error.flag).toBe('--api-admin-enabled=true')
    expect(error.status).toBe(404)
    expect(error.code).toBe('API_DISABLED')
    expect(error.message).toContain('start the node with --api-admin-enabled=true')
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error.isRetryable).toBe(false)
  })

  it('index without --index-enabled: ApiDisabledError naming the flag, for every index', async () => {
    for (const indexName of ['X/tx', 'X/block', 'P/block', 'C/block', 'X/vtx'] as const) {
      const error = await rejection(bareClient.index.getLastAccepted({ indexName }), ApiDisabledError)
      expect(error.flag).toBe('--index-enabled=true')
      expect(error.message).toContain('The index API is not enabled')
      expect(error.url).toBe(`${bare.url}/ext/index/${indexName}`)
    }
  })

  it('is not retried', async () => {
    const before = bare.stats.byPath['/ext/admin'] ?? 0
    await rejection(bareClient.admin.lockProfile(), ApiDisabledError)
    expect(bare.stats.byPath['/ext/admin']).toBe(before + 1)
  })
})

describe('bootstrapping chain (503 text/plain)', () => {
  it('raises ChainBootstrappingError after the retries, then recovers', async () => {
    const fast = clientFor(devnet, { retry: { retries: 1 } })
    devnet.setBootstrapping(true)
    try {
      const before = devnet.stats.byPath['/ext/bc/X'] ?? 0
      const error = await rejection(fast.avm.getHeight(), ChainBootstrappingError)
      expect(devnet.stats.byPath['/ext/bc/X']).toBe(before + 2)
      expect(error.status).toBe(503)
      expect(error.code).toBe('CHAIN_BOOTSTRAPPING')
      expect(error.isRetryable).toBe(true)
      expect(error).toBeInstanceOf(ServiceUnavailableError)
      expect(error.details).toBe('API call rejected because chain is not done bootstrapping')
      // P-Chain too; info keeps answering.
      await rejection(fast.platform.getHeight(), ChainBootstrappingError)
      expect(await fast.info.isBootstrapped({ chain: 'P' })).toEqual({ isBootstrapped: false })
    } finally {
      devnet.setBootstrapping(false)
    }
    expect((await fast.avm.getHeight()).height).toBe(BigInt(devnet.fixtures.x.height))
    await fast.close()
  })

  it('succeeds when the chain finishes bootstrapping between retries', async () => {
    devnet.setBootstrapping(true)
    const recovering = clientFor(devnet, {
      retry: { retries: 3 },
      sleep: async () => devnet.setBootstrapping(false),
    })
    expect((await recovering.platform.getHeight()).height).toBe(BigInt(devnet.fixtures.p.height))
    await recovering.close()
  })
})

describe("core's own validation rejects before any request", () => {
  const cases: [string, (c: AvalancheClient) => Promise<unknown>, string][] = [
    ['malformed tx ID', (c) => c.avm.getTx({ txID: 'not-a-tx-id' }), 'txID'],
    ['misspelled key', (c) => c.avm.getTx({ txId: 'x' } as never), ''],
    ['1025 addresses', (c) => c.avm.getUTXOs({ addresses: Array(1025).fill(bareAddress()) }), 'addresses'],
    ['limit 0', (c) => c.avm.getUTXOs({ addresses: [bareAddress()], limit: 0 }), 'limit'],
    ['X address on a P method', (c) => c.platform.getBalance({ addresses: ['X-local1bad'] }), 'addresses[0]'],
    ['numToFetch 1025', (c) => c.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: 1025 }), ''],
    ['unknown index', (c) => c.index.getLastAccepted({ indexName: 'X/foo' as never }), 'indexName'],
    ['negative height', (c) => c.platform.getValidatorsAt({ height: -1 }), 'height'],
    ['unsafe number', (c) => c.avm.getBlockByHeight({ height: 2 ** 60 }), 'height'],
    ['json encoding on index', (c) => c.index.getLastAccepted({ indexName: 'X/tx', encoding: 'json' as never }), ''],
    ['endpoint with /ext/', (c) => c.admin.alias({ endpoint: '/ext/bc/X', alias: 'y' }), 'endpoint'],
    ['bad node ID', (c) => c.platform.getCurrentValidators({ nodeIDs: ['NodeID-nope'] }), 'nodeIDs[0]'],
    ['bad log level', (c) => c.admin.setLoggerLevel({ logLevel: 'LOUD' as never }), 'logLevel'],
    ['empty tag', (c) => c.health.getHealth({ tag: [''] }), 'tag[0]'],
  ]
  for (const [name, run, path] of cases) {
    it(`${name}: InvalidParamsError${path ? ` at ${path}` : ''}, no request`, async () => {
      const before = devnet.stats.requests
      const error = await rejection(run(client), InvalidParamsError)
      expect(error.code).toBe('INVALID_PARAMS')
      expect(error.issues.length).toBeGreaterThan(0)
      if (path) expect(error.issues.map((i) => i.path)).toContain(path)
      expect(devnet.stats.requests).toBe(before)
    })
  }

  it('points a misspelled key to its right case', async () => {
    const error = await rejection(client.avm.getTx({ txId: devnet.fixtures.x.txs.send } as never), InvalidParamsError)
    // The node itself would match "txId" (Go's encoding/json is case-insensitive): the refusal is this client's.
    expect(error.message).toContain(
      'unknown parameter "txId" (did you mean "txID"? parameter names are case-sensitive in this client)',
    )
    expect(error.message).not.toMatch(/node/)
  })
})

function bareAddress(): string {
  return devnet.fixtures.accounts.ewoq.x
}
