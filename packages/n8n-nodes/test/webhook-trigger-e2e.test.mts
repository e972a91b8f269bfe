/**
 * The Avalanche Webhook Trigger in a running `n8n start` with the packed package, the devnet's Webhooks API
 * delivering to n8n's webhook URLs over loopback: the workflow activated and deactivated through n8n's REST API, each
 * delivery checked against the devnet's attempts and n8n's executions.
 */
import { readFileSync } from 'node:fs'
import { createClient, signWebhookPayload } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type N8nServer, startN8nServer } from './n8n-server.mts'
import {
  activate,
  createDataCredential,
  createTriggerWorkflow,
  deactivate,
  deliver,
  listExecutions,
  TRIGGER_NAME,
  type TriggerWorkflow,
  waitForExecutions,
} from './webhook-trigger.mts'

const API_KEY = 'webhook-trigger-e2e-key-7f3a'

let devnet: Devnet
let n8n: N8nServer
let core: ReturnType<typeof createClient>
let workflow: TriggerWorkflow
let chainId: string
let ewoq: string

const productionUrl = () => `${n8n.url}/webhook/${workflow.webhookId}/webhook`
const webhooksAt = async (url: string) =>
  ((await core.data.listWebhooks({})).webhooks ?? []).filter((w) => w.url === url)
/**
 * The webhooks for `url` once one has `status`: n8n 2.x publishes an activation or deactivation through an outbox, so
 * the trigger's webhook methods run shortly after the REST call answers.
 */
async function webhooksOnceSettled(url: string, status: 'active' | 'inactive') {
  for (let i = 0; i < 120; i++) {
    const found = await webhooksAt(url)
    if (found.some((w) => w.status === status)) return found
    await quiet(250)
  }
  throw new Error(`no ${status} webhook for ${url} within 30 s`)
}
const sharedSecret = async () => (await core.data.getSharedSecret()).secret as string
const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  devnet = await startDevnet({
    seed: 15,
    apiKeys: { [API_KEY]: 'full' },
    webhookDelivery: { timeoutMs: 5_000, retryDelaysMs: [500, 1_000] },
  })
  core = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
  chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
  ewoq = devnet.fixtures.data.evm.accounts.ewoq
  n8n = await startN8nServer()
  const credentialId = await createDataCredential(n8n.rest, 'Devnet Data API', API_KEY, devnet.url)
  workflow = await createTriggerWorkflow(n8n.rest, 'Avalanche webhook e2e', credentialId, {
    eventType: 'address_activity',
    chainId: { __rl: true, mode: 'list', value: chainId },
    addresses: ewoq,
    additionalFields: { includeLogs: true, includeInternalTxs: true },
  })
}, 180_000)

afterAll(async () => {
  await n8n?.stop()
  await devnet?.close()
})

