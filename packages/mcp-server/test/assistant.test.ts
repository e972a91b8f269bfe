/**
 * An assistant's session with the BUILT server over stdio (run `pnpm build` first), default configuration, through the
 * SDK's Client: three typical questions answered with the listed tools only, every answer within the result budget.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MAX_RESULT_BYTES } from '../src/config.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of results in assertions
type Any = Record<string, any>

const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url))
let devnet: Devnet
let client: Client
let listed: Set<string>
const used: string[] = []
let contextBytes = 0

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run pnpm build (turbo builds it before the tests)`)
  devnet = await startDevnet({ seed: 7, xTxs: 400, utxosPerAddress: 100, evmTxs: 300 })
  client = new Client({ name: 'assistant', version: '1' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli],
      env: {
        PATH: process.env.PATH ?? '',
        AVALANCHE_NETWORK: 'devnet',
        AVALANCHE_NODE_URL: devnet.url,
        AVALANCHE_DATA_API_URL: devnet.url,
        AVALANCHE_METRICS_API_URL: devnet.url,
      },
      stderr: 'ignore',
    }),
  )
  const list = await client.listTools()
  contextBytes += Buffer.byteLength(JSON.stringify(list))
  listed = new Set(list.tools.map((t) => t.name))
}, 30_000)
afterAll(async () => {
  await client?.close()
  await devnet?.close()
  process.stderr.write(`assistant session: ${used.join(', ')}; ${contextBytes} bytes of tool list and results\n`)
})

/** One tool call as an assistant makes it: only a listed tool, the answer within the budget. */
async function ask(name: string, args: Record<string, unknown> = {}): Promise<Any> {
  expect(listed, `${name} is not in the default tools/list`).toContain(name)
  used.push(name)
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
  contextBytes += Buffer.byteLength(text)
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(DEFAULT_MAX_RESULT_BYTES)
  expect(result.isError, text).toBeFalsy()
  return result.structuredContent as Any
}

describe('an assistant with the default tools', () => {
  it('"Is validator NodeID-… healthy?"', async () => {
    const nodeID = devnet.fixtures.p.validators.primary[0] as string
    const report = await ask('avalanche_validator_report', { nodeID })
    const v = report.primaryNetwork.validator
    expect(v.connected).toBe(true)
    expect(v.uptime).toBeGreaterThan(0)
    expect(BigInt(v.weight)).toBeGreaterThan(0n)
    expect(Array.isArray(report.findings)).toBe(true)
    // Its node: is the chain it validates healthy?
    const status = await ask('avalanche_chain_status')
    expect(status.chains.find((c: Any) => c.chain === 'P').bootstrapped).toBe(true)
  })

  it('"What has address X-… been doing?"', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const overview = await ask('avalanche_address_overview', { address: ewoq.x, recentLimit: 3 })
    const avax = overview.x.balances.byAsset.find((a: Any) => a.assetID === devnet.fixtures.assets.avax.id)
    expect(BigInt(avax.total)).toBe(ewoq.xBalances[devnet.fixtures.assets.avax.id])
    expect(overview.x.recent.transactions.length).toBeGreaterThan(0)
    // The latest X-Chain transaction in detail.
    const txID = overview.x.recent.transactions[0].txHash
    const tx = await ask('avalanche_call_operation', { name: 'avm_getTx', arguments: { txID, encoding: 'json' } })
    expect(JSON.stringify(tx)).toContain(txID)
  })

  it('"What is the status of the chains?"', async () => {
    const status = await ask('avalanche_chain_status')
    expect(status.healthy).toBe(true)
    expect(status.chains.map((c: Any) => c.chain)).toEqual(['X', 'P', 'C'])
    const p = status.chains.find((c: Any) => c.chain === 'P')
    expect(p.height).toBe(String(devnet.fixtures.p.height))
    // The tip block of the P-Chain, and who validates it.
    const tip = await ask('avalanche_call_operation', {
      name: 'platform_getBlockByHeight',
      arguments: { height: p.height, encoding: 'json' },
    })
    expect(JSON.stringify(tip)).toContain(`"height":"${p.height}"`)
    const fields = ['validators.nodeID', 'validators.uptime']
    const validators = listed.has('platform_getCurrentValidators')
      ? await ask('platform_getCurrentValidators', { fields })
      : await ask('avalanche_call_operation', { name: 'platform_getCurrentValidators', arguments: {}, fields })
    expect(validators.validators.length).toBe(devnet.fixtures.p.validators.primary.length)
  })
})
