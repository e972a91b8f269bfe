/**
 * The Webhooks API and the signature aggregator through core over real HTTP against the devnet, and the devnet's
 * deliveries to a local receiver: envelope, signature (checked with core's verifyWebhookSignature), the retry
 * schedule (compressed), the free tier's deactivation, and writes that are not retried after a 5xx.
 */
import {
  type AvalancheClient,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookSignatureError,
} from '@avalanche-automation/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, type Delivery, dataClient, rejection, until, webhookReceiver } from './helpers.js'
import { assertValid, componentValidator } from './openapi.js'

/** The local receiver of the deliveries. */
let inbox: Awaited<ReturnType<typeof webhookReceiver>>
const RETRY_MS = [40, 60, 80, 100, 120, 140, 160, 180, 200]
/** Long enough that a receiver in this process answers in time on a loaded machine; a 'hang' still times out. */
const TIMEOUT_MS = 600
let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  inbox = await webhookReceiver()
  devnet = await startDevnet({
    seed: 5,
    evmTxs: 1_000,
    webhookDelivery: { timeoutMs: TIMEOUT_MS, retryDelaysMs: RETRY_MS },
    apiKeys: { 'someone-else': 'limited' },
  })
  client = dataClient(devnet)
})
afterEach(() => inbox.reset())
afterAll(async () => {
  await devnet.close()
  await inbox.close()
})

async function createHook(addresses = [devnet.fixtures.data.evm.accounts.alice], extra = {}) {
  return client.data.createWebhook({
    eventType: 'address_activity',
    url: inbox.url,
    chainId: '43112',
    metadata: { addresses },
    name: 'alice',
    ...extra,
  })
}

describe('the Webhooks API through core', () => {
  it('create (201), get, list with pages and status, update, addresses add/list/remove, deactivate', async () => {
    const { alice, bob, carol } = devnet.fixtures.data.evm.accounts
    const hook = await createHook([alice], { includeLogs: true })
    assertValid(componentValidator('data', 'EVMAddressActivityResponse'), hook, 'createWebhook')
    expect(hook).toMatchObject({
      status: 'active',
      chainId: '43112',
      url: inbox.url,
      metadata: { addresses: [alice] },
    })
    expect(await client.data.getWebhook({ id: hook.id })).toEqual(hook)

    const second = await createHook([bob])
    const pages = await collect(client.data.listWebhooks.pages({ pageSize: 1 }))
    expect(pages.map((p) => p.webhooks?.map((w) => w.id))).toEqual(expect.arrayContaining([[hook.id], [second.id]]))

    const renamed = await client.data.updateWebhook({ id: hook.id, name: 'renamed', includeLogs: false })
    expect(renamed).toMatchObject({ name: 'renamed', includeLogs: false })

    await client.data.addAddressesToWebhook({ id: hook.id, addresses: [bob, carol] })
    const listed = await collect(client.data.getAddressesFromWebhook.items({ id: hook.id, pageSize: 2 }))
    expect(listed).toEqual([alice, bob, carol])
    const removed = await client.data.removeAddressesFromWebhook({ id: hook.id, addresses: [bob.toLowerCase()] })
    expect(removed.metadata?.addresses).toEqual([alice, carol])
    expect((await client.data.getAddressesFromWebhook({ id: hook.id })).totalAddresses).toBe(2)

    expect((await client.data.deactivateWebhook({ id: second.id })).status).toBe('inactive')
    const inactive = await collect(client.data.listWebhooks.items({ status: 'inactive' }))
    expect(inactive.map((w) => w.id)).toContain(second.id)
    expect(inactive.map((w) => w.id)).not.toContain(hook.id)
  })

  it("webhooks belong to the caller's account; a foreign or unknown id is 404; a non-loopback URL is refused", async () => {
    const hook = await createHook()
    await rejection(client.data.getWebhook({ id: 'no-such-webhook' }), NotFoundError)
    const foreign = dataClient(devnet, { apiKey: 'someone-else' })
    await rejection(foreign.data.getWebhook({ id: hook.id }), NotFoundError)
    expect(await collect(foreign.data.listWebhooks.items())).toEqual([])
    const outside = await rejection(
      client.data.createWebhook({
        eventType: 'address_activity',
        url: 'https://example.com/hook',
        chainId: '43112',
        metadata: { addresses: [devnet.fixtures.data.evm.accounts.alice] },
      }),
      BadRequestError,
    )
    expect(outside.message).toMatch(/loopback/)
  })

  it('the shared secret: rotation answers 201 and a new secret, getSharedSecret the current one', async () => {
    const before = (await client.data.getSharedSecret()).secret
    const rotated = (await client.data.generateOrRotateSharedSecret()).secret
    expect(rotated).toMatch(/^[0-9a-f]{64}$/)
    expect(rotated).not.toBe(before)
    expect((await client.data.getSharedSecret()).secret).toBe(rotated)
  })

  it('a write is not retried after a 5xx that may have reached the service; a read is', async () => {
    const retrying = dataClient(devnet, { retry: { retries: 3 } })
    const before = (await collect(retrying.data.listWebhooks.items())).length
    devnet.setFaults({ httpError: { first: 1, status: 500, paths: ['/v1/webhooks'] } })
    try {
      await rejection(createHookWith(retrying), InternalServerError)
      expect((await collect(retrying.data.listWebhooks.items())).length).toBe(before)
      devnet.setFaults({ httpError: { first: 1, status: 500, paths: ['/v1/webhooks'] } })
      // The same fault on a read: retried, and the second attempt answers.
      expect((await collect(retrying.data.listWebhooks.items())).length).toBe(before)
    } finally {
      devnet.setFaults(undefined)
    }
  })
})

