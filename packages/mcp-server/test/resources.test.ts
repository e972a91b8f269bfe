import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TOOLSETS } from '../src/config.js'
import { DIRECT_TOOLS } from '../src/direct-tools.js'
import { toolName } from '../src/tools.js'
import { type Connection, connect } from './helpers.js'

const resourceText = (content: object | undefined) => String(content && 'text' in content ? content.text : '')

let devnet: Devnet
let mcp: Connection
let pOnly: Connection

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, index: true, xTxs: 700, utxosPerAddress: 200 })
  mcp = await connect(devnet, [], { AVALANCHE_DATA_API_KEY: 'not-shown-7d1f' })
  pOnly = await connect(devnet, ['--toolsets', 'node,pchain'])
})
afterAll(async () => {
  await mcp?.close()
  await pOnly?.close()
  await devnet?.close()
})

const read = async (uri: string, on = mcp) =>
  JSON.parse(resourceText((await on.client.readResource({ uri })).contents[0]))

describe('resources', () => {
  it('networks: public endpoints and the ones in use, the key only as "configured"', async () => {
    const { resources } = await mcp.client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(['avalanche://networks', 'avalanche://catalog'])
    const body = await read('avalanche://networks')
    expect(body.inUse).toMatchObject({ network: 'devnet', node: devnet.url, dataApiKey: 'configured' })
    expect(body.networks.mainnet.nodeUrl).toBe('https://api.avax.network')
    expect(JSON.stringify(body)).not.toContain('not-shown-7d1f')
  })

  it('catalog: every operation with its tool name, marked listed, reachable or not', async () => {
    const markdown = async (on: Connection) =>
      resourceText((await on.client.readResource({ uri: 'avalanche://catalog' })).contents[0])
    expect(await markdown(mcp)).toContain(`- ✓ \`${toolName(DIRECT_TOOLS[0] as string)}\``)
    expect(await markdown(mcp)).toContain('- ✓ `avalanche_validator_report`')
    expect(await markdown(mcp)).toContain('- · `platform_getHeight`')
    expect(await markdown(pOnly)).toContain('- ✗ `data_listChains`')
    expect(await markdown(mcp)).toContain('needs --api-admin-enabled=true')
    await expect(mcp.client.readResource({ uri: 'avalanche://nope' })).rejects.toThrow(/Unknown resource/)
  })
})

describe('resource templates', () => {
  it('lists a validator, a transaction, a block, an operation and a network template', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'avalanche://validators/{nodeID}',
      'avalanche://transactions/{chain}/{txID}',
      'avalanche://blocks/{chain}/{height}',
      'avalanche://operations/{name}',
      'avalanche://networks/{network}',
    ])
  })

  it('reads a validator by node ID, a transaction by ID and a block by height from the devnet', async () => {
    const f = devnet.fixtures
    const nodeID = f.p.validators.primary[0] as string
    const validator = await read(`avalanche://validators/${nodeID}`)
    expect(validator.nodeID).toBe(nodeID)
    expect(validator.primaryNetwork.validator.weight).toMatch(/^\d+$/)
    const tx = await read(`avalanche://transactions/X/${f.x.txs.send}`)
    expect(JSON.stringify(tx)).toContain(f.x.txs.send)
    const pTx = await read(`avalanche://transactions/p/${f.p.txs.addValidator}`)
    expect(pTx.encoding).toBe('json')
    const block = await read('avalanche://blocks/P/1')
    expect(JSON.stringify(block)).toContain('"height":"1"')
    const op = await read('avalanche://operations/platform_getHeight')
    expect(op).toMatchObject({ name: 'platform_getHeight', toolset: 'pchain' })
    expect(op.outputSchema.properties.height).toBeDefined()
    expect(await read('avalanche://networks/fuji')).toMatchObject({ network: 'fuji', networkId: 5 })
  })

  it('bad arguments and chains outside the toolsets are refused by name', async () => {
    await expect(read('avalanche://blocks/Q/1')).rejects.toThrow(/chain: use X, P or C/)
    await expect(read('avalanche://blocks/P/abc')).rejects.toThrow(/height: a whole number/)
    await expect(read(`avalanche://transactions/X/${devnet.fixtures.x.txs.send}`, pOnly)).rejects.toThrow(
      /needs the xchain toolset/,
    )
  })
})

describe('completions', () => {
  const complete = (ref: object, name: string, value: string) =>
    mcp.client.complete({ ref: ref as never, argument: { name, value } }).then((r) => r.completion.values)

  it('chain aliases, networks and operation names for template arguments', async () => {
    expect(await complete({ type: 'ref/resource', uri: 'avalanche://blocks/{chain}/{height}' }, 'chain', '')).toEqual([
      'X',
      'P',
      'C',
    ])
    expect(await complete({ type: 'ref/resource', uri: 'avalanche://networks/{network}' }, 'network', 'f')).toEqual([
      'fuji',
    ])
    const names = await complete(
      { type: 'ref/resource', uri: 'avalanche://operations/{name}' },
      'name',
      'platform_getB',
    )
    expect(names).toEqual(expect.arrayContaining(['platform_getBlock', 'platform_getBlockByHeight']))
    expect(names.every((n) => n.startsWith('platform_getB'))).toBe(true)
  })

  it('toolsets and chains for prompt arguments', async () => {
    const toolsets = await complete({ type: 'ref/prompt', name: 'explore_operations' }, 'toolset', '')
    expect(toolsets).toEqual(['default', 'all', ...DEFAULT_TOOLSETS])
    expect(await complete({ type: 'ref/prompt', name: 'chain_status_review' }, 'chain', 'c')).toEqual(['C'])
  })
})

describe('prompts', () => {
  it('name the tools to call, with the arguments cleaned', async () => {
    const { prompts } = await mcp.client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual([
      'validator_health_review',
      'address_activity_summary',
      'chain_status_review',
      'explore_operations',
    ])
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
    const explore = await mcp.client.getPrompt({ name: 'explore_operations', arguments: { task: 'tps\u0007 today' } })
    expect(JSON.stringify(explore.messages)).toContain('avalanche_find_operations')
    expect(JSON.stringify(explore.messages)).not.toContain('\\u0007')
    await expect(mcp.client.getPrompt({ name: 'validator_health_review', arguments: {} })).rejects.toThrow(/nodeID/)
  })
})
