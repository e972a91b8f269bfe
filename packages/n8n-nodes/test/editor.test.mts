/**
 * The nodes as a user meets them in a real n8n editor: `n8n start` with the packed package (n8n-server.mts),
 * Debian's Chromium driven by puppeteer-core (chromium.mts), the devnet as the node, Data API and Metrics API.
 * Each test adds nodes from the node picker, creates or selects credentials in the node panel, runs the node and
 * reads its output panel. A failing test saves a screenshot and n8n's log in test/screenshots/ and names them in the
 * failure.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { Browser } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import { launchChromium } from './chromium.mts'
import { EditorPage } from './editor-page.mts'
import { type N8nServer, startN8nServer } from './n8n-server.mts'

const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url))
const API_KEY = 'editor-test-data-api-key'
/** The names n8n gives the credentials the tests create in the node panel. */
const NODE_CREDENTIAL = 'Avalanche Node account'
const DATA_CREDENTIAL = 'Avalanche Data account'

let devnet: Devnet
let server: N8nServer
let browser: Browser
let editor: EditorPage

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, index: true, admin: true, apiKeys: { [API_KEY]: 'full' } })
  server = await startN8nServer()
  browser = await launchChromium()
  const page = await browser.newPage()
  await browser.setCookie({ name: 'n8n-auth', value: server.authCookie, domain: '127.0.0.1', path: '/' })
  editor = new EditorPage(page, server.url)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await devnet?.close()
})

beforeEach((context) => {
  onTestFailed(async () => {
    mkdirSync(screenshots, { recursive: true })
    const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)
    const path = join(screenshots, `${name}.png`)
    await editor.page.screenshot({ path }).catch(() => undefined)
    copyFileSync(server.logFile, join(screenshots, `${name}.n8n.log`))
    context.task.result?.errors?.push({ name: 'Screenshot', message: `The editor at the failure: ${path}` })
  })
})

/** The first value of `key` in the output panel's JSON text (a string's content, else the literal). */
function field(json: string, key: string): string | undefined {
  const match = new RegExp(`"${key}": ("([^"]*)"|[^,}\\]]+)`).exec(json)
  return match ? (match[2] ?? match[1]?.trim()) : undefined
}

/** Fills and saves the open credential dialog as a Node API credential of the devnet. */
async function saveNodeCredential(): Promise<void> {
  await editor.chooseCredentialType('Node API')
  expect(await editor.credentialFields()).not.toContain('baseUrl')
  await editor.selectInCredential('network', 'Custom (Base URL)')
  expect(await editor.credentialFields()).toContain('baseUrl')
  await editor.fillCredential('baseUrl', devnet.url)
  await editor.saveCredential()
}

/** Fills and saves the open credential dialog as a Data API credential of the devnet. */
async function saveDataCredential(): Promise<void> {
  await editor.chooseCredentialType('Data API')
  await editor.fillCredential('apiKey', API_KEY)
  await editor.fillCredential('dataApiUrl', devnet.url)
  await editor.fillCredential('metricsApiUrl', devnet.url)
  await editor.saveCredential()
}

/**
 * Gives the open node the credential its choice needs (`api`): created from the node panel when none exists yet,
 * else selected when n8n preselected another one (the only one, or the last used), in which case the panel must say
 * which credential the choice needs.
 */
async function useCredential(api: 'Node API' | 'Data API'): Promise<void> {
  const name = api === 'Node API' ? NODE_CREDENTIAL : DATA_CREDENTIAL
  const save = api === 'Node API' ? saveNodeCredential : saveDataCredential
  if (await editor.hasNoCredential()) {
    await editor.connectCredential()
    await save()
  }
  const selected = await editor.selectedCredential()
  // "Avalanche Data account 2" (the webhook test's) is of the same API: n8n numbers credentials of one type.
  if (selected && !selected.startsWith(name)) {
    expect(await editor.parametersText()).toContain(`needs an Avalanche ${api} credential`)
    if ((await editor.credentialOptions()).includes(name)) await editor.selectCredential(name)
    else {
      await editor.createCredentialFromList()
      await save()
    }
  }
  expect(await editor.selectedCredential()).toMatch(new RegExp(`^${name}`))
  expect(await editor.parametersText()).not.toContain('needs an Avalanche')
}

/** A new workflow with a manual trigger, then the Avalanche action `label` from the node picker. */
async function addAction(label: string): Promise<void> {
  await editor.newWorkflow()
  await editor.addManualTrigger()
  await editor.openAvalancheEntry(true)
  await editor.pick(label)
}

