import {
  type AvalancheClient,
  createNodeTransport,
  type HttpResponse,
  PRIMARY_NETWORK_ID,
  services,
  type Transport,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor } from './helpers.js'

/** The health service through core: JSON-RPC (always 200) and the GET probes (200 healthy, 503 not). */
let devnet: Devnet
let client: AvalancheClient
const base = createNodeTransport()
/** Every response core received, to see the HTTP status behind each result. */
const responses: { url: string; status: number }[] = []
const recording: Transport = async (request) => {
  const response: HttpResponse = await base(request)
  responses.push({ url: request.url, status: response.status })
  return response
}
const lastStatus = () => responses.at(-1)?.status

beforeAll(async () => {
  devnet = await startDevnet({ xTxs: 100, utxosPerAddress: 10 })
  client = clientFor(devnet, { transport: recording })
})
afterAll(async () => {
  await base.close()
  await devnet.close()
})

/** A real node's health checks (`node/node.go` L1455-1644, `chains/manager.go`): bls and futureupgrade included. */
const HEALTH_CHECKS = [
  'C',
  'P',
  'X',
  'bls',
  'bootstrapped',
  'database',
  'diskspace',
  'futureupgrade',
  'network',
  'router',
]

describe('health JSON-RPC (POST /ext/health)', () => {
  it('health.health: healthy, every check, chain heights from the fixtures', async () => {
    const reply = await client.health.health()
    expect(lastStatus()).toBe(200)
    expect(reply.healthy).toBe(true)
    expect(Object.keys(reply.checks).sort()).toEqual([...HEALTH_CHECKS].sort())
    const heights = { X: devnet.fixtures.x.height, P: devnet.fixtures.p.height, C: devnet.fixtures.c.height }
    for (const [chain, height] of Object.entries(heights)) {
      const check = reply.checks[chain]
      expect(check?.error).toBeUndefined()
      expect(typeof check?.duration).toBe('number')
      expect(check?.message).toMatchObject({ engine: { consensus: { lastAcceptedHeight: height } } })
    }
  })

  it('bls and futureupgrade pass with the messages of a validator whose peers run the same upgrade', async () => {
    const { checks } = await client.health.health()
    expect(checks.bls).toMatchObject({ message: 'node has the correct BLS key' })
    expect(checks.bls?.error).toBeUndefined()
    expect(checks.futureupgrade?.error).toBeUndefined()
    // Granite of a local network is InitiallyActiveTime (`upgrade/upgrade.go` Default), for this node and its peers.
    expect(checks.futureupgrade?.message).toMatchObject({
      localUpgradeTime: '2020-12-05T05:00:00Z',
      modeUpgradeTime: '2020-12-05T05:00:00Z',
      numUpgradeTimes: 1,
    })
    // The stake share of the connected validators (the four peers) that run that upgrade time.
    const set = await client.platform.getValidatorsAt({ height: 'proposed' })
    const weight = (ids: string[]) => ids.reduce((sum, id) => sum + (set[id]?.weight ?? 0n), 0n)
    const peers = weight((await client.info.peers()).peers.map((peer) => peer.nodeID))
    expect(checks.futureupgrade?.message).toMatchObject({
      modeUpgradeWeightPercentage: (100 * Number(peers)) / Number(weight(Object.keys(set))),
    })
  })

  it('health.readiness and health.liveness', async () => {
    const readiness = await client.health.readiness()
    expect(readiness.healthy).toBe(true)
    expect(Object.keys(readiness.checks)).toEqual(['bootstrapped'])
    const liveness = await client.health.liveness()
    expect(liveness.healthy).toBe(true)
  })

  it('filters chain checks by tags: the Primary Network tag keeps them, another subnet drops them', async () => {
    const primary = await client.health.health({ tags: [PRIMARY_NETWORK_ID] })
    expect(Object.keys(primary.checks)).toEqual(expect.arrayContaining(['C', 'P', 'X', 'database']))
    const other = await client.health.health({ tags: [devnet.fixtures.p.subnetId] })
    expect(Object.keys(other.checks)).not.toContain('X')
    expect(Object.keys(other.checks)).toContain('database')
  })
})

