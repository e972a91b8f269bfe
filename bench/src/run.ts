/**
 * `pnpm bench`: every figure is measured in this run, side by side, against the embedded devnet running in its own
 * process on this machine. Prints a table and writes bench/results/latest.{md,json}.
 */
import { execFile, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { pinning, spawnDevnet } from './devnet-process.ts'
import { benchJsonRpc } from './jsonrpc.ts'
import { fmt } from './measure.ts'

const exec = promisify(execFile)
const quick = process.argv.includes('--quick')
const durationMs = quick ? 500 : 1_500
const walkSize = 100_000
const rows: { section: string; what: string; value: string; ratio: string; target: string }[] = []
const json: Record<string, unknown> = {}
const log = (line: string) => process.stderr.write(`${line}\n`)

interface Walk {
  elapsedMs: number
  seen: number
  peakRssMb: number
  peakHeapMb: number
  checkpointsMb: number[]
}
async function walk(url: string, size: number, concurrency: number, mode: 'core' | 'raw' = 'core'): Promise<Walk> {
  const script = fileURLToPath(new URL('./index-walk.ts', import.meta.url))
  const command = [...(pinning()?.bench ?? []), process.execPath, script, url, String(size), String(concurrency), mode]
  const { stdout } = await exec(command[0] as string, command.slice(1), { maxBuffer: 1 << 20 })
  const result = JSON.parse(stdout) as Walk
  if (result.seen !== size) throw new Error(`walk saw ${result.seen} containers, expected ${size}`)
  return result
}

const pinned = pinning()
// The orchestrating process runs the JSON-RPC clients: keep it off the devnet's core too.
if (pinned) spawnSync('taskset', ['-cp', pinned.bench.at(-1) as string, String(process.pid)], { stdio: 'ignore' })
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}${pinned ? `; devnet pinned to core ${pinned.devnet.at(-1)}, clients to ${pinned.bench.at(-1)}` : ''}`
log(`machine: ${machine}`)

// 1. JSON-RPC throughput: core vs raw undici on the same keep-alive pool.
{
  const devnet = await spawnDevnet(['--index', '--x-txs', '5000'])
  try {
    for (const concurrency of [1, 32]) {
      log(`JSON-RPC mix at concurrency ${concurrency}...`)
      const r = await benchJsonRpc(devnet.url, concurrency, durationMs)
      json[`jsonrpc_c${concurrency}`] = r
      const ratio = r.core.opsPerSecond / r.raw.opsPerSecond
      rows.push({
        section: 'JSON-RPC',
        what: `calls/s at concurrency ${concurrency}: core vs raw undici (p50/p99 core ${fmt(r.core.p50Ms, 2)}/${fmt(r.core.p99Ms, 2)} ms)`,
        value: `${fmt(r.core.opsPerSecond)} vs ${fmt(r.raw.opsPerSecond)}`,
        ratio: `${fmt(ratio, 2)}x of raw`,
        target: '>= 0.85x',
      })
    }
  } finally {
    await devnet.stop()
  }
}

// 2. Index walk of 100,000 containers: sequential pages vs the walker's concurrency, each walk in a fresh process.
// On loopback both sides are CPU-bound on the same machine; concurrency exists to hide network latency, so the
// second scenario puts the devnet 50 ms away (its latency fault), like a public endpoint.
const perSecond = (w: Walk) => fmt((w.seen / w.elapsedMs) * 1000)
for (const [label, extra, concurrency] of [
  ['loopback', [], 4],
  ['node 50 ms away', ['--latency-ms', '50'], 8],
] as const) {
  const devnet = await spawnDevnet(['--index', '--x-txs', String(walkSize), ...extra])
  try {
    log(`index walk (${label}): sequential, then concurrency ${concurrency}...`)
    const sequential = await walk(devnet.url, walkSize, 1)
    const concurrent = await walk(devnet.url, walkSize, concurrency)
    json[`index_walk_${label}`] = { sequential, concurrent }
    rows.push({
      section: 'Index walk',
      what: `${fmt(walkSize)} containers, ${label}: containers/s sequential vs concurrency ${concurrency}`,
      value: `${perSecond(sequential)} vs ${perSecond(concurrent)}`,
      ratio: `${fmt(sequential.elapsedMs / concurrent.elapsedMs, 2)}x faster`,
      target: '>= 3x',
    })
  } finally {
    await devnet.stop()
  }
}

// 3. Memory of a walk: core vs a raw undici + JSON.parse walk (V8's own heap sizing sets the floor), and flatness:
// a walk ten times longer must not need more memory.
{
  const bigSize = quick ? walkSize : 1_000_000
  const devnet = await spawnDevnet(['--index', '--x-txs', String(bigSize)])
  try {
    log('memory: raw baseline walk, core walk, long core walk...')
    const raw = await walk(devnet.url, walkSize, 1, 'raw')
    const core = await walk(devnet.url, walkSize, 4)
    const long = await walk(devnet.url, bigSize, 4)
    json.memory = { raw, core, long }
    const mb = (w: Walk) => `${fmt(w.peakRssMb)} MB RSS, ${fmt(w.peakHeapMb)} MB heap`
    rows.push({
      section: 'Memory',
      what: `peak of a ${fmt(walkSize)}-container walk: core (concurrency 4) vs raw undici (sequential)`,
      value: `${mb(core)} vs ${mb(raw)}`,
      ratio: `${fmt(core.peakRssMb / raw.peakRssMb, 2)}x of raw RSS`,
      target: '< 150 MB',
    })
    rows.push({
      section: 'Memory',
      what: `flat as the walk grows: ${fmt(walkSize)} vs ${fmt(bigSize)} containers (core, concurrency 4)`,
      value: `${mb(core)} vs ${mb(long)}`,
      ratio: `${fmt(long.peakHeapMb / core.peakHeapMb, 2)}x heap for ${fmt(bigSize / walkSize)}x the walk`,
      target: 'flat',
    })
  } finally {
    await devnet.stop()
  }
}

const table = [
  '| section | measurement | value | ratio | target |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.section} | ${r.what} | ${r.value} | ${r.ratio} | ${r.target} |`),
].join('\n')
const markdown = `# Benchmark results\n\nMeasured ${new Date().toISOString()} on ${machine}. The devnet runs in its own process on the same machine; each index walk runs in a fresh process.\n\n${table}\n`
process.stdout.write(`\n${table}\n`)
if (!quick) {
  const dir = new URL('../results/', import.meta.url)
  writeFileSync(new URL('latest.md', dir), markdown)
  writeFileSync(
    new URL('latest.json', dir),
    `${JSON.stringify({ machine, date: new Date().toISOString(), results: json }, null, 2)}\n`,
  )
}
