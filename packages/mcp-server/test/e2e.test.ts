/**
 * End to end: the BUILT CLI (dist/cli.mjs, run `pnpm build` first) driven by the MCP Inspector CLI over stdio and over
 * HTTP, against an in-process devnet that requires a Data API key. Every output and log is checked for the key.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const cli = `${root}dist/cli.mjs`
const inspector = `${root}node_modules/.bin/mcp-inspector`
const KEY = 'dk-secret-7c1e9a'
const WRONG_KEY = 'dk-wrong-42d0bb'
const TOKEN = 'http-token-91aa'

let devnet: Devnet
/** Everything any process printed, to search for secrets at the end. */
const outputs: string[] = []

/** Runs the Inspector CLI; resolves with its stdout parsed (exit code 5 = the tool returned isError). */
async function inspect(args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  try {
    const { stdout, stderr } = await run(inspector, ['--cli', ...args], { cwd: root, timeout: 20_000 })
    outputs.push(stdout, stderr)
    return { code: 0, json: JSON.parse(stdout) }
  } catch (error) {
    const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: number }
    outputs.push(stdout, stderr)
    if (code !== 5) throw error
    return { code, json: JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n{"error"')) || stdout) }
  }
}

const stdioServer = (key = KEY) => [
  'node',
  cli,
  '-e',
  'AVALANCHE_NETWORK=devnet',
  '-e',
  `AVALANCHE_NODE_URL=${devnet.url}`,
  '-e',
  `AVALANCHE_DATA_API_URL=${devnet.url}`,
  '-e',
  `AVALANCHE_METRICS_API_URL=${devnet.url}`,
  '-e',
  `AVALANCHE_DATA_API_KEY=${key}`,
]

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run pnpm build (turbo builds it before the tests)`)
  devnet = await startDevnet({ seed: 2, xTxs: 700, utxosPerAddress: 200, apiKeys: { [KEY]: 'full' } })
})
afterAll(async () => {
  await devnet?.close()
})

describe('built CLI over stdio, driven by the Inspector CLI', () => {
  /** tools/call of avalanche_call_operation: how the default configuration runs an operation it does not list. */
  const callOperation = (name: string, args: Record<string, unknown>, server = stdioServer()) =>
    inspect([
      ...server,
      '--method',
      'tools/call',
      '--tool-name',
      'avalanche_call_operation',
      '--tool-args-json',
      JSON.stringify({ name, arguments: args }),
    ])

  it('tools/list: the compact default', async () => {
    const { json } = await inspect([...stdioServer(), '--method', 'tools/list'])
    const names = (json.tools as { name: string }[]).map((t) => t.name)
    expect(names.length).toBeLessThanOrEqual(25)
    expect(Buffer.byteLength(JSON.stringify(json))).toBeLessThanOrEqual(25_000)
    expect(names).toContain('avalanche_find_operations')
    expect(names).toContain('avalanche_call_operation')
    expect(names).toContain('avalanche_validator_report')
    expect(names.some((n) => n.startsWith('admin_'))).toBe(false)
  })

  it('tools/call: a node operation, a Data API operation with the key, an invalid call', async () => {
    const height = await callOperation('platform_getHeight', {})
    expect(height.json.structuredContent).toEqual({ height: String(devnet.fixtures.p.height) })
    const data = await callOperation('data_listNativeTransactions', {
      chainId: 43112,
      address: devnet.fixtures.data.evm.accounts.ewoq,
      limit: 2,
    })
    expect((data.json.structuredContent as { transactions: unknown[] }).transactions).toHaveLength(2)
    const bad = await callOperation('avm_getUTXOs', { addresses: [] })
    expect(bad.code).toBe(5)
    expect(JSON.stringify(bad.json)).toContain('addresses: must hold from 1 to 1024 addresses')
  })

  it('a rejected key is reported without the key', async () => {
    const { json } = await callOperation('data_listChains', {}, stdioServer(WRONG_KEY))
    expect(JSON.stringify(json)).toMatch(/401/)
    outputs.push(JSON.stringify(json))
    expect(JSON.stringify(json)).not.toContain(WRONG_KEY)
  })
})

describe('built CLI over HTTP, driven by the Inspector CLI', () => {
  let server: ChildProcess
  let url: string
  const logs: string[] = []

  beforeAll(async () => {
    server = spawn(process.execPath, [cli, '--http', '--port', '0', '--auth-token', TOKEN], {
      env: {
        ...process.env,
        AVALANCHE_NETWORK: 'devnet',
        AVALANCHE_NODE_URL: devnet.url,
        AVALANCHE_DATA_API_URL: devnet.url,
        AVALANCHE_DATA_API_KEY: KEY,
      },
    })
    server.stdout?.on('data', (c) => logs.push(String(c)))
    url = await new Promise<string>((resolve, reject) => {
      server.stderr?.on('data', (c) => {
        logs.push(String(c))
        const match = /listening on (\S+)/.exec(logs.join(''))
        if (match?.[1]) resolve(match[1])
      })
      server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${logs.join('')}`)))
    })
  })
  afterAll(() => {
    server?.kill()
    outputs.push(...logs)
  })

  const remote = () => [url, '--transport', 'http', '--header', `Authorization: Bearer ${TOKEN}`]

  it('tools/list and tools/call, with toolsets chosen by header', async () => {
    const list = await inspect([...remote(), '--header', 'X-MCP-Toolsets: all', '--method', 'tools/list'])
    expect((list.json.tools as unknown[]).length).toBeGreaterThan(80)
    const call = await inspect([
      ...remote(),
      '--header',
      'X-MCP-Toolsets: evm',
      '--method',
      'tools/call',
      '--tool-name',
      'data_listErc20Balances',
      '--tool-args-json',
      JSON.stringify({ chainId: 43112, address: devnet.fixtures.data.evm.accounts.ewoq, limit: 2 }),
    ])
    expect(call.json.structuredContent).toHaveProperty('erc20TokenBalances')
    const networks = await inspect([...remote(), '--method', 'resources/read', '--uri', 'avalanche://networks'])
    const [resource] = networks.json.contents as { text: string }[]
    expect(JSON.parse(resource?.text ?? '{}').inUse).toMatchObject({ network: 'devnet', dataApiKey: 'configured' })
  })

  it('refuses a request without the bearer token', async () => {
    await expect(
      run(inspector, ['--cli', url, '--transport', 'http', '--method', 'tools/list'], { cwd: root }),
    ).rejects.toThrow()
  })
})

describe('secrets', () => {
  it('the Data API key appears in no output and no log', () => {
    expect(outputs.length).toBeGreaterThan(8)
    for (const out of outputs) {
      expect(out).not.toContain(KEY)
      expect(out).not.toContain(WRONG_KEY)
    }
  })
})
