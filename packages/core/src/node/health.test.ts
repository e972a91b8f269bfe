import { describe, expect, test } from 'vitest'
import { ServiceUnavailableError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient, FAKE_NODE_URL } from '../testing/fake-transport.js'
import { SUBNET_ID } from '../testing/fixtures.js'
import { health } from './health.js'

// The shape of the node's service.md example, with one failing check.
const UNHEALTHY = {
  checks: {
    C: {
      message: {
        engine: {
          consensus: {
            lastAcceptedHeight: 31273749,
            lastAcceptedID: '2Y4gZGzQnu8UjnHod8j1BLewHFVEbzhULPNzqrSWEHkHNqDrYL',
            longestProcessingBlock: '0s',
            processingBlocks: 0,
          },
          vm: null,
        },
        networking: { percentConnected: 0.9999 },
      },
      timestamp: '2024-03-26T19:44:45.2931-04:00',
      duration: 20375,
    },
    bootstrapped: { message: [], timestamp: '2024-03-26T19:44:45.293115-04:00', duration: 5333 },
    network: {
      message: { connectedPeers: 0, sendFailRate: 0 },
      error: 'not connected to a minimum of 1 peer(s) only 0',
      timestamp: '2024-03-26T19:44:45.29312-04:00',
      duration: 1750,
      contiguousFailures: 3,
      timeOfFirstFailure: '2024-03-26T19:44:15.2931-04:00',
    },
    diskspace: { error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0, timeOfFirstFailure: null },
  },
  healthy: false,
}
const HEALTHY = {
  checks: { bootstrapped: { message: [], timestamp: '2024-03-26T19:44:45.293115-04:00', duration: 5333 } },
  healthy: true,
}

describe('health JSON-RPC (POST /ext/health)', () => {
  test.each(['health', 'readiness', 'liveness'] as const)('health.%s with and without tags', async (name) => {
    const { client, fake } = createFakeClient({ [`health.${name}`]: { result: UNHEALTHY } })
    const reply = await client.health[name]()
    expect(fake.last().method).toBe('POST')
    expect(fake.last().path).toBe('/ext/health')
    expect(fake.last().body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method: `health.${name}`, params: {} })
    expect(reply).toEqual(UNHEALTHY)
    expect(reply.checks.network?.contiguousFailures).toBe(3)
    expect(reply.checks.C?.duration).toBe(20375)
    await client.health[name]({ tags: [SUBNET_ID, 'application'] })
    expect(fake.last().params).toEqual({ tags: [SUBNET_ID, 'application'] })
  })
})

describe('health GET probes', () => {
  test.each([
    ['getHealth', '/ext/health'],
    ['getReadiness', '/ext/health/readiness'],
    ['getLiveness', '/ext/health/liveness'],
  ] as const)('%s: GET %s, 200 healthy, 503 still a result, tags as repeated ?tag=', async (name, path) => {
    const { client, fake } = createFakeClient({ [`GET ${path}`]: { status: 200, body: HEALTHY } })
    await expect(client.health[name]()).resolves.toEqual(HEALTHY)
    const request = fake.last()
    expect(request.method).toBe('GET')
    expect(request.url).toBe(`${FAKE_NODE_URL}${path}`)
    expect(request.rawBody).toBeUndefined()

    fake.on(`GET ${path}`, { status: 503, body: UNHEALTHY })
    await expect(client.health[name]({ tag: [SUBNET_ID, 'application'] })).resolves.toEqual(UNHEALTHY)
    expect(fake.last().path).toBe(path)
    expect(fake.last().query).toEqual({ tag: [SUBNET_ID, 'application'] })
    expect(fake.last().url).toBe(`${FAKE_NODE_URL}${path}?tag=${SUBNET_ID}&tag=application`)
  })

  test("error: a gateway's JSON 503 that is not a health reply is a ServiceUnavailableError", async () => {
    const body = { message: 'Service Unavailable', statusCode: 503, error: 'Service Unavailable' }
    const { client } = createFakeClient({
      'GET /ext/health/readiness': {
        status: 503,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      },
    })
    const error = await client.health.getReadiness().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).toMatchObject({ status: 503, body, details: 'Service Unavailable' })
  })

  test('a 503 that is not a health reply (e.g. from a proxy) is still an error', async () => {
    const { client } = createFakeClient({
      'GET /ext/health/readiness': {
        status: 503,
        body: 'upstream unavailable',
        headers: { 'content-type': 'text/plain' },
      },
    })
    const error = await client.health.getReadiness().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).toMatchObject({ status: 503, body: 'upstream unavailable' })
  })
})

describe('health parameter validation (before any request)', () => {
  test('tags must be an array of strings; the GET probes take `tag`, JSON-RPC takes `tags`', async () => {
    const { client, fake } = createFakeClient()
    // @ts-expect-error a single string
    await expectInvalidParams(fake, () => client.health.health({ tags: SUBNET_ID }), /tags/, /array/)
    // @ts-expect-error JSON-RPC uses `tags`
    await expectInvalidParams(fake, () => client.health.readiness({ tag: [SUBNET_ID] }), /"tag"/)
    // @ts-expect-error GET uses `tag`
    await expectInvalidParams(fake, () => client.health.getReadiness({ tags: [SUBNET_ID] }), /"tags"/)
    await expectInvalidParams(fake, () => client.health.getLiveness({ tag: [''] }), /tag\[0\]/, /non-empty/)
  })
})

describe('health metadata', () => {
  test('read-only; only the GET probes accept 503', () => {
    for (const op of Object.values(health)) {
      expect(op.readOnly).toBe(true)
      expect(op.idempotent).toBe(true)
    }
    expect(health.getHealth.okStatuses).toEqual([503])
    expect(health.getReadiness.okStatuses).toEqual([503])
    expect(health.getLiveness.okStatuses).toEqual([503])
    expect('okStatuses' in health.health).toBe(false)
  })
})
