/**
 * How fast the devnet serves index pages, per second of its own CPU (run `pnpm --filter @avalanche-automation/devnet
 * build` first):
 *
 *   node scripts/index-speed.ts [dist=dist] [containers=100000] [walks=5] [other dist]
 *
 * 1. `X/tx`: the CLI in a child process with a DAG era of `containers` txs; each walk fetches every container in
 *    pages of 1024 (hex), and the child's CPU (utime + stime from /proc/<pid>/stat) is read around it. The first walk
 *    warms the caches and the JIT and is not counted; the median of the others is printed.
 * 2. A grown world's `X/block` and `P/block` (the live rounds' blocks, whose tx IDs are rebuilt from checkpoints):
 *    in-process, after `containers / 4` rounds, so the figure is the CPU of server and client together per block
 *    (compare builds with it, not with the first figure).
 *
 * `dist` names the build to measure. With `other dist` (say a copy of the previous build), part 1 runs both CLIs and
 * alternates their walks, so that the load of a shared machine falls on both alike.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

const [distArg = 'dist', containersArg = '100000', walksArg = '5', otherArg] = process.argv.slice(2)
const distOf = (name: string) => fileURLToPath(new URL(`../${name}/`, import.meta.url))
const dist = distOf(distArg)
const containers = Number(containersArg)
const walks = Number(walksArg)
const TICKS_PER_SECOND = 100 // getconf CLK_TCK on Linux

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

async function walk(url: string, index: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 1024) {
    const res = await fetch(`${url}/ext/index/${index}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'index.getContainerRange',
        params: { startIndex: String(start), numToFetch: Math.min(1024, count - start), encoding: 'hex' },
      }),
    })
    const body = (await res.json()) as { result?: { containers: unknown[] } }
    if (body.result?.containers.length !== Math.min(1024, count - start)) throw new Error(`bad page at ${start}`)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const rate = (n: number, seconds: number) => `${Math.round(n / seconds).toLocaleString('en')}/s`

// 1. X/tx, the devnet's CPU alone.
async function spawnCli(name: string) {
  const child = spawn(
    process.execPath,
    [
      `${distOf(name)}cli.mjs`,
      '--port',
      '0',
      '--index',
      '--x-txs',
      String(containers + 1),
      '--x-dag-txs',
      String(containers),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
  return { name, child, url: line.trim(), perWalk: [] as number[] }
}
const clis = [await spawnCli(distArg), ...(otherArg ? [await spawnCli(otherArg)] : [])]
for (let k = 0; k <= walks; k++) {
  for (const cli of clis) {
    const before = cpuSeconds(cli.child.pid as number)
    await walk(cli.url, 'X/tx', containers)
    if (k > 0) cli.perWalk.push(cpuSeconds(cli.child.pid as number) - before)
  }
}
for (const { name, child, perWalk } of clis) {
  child.kill('SIGTERM')
  console.log(
    `${name} X/tx, ${containers} containers: ${rate(containers, median(perWalk))} of devnet CPU (median of ${walks} ` +
      `walks: ${perWalk.map((s) => s.toFixed(2)).join(', ')} s)`,
  )
}

// 2. A grown world's block indexes, server and client in one process.
const { startDevnet } = (await import(pathToFileURL(`${dist}index.mjs`).href)) as typeof import('../src/index.js')
const devnet = await startDevnet({ index: true })
devnet.advance(Math.floor(containers / 4))
const tip = devnet.tip()
for (const [index, count] of [
  ['X/block', tip.x],
  ['P/block', tip.p],
] as const) {
  const times: number[] = []
  for (let k = 0; k <= walks; k++) {
    const before = process.cpuUsage()
    await walk(devnet.url, index, count)
    const used = process.cpuUsage(before)
    if (k > 0) times.push((used.user + used.system) / 1e6)
  }
  console.log(`${index}, ${count} blocks (grown world): ${rate(count, median(times))} of CPU, server and client`)
}
await devnet.close()
