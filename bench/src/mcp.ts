/**
 * The MCP server: cold start (spawn to `tools/list` answered, over stdio), the size of `tools/list` per configuration,
 * and tool calls per second over Streamable HTTP against the devnet, next to the same call through core.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { createClient, createNodeTransport } from '@avalanche-automation/core'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { fmt, type Throughput, throughput } from './measure.ts'

const cli = fileURLToPath(new URL('../../packages/mcp-server/dist/cli.mjs', import.meta.url))

/** Configurations whose `tools/list` is measured: the default, everything, and each toolset alone. */
export const MCP_CONFIGURATIONS: { label: string; flags: string[] }[] = [
  { label: 'default', flags: [] },
  { label: 'all', flags: ['--toolsets', 'all'] },
  { label: 'all + admin', flags: ['--toolsets', 'all', '--enable-admin'] },
  ...['node', 'xchain', 'pchain', 'index', 'evm', 'primary_network', 'staking', 'icm', 'metrics', 'webhooks'].map(
    (t) => ({ label: t, flags: ['--toolsets', t] }),
  ),
]

export interface McpResult {
  coldStartMs: number[]
  lists: { label: string; flags: string[]; tools: number; bytes: number }[]
  http: { concurrency: number; route: string; mcp: Rate; core: Rate; serverCpuUsPerCall: number }[]
}

interface Rate {
  opsPerSecond: number
  count: number
}

/** CPU time (user + system) a process has used, in microseconds (Linux /proc; 0 elsewhere). */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return 0
  }
}

/**
 * MCP and core measured in alternating slices, so that both meet the same load from whatever else runs on the
 * machine (one after the other, a burst elsewhere would land on one side only). Also the MCP server's CPU per call.
 */
async function alternate(
  mcp: () => Promise<unknown>,
  core: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
  pid?: number,
) {
  const rounds = 6
  const sum = { mcp: { count: 0, ms: 0 }, core: { count: 0, ms: 0 }, cpu: 0, calls: 0 }
  const counted = async () => {
    sum.calls++ // warm-up calls too: the CPU counter runs through them
    await mcp()
  }
  const add = (to: { count: number; ms: number }, t: Throughput) => {
    to.count += t.count
    to.ms += (t.count / t.opsPerSecond) * 1000
  }
  for (let round = 0; round < rounds; round++) {
    const before = cpuMicros(pid)
    const m = await throughput(counted, concurrency, durationMs / rounds)
    sum.cpu += cpuMicros(pid) - before
    add(sum.mcp, m)
    add(sum.core, await throughput(core, concurrency, durationMs / rounds))
  }
  const rate = (r: { count: number; ms: number }): Rate => ({ count: r.count, opsPerSecond: (r.count / r.ms) * 1000 })
  return { mcp: rate(sum.mcp), core: rate(sum.core), serverCpuUsPerCall: sum.cpu / sum.calls }
}

function serverEnv(url: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  return { ...env, AVALANCHE_NODE_URL: url, AVALANCHE_DATA_API_URL: url, AVALANCHE_METRICS_API_URL: url }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  return port
}

/** Spawns the stdio server and asks for its tool list: milliseconds from spawn to the answer, and the list. */
async function coldList(devnetUrl: string, flags: string[]) {
  const started = performance.now()
  const client = new Client({ name: 'bench', version: '0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli, ...flags],
      env: serverEnv(devnetUrl),
      stderr: 'ignore',
    }),
  )
  const list = await client.listTools()
  const ms = performance.now() - started
  await client.close()
  return { ms, tools: list.tools.length, bytes: Buffer.byteLength(JSON.stringify(list)) }
}

/**
 * `fetch` over core's transport (Node's http keep-alive pool). The SDK client's default fetch (undici's) costs several
 * times more per call than core's transport: with it the ratio would compare two HTTP clients, not the server.
 */
function nodeFetch(): typeof fetch & { close(): Promise<void> } {
  const transport = createNodeTransport()
  const send = async (input: string | URL | Request, init: RequestInit = {}) => {
    const response = await transport({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    })
    const headers = new Headers()
    for (const [k, v] of Object.entries(response.headers)) if (v !== undefined) headers.set(k, v)
    const empty = [101, 204, 205, 304].includes(response.status)
    return new Response(empty ? null : response.body, { status: response.status, headers })
  }
  return Object.assign(send as typeof fetch, { close: () => transport.close() })
}

