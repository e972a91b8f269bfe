import {
  type AvalancheClient,
  type AvalancheError,
  BadGatewayError,
  ChainBootstrappingError,
  type Container,
  NetworkError,
  RateLimitError,
  ResponseShapeError,
  ServiceUnavailableError,
} from '@avalanche-automation/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, type FaultOptions, startDevnet } from '../../src/index.js'
import { clientFor, collect, type ErrorClass, rejection } from './helpers.js'

/**
 * Full walks through core while the devnet injects transport faults. Retries must hide every fault that does not
 * fire on every request, without losing or repeating an item; a fault on every request must surface as its typed
 * error, with no unhandled rejection from the requests a walk had in flight.
 */
let devnet: Devnet
let client: AvalancheClient
/**
 * Requests of a walk interleave (four in flight), so one request may meet the fault on several attempts in a row;
 * more retries than the default keep the intermittent cases deterministic.
 */
let patient: AvalancheClient
/** Fault-free results to compare against. */
let utxoIds: string[]
let containers: Container[]
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  // A DAG era of 2199 txs: X/tx (which holds only those) is six pages of 400.
  devnet = await startDevnet({ index: true, utxosPerAddress: 1500, xTxs: 2200, xDagTxs: 2199 })
  client = clientFor(devnet)
  patient = clientFor(devnet, { retry: { retries: 8 } })
  utxoIds = (await collect(utxoWalk(client))).map((u) => u.id)
  containers = await collect(indexWalk(client))
  expect(utxoIds).toHaveLength(devnet.fixtures.accounts.ewoq.xUtxoCount)
  expect(containers).toHaveLength(devnet.fixtures.index['X/tx'])
})
afterEach(() => {
  devnet.setFaults(undefined)
})
afterAll(async () => {
  await Promise.all([client.close(), patient.close()])
  await devnet.close()
  process.off('unhandledRejection', onUnhandled)
})

/** Two pages of ewoq's UTXOs. */
const utxoWalk = (c: AvalancheClient) => c.avm.getUTXOs.items({ addresses: [devnet.fixtures.accounts.ewoq.x] })
/** getLastAccepted plus six pages of X/tx, four in flight. */
const indexWalk = (c: AvalancheClient) =>
  c.index.getContainerRange.items({ indexName: 'X/tx', pageSize: 400, concurrency: 4 })

/** Lets stray rejections of abandoned requests surface before asserting there were none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

const intermittent: [string, FaultOptions][] = [
  ['429 with retry-after', { rateLimit: { every: 2, retryAfter: 1 } }],
  ['connection reset mid-body', { reset: { every: 3, afterBytes: 100 } }],
  ['502 HTML bursts', { httpError: { first: 3, every: 5, status: 502, body: 'html' } }],
  ['503 HTML bursts', { httpError: { first: 3, every: 5, status: 503, body: 'html' } }],
  ['504 text', { httpError: { every: 3, status: 504, body: 'text' } }],
  ['bootstrapping 503 every 3rd request', { bootstrapping: { every: 3 } }],
  ['truncated JSON every 3rd request', { truncate: { every: 3, fraction: 0.5 } }],
  [
    'all of them at once',
    { rateLimit: { every: 5 }, reset: { every: 7 }, httpError: { every: 3 }, latency: { every: 2, ms: 1 } },
  ],
]

describe('intermittent faults: retries hide them, walks lose and repeat nothing', () => {
  for (const [name, faults] of intermittent) {
    it(name, async () => {
      devnet.setFaults(faults)
      const before = { ...devnet.stats.faults }
      const utxos = await collect(utxoWalk(patient))
      expect(utxos.map((u) => u.id)).toEqual(utxoIds)
      const walked = await collect(indexWalk(patient))
      expect(walked).toEqual(containers)
      const fired = Object.entries(devnet.stats.faults).reduce(
        (n, [kind, count]) => n + count - (before[kind as keyof typeof before] ?? 0),
        0,
      )
      expect(fired).toBeGreaterThan(0)
      await settle()
      expect(unhandled).toEqual([])
    })
  }
})

const permanent: [string, FaultOptions, ErrorClass<AvalancheError>, string][] = [
  ['429', { rateLimit: { retryAfter: 1 } }, RateLimitError, 'HTTP 429'],
  ['connection reset', { reset: { afterBytes: 10 } }, NetworkError, 'failed'],
  ['502 HTML', { httpError: { status: 502, body: 'html' } }, BadGatewayError, 'HTTP 502'],
  ['503 HTML', { httpError: { status: 503, body: 'html' } }, ServiceUnavailableError, 'HTTP 503'],
  ['bootstrapping 503', { bootstrapping: {} }, ChainBootstrappingError, 'still bootstrapping'],
  ['truncated JSON', { truncate: { fraction: 0.5 } }, ResponseShapeError, 'the body is not JSON'],
]

describe('a fault on every request: the walk fails with its typed error, no unhandled rejection', () => {
  for (const [name, faults, type, text] of permanent) {
    it(name, async () => {
      devnet.setFaults(faults)
      const utxoError = await rejection(collect(utxoWalk(client)), type)
      expect(utxoError.message).toContain(text)
      const indexError = await rejection(collect(indexWalk(client)), type)
      expect(indexError.message).toContain(text)
      if (type === ServiceUnavailableError) {
        // A proxy's HTML 503 is not the node's bootstrapping text.
        expect(utxoError).not.toBeInstanceOf(ChainBootstrappingError)
      }
      await settle()
      expect(unhandled).toEqual([])
    })
  }

  it('retries each failed request up to the policy, then gives up', async () => {
    devnet.setFaults({ httpError: { status: 502 } })
    const before = devnet.stats.byPath['/ext/bc/X'] ?? 0
    await rejection(client.avm.getHeight(), BadGatewayError)
    expect(devnet.stats.byPath['/ext/bc/X']).toBe(before + 4)
  })

  it('does not retry non-idempotent admin calls after a fault that may have reached the node', async () => {
    const admin = await startDevnet({ admin: true, xTxs: 100, utxosPerAddress: 10 })
    const adminClient = clientFor(admin)
    try {
      admin.setFaults({ reset: { afterBytes: 5 } })
      await rejection(adminClient.admin.aliasChain({ chain: 'X', alias: 'once' }), NetworkError)
      expect(admin.stats.byPath['/ext/admin']).toBe(1)
      admin.setFaults(undefined)
      // The alias was set before the reset: the node did the work, which is why core must not resend it.
      expect((await adminClient.admin.getChainAliases({ chain: admin.fixtures.chains.x })).aliases).toContain('once')
    } finally {
      await adminClient.close()
      await admin.close()
    }
  })
})

it('a walk resumes the same sequence after a failure: nothing lost when the caller retries it', async () => {
  devnet.setFaults({ httpError: { first: 4, status: 502 } })
  const fail = clientFor(devnet, { retry: false })
  await rejection(collect(utxoWalk(fail)), BadGatewayError)
  devnet.setFaults(undefined)
  expect((await collect(utxoWalk(fail))).map((u) => u.id)).toEqual(utxoIds)
  await fail.close()
})
