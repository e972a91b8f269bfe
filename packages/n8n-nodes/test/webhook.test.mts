/**
 * The Webhook and Signature Aggregator resources against the devnet's Webhooks API: every operation through the node,
 * each result checked against the devnet through core, the Create form's fields per event type, and the shared
 * secret kept out of the output.
 */
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { IDataObject } from 'n8n-workflow'
import { NodeOperationError } from 'n8n-workflow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { type Credentials, executeFunctions, loadOptionsFunctions } from './fakes.mts'

const API_KEY = 'webhook-test-key-5e1c'
/** A loopback receiver: the devnet posts to loopback URLs only, and only when a test replays activity. */
const RECEIVER = 'http://127.0.0.1:9/avalanche-events'

let devnet: Devnet
let credentials: Credentials
let core: ReturnType<typeof createClient>
const node = new Avalanche()

beforeAll(async () => {
  devnet = await startDevnet({ seed: 8, apiKeys: { [API_KEY]: 'full' } })
  credentials = { avalancheDataApi: { apiKey: API_KEY, dataApiUrl: devnet.url, metricsApiUrl: devnet.url } }
  core = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
})
afterAll(() => devnet?.close())

const run = async (parameters: IDataObject[], extra: { continueOnFail?: boolean; nodeType?: string } = {}) => {
  const [items] = await node.execute.call(
    executeFunctions({
      parameters: parameters.map((p) => ({ authentication: 'dataApi', ...p })),
      credentials,
      ...extra,
    }),
  )
  return (items ?? []).map((i) => i.json)
}
const webhook = (operation: string, parameters: IDataObject = {}) => ({
  resource: 'webhook',
  operation: `data.${operation}`,
  ...parameters,
})

describe('the Webhook resource against the devnet', () => {
  it('creates, reads, changes and deactivates an address activity webhook', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const [ewoq, other] = [devnet.fixtures.data.evm.accounts.ewoq, `0x${'ab'.repeat(20)}`]
    const [created] = await run([
      webhook('createWebhook', {
        eventType: 'address_activity',
        url: RECEIVER,
        chainId: { __rl: true, mode: 'list', value: chainId },
        addresses: ewoq,
        additionalFields: { name: 'ewoq watcher', includeLogs: true, eventSignatures: '' },
      }),
    ])
    const id = created?.id as string
    expect(created).toMatchObject({ url: RECEIVER, chainId, status: 'active', name: 'ewoq watcher', includeLogs: true })
    expect(await core.data.getWebhook({ id })).toMatchObject({ metadata: { addresses: [ewoq] } })

    const webhookId = { __rl: true, mode: 'id', value: id }
    const [got] = await run([webhook('getWebhook', { webhookId })])
    expect(got).toMatchObject({ id, eventType: 'address_activity' })
    const listed = await run([webhook('listWebhooks', { returnAll: true })])
    expect(listed.map((w) => w.id)).toContain(id)

    const [updated] = await run([
      webhook('updateWebhook', { webhookId, updateFields: { name: 'renamed', url: `${RECEIVER}/v2` } }),
    ])
    expect(updated).toMatchObject({ id, name: 'renamed', url: `${RECEIVER}/v2` })

    await run([webhook('addAddressesToWebhook', { webhookId, addresses: `${other}, ${ewoq}` })])
    const addresses = await run([webhook('getAddressesFromWebhook', { webhookId, limit: 10 })])
    expect(addresses).toEqual([{ address: ewoq }, { address: other }])
    const [removed] = await run([webhook('removeAddressesFromWebhook', { webhookId, addresses: ewoq })])
    expect(removed?.metadata).toMatchObject({ addresses: [other] })
    expect((await core.data.getAddressesFromWebhook({ id })).addresses).toEqual([other])

    const [deactivated] = await run([webhook('deactivateWebhook', { webhookId })])
    expect(deactivated).toMatchObject({ id, status: 'inactive' })
    expect((await core.data.getWebhook({ id })).status).toBe('inactive')
    const inactive = await run([webhook('listWebhooks', { additionalFields: { status: 'inactive' }, returnAll: true })])
    expect(inactive.map((w) => w.id)).toEqual([id])
  })

  it("builds each event type's metadata from its own fields", async () => {
    const [platform] = await run([
      webhook('createWebhook', {
        eventType: 'primary_network_address_activity',
        url: RECEIVER,
        network: 'fuji',
        primaryNetworkChain: 'p-chain',
        primaryNetworkAddresses: 'fuji1aerex08szh4ge5g7sggsddkpdhyzhja9f6v7y0',
        addressSubEvents: ['balance_change', 'balance_threshold'],
        additionalFields: { balanceType: 'unlockedUnstaked', balanceThreshold: '5500000000' },
      }),
    ])
    expect(platform).toMatchObject({
      chainId: 'p-chain',
      eventType: 'primary_network_address_activity',
      metadata: {
        keyType: 'addresses',
        keys: ['fuji1aerex08szh4ge5g7sggsddkpdhyzhja9f6v7y0'],
        subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
        balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '5500000000' },
      },
    })
    const nodeId = devnet.fixtures.nodeId
    const [validator] = await run([
      webhook('createWebhook', {
        eventType: 'validator_activity',
        url: RECEIVER,
        network: 'mainnet',
        keyType: 'nodeId',
        validatorKey: nodeId,
        validatorSubEvents: ['validator_stake', 'l1_validator_balance_threshold'],
        // Fields of the other event types the workflow still holds are not sent.
        addresses: '0xnot-sent',
        additionalFields: { l1ValidatorFeeBalanceThreshold: '1000000000', includeLogs: true },
      }),
    ])
    expect(validator?.metadata).toEqual({
      keyType: 'nodeId',
      keys: [nodeId],
      subEvents: { validatorActivitySubEvents: ['validator_stake', 'l1_validator_balance_threshold'] },
      l1ValidatorFeeBalanceThreshold: '1000000000',
    })
    expect(validator?.includeLogs).toBeUndefined()
  })

  it("names the form's fields in errors, never the wire parameters", async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const error = await run([
      webhook('createWebhook', {
        eventType: 'address_activity',
        url: RECEIVER,
        chainId,
        addresses: `${devnet.fixtures.data.evm.accounts.ewoq}, not-an-address`,
      }),
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NodeOperationError)
    expect((error as NodeOperationError).message).toMatch(/^Invalid value in "Addresses", item 2: /)
    expect((error as NodeOperationError).message).not.toContain('metadata')
    expect((error as NodeOperationError).description).toBe('Fix the field "Addresses"')

    const [missing] = await run([webhook('getWebhook', { webhookId: 'no-such-webhook' })], { continueOnFail: true })
    expect(missing).toMatchObject({ error: expect.stringMatching(/not found/i) })
  })

  it('lists the webhooks of the account for the Webhook field', async () => {
    const [created] = await run([
      webhook('createWebhook', {
        eventType: 'address_activity',
        url: RECEIVER,
        chainId: devnet.fixtures.data.evm.chains[0]?.chainId,
        addresses: devnet.fixtures.data.evm.accounts.ewoq,
        additionalFields: { name: 'listed-by-name' },
      }),
    ])
    const found = await node.methods.listSearch.searchWebhooks.call(loadOptionsFunctions(credentials), 'listed-by')
    expect(found.results).toEqual([{ name: 'listed-by-name (active)', value: created?.id }])
  })
})

