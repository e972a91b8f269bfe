import { describe, expect, test } from 'vitest'
import * as z from 'zod'
import { HttpStatusError, InternalServerError, InvalidParamsError, ResponseShapeError } from '../errors.js'
import { defineOperation } from '../operation.js'
import { createFakeClient } from '../testing/fake-transport.js'
import { signatureAggregator } from './signatureAggregator.js'
import { webhooks } from './webhooks.js'

const DATA = 'https://data-api.avax.network'
const ALICE = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const WEBHOOK = {
  id: 'f33de69c-d13b-4691-908f-870d6e2e6b04',
  url: 'https://example.com/hook',
  chainId: '43114',
  status: 'active',
  createdAt: 1_713_884_373,
  name: 'n',
  description: 'd',
  eventType: 'address_activity',
  metadata: { addresses: [ALICE] },
}
const SECRET = 'c13cc017c4ed63bcc842c8edfb49df37512280326a32826de3b885340b8a3d53'

async function rejects<E extends Error>(promise: Promise<unknown>, type: abstract new (...a: never[]) => E) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(type)
  return error as E
}

describe('REST writes: method, status and where each parameter goes', () => {
  test('createWebhook POSTs every parameter as the JSON body and takes the 201 answer', async () => {
    const { client, fake } = createFakeClient({ 'POST /v1/webhooks': { status: 201, body: WEBHOOK } })
    const created = await client.data.createWebhook({
      eventType: 'address_activity',
      url: 'https://example.com/hook',
      chainId: 43114,
      metadata: { addresses: [ALICE] },
      includeLogs: true,
    })
    expect(created.id).toBe(WEBHOOK.id)
    const request = fake.last()
    expect(request.method).toBe('POST')
    expect(request.url).toBe(`${DATA}/v1/webhooks`)
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.body).toEqual({
      eventType: 'address_activity',
      url: 'https://example.com/hook',
      chainId: '43114',
      metadata: { addresses: [ALICE] },
      includeLogs: true,
    })
  })

  test('updateWebhook PATCHes: id in the path (escaped), the rest as the body', async () => {
    const { client, fake } = createFakeClient({ 'PATCH /v1/webhooks/a%2Fb': { body: { ...WEBHOOK, name: 'x' } } })
    await client.data.updateWebhook({ id: 'a/b', name: 'x', status: 'inactive' })
    expect(fake.last().method).toBe('PATCH')
    expect(fake.last().body).toEqual({ name: 'x', status: 'inactive' })
  })

  test('deactivateWebhook DELETEs without a body; removeAddressesFromWebhook DELETEs with {addresses}', async () => {
    const { client, fake } = createFakeClient({
      [`DELETE /v1/webhooks/${WEBHOOK.id}`]: { body: { ...WEBHOOK, status: 'inactive' } },
      [`DELETE /v1/webhooks/${WEBHOOK.id}/addresses`]: { body: WEBHOOK },
    })
    expect((await client.data.deactivateWebhook({ id: WEBHOOK.id })).status).toBe('inactive')
    expect(fake.last().rawBody).toBeUndefined()
    expect(fake.last().headers['content-type']).toBeUndefined()
    await client.data.removeAddressesFromWebhook({ id: WEBHOOK.id, addresses: [ALICE] })
    expect(fake.last().method).toBe('DELETE')
    expect(fake.last().body).toEqual({ addresses: [ALICE] })
  })

  test('a write puts the parameters its description places in the query there (op.query), the rest in the body', async () => {
    const op = defineOperation({
      id: 'data.test.postWithQuery',
      service: 'data',
      endpoint: 'POST /v1/networks/{network}/things',
      summary: 'A POST with query and body parameters.',
      params: z.strictObject({ network: z.string(), pageSize: z.number(), addresses: z.string() }),
      result: z.object({ ok: z.boolean() }),
      readOnly: true,
      idempotent: true,
      query: ['pageSize'],
    })
    const { client, fake } = createFakeClient({ 'POST /v1/networks/fuji/things': { body: { ok: true } } })
    await client.call(op, { network: 'fuji', pageSize: 5, addresses: 'avax1x' })
    expect(fake.last().query).toEqual({ pageSize: ['5'] })
    expect(fake.last().body).toEqual({ addresses: 'avax1x' })
  })

  test('204 is success without a body where the operation lists it; an unlisted 201 is an error', async () => {
    const op = defineOperation({
      id: 'data.test.delete204',
      service: 'data',
      endpoint: 'DELETE /v1/things/{id}',
      summary: 'A DELETE that answers 204.',
      params: z.strictObject({ id: z.string() }),
      result: z.undefined(),
      readOnly: false,
      idempotent: false,
      okStatuses: [204],
    })
    const { client } = createFakeClient({ 'DELETE /v1/things/1': { status: 204, body: '' } })
    expect(await client.call(op, { id: '1' })).toBeUndefined()
    const unlisted = createFakeClient({ [`DELETE /v1/webhooks/${WEBHOOK.id}`]: { status: 201, body: WEBHOOK } })
    const error = await rejects(unlisted.client.data.deactivateWebhook({ id: WEBHOOK.id }), HttpStatusError)
    expect(error.status).toBe(201)
  })

  test('a write is not retried after a 5xx (it may have been applied); a read is', async () => {
    let attempts = 0
    const { client } = createFakeClient(
      {
        'POST /v1/webhooks': () => {
          attempts++
          return { status: 500, body: { message: 'boom', statusCode: 500 } }
        },
        'GET /v1/webhooks': () => {
          attempts++
          return attempts < 3 ? { status: 502, body: 'bad gateway' } : { body: { webhooks: [] } }
        },
      },
      { retry: { retries: 3, baseDelayMs: 0 }, sleep: async () => {} },
    )
    const params = {
      eventType: 'address_activity' as const,
      url: 'https://e.x/h',
      chainId: '43114',
      metadata: { addresses: [ALICE] },
    }
    await rejects(client.data.createWebhook(params), InternalServerError)
    expect(attempts).toBe(1)
    attempts = 0
    expect(await client.data.listWebhooks()).toEqual({ webhooks: [] })
    expect(attempts).toBe(3)
  })

  test('a write refused with 429 is retried: the rate limiter turned it away before it was processed', async () => {
    let attempts = 0
    const { client } = createFakeClient(
      {
        'POST /v1/webhooks': () => {
          attempts++
          return attempts < 2
            ? { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests', statusCode: 429 } }
            : { status: 201, body: WEBHOOK }
        },
      },
      { retry: { retries: 3, baseDelayMs: 0 }, sleep: async () => {} },
    )
    const created = await client.data.createWebhook({
      eventType: 'address_activity',
      url: 'https://e.x/h',
      chainId: '43114',
      metadata: { addresses: [ALICE] },
    })
    expect(created.id).toBe(WEBHOOK.id)
    expect(attempts).toBe(2)
  })
})