export async function benchMcp(devnetUrl: string, durationMs: number, starts: number): Promise<McpResult> {
  await coldList(devnetUrl, []) // the first start after a build fills Node's compile cache
  const coldStartMs: number[] = []
  for (let i = 0; i < starts; i++) coldStartMs.push((await coldList(devnetUrl, [])).ms)
  const lists: McpResult['lists'] = []
  for (const { label, flags } of MCP_CONFIGURATIONS) lists.push({ label, flags, ...(await coldList(devnetUrl, flags)) })

  const port = await freePort()
  const server = await listening([cli, '--http', '--port', String(port)], devnetUrl)
  const relayPort = await freePort()
  const relay = await listening([relayScript, String(relayPort), devnetUrl], devnetUrl).catch((error) => {
    server.kill('SIGTERM')
    throw error
  })
  try {
    const url = new URL(`http://127.0.0.1:${port}/mcp`)
    const fetch = nodeFetch()
    // The default server; this client lists the P-Chain toolset by header, so platform_getHeight is a tool of its own.
    const direct = new Client({ name: 'bench', version: '0' })
    await direct.connect(
      new StreamableHTTPClientTransport(url, { fetch, requestInit: { headers: { 'X-MCP-Toolsets': 'pchain' } } }),
    )
    const viaDefault = new Client({ name: 'bench', version: '0' })
    await viaDefault.connect(new StreamableHTTPClientTransport(url, { fetch }))
    const viaRelay = new Client({ name: 'bench', version: '0' })
    await viaRelay.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${relayPort}/mcp`), { fetch }))
    const core = createClient({ nodeUrl: devnetUrl })
    const check = (result: Record<string, unknown>) => {
      if (result.isError) throw new Error(`platform_getHeight failed: ${JSON.stringify(result.content)}`)
    }
    const routes: Record<string, () => Promise<void>> = {
      platform_getHeight: async () => check(await direct.callTool({ name: 'platform_getHeight', arguments: {} })),
      'avalanche_call_operation (default tools)': async () =>
        check(
          await viaDefault.callTool({
            name: 'avalanche_call_operation',
            arguments: { name: 'platform_getHeight', arguments: {} },
          }),
        ),
      [RELAY_ROUTE]: async () => check(await viaRelay.callTool({ name: 'platform_getHeight', arguments: {} })),
    }
    const callCore = () => core.platform.getHeight()
    await throughput(routes.platform_getHeight as () => Promise<void>, 8, 1_000) // warm both processes
    const http: McpResult['http'] = []
    for (const [route, call] of Object.entries(routes)) {
      for (const concurrency of route === 'avalanche_call_operation (default tools)' ? [8] : [1, 8]) {
        const pid = route === RELAY_ROUTE ? relay.pid : server.pid
        http.push({ concurrency, route, ...(await alternate(call, callCore, concurrency, durationMs * 2, pid)) })
      }
    }
    await direct.close()
    await viaDefault.close()
    await viaRelay.close()
    await fetch.close()
    await core.close()
    return { coldStartMs, lists, http }
  } finally {
    server.kill('SIGTERM')
    relay.kill('SIGTERM')
  }
}

const relayScript = fileURLToPath(new URL('./mcp-relay.ts', import.meta.url))
/** The floor row's route: the same client and call against mcp-relay.ts, which does no MCP work. */
const RELAY_ROUTE = 'platform_getHeight through a bare Node relay that does no MCP work'

/** Spawns a server process and waits until it says it is listening. */
async function listening(args: string[], devnetUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: serverEnv(devnetUrl), stdio: ['ignore', 'ignore', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve())
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
  return child
}

/** The table rows of one MCP measurement (the full bench and `pnpm --filter @avalanche-automation/bench mcp`). */
export function mcpRows(mcp: McpResult) {
  const sorted = [...mcp.coldStartMs].sort((a, b) => a - b)
  return [
    {
      section: 'MCP server',
      what: `cold start: spawn to tools/list answered over stdio, default configuration (median of ${sorted.length}; min-max ${fmt(sorted[0] ?? 0)}-${fmt(sorted.at(-1) ?? 0)} ms)`,
      value: `${fmt(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms`,
      ratio: '-',
      target: '< 250 ms',
    },
    ...mcp.lists.map((l) => ({
      section: 'MCP server',
      what: `tools/list, ${l.label}${l.flags.length ? ` (${l.flags.join(' ')})` : ''}`,
      value: `${l.tools} tools, ${fmt(l.bytes / 1000, 1)} KB`,
      ratio: '-',
      target: l.label === 'default' ? '<= 25 tools, <= 25 KB' : '<= 128 tools',
    })),
    ...mcp.http.map((h) => ({
      section: 'MCP server',
      what: `calls/s over HTTP at concurrency ${h.concurrency}, ${h.route} vs core's platform.getHeight (alternating slices; ${h.route === RELAY_ROUTE ? 'relay' : 'MCP server'} CPU ${fmt(h.serverCpuUsPerCall)} µs per call)`,
      value: `${fmt(h.mcp.opsPerSecond)} vs ${fmt(h.core.opsPerSecond)}`,
      ratio: `${fmt(h.mcp.opsPerSecond / h.core.opsPerSecond, 2)}x of core`,
      target: h.route === RELAY_ROUTE ? '- (the floor)' : '>= 0.5x',
    })),
  ]
}