describe('the Avalanche node in the n8n editor', () => {
  it('keeps the picked operation when the credential is created from the node panel, and runs it', async () => {
    await addAction('Get height (P-Chain)')
    expect([await editor.value('resource'), await editor.value('operation')]).toEqual(['P-Chain', 'Get Height'])

    await editor.connectCredential()
    // The dialog's type choice is the node's `authentication` field, set to the picked action's API.
    expect(await editor.credentialType()).toBe('Node API')
    await saveNodeCredential()

    // Before the fix the editor replaced this with "Alias" (Admin) and hid the Resource field.
    expect(await editor.selectedCredential()).toBe(NODE_CREDENTIAL)
    expect([await editor.value('resource'), await editor.value('operation')]).toEqual(['P-Chain', 'Get Height'])
    const { height } = await createClient({ network: 'custom', nodeUrl: devnet.url }).platform.getHeight()
    const output = await editor.execute()
    expect([output.count, field(output.json, 'height')]).toEqual([1, height.toString()])

    await editor.closePanel()
    const nodes = await editor.canvasNodes()
    expect(
      nodes.some((n) => n.includes('Get Height: P-Chain')),
      nodes.join(' | '),
    ).toBe(true)
  }, 120_000)

  it('keeps a Data API action when n8n preselects the one (Node API) credential, until one of the Data API is made', async () => {
    await addAction('Get many ERC-20 balances (Data API EVM)')
    // With a single credential, n8n assigns it to a new node whatever its type (and sets the node's API to it).
    expect(await editor.selectedCredential()).toBe(NODE_CREDENTIAL)
    expect([await editor.value('resource'), await editor.value('operation')]).toEqual([
      'Data API EVM',
      'Get Many ERC-20 Balances',
    ])
    expect(await editor.parametersText()).toContain(
      'This resource needs an Avalanche Data API credential: select one under Credential above, or create one (its type: Data API)',
    )

    await editor.createCredentialFromList()
    await saveDataCredential()
    expect(await editor.selectedCredential()).toBe(DATA_CREDENTIAL)
    expect(await editor.parametersText()).not.toContain('needs an Avalanche')
    expect(await editor.value('operation')).toBe('Get Many ERC-20 Balances')

    const chain = devnet.fixtures.data.evm.chains[0]
    const ewoq = devnet.fixtures.data.evm.accounts.ewoq
    await editor.pickFromList('chainId', `${chain?.name} (${chain?.chainId})`)
    await editor.fill('address', ewoq)
    const balances = await editor.execute()
    expect(balances.count).toBeGreaterThan(1)
    expect([field(balances.json, 'ercType'), field(balances.json, 'balance')]).toEqual([
      'ERC-20',
      expect.stringMatching(/^\d+$/),
    ])

    // Switching to a credential of the other API and back keeps the operation and its fields.
    await editor.selectCredential(NODE_CREDENTIAL)
    expect(await editor.parametersText()).toContain('This resource needs an Avalanche Data API credential')
    expect(await editor.value('operation')).toBe('Get Many ERC-20 Balances')
    await editor.selectCredential(DATA_CREDENTIAL)
    expect(await editor.parametersText()).not.toContain('needs an Avalanche')
    expect([await editor.value('operation'), await editor.value('address')]).toEqual(['Get Many ERC-20 Balances', ewoq])
  }, 120_000)

  it("runs an operation of every other resource, each with its API's credential", async () => {
    const x = devnet.fixtures.chains.x
    const cases: [string, (json: string) => void, (() => Promise<void>)?][] = [
      ['Get node version (Node Info & Health)', (j) => expect(field(j, 'version')).toBe(devnet.fixtures.nodeVersion)],
      ['Get height (X-Chain)', (j) => expect(field(j, 'height')).toMatch(/^\d+$/)],
      [
        'Get many latest primary network transactions (Data API Primary Network)',
        (j) => expect(field(j, 'txHash')).toMatch(/^\w+$/),
      ],
      ['Check liveness (Metrics)', (j) => expect(j).toMatch(/"\w+":/)],
      // The Index Name defaults to X/block, which grows (X/tx stopped at Cortina).
      ['Get last accepted (Index)', (j) => expect(field(j, 'index')).toMatch(/^\d+$/)],
      [
        'Get chain aliases (Admin)',
        (j) => expect(j).toContain('"X"'),
        async () => {
          // Placeholders in angle brackets keep their text in the rendered option descriptions.
          const options = await editor.options('operation')
          expect(options.find((o) => o.startsWith('Alias API Endpoint'))).toContain('/ext/{alias}')
          await editor.fill('chain', x)
        },
      ],
    ]
    for (const [label, check, prepare] of cases) {
      await addAction(label)
      if (/Data API|Metrics/.test(label)) await useCredential('Data API')
      else await useCredential('Node API')
      await prepare?.()
      const { count, json } = await editor.execute()
      expect(count, label).toBeGreaterThan(0)
      check(json)
    }
  }, 240_000)

  it('creates a webhook with a new Data API credential, its fields chosen by the event type', async () => {
    await addAction('Create a webhook (Webhook)')
    expect([await editor.value('resource'), await editor.value('operation')]).toEqual(['Webhook', 'Create'])
    // A credential for the account that owns the webhooks, made from the node panel.
    if (await editor.hasNoCredential()) await editor.connectCredential()
    else await editor.createCredentialFromList()
    await saveDataCredential()
    expect(await editor.selectedCredential()).toMatch(new RegExp(`^${DATA_CREDENTIAL}`))
    expect(await editor.parametersText()).not.toContain('needs an Avalanche')

    const shown = async () => Promise.all(['addresses', 'network', 'validatorKey'].map((p) => editor.isShown(p)))
    expect(await shown()).toEqual([true, false, false])
    await editor.select('eventType', 'Validator Activity')
    expect(await shown()).toEqual([false, true, true])
    await editor.select('eventType', 'Address Activity (EVM)')
    expect(await shown()).toEqual([true, false, false])

    const chain = devnet.fixtures.data.evm.chains[0]
    const url = 'http://127.0.0.1:9/editor-test-receiver'
    await editor.fill('url', url)
    await editor.pickFromList('chainId', `${chain?.name} (${chain?.chainId})`)
    await editor.fill('addresses', devnet.fixtures.data.evm.accounts.ewoq)
    const { count, json } = await editor.execute()
    expect([count, field(json, 'url'), field(json, 'status'), field(json, 'chainId')]).toEqual([
      1,
      url,
      'active',
      chain?.chainId,
    ])
    const client = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
    const { webhooks = [] } = await client.data.listWebhooks()
    expect(webhooks.map((w) => [w.id, w.url])).toContainEqual([field(json, 'id'), url])
  }, 120_000)

  it('names the field as the editor shows it when a value is wrong', async () => {
    await addAction('Get balance (P-Chain)')
    await useCredential('Node API')
    await editor.fill('addresses', 'not-an-address')
    const error = await editor.executeFailing()
    expect(error).toContain('Invalid value in "Addresses", item 1: ')
    expect(error).not.toContain('addresses[0]')
  }, 120_000)

  it("lists the picker's actions by resource in the order users reach for them, Admin last", async () => {
    await editor.newWorkflow()
    await editor.addManualTrigger()
    const { description, items } = await editor.openAvalancheEntry(true)
    // n8n shows the trigger's description for the merged "Avalanche" entry, also when adding an action.
    expect(description).toMatch(/^Query Avalanche nodes, the Data API and the Metrics API, or start a workflow/)
    const resources = [...new Set(items.map((i) => /\(([^()]+)\)$/.exec(i)?.[1]).filter(Boolean))]
    expect(resources).toEqual([
      'Node Info & Health',
      'P-Chain',
      'X-Chain',
      'Data API EVM',
      'Data API Primary Network',
      'Metrics',
      'Webhook',
      'Signature Aggregator',
      'Index',
      'Admin',
    ])
    expect(items).toContain('Get many ERC-20 balances (Data API EVM)')
    expect(items).toContain('Create a webhook (Webhook)')
    expect(items).toContain('Get average TPS (Metrics)')
    expect(items).toContain('Probe health (Node Info & Health)')
  }, 120_000)
})