describe('createWebhook parameters', () => {
  const call = (params: unknown) =>
    rejects(createFakeClient().client.call(webhooks.createWebhook, params as never), InvalidParamsError)

  test('each event type requires its own fields and metadata, naming them', async () => {
    const missing = await call({
      eventType: 'address_activity',
      url: 'https://e.x/h',
      metadata: { addresses: [ALICE] },
    })
    expect(missing.issues).toContainEqual({ path: 'chainId', message: 'required for address_activity' })
    const badAddress = await call({
      eventType: 'address_activity',
      url: 'https://e.x/h',
      chainId: 43114,
      metadata: { addresses: ['0x12'] },
    })
    expect(badAddress.issues[0]?.path).toBe('metadata.addresses[0]')
    const validator = await call({
      eventType: 'validator_activity',
      url: 'https://e.x/h',
      metadata: { addresses: [ALICE] },
    })
    expect(validator.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['network', 'metadata.keyType']))
    const url = await call({
      eventType: 'address_activity',
      url: 'ftp://e.x',
      chainId: 1,
      metadata: { addresses: [ALICE] },
    })
    expect(url.message).toMatch(/url: expected the http\(s\) URL of your receiver/)
  })

  test('a validator_activity webhook validates; unknown keys are refused', async () => {
    const { client, fake } = createFakeClient({
      'POST /v1/webhooks': { status: 201, body: { ...WEBHOOK, eventType: 'validator_activity' } },
    })
    await client.data.createWebhook({
      eventType: 'validator_activity',
      url: 'https://e.x/h',
      network: 'fuji',
      metadata: {
        keyType: 'nodeId',
        keys: ['NodeID-x'],
        subEvents: { validatorActivitySubEvents: ['validator_stake'] },
      },
    })
    expect(fake.last().body).toMatchObject({ network: 'fuji', metadata: { keyType: 'nodeId' } })
    const unknown = await call({
      eventType: 'address_activity',
      url: 'https://e.x/h',
      chainId: 1,
      metadata: { addresses: [ALICE] },
      nmae: 'x',
    })
    expect(unknown.message).toMatch(/unknown parameter "nmae"/)
  })
})