describe('the shared secret', () => {
  const secretOps = (extra: IDataObject = {}) => [
    webhook('generateOrRotateSharedSecret', extra),
    webhook('getSharedSecret', extra),
  ]

  it('is withheld from the output by default, with a note saying how to get it', async () => {
    const items = await run(secretOps())
    const secret = (await core.data.getSharedSecret()).secret as string
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(items)).not.toContain(secret)
    expect(items[0]).toEqual({
      secretWithheld: true,
      note: expect.stringMatching(/^A new shared secret now signs .* turn on Include Secret in Output/),
    })
    expect(items[1]).toEqual({ secretWithheld: true, note: expect.stringMatching(/^The shared secret is not in/) })
  })

  it('is in the output with Include Secret in Output, and never when the node runs as an AI tool', async () => {
    const [included] = await run([webhook('getSharedSecret', { includeSecret: true })])
    expect(included).toEqual({ secret: (await core.data.getSharedSecret()).secret })

    const asTool = await run(secretOps({ includeSecret: true }), {
      nodeType: '@avalanche-automation/n8n-nodes-avalanche.avalancheTool',
    })
    const rotated = (await core.data.getSharedSecret()).secret as string
    expect(JSON.stringify(asTool)).not.toContain(rotated)
    expect(asTool[1]).toEqual({ secretWithheld: true, note: 'The shared secret is never given to an AI agent.' })
  })
})

describe('the Signature Aggregator resource against the devnet', () => {
  it('aggregates signatures over a message and reads those of a transaction', async () => {
    const message = `0x${'00'.repeat(6)}${'ab'.repeat(40)}`
    const [aggregated] = await run([
      {
        resource: 'signatureAggregator',
        operation: 'data.aggregateSignatures',
        network: 'fuji',
        message,
        additionalFields: { quorumPercentage: 67 },
      },
    ])
    const direct = await core.data.aggregateSignatures({ network: 'fuji', message })
    expect(aggregated).toEqual({ signedMessage: direct.signedMessage })
    const txHash = `0x${'cd'.repeat(32)}`
    const [signed] = await run([
      { resource: 'signatureAggregator', operation: 'data.getAggregatedSignatures', network: 'fuji', txHash },
    ])
    expect(signed).toEqual({
      signedMessage: (await core.data.getAggregatedSignatures({ network: 'fuji', txHash })).signedMessage,
    })
  })
})