describe('the Avalanche Trigger in the n8n editor', () => {
  const chain = () => devnet.fixtures.data.evm.chains[0]
  const events: [string, string, (json: string) => void, (() => Promise<void>)?][] = [
    ['On new P-Chain block', 'New P-Chain Block', (j) => expect(field(j, 'height')).toMatch(/^\d+$/)],
    ['On new X-Chain block', 'New X-Chain Block', (j) => expect(field(j, 'height')).toMatch(/^\d+$/)],
    ['On new index container', 'New Index Container', (j) => expect(field(j, 'index')).toMatch(/^\d+$/)],
    ['On validator added or removed', 'Validator Added or Removed', (j) => expect(field(j, 'change')).toBe('added')],
    [
      'On new EVM block',
      'New EVM Block',
      (j) => expect(field(j, 'blockNumber')).toMatch(/^\d+$/),
      () => editor.pickFromList('chainId', `${chain()?.name} (${chain()?.chainId})`),
    ],
    [
      'On new transaction of an address',
      'New Transaction of an Address',
      (j) => expect(field(j, 'txHash')).toMatch(/^0x/),
      async () => {
        await editor.pickFromList('chainId', `${chain()?.name} (${chain()?.chainId})`)
        await editor.fill('address', devnet.fixtures.data.evm.accounts.ewoq)
      },
    ],
  ]

  it('shows readable event labels in the picker, and the same entry for actions', async () => {
    await editor.newWorkflow()
    const { description, items } = await editor.openAvalancheEntry()
    expect(description).toMatch(/^Query Avalanche nodes/)
    for (const [label] of events) expect(items).toContain(label)
  }, 60_000)

  it.each(events)(
    '%s: keeps the event with its credential and fetches a test event',
    async (label, name, check, fill) => {
      await editor.newWorkflow()
      await editor.openAvalancheEntry()
      await editor.pick(label)
      expect(await editor.value('event')).toBe(name)
      if (/EVM|address/.test(label)) await useCredential('Data API')
      else await useCredential('Node API')
      expect(await editor.value('event')).toBe(name)
      await fill?.()
      const { count, json } = await editor.execute()
      expect(count).toBe(1)
      check(json)
      await editor.closePanel()
      const nodes = await editor.canvasNodes()
      expect(
        nodes.some((n) => n.includes(name)),
        nodes.join(' | '),
      ).toBe(true)
    },
    120_000,
  )
})