describe('the shared secret never reaches a log or an error', () => {
  test('once answered, the secret is redacted from later errors and log events', async () => {
    const { client, logger } = createFakeClient({
      'POST /v1/webhooks:generateOrRotateSharedSecret': { status: 201, body: { secret: SECRET } },
      // A proxy that echoes the secret back in an error body.
      [`GET /v1/webhooks/${SECRET}`]: { status: 404, body: { message: `no webhook ${SECRET}`, statusCode: 404 } },
    })
    expect((await client.data.generateOrRotateSharedSecret()).secret).toBe(SECRET)
    const error = await rejects(client.data.getWebhook({ id: SECRET }), HttpStatusError)
    const seen = [error.message, error.url, JSON.stringify(error.body), JSON.stringify(logger.debugs)].join('\n')
    expect(seen).not.toContain(SECRET)
    expect(seen).toContain('[REDACTED]')
  })

  test('a cut body of a secret answer is not quoted in the error', async () => {
    const { client } = createFakeClient({
      'GET /v1/webhooks:getSharedSecret': { body: `{"secret":"${SECRET.slice(0, 40)}` },
    })
    const error = await rejects(client.data.getSharedSecret(), ResponseShapeError)
    expect(error.message).not.toContain(SECRET.slice(0, 40))
    expect(error.message).toMatch(/withheld/)
  })
})

describe('signature aggregator', () => {
  test('aggregateSignatures POSTs the message with network in the path, takes 201; GET by tx hash also 201', async () => {
    const tx = `0x${'ab'.repeat(32)}`
    const { client, fake } = createFakeClient({
      'POST /v1/signatureAggregator/fuji/aggregateSignatures': { status: 201, body: { signedMessage: '00ff' } },
      [`GET /v1/signatureAggregator/fuji/aggregateSignatures/${tx}`]: { status: 201, body: { signedMessage: '00ff' } },
    })
    expect(await client.data.aggregateSignatures({ network: 'fuji', message: '0x00ff', quorumPercentage: 67 })).toEqual(
      {
        signedMessage: '00ff',
      },
    )
    expect(fake.last().body).toEqual({ message: '0x00ff', quorumPercentage: 67 })
    expect(await client.data.getAggregatedSignatures({ network: 'fuji', txHash: tx })).toEqual({
      signedMessage: '00ff',
    })
    const neither = await rejects(
      client.call(signatureAggregator.aggregateSignatures, { network: 'fuji' }),
      InvalidParamsError,
    )
    expect(neither.message).toMatch(/message: give message or justification/)
    const over = await rejects(
      client.data.aggregateSignatures({
        network: 'fuji',
        message: '00',
        quorumPercentage: 90,
        quorumPercentageBuffer: 20,
      }),
      InvalidParamsError,
    )
    expect(over.message).toMatch(/must be <= 100/)
  })
})