const createHookWith = (c: AvalancheClient) =>
  c.data.createWebhook({
    eventType: 'address_activity',
    url: inbox.url,
    chainId: '43112',
    metadata: { addresses: [devnet.fixtures.data.evm.accounts.alice] },
  })

describe('deliveries', () => {
  it('address_activity events: the documented envelope, a fresh messageId each, a signature verifyWebhookSignature accepts', async () => {
    const { alice } = devnet.fixtures.data.evm.accounts
    const hook = await createHook([alice], { includeLogs: true })
    const secret = (await client.data.getSharedSecret()).secret as string
    const ids = devnet.replayWebhookActivity(hook.id, 3)
    await until(() => inbox.deliveries.length === 3)
    expect(new Set(inbox.deliveries.map((d) => d.json.messageId)).size).toBe(3)
    expect(inbox.deliveries.map((d) => d.json.messageId).sort()).toEqual([...ids].sort())
    for (const delivery of inbox.deliveries) {
      expect(Object.keys(delivery.json).sort()).toEqual(['event', 'eventType', 'messageId', 'webhookId'])
      expect(delivery.json).toMatchObject({ webhookId: hook.id, eventType: 'address_activity' })
      assertValid(componentValidator('data', 'WebhookAddressActivityResponse'), delivery.json, 'delivery')
      expect(verifyWebhookSignature(delivery.body, delivery.signature, secret)).toBe('canonical')
      const tx = delivery.json.event.transaction
      const involved = JSON.stringify(tx).toLowerCase().includes(alice.toLowerCase())
      expect(involved).toBe(true)
    }
    // The transaction is the Data API's own: same hash, block and value as getTransaction answers.
    const first = inbox.deliveries[0]?.json.event.transaction as { txHash: string; blockNumber: string; value: string }
    const detail = await client.data.getTransaction({ chainId: '43112', txHash: first.txHash })
    expect(detail.nativeTransaction?.blockNumber).toBe(first.blockNumber)
    expect(detail.nativeTransaction?.value).toBe(first.value)
  })

  it('a forged signature is rejected; so is a delivery signed before the secret rotated', async () => {
    const hook = await createHook()
    const secret = (await client.data.getSharedSecret()).secret as string
    devnet.replayWebhookActivity(hook.id)
    await until(() => inbox.deliveries.length === 1)
    const delivery = inbox.deliveries[0] as Delivery
    const forged = signWebhookPayload(delivery.body, 'ab'.repeat(32))
    expect(() => verifyWebhookSignature(delivery.body, forged, secret)).toThrow(WebhookSignatureError)
    const tampered = delivery.body.replace(hook.id, 'another-webhook')
    expect(() => verifyWebhookSignature(tampered, delivery.signature, secret)).toThrow(/does not match/)
    const rotated = (await client.data.generateOrRotateSharedSecret()).secret as string
    expect(() => verifyWebhookSignature(delivery.body, delivery.signature, rotated)).toThrow(WebhookSignatureError)
  })

  it('a receiver that times out gets retries on the schedule, each with the same messageId, until it answers 200', async () => {
    const hook = await createHook()
    inbox.answer = () => (inbox.deliveries.length <= 3 ? 'hang' : 200)
    const [messageId] = devnet.replayWebhookActivity(hook.id)
    await until(() => inbox.deliveries.length === 4)
    await until(() => devnet.webhookAttempts.filter((a) => a.messageId === messageId).length === 4)
    expect(inbox.deliveries.map((d) => d.json.messageId)).toEqual([messageId, messageId, messageId, messageId])
    const attempts = devnet.webhookAttempts.filter((a) => a.messageId === messageId)
    expect(attempts.map((a) => a.outcome)).toEqual(['timeout', 'timeout', 'timeout', 200])
    // Attempt n + 1 starts RETRY_MS[n - 1] after attempt n failed (a TIMEOUT_MS timeout after it started); arrivals
    // lag their start by a few ms on a loaded machine, so the gaps between arrivals get that much slack.
    for (let n = 1; n < 4; n++) {
      const gap = (inbox.deliveries[n] as Delivery).at - (inbox.deliveries[n - 1] as Delivery).at
      expect(gap, `attempt ${n + 1}`).toBeGreaterThanOrEqual(TIMEOUT_MS + (RETRY_MS[n - 1] as number) - 30)
    }
    expect((await client.data.getWebhook({ id: hook.id })).status).toBe('active')
  })

  it('free tier: the sixth message to fail its first two attempts deactivates the webhook; no more deliveries', async () => {
    const { alice, bob } = devnet.fixtures.data.evm.accounts
    const hook = await createHook([alice, bob])
    inbox.answer = () => 500
    const messages = devnet.replayWebhookActivity(hook.id, 6)
    expect(messages).toHaveLength(6)
    await until(
      () => devnet.webhookAttempts.filter((a) => messages.includes(a.messageId) && a.attempt === 2).length === 6,
    )
    await until(() => inbox.deliveries.length > 0 && Date.now() - (inbox.deliveries.at(-1) as Delivery).at > 50)
    expect((await client.data.getWebhook({ id: hook.id })).status).toBe('inactive')
    const count = inbox.deliveries.length
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.deliveries.length).toBe(count)
    expect(() => devnet.replayWebhookActivity(hook.id)).toThrow(/inactive/)
  })

  it('a message that fails all ten attempts deactivates the webhook (free and paid tiers alike)', async () => {
    const hook = await createHook()
    inbox.answer = () => 503
    const [messageId] = devnet.replayWebhookActivity(hook.id)
    await until(() => devnet.webhookAttempts.filter((a) => a.messageId === messageId).length === 10, 10_000)
    expect((await client.data.getWebhook({ id: hook.id })).status).toBe('inactive')
    expect(inbox.deliveries.filter((d) => d.json.messageId === messageId)).toHaveLength(10)
  })
})

describe('signature aggregator', () => {
  it('aggregateSignatures answers 201 with the message and a deterministic stand-in signature; the GET by tx too', async () => {
    const message = `0x${'00ab'.repeat(20)}`
    const one = await client.data.aggregateSignatures({ network: 'fuji', message })
    const two = await client.data.aggregateSignatures({ network: 'fuji', message })
    expect(one.signedMessage).toBe(two.signedMessage)
    expect(one.signedMessage?.startsWith(message.slice(2))).toBe(true)
    expect(one.signedMessage).toHaveLength(message.length - 2 + 192)
    const byTx = await client.data.getAggregatedSignatures({ network: 'fuji', txHash: `0x${'12'.repeat(32)}` })
    expect(byTx.signedMessage).toMatch(/^[0-9a-f]+$/)
  })
})
