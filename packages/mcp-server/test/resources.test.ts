import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedText, MAX_TEXT_CHARS } from '../src/server.js'
import { type Connection, connect, text } from './helpers.js'

const resourceText = (content: object | undefined) => String(content && 'text' in content ? content.text : '')

let devnet: Devnet
let mcp: Connection

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, index: true, xTxs: 700, utxosPerAddress: 200 })
  mcp = await connect(devnet, ['--toolsets', 'node,pchain,xchain,index'], { AVALANCHE_DATA_API_KEY: 'not-shown-7d1f' })
})
afterAll(async () => {
  await mcp?.close()
  await devnet?.close()
})

describe('resources', () => {
  it('networks: public endpoints and the ones in use, the key only as "configured"', async () => {
    const { resources } = await mcp.client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(['avalanche://networks', 'avalanche://catalog'])
    const read = await mcp.client.readResource({ uri: 'avalanche://networks' })
    const body = JSON.parse(resourceText(read.contents[0]))
    expect(body.inUse).toMatchObject({ network: 'devnet', node: devnet.url, dataApiKey: 'configured' })
    expect(body.networks.mainnet.nodeUrl).toBe('https://api.avax.network')
    expect(JSON.stringify(read)).not.toContain('not-shown-7d1f')
  })

  it('catalog: every operation with its tool name, marked when enabled', async () => {
    const read = await mcp.client.readResource({ uri: 'avalanche://catalog' })
    const markdown = resourceText(read.contents[0])
    expect(markdown).toContain('- ✓ `platform_getCurrentValidators`')
    expect(markdown).toContain('- · `data_listChains`')
    expect(markdown).toContain('needs --api-admin-enabled=true')
    await expect(mcp.client.readResource({ uri: 'avalanche://nope' })).rejects.toThrow(/Unknown resource/)
  })
})

describe('prompts', () => {
  it('validator health review and address activity summary name the tools to call', async () => {
    const { prompts } = await mcp.client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['validator_health_review', 'address_activity_summary'])
    const nodeID = devnet.fixtures.p.validators.primary[0] as string
    const review = await mcp.client.getPrompt({ name: 'validator_health_review', arguments: { nodeID } })
    const reviewText = String(review.messages[0]?.content.type === 'text' && review.messages[0].content.text)
    expect(reviewText).toContain('`avalanche_validator_report`')
    expect(reviewText).toContain(nodeID)
    const summary = await mcp.client.getPrompt({
      name: 'address_activity_summary',
      arguments: { address: devnet.fixtures.accounts.ewoq.x },
    })
    expect(JSON.stringify(summary.messages)).toContain('avalanche_address_overview')
    await expect(mcp.client.getPrompt({ name: 'validator_health_review', arguments: {} })).rejects.toThrow(/nodeID/)
  })
})

describe('bounded text output', () => {
  it('cuts long text with a note on how to get less at a time; structuredContent stays whole', async () => {
    const result = await mcp.call('index_getContainerRange', { indexName: 'X/tx', startIndex: 0, limit: 200 })
    const out = text(result)
    const whole = JSON.stringify(result.structuredContent)
    expect(whole.length).toBeGreaterThan(MAX_TEXT_CHARS)
    expect(out.length).toBeLessThan(MAX_TEXT_CHARS + 400)
    expect(out).toContain(`[truncated: ${MAX_TEXT_CHARS} of ${whole.length} characters shown.`)
    expect(out).toContain('smaller limit')
    expect(boundedText({ a: 1 })).toBe('{"a":1}')
  })

  it('descriptions name tools, not library walkers', async () => {
    const { tools } = await mcp.client.listTools()
    for (const tool of tools) expect(tool.description, tool.name).not.toMatch(/\.items\(|\.pages\(|pageToken/)
    const getBalance = tools.find((t) => t.name === 'platform_getBalance')
    expect(getBalance?.description).toContain('platform_getUTXOs')
  })
})
