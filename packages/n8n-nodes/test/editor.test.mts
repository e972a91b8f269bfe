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
    expect(await editor.credentialFields()).not.toContain('baseUrl')
    await editor.selectInCredential('network', 'Custom (Base URL)')
    expect(await editor.credentialFields()).toContain('baseUrl')
    await editor.fillCredential('baseUrl', devnet.url)
    await editor.saveCredential()

    // Before the fix the editor replaced this with "Alias" (Admin) and hid the Resource field.
    expect(await editor.selectedCredential()).toBe(NODE_CREDENTIAL)
    expect([await editor.value('resource'), await editor.value('operation')]).toEqual(['P-Chain', 'Get Height'])
    const { height } = await createClient({ network: 'custom', nodeUrl: devnet.url }).platform.getHeight()
    expect(await editor.execute()).toEqual({ count: 1, first: { height: height.toString() } })

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
    await editor.chooseCredentialType('Data API')
    await editor.fillCredential('apiKey', API_KEY)
    await editor.fillCredential('dataApiUrl', devnet.url)
    await editor.fillCredential('metricsApiUrl', devnet.url)
    await editor.saveCredential()
    expect(await editor.selectedCredential()).toBe(DATA_CREDENTIAL)
    expect(await editor.parametersText()).not.toContain('needs an Avalanche')
    expect(await editor.value('operation')).toBe('Get Many ERC-20 Balances')

    const chain = devnet.fixtures.data.evm.chains[0]
    const ewoq = devnet.fixtures.data.evm.accounts.ewoq
    await editor.pickFromList('chainId', `${chain?.name} (${chain?.chainId})`)
    await editor.fill('address', ewoq)
    const balances = await editor.execute()
    expect(balances.count).toBeGreaterThan(1)
    expect(balances.first).toMatchObject({ ercType: 'ERC-20', balance: expect.stringMatching(/^\d+$/) })

    // Switching to a credential of the other API and back keeps the operation and its fields.
    await editor.selectCredential(NODE_CREDENTIAL)
    expect(await editor.parametersText()).toContain('This resource needs an Avalanche Data API credential')
    expect(await editor.value('operation')).toBe('Get Many ERC-20 Balances')
    await editor.selectCredential(DATA_CREDENTIAL)
    expect(await editor.parametersText()).not.toContain('needs an Avalanche')
    expect([await editor.value('operation'), await editor.value('address')]).toEqual(['Get Many ERC-20 Balances', ewoq])
  }, 120_000)
})
