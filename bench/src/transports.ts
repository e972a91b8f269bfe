/**
 * `pnpm --filter @avalanche-automation/bench run transports`: which HTTP client core should default to under Node.
 * Side by side in one run against the devnet (its own process): undici.request on an Agent and on a Pool, undici's
 * Agent.dispatch with a handler of its own (core's createUndiciTransport), Node's built-in fetch (itself undici) and
 * node:http (core's createNodeTransport), each sending platform.getHeight.
 * Per transport: calls/s and client CPU per call at concurrency 1 and 32 (alternating rounds, medians), the bytes it
 * adds to a one-request esbuild bundle, and the cold start of a program that makes one request (median of spawns).
 * Writes bench/results/transports.{md,json}.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import * as core from '@avalanche-automation/core'
import { build } from 'esbuild'
import { Agent, Pool, request } from 'undici'
import { spawnDevnet } from './devnet-process.ts'
import { fmt, throughput } from './measure.ts'

const exec = promisify(execFile)
const benchDir = fileURLToPath(new URL('..', import.meta.url))
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight', params: {} })
const headers = { 'content-type': 'application/json' }

/** Each transport as a program that makes one request to `process.argv[2]` and prints the height. */
const PROGRAMS = {
  'undici.request (Agent)': `import { Agent, request } from 'undici'
const agent = new Agent({ connections: 32 })
const res = await request(process.argv[2] + '/ext/bc/P', { method: 'POST', headers: ${JSON.stringify(headers)}, body: ${JSON.stringify(body)}, dispatcher: agent })
console.log((await res.body.json()).result.height); await agent.close()`,
  'undici.request (Pool)': `import { Pool } from 'undici'
const pool = new Pool(process.argv[2], { connections: 32 })
const res = await pool.request({ path: '/ext/bc/P', method: 'POST', headers: ${JSON.stringify(headers)}, body: ${JSON.stringify(body)} })
console.log((await res.body.json()).result.height); await pool.close()`,
  "undici Agent.dispatch (core's undici transport)": `import Agent from 'undici/lib/dispatcher/agent.js'
const agent = new Agent({ connections: 32 })
const chunks = []
agent.dispatch({ origin: process.argv[2], path: '/ext/bc/P', method: 'POST', headers: ${JSON.stringify(headers)}, body: ${JSON.stringify(body)} }, {
  onRequestStart() {}, onResponseStart() {}, onResponseData(_, chunk) { chunks.push(chunk) },
  onResponseEnd() { console.log(JSON.parse(Buffer.concat(chunks).toString()).result.height); agent.close() },
  onResponseError(_, error) { throw error },
})`,
  fetch: `const res = await fetch(process.argv[2] + '/ext/bc/P', { method: 'POST', headers: ${JSON.stringify(headers)}, body: ${JSON.stringify(body)} })
console.log((await res.json()).result.height)`,
  'node:http': `import { Agent, request } from 'node:http'
const agent = new Agent({ keepAlive: true, maxSockets: 32 })
const req = request(process.argv[2] + '/ext/bc/P', { method: 'POST', agent, headers: { ...${JSON.stringify(headers)}, 'content-length': ${Buffer.byteLength(body)} } }, (res) => {
  let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => { console.log(JSON.parse(text).result.height); agent.destroy() })
})
req.end(${JSON.stringify(body)})`,
} as const
type Name = keyof typeof PROGRAMS

interface Row {
  name: Name | 'node -e 0'
  c1: number
  c32: number
  cpuUsC1: number
  cpuUsC32: number
  bundleBytes: number
  coldWallMs: number
  coldCpuMs: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

/** Calls/s and client CPU (µs per call) of `call` at `concurrency`: one round. */
async function round(call: () => Promise<unknown>, concurrency: number, durationMs: number) {
  const cpu = process.cpuUsage()
  const t = await throughput(call, concurrency, durationMs)
  const used = process.cpuUsage(cpu)
  // The CPU of the warm-up is included; it runs at the same rate, so it is weighted by its share of the calls.
  const warm = Math.min(500, durationMs / 4)
  return { ops: t.opsPerSecond, cpuUs: (used.user + used.system) / (t.count * (1 + warm / durationMs)) }
}

async function coldStart(file: string, url: string, runs: number): Promise<{ wallMs: number; cpuMs: number }> {
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    // The child reports its own CPU time (user + system) at exit, so the parent's load does not count.
    const { stdout } = await exec(process.execPath, [
      '--import',
      'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();console.log("cpu",(u.user+u.system)/1000)})',
      file,
      url,
    ])
    wall.push(performance.now() - started)
    cpu.push(Number(/cpu ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN))
  }
  return { wallMs: median(wall), cpuMs: median(cpu) }
}