describe('health GET probes', () => {
  it('answer 200 with the same reply shape while healthy', async () => {
    const health = await client.health.getHealth()
    expect(lastStatus()).toBe(200)
    expect(responses.at(-1)?.url).toBe(`${devnet.url}/ext/health`)
    expect(health.healthy).toBe(true)
    expect(Object.keys(health.checks).sort()).toEqual([...HEALTH_CHECKS].sort())

    const readiness = await client.health.getReadiness()
    expect(lastStatus()).toBe(200)
    expect(responses.at(-1)?.url).toBe(`${devnet.url}/ext/health/readiness`)
    expect(readiness).toMatchObject({ healthy: true, checks: { bootstrapped: { message: [] } } })

    const liveness = await client.health.getLiveness()
    expect(lastStatus()).toBe(200)
    expect(responses.at(-1)?.url).toBe(`${devnet.url}/ext/health/liveness`)
    expect(liveness.healthy).toBe(true)
  })

  it('send tag as repeated ?tag= query parameters', async () => {
    const reply = await client.health.getHealth({ tag: [devnet.fixtures.p.subnetId, PRIMARY_NETWORK_ID] })
    expect(responses.at(-1)?.url).toBe(
      `${devnet.url}/ext/health?tag=${devnet.fixtures.p.subnetId}&tag=${PRIMARY_NETWORK_ID}`,
    )
    expect(Object.keys(reply.checks)).toEqual(expect.arrayContaining(['C', 'P', 'X']))
    const other = await client.health.getHealth({ tag: [devnet.fixtures.p.subnetId] })
    expect(Object.keys(other.checks)).not.toContain('P')
  })

  it('return the 503 body as an unhealthy result (not an error) while bootstrapping', async () => {
    devnet.setBootstrapping(true)
    try {
      const readiness = await client.health.getReadiness()
      expect(lastStatus()).toBe(503)
      expect(readiness.healthy).toBe(false)
      // errNotBootstrapped with the subnets still bootstrapping (`chains/manager.go` L108, L1474-1479).
      expect(readiness.checks.bootstrapped).toMatchObject({
        error: 'subnets not bootstrapped',
        message: [PRIMARY_NETWORK_ID],
        contiguousFailures: 1,
      })

      const health = await client.health.getHealth({ tag: [PRIMARY_NETWORK_ID] })
      expect(lastStatus()).toBe(503)
      expect(health.healthy).toBe(false)
      // The chains' checks are registered but not run yet: notYetRunResult, zero time (`api/health/result.go`).
      for (const chain of ['C', 'P', 'X']) {
        expect(health.checks[chain]).toEqual({ error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 })
      }
      expect(health.checks.bls?.error).toBeUndefined()

      // Liveness does not depend on bootstrapping.
      const liveness = await client.health.getLiveness()
      expect(lastStatus()).toBe(200)
      expect(liveness.healthy).toBe(true)

      // The JSON-RPC form answers 200 with the same verdict.
      const rpc = await client.health.readiness()
      expect(lastStatus()).toBe(200)
      expect(rpc.healthy).toBe(false)
    } finally {
      devnet.setBootstrapping(false)
    }
    expect((await client.health.getReadiness()).healthy).toBe(true)
    expect(lastStatus()).toBe(200)
  })
})

it('called every health operation of the catalog against the devnet', () => {
  const rpc = Object.values(services.health).filter((op) => !op.endpoint.startsWith('GET '))
  for (const op of rpc) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
  for (const path of ['/ext/health', '/ext/health/readiness', '/ext/health/liveness']) {
    expect(devnet.stats.byPath[path], path).toBeGreaterThan(0)
  }
  expect(Object.keys(services.health)).toHaveLength(6)
})
