/**
 * The built server (`avalanche-mcp --http`) under 200 concurrent tool calls, in waves, while the devnet injects
 * faults: every call is answered, the process's memory stays bounded, and the API key never appears in any answer
 * or in the server's log.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url))
const API_KEY = 'mcp-load-secret-key-4f9a1c'
const CONCURRENCY = 200
const WAVES = 8

let devnet: Devnet
let server: ChildProcess
let url = ''
let log = ''

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, xTxs: 600, utxosPerAddress: 300, apiKeys: { [API_KEY]: 'full' } })
  server = spawn(process.execPath, [cli, '--http', '--port', '0', '--toolsets', 'all'], {
    env: {
      PATH: process.env.PATH,
      AVALANCHE_NODE_URL: devnet.url,
      AVALANCHE_DATA_API_URL: devnet.url,
      AVALANCHE_METRICS_API_URL: devnet.url,
      AVALANCHE_DATA_API_KEY: API_KEY,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  url = await new Promise<string>((resolve, reject) => {
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk
      const found = /listening on (\S+)/.exec(log)
      if (found) resolve(found[1] as string)
    })
    server.once('exit', (code) => reject(new Error(`avalanche-mcp exited with ${code}: ${log}`)))
  })
}, 30_000)

afterAll(async () => {
  server?.kill('SIGTERM')
  await devnet?.close()
})

let id = 0
async function callTool(name: string, args: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
  })
  const text = await response.text()
  // A call whose retries were logged answers as SSE: log notifications first, the response last.
  const json = response.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .at(-1)
        ?.slice(6) ?? '')
    : text
  return { status: response.status, text, body: JSON.parse(json) as { result?: { isError?: boolean } } }
}

describe('avalanche-mcp --http under load', () => {
  it(`answers ${WAVES} waves of ${CONCURRENCY} concurrent tool calls under faults with bounded memory and no key in any output`, async () => {
    const ewoq = devnet.fixtures.accounts.ewoq
    const evm = devnet.fixtures.data.evm
    const calls: [string, Record<string, unknown>, 'ok' | 'error'][] = [
      ['platform_getHeight', {}, 'ok'],
      ['avm_getUTXOs', { addresses: [ewoq.x], limit: 50 }, 'ok'],
      ['platform_getCurrentValidators', {}, 'ok'],
      ['data_listNativeTransactions', { chainId: evm.chains[0]?.chainId, address: evm.accounts.ewoq, limit: 25 }, 'ok'],
      ['platform_getBalance', { addresses: ['not-an-address'] }, 'error'],
    ]
    // Retryable faults on a share of the requests: core retries them inside each tool call.
    devnet.setFaults({ rateLimit: { every: 9, retryAfter: 0 }, httpError: { every: 13, status: 503 } })
    const pid = server.pid as number
    const rss: number[] = []
    const bodies: string[] = []
    let answered = 0
    let retriesExhausted = 0
    for (let wave = 0; wave < WAVES; wave++) {
      const results = await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, i) => {
          const [name, args, expected] = calls[i % calls.length] as (typeof calls)[number]
          const result = await callTool(name, args)
          expect(result.status, result.text).toBe(200)
          const isError = result.body.result?.isError ?? false
          if (expected === 'error') expect(isError, result.text).toBe(true)
          else if (isError) {
            // A call whose retries all met an injected fault: a clean, explained error result, nothing else.
            expect(result.text, name).toMatch(/HTTP (429|503) from (GET|POST) .*temporary: retry later/)
            retriesExhausted++
          }
          return result.text
        }),
      )
      answered += results.length
      if (wave === 0) bodies.push(...results)
      rss.push(rssMb(pid))
    }
    devnet.setFaults({})
    expect(answered).toBe(WAVES * CONCURRENCY)
    // Core's retries ride out nearly all of them (each attempt meets a fault about one time in five).
    expect(retriesExhausted).toBeLessThan(WAVES * CONCURRENCY * 0.02)
    process.stderr.write(
      `mcp load: RSS after each wave of ${CONCURRENCY} calls (MB): ${rss.map(Math.round).join(', ')}; calls whose retries all met a fault: ${retriesExhausted}\n`,
    )
    // Bounded: after warming up, more waves do not keep adding memory.
    const settled = rss[2] as number
    expect(Math.max(...rss.slice(2))).toBeLessThan(settled * 1.5 + 50)
    expect(Math.max(...rss)).toBeLessThan(600)
    for (const body of bodies) expect(body).not.toContain(API_KEY)
    expect(log).not.toContain(API_KEY)
    // Still serving after the load.
    expect((await callTool('platform_getHeight', {})).body.result?.isError ?? false).toBe(false)
  }, 180_000)
})
