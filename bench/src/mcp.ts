/**
 * The MCP server: cold start (spawn to `tools/list` answered, over stdio), the size of `tools/list` for the default
 * toolsets, and tool calls per second over Streamable HTTP against the devnet, next to the same call through core.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { createClient } from '@avalanche-automation/core'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type Throughput, throughput } from './measure.ts'

const cli = fileURLToPath(new URL('../../packages/mcp-server/dist/cli.mjs', import.meta.url))

export interface McpResult {
  coldStartMs: number[]
  toolsListBytes: number
  tools: number
  http: { concurrency: number; mcp: Throughput; core: Throughput }[]
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

export async function benchMcp(devnetUrl: string, durationMs: number, starts: number): Promise<McpResult> {
  const coldStartMs: number[] = []
  let toolsListBytes = 0
  let tools = 0
  for (let i = 0; i < starts; i++) {
    const started = performance.now()
    const client = new Client({ name: 'bench', version: '0' })
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [cli], env: serverEnv(devnetUrl), stderr: 'ignore' }),
    )
    const list = await client.listTools()
    coldStartMs.push(performance.now() - started)
    toolsListBytes = Buffer.byteLength(JSON.stringify(list))
    tools = list.tools.length
    await client.close()
  }

  const port = await freePort()
  const server = spawn(process.execPath, [cli, '--http', '--port', String(port)], {
    env: serverEnv(devnetUrl),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve())
      server.once('exit', (code) => reject(new Error(`avalanche-mcp --http exited with ${code}`)))
    })
    const mcp = new Client({ name: 'bench', version: '0' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)))
    const core = createClient({ nodeUrl: devnetUrl })
    const callMcp = async () => {
      const result = await mcp.callTool({ name: 'platform_getHeight', arguments: {} })
      if (result.isError) throw new Error(`platform_getHeight failed: ${JSON.stringify(result.content)}`)
    }
    const callCore = () => core.platform.getHeight()
    await throughput(callMcp, 8, 1_000) // warm both processes
    const http: McpResult['http'] = []
    for (const concurrency of [1, 8]) {
      http.push({
        concurrency,
        mcp: await throughput(callMcp, concurrency, durationMs),
        core: await throughput(callCore, concurrency, durationMs),
      })
    }
    await mcp.close()
    await core.close()
    return { coldStartMs, toolsListBytes, tools, http }
  } finally {
    server.kill('SIGTERM')
  }
}