describe('the Avalanche Webhook Trigger in a running n8n', () => {
  let webhookId: string
  const emitted: string[] = []

  it('creates a Data API webhook for the production URL when the workflow is activated', async () => {
    expect(await webhooksAt(productionUrl())).toEqual([])
    await activate(n8n.rest, workflow)
    const [webhook, ...others] = await webhooksOnceSettled(productionUrl(), 'active')
    expect(others).toEqual([])
    expect(webhook).toMatchObject({
      status: 'active',
      eventType: 'address_activity',
      chainId,
      includeLogs: true,
      includeInternalTxs: true,
      metadata: { addresses: [ewoq] },
    })
    webhookId = webhook?.id as string
  }, 60_000)

  it('runs the workflow once per delivered event, with the event as its item', async () => {
    const started = Date.now()
    const messageIds = devnet.replayWebhookActivity(webhookId, 5)
    expect(messageIds).toHaveLength(5)
    const executions = await waitForExecutions(n8n.rest, workflow.id, 5)
    expect(executions.map((e) => e.status)).toEqual(Array(5).fill('success'))
    expect(executions.map((e) => e.mode)).toEqual(Array(5).fill('webhook'))
    for (const e of executions) expect(e.items).toHaveLength(1)
    const items = executions.map((e) => e.items[0] as Record<string, unknown>)
    expect(items.map((i) => i.messageId).sort()).toEqual([...messageIds].sort())
    for (const item of items) {
      expect(item).toMatchObject({ webhookId, eventType: 'address_activity' })
      const event = item.event as { transaction: { txHash: string }; logs?: unknown[] }
      expect(event.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(Array.isArray(event.logs)).toBe(true) // includeLogs
    }
    emitted.push(...messageIds)
    // n8n answered each first attempt with 200 at once: no retries.
    const attempts = devnet.webhookAttempts.filter((a) => messageIds.includes(a.messageId))
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual(Array(5).fill([1, 200]))
    process.stderr.write(
      `webhook trigger e2e: 5 events -> 5 executions in ${Date.now() - started} ms (replay to last execution finished)\n`,
    )
  }, 60_000)

  it("runs the workflow once for each new transaction of the address as the devnet's chains grow", async () => {
    const before = (await listExecutions(n8n.rest, workflow.id)).length
    const [latest] = (await core.data.getLatestBlocks({ chainId, pageSize: 1 })).blocks ?? []
    const heightBefore = BigInt(latest?.blockNumber ?? 0)
    devnet.advance(3)
    // What the Data API now lists for the address above the old height: each must arrive as one execution.
    const fresh: string[] = []
    for await (const tx of core.data.listTransactions.items({ chainId, address: ewoq, sortOrder: 'desc' })) {
      const { blockNumber, txHash } = (tx as { nativeTransaction: { blockNumber: string; txHash: string } })
        .nativeTransaction
      if (BigInt(blockNumber) <= heightBefore) break
      fresh.push(txHash)
    }
    expect(fresh.length).toBeGreaterThan(0)
    const executions = await waitForExecutions(n8n.rest, workflow.id, before + fresh.length)
    expect(executions).toHaveLength(before + fresh.length)
    const emittedNow = executions
      .flatMap((e) => e.items)
      .filter((i) => !emitted.includes(String(i.messageId)))
      .map((i) => (i.event as { transaction: { txHash: string } }).transaction.txHash)
    expect(emittedNow.sort()).toEqual([...fresh].sort())
    emitted.push(...executions.flatMap((e) => e.items.map((i) => String(i.messageId))))
  }, 60_000)

  it('answers 401 to a delivery without a valid signature and runs nothing', async () => {
    const body = JSON.stringify({
      webhookId,
      eventType: 'address_activity',
      messageId: '00000000-0000-4000-a000-000000000001',
      event: { transaction: { txHash: `0x${'ee'.repeat(32)}` } },
    })
    const before = (await listExecutions(n8n.rest, workflow.id)).length
    const unsigned = await deliver(productionUrl(), body)
    const forged = await deliver(productionUrl(), body, signWebhookPayload(body, 'ab'.repeat(32)))
    const malformed = await deliver(productionUrl(), body, 'not-a-signature')
    // Signed with the right secret over another body: the body was changed on the way.
    const tampered = await deliver(productionUrl(), body, signWebhookPayload(`${body} `, await sharedSecret(), 'raw'))
    expect([unsigned, forged, malformed, tampered].map((r) => r.status)).toEqual([401, 401, 401, 401])
    expect(JSON.stringify([unsigned, forged, malformed, tampered])).not.toContain(await sharedSecret())
    expect(JSON.parse(unsigned.text).message).toMatch(/no x-signature header/)
    expect(JSON.parse(forged.text).message).toMatch(/does not match the body under this secret/)
    await quiet(1_500)
    expect((await listExecutions(n8n.rest, workflow.id)).length).toBe(before)
  }, 60_000)

  it('does not run the workflow again for a message it already emitted, and runs it for a new one', async () => {
    const secret = await sharedSecret()
    const envelope = (messageId: string) =>
      JSON.stringify({ webhookId, eventType: 'address_activity', messageId, event: { transaction: { txHash: '0x1' } } })
    const before = (await listExecutions(n8n.rest, workflow.id)).length
    // The service retries a message whose answer it did not get: the same messageId arrives again.
    const again = envelope(emitted[0] as string)
    const duplicate = await deliver(productionUrl(), again, signWebhookPayload(again, secret))
    expect(duplicate.status).toBe(200)
    await quiet(1_500)
    expect((await listExecutions(n8n.rest, workflow.id)).length).toBe(before)
    // A new message signed the same way is emitted: the duplicate was dropped for its messageId alone.
    const fresh = envelope('00000000-0000-4000-a000-0000000000f1')
    expect((await deliver(productionUrl(), fresh, signWebhookPayload(fresh, secret))).status).toBe(200)
    const executions = await waitForExecutions(n8n.rest, workflow.id, before + 1)
    expect(executions.flatMap((e) => e.items.map((i) => i.messageId))).toContain('00000000-0000-4000-a000-0000000000f1')
  }, 60_000)

  it("keeps the shared secret out of the workflow, its executions' items and n8n's log", async () => {
    const secret = await sharedSecret()
    const saved = await n8n.rest<Record<string, unknown>>('GET', `/workflows/${workflow.id}`)
    expect(JSON.stringify(saved)).not.toContain(secret)
    expect(JSON.stringify(saved.staticData)).toContain(webhookId) // static data holds the webhook's ID, not the secret
    const executions = await waitForExecutions(n8n.rest, workflow.id, 1)
    expect(JSON.stringify(executions)).not.toContain(secret)
    expect(readFileSync(n8n.logFile, 'utf8')).not.toContain(secret)
  }, 60_000)

  it('deactivates the Data API webhook when the workflow is deactivated', async () => {
    await deactivate(n8n.rest, workflow)
    const [webhook] = await webhooksOnceSettled(productionUrl(), 'inactive')
    expect(webhook).toMatchObject({ id: webhookId, status: 'inactive' })
    expect((await core.data.listWebhooks({ status: 'active' })).webhooks).toEqual([])
    expect(() => devnet.replayWebhookActivity(webhookId, 1)).toThrow(/inactive/)
  }, 60_000)

  it('listens on the test URL for a manual run, like n8n webhook triggers', async () => {
    const testUrl = `${n8n.url}/webhook-test/${workflow.webhookId}/webhook`
    const run = await n8n.rest<{ waitingForWebhook?: boolean }>('POST', `/workflows/${workflow.id}/run`, {
      triggerToStartFrom: { name: TRIGGER_NAME },
    })
    expect(run.waitingForWebhook).toBe(true)
    const [webhook] = await webhooksAt(testUrl)
    expect(webhook).toMatchObject({ status: 'active', metadata: { addresses: [ewoq] } })
    const [messageId] = devnet.replayWebhookActivity(webhook?.id as string, 1)
    const manual = await waitForExecutions(n8n.rest, workflow.id, 1, { mode: 'manual' })
    // A test webhook serves one event, then n8n deletes it (the trigger deactivates it on the devnet).
    expect(manual.map((e) => e.items.map((i) => i.messageId))).toEqual([[messageId]])
    expect((await webhooksOnceSettled(testUrl, 'inactive')).map((w) => w.id)).toEqual([webhook?.id])
  }, 60_000)
})