const devnet = await spawnDevnet([])
const url = devnet.url
const dir = mkdtempSync(join(benchDir, '.transports-'))
try {
  const agent = new Agent({ connections: 32 })
  const pool = new Pool(url, { connections: 32 })
  const nodeHttp = core.createNodeTransport()
  // Node's entry (the module-sync condition) exports it; the types this package sees are the bundlers' entry's.
  const { createUndiciTransport } = core as typeof core & { createUndiciTransport: typeof core.createNodeTransport }
  const undiciTransport = createUndiciTransport()
  const calls: Record<Name, () => Promise<unknown>> = {
    'undici.request (Agent)': async () =>
      (await request(`${url}/ext/bc/P`, { method: 'POST', headers, body, dispatcher: agent })).body.text(),
    'undici.request (Pool)': async () =>
      (await pool.request({ path: '/ext/bc/P', method: 'POST', headers, body })).body.text(),
    "undici Agent.dispatch (core's undici transport)": async () =>
      (await undiciTransport({ method: 'POST', url: `${url}/ext/bc/P`, headers, body })).body,
    fetch: async () => (await fetch(`${url}/ext/bc/P`, { method: 'POST', headers, body })).text(),
    'node:http': async () => (await nodeHttp({ method: 'POST', url: `${url}/ext/bc/P`, headers, body })).body,
  }
  const names = Object.keys(PROGRAMS) as Name[]
  for (const name of names) await throughput(calls[name], 8, 1_000) // warms the devnet and each client
  const measured: Record<string, { ops: number[]; cpu: number[] }> = {}
  for (const concurrency of [1, 32]) {
    for (let r = 0; r < 6; r++) {
      for (const name of r % 2 ? [...names].reverse() : names) {
        const m = await round(calls[name], concurrency, 700)
        const key = `${name} c${concurrency}`
        measured[key] ??= { ops: [], cpu: [] }
        const slot = measured[key]
        slot.ops.push(m.ops)
        slot.cpu.push(m.cpuUs)
      }
    }
    process.stderr.write(`transports: concurrency ${concurrency} measured\n`)
  }
  await agent.close()
  await pool.close()
  await nodeHttp.close()
  await undiciTransport.close()

  const rows: Row[] = []
  writeFileSync(join(dir, 'noop.mjs'), '')
  const noop = await coldStart(join(dir, 'noop.mjs'), url, 9)
  rows.push({
    name: 'node -e 0',
    c1: 0,
    c32: 0,
    cpuUsC1: 0,
    cpuUsC32: 0,
    bundleBytes: 0,
    coldWallMs: noop.wallMs,
    coldCpuMs: noop.cpuMs,
  })
  for (const name of names) {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.mjs`)
    writeFileSync(file, PROGRAMS[name])
    const out = join(dir, `${name.replace(/\W+/g, '-')}.bundle.mjs`)
    const result = await build({
      entryPoints: [file],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      write: false,
      absWorkingDir: benchDir,
      nodePaths: [join(benchDir, 'node_modules')],
    })
    const bundleBytes = result.outputFiles[0]?.contents.byteLength ?? 0
    const cold = await coldStart(file, url, 9)
    const at = (c: number) => measured[`${name} c${c}`] as { ops: number[]; cpu: number[] }
    rows.push({
      name,
      c1: median(at(1).ops),
      c32: median(at(32).ops),
      cpuUsC1: median(at(1).cpu),
      cpuUsC32: median(at(32).cpu),
      bundleBytes,
      coldWallMs: cold.wallMs,
      coldCpuMs: cold.cpuMs,
    })
  }

  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.versions.node}`
  const table = [
    '| transport | calls/s c1 | calls/s c32 | client CPU µs/call c1 | c32 | one-request bundle (esbuild, minified) | cold start, one request: wall / CPU (median of 9) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      r.name === 'node -e 0'
        ? `| ${r.name} (no request) | - | - | - | - | - | ${fmt(r.coldWallMs)} / ${fmt(r.coldCpuMs)} ms |`
        : `| ${r.name} | ${fmt(r.c1)} | ${fmt(r.c32)} | ${fmt(r.cpuUsC1)} | ${fmt(r.cpuUsC32)} | ${fmt(r.bundleBytes / 1e3)} kB | ${fmt(r.coldWallMs)} / ${fmt(r.coldCpuMs)} ms |`,
    ),
  ].join('\n')
  const markdown = `# Transports\n\nMeasured ${new Date().toISOString()} on ${machine}; the devnet in its own process on the same machine. platform.getHeight over keep-alive connections, six alternating rounds of 0.7 s per concurrency (medians). Client CPU is the client process's own user + system time per call, steadier than calls/s on a shared machine. Bundle: a program making one request; cold start: spawn to exit of that program, CPU as the child reports it. The Agent.dispatch row's calls go through core's createUndiciTransport (Agent.dispatch with core's own handler: no body stream); its cold start and bundle are those of a program doing the same with undici's Agent module alone.\n\n${table}\n`
  process.stdout.write(`\n${table}\n`)
  const results = new URL('../results/', import.meta.url)
  writeFileSync(new URL('transports.md', results), markdown)
  writeFileSync(new URL('transports.json', results), `${JSON.stringify({ machine, rows }, null, 2)}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
  await devnet.stop()
}
