/**
 * `pnpm bench`: every figure is measured in this run, side by side, against the embedded devnet running in its own
 * process on this machine. Prints a table and writes bench/results/latest.{md,json}.
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { spawnDevnet } from './devnet-process.ts'
import { benchJsonRpc } from './jsonrpc.ts'
import { fmt } from './measure.ts'

const exec = promisify(execFile)
const quick = process.argv.includes('--quick')
const durationMs = quick ? 1_000 : 3_000
const walkSize = 100_000
const rows: { section: string; what: string; value: string; ratio: string; target: string }[] = []
const json: Record<string, unknown> = {}
const log = (line: string) => process.stderr.write(`${line}\n`)

interface Walk {
  elapsedMs: number
  seen: number
  peakRssMb: number
  checkpointsMb: number[]
}
async function walk(url: string, concurrency: number): Promise<Walk> {
  const script = fileURLToPath(new URL('./index-walk.ts', import.meta.url))
  const { stdout } = await exec(process.execPath, [script, url, String(walkSize), String(concurrency)], {
    maxBuffer: 1 << 20,
  })
  const result = JSON.parse(stdout) as Walk
  if (result.seen !== walkSize) throw new Error(`walk saw ${result.seen} containers, expected ${walkSize}`)
  return result
}

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`
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

// 2. Index walk of 100,000 containers: sequential pages vs the walker's concurrency, each in a fresh process.
for (const [label, extra] of [
  ['loopback', []],
  ['node 20 ms away', ['--latency-ms', '20']],
] as const) {
  const devnet = await spawnDevnet(['--index', '--x-txs', String(walkSize), ...extra])
  try {
    log(`index walk (${label}): sequential...`)
    const sequential = await walk(devnet.url, 1)
    log(`index walk (${label}): concurrency 4...`)
    const concurrent = await walk(devnet.url, 4)
    json[`index_walk_${label}`] = { sequential, concurrent }
    const speedup = sequential.elapsedMs / concurrent.elapsedMs
    const perSecond = (w: Walk) => fmt((w.seen / w.elapsedMs) * 1000)
    rows.push({
      section: 'Index walk',
      what: `${fmt(walkSize)} containers, ${label}: containers/s sequential vs concurrency 4`,
      value: `${perSecond(sequential)} vs ${perSecond(concurrent)}`,
      ratio: `${fmt(speedup, 2)}x faster`,
      target: '>= 3x',
    })
    for (const [name, w] of [
      ['sequential', sequential],
      ['concurrency 4', concurrent],
    ] as const) {
      const first = w.checkpointsMb[0] ?? 0
      const last = w.checkpointsMb.at(-1) ?? 0
      rows.push({
        section: 'Index walk',
        what: `peak RSS, ${label}, ${name} (RSS at 10% -> 100% of the walk)`,
        value: `${fmt(w.peakRssMb)} MB (${fmt(first)} -> ${fmt(last)} MB)`,
        ratio: `${fmt(last - first, 1)} MB growth`,
        target: '< 150 MB, flat',
      })
    }
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
