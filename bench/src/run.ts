/**
 * `pnpm bench`: every figure is measured in this run, side by side, against the embedded devnet running in its own
 * process on this machine. Prints a table and writes bench/results/latest.{md,json} (`--quick`: quick.{md,json}).
 * Sections: core vs raw undici (JSON-RPC, index walks, memory), then core vs peer libraries (node JSON-RPC mix with
 * wire checks, a 20,000-item Data API walk), full walks (full mode), and package cost (installed and bundled bytes).
 * The fault suite is separate: `pnpm --filter @avalanche-automation/bench run faults`.
 */
import { execFile, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, type as osType, release, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { runChild } from './child.ts'
import { benchColdStart, type ColdStart } from './cold-start.ts'
import { devnetFixtures, devnetLoad, pinning, spawnDevnet } from './devnet-process.ts'
import { benchJsonRpc } from './jsonrpc.ts'
import { benchMcp, mcpRows } from './mcp.ts'
import { fmt, medianBy } from './measure.ts'
import { CORE, packageCost } from './package-cost.ts'
import { CHECKS, LIBRARIES, LIBRARY_LABELS, MIX } from './peers/libraries.ts'
import { benchPeersData, DATA_LABELS, DATA_MODES } from './peers-data.ts'
import { benchPeersJsonRpc } from './peers-jsonrpc.ts'

const exec = promisify(execFile)
const quick = process.argv.includes('--quick')
const durationMs = quick ? 500 : 1_500
const walkSize = 100_000
const rows: { section: string; what: string; value: string; ratio: string; target: string }[] = []
const json: Record<string, unknown> = {}
/** Further tables and notes, printed and written after the main table. */
const sections: string[] = []
const log = (line: string) => process.stderr.write(`${line}\n`)
const started = Date.now()
/** Seconds each part of the run took (to keep --quick about 3 minutes and the full run under 15). */
const timings: Record<string, number> = {}
let lapStart = started
const lap = (label: string) => {
  timings[label] = (Date.now() - lapStart) / 1000
  lapStart = Date.now()
  log(`  (${label}: ${fmt(timings[label] as number, 1)} s)`)
}

interface Walk {
  elapsedMs: number
  cpuMs: number
  /** The devnet process's CPU during the walk (index walk rows). */
  devnetCpuMs?: number
  seen: number
  peakRssMb: number
  peakHeapMb: number
  checkpointsMb: number[]
  /** The heap left after a full collection at each tenth of the walk (a walk with `live`). */
  liveHeapMb: number[]
}
async function walk(
  url: string,
  size: number,
  concurrency: number,
  mode: 'core' | 'raw' = 'core',
  live = false,
): Promise<Walk> {
  const script = fileURLToPath(new URL('./index-walk.ts', import.meta.url))
  const node = [process.execPath, ...(live ? ['--expose-gc'] : [])]
  const command = [...(pinning()?.bench ?? []), ...node, script, url, String(size), String(concurrency), mode]
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
const machineInfo = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: totalmem() / 2 ** 30,
  os: `${osType()} ${release()}`,
  node: process.versions.node,
  pinning: pinned ? { devnet: pinned.devnet.at(-1), clients: pinned.bench.at(-1) } : 'none (taskset missing or 1 core)',
  mode: quick ? 'quick' : 'full',
}

// 1. JSON-RPC throughput: core (its default transport) vs raw undici.request.
{
  const devnet = await spawnDevnet(['--index', '--x-txs', '5000'])
  try {
    for (const concurrency of [1, 32]) {
      log(`JSON-RPC mix at concurrency ${concurrency}...`)
      const r = await benchJsonRpc(devnet.url, concurrency, durationMs)
      json[`jsonrpc_c${concurrency}`] = r
      const ratio = medianBy(r.pairRatios, (x) => x) as number
      rows.push({
        section: 'JSON-RPC',
        what: `calls/s at concurrency ${concurrency}: core vs raw undici, median rounds (ratio: the median of ${r.pairRatios.length} back-to-back pairs ${r.pairRatios.map((x) => fmt(x, 2)).join(', ')}; client CPU per call core ${fmt(r.core.cpuUsPerOp)} vs raw ${fmt(r.raw.cpuUsPerOp)} µs; p50/p99 core ${fmt(r.core.p50Ms, 2)}/${fmt(r.core.p99Ms, 2)} ms)`,
        value: `${fmt(r.core.opsPerSecond)} vs ${fmt(r.raw.opsPerSecond)}`,
        ratio: `${fmt(ratio, 2)}x of raw`,
        // Issue 18's targets: 0.9x with one call in flight, 0.95x with 32.
        target: concurrency === 1 ? '>= 0.9x' : '>= 0.95x',
      })
    }
    log('cold start: node -e 0, one call by node:http, by core, by two peers, the Action...')
    const cold = benchColdStart(devnet.url, quick ? 3 : 21)
    json.cold_start = cold
    const floor = cold.http
    const cpuWall = (c: ColdStart) => `${fmt(c.cpuMs)} ms CPU (${fmt(c.wallMs)} ms wall)`
    for (const [label, c] of [
      ['a program making one call (platform.getHeight) through core', cold.core],
      ['the same program through the lean entry @avalanche-automation/core/node', cold.coreNode],
      ["the Action's dist/index.js running one check (node-version)", cold.action],
    ] as const) {
      rows.push({
        section: 'Cold start',
        what: `${label} vs node -e 0 plus the request (one call by node:http: ${cpuWall(floor)}; node -e 0: ${cpuWall(cold.node)}), medians of ${cold.runs}`,
        value: `${cpuWall(c)} vs ${cpuWall(floor)}`,
        ratio: `${fmt(c.cpuMs / floor.cpuMs, 2)}x CPU, ${fmt(c.wallMs / floor.wallMs, 2)}x wall`,
        target: '<= 1.2x',
      })
    }
    for (const [peer, c] of [
      ['@avalabs/avalanchejs 5 (pvm.PVMApi)', cold.avalanchejs],
      ['@avalanche-sdk/client (createAvalancheClient)', cold.sdkClient],
    ] as const) {
      rows.push({
        section: 'Cold start',
        what: `the same program through ${peer} vs through @avalanche-automation/core/node, medians of ${cold.runs}`,
        value: `${cpuWall(c)} vs ${cpuWall(cold.coreNode)}`,
        ratio: `core ${fmt(cold.coreNode.cpuMs / c.cpuMs, 2)}x CPU (the peer ${fmt(c.cpuMs / floor.cpuMs, 2)}x of node -e 0 plus the request)`,
        target: 'core <= 1x',
      })
    }
  } finally {
    await devnet.stop()
  }
}

/**
 * Devnet flags for an index X/tx of `size` containers: X/tx holds the DAG era only (pre-Cortina, like Mainnet's, which
 * holds millions), so the DAG era is `size` txs and one more tx opens the linear chain.
 */
const dagIndexOf = (size: number) => ['--index', '--x-txs', String(size + 1), '--x-dag-txs', String(size)]

// 2. Index walk of 100,000 containers: sequential pages vs the walker's concurrency, each walk in a fresh process.
// On loopback both sides are CPU-bound on the same machine; concurrency exists to hide network latency, so the
// second scenario puts the devnet 50 ms away (its latency fault), like a public endpoint.
const perSecond = (w: Walk) => fmt((w.seen / w.elapsedMs) * 1000)
const medianWalk = (walks: Walk[]) => medianBy(walks, (w) => w.elapsedMs) as Walk
for (const [label, extra, concurrency] of [
  ['loopback', [], 4],
  ['node 50 ms away', ['--latency-ms', '50'], 8],
] as const) {
  const devnet = await spawnDevnet([...dagIndexOf(walkSize), ...extra])
  try {
    // Three walks each, alternating (one walk is one sample of a noisy machine); the medians by time are compared.
    const rounds = quick ? 1 : 3
    log(`index walk (${label}): ${rounds} x (sequential, then concurrency ${concurrency})...`)
    const sequentials: Walk[] = []
    const concurrents: Walk[] = []
    // The devnet's CPU during each walk: when it nears the walk's time, the devnet (not the client) is the ceiling.
    const timed = async (c: number) => {
      const before = devnet.cpuMs()
      const own = process.cpuUsage()
      const w = await walk(devnet.url, walkSize, c)
      const mine = process.cpuUsage(own)
      return { ...w, devnetCpuMs: devnet.cpuMs() - before, benchCpuMs: (mine.user + mine.system) / 1000 }
    }
    for (let r = 0; r < rounds; r++) {
      sequentials.push(await timed(1))
      concurrents.push(await timed(concurrency))
    }
    const sequential = medianWalk(sequentials)
    const concurrent = medianWalk(concurrents)
    json[`index_walk_${label}`] = { sequential, concurrent, sequentials, concurrents }
    const cpuOf = (w: Walk) =>
      `${fmt(w.elapsedMs)} ms: client CPU ${fmt(w.cpuMs)}, devnet CPU ${fmt(w.devnetCpuMs ?? 0)}`
    rows.push({
      section: 'Index walk',
      what: `${fmt(walkSize)} containers, ${label}: containers/s sequential vs concurrency ${concurrency} (medians of ${rounds}; ratios of single pairs ${sequentials.map((w, i) => fmt(w.elapsedMs / (concurrents[i] as Walk).elapsedMs, 2)).join(', ')}; the median concurrent walk ${cpuOf(concurrent)})`,
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
  const devnet = await spawnDevnet(dagIndexOf(bigSize))
  try {
    const runs = quick ? 3 : 5
    log(`memory: raw and core walks, one page and four pages in flight (${runs} each), then a long core walk...`)
    // Peak RSS moves with V8's young generation from one process to the next: the median of several walks per side.
    const walks: Record<'raw1' | 'core1' | 'raw4' | 'core4', Walk[]> = { raw1: [], core1: [], raw4: [], core4: [] }
    for (let r = 0; r < runs; r++) {
      walks.raw1.push(await walk(devnet.url, walkSize, 1, 'raw'))
      walks.core1.push(await walk(devnet.url, walkSize, 1))
      walks.raw4.push(await walk(devnet.url, walkSize, 4, 'raw'))
      walks.core4.push(await walk(devnet.url, walkSize, 4))
    }
    const median = (list: Walk[]) => medianBy(list, (w) => w.peakRssMb) as Walk
    const [raw, sequential, raw4, core] = [
      median(walks.raw1),
      median(walks.core1),
      median(walks.raw4),
      median(walks.core4),
    ]
    const long = await walk(devnet.url, bigSize, 4)
    // Peaks grow with a longer walk on both sides as V8 sizes its heap by the allocation it has seen: raw's long walk
    // is the baseline, and a walk that collects fully at each tenth shows what core keeps.
    const longRaw = await walk(devnet.url, bigSize, 4, 'raw')
    const live = await walk(devnet.url, bigSize, 4, 'core', true)
    json.memory = { raw, sequential, raw4, core, long, longRaw, live }
    const mb = (w: Walk) => `${fmt(w.peakRssMb)} MB RSS, ${fmt(w.peakHeapMb)} MB heap`
    const all = (list: Walk[]) => list.map((w) => fmt(w.peakRssMb)).join(', ')
    // The same walk on both sides, with as many pages in flight: what core itself adds. Four pages in flight hold up
    // to four pages of about 3.4 MB (body, text and parsed containers each) on either side: the price of the overlap.
    rows.push({
      section: 'Memory',
      what: `peak of a ${fmt(walkSize)}-container walk, one page at a time: core vs raw undici (medians of ${runs}; RSS ${all(walks.core1)} vs ${all(walks.raw1)} MB)`,
      value: `${mb(sequential)} vs ${mb(raw)}`,
      ratio: `${fmt(sequential.peakRssMb / raw.peakRssMb, 2)}x of raw RSS`,
      target: '<= 1.1x',
    })
    rows.push({
      section: 'Memory',
      what: `peak of a ${fmt(walkSize)}-container walk, four pages in flight: core (concurrency 4) vs raw undici (medians of ${runs}; RSS ${all(walks.core4)} vs ${all(walks.raw4)} MB)`,
      value: `${mb(core)} vs ${mb(raw4)}`,
      ratio: `${fmt(core.peakRssMb / raw4.peakRssMb, 2)}x of raw RSS (${fmt(core.peakRssMb / raw.peakRssMb, 2)}x of raw one page at a time)`,
      target: '<= 1.1x',
    })
    const heapGrowth = (short: Walk, longer: Walk) => fmt(longer.peakHeapMb / short.peakHeapMb, 2)
    const kept = live.liveHeapMb
    rows.push({
      section: 'Memory',
      what: `flat as the walk grows: ${fmt(walkSize)} vs ${fmt(bigSize)} containers (core, concurrency 4; raw's walks ${mb(raw4)} vs ${mb(longRaw)}, ${heapGrowth(raw4, longRaw)}x heap; the heap core's long walk keeps, after a full GC at each tenth: ${kept.map((m) => fmt(m, 1)).join(', ')} MB)`,
      value: `${mb(core)} vs ${mb(long)}`,
      ratio: `${heapGrowth(core, long)}x heap for ${fmt(bigSize / walkSize)}x the walk (raw ${heapGrowth(raw4, longRaw)}x); kept ${fmt(Math.max(...kept) / Math.min(...kept), 2)}x from least to most`,
      target: 'flat',
    })
  } finally {
    await devnet.stop()
  }
}

lap('JSON-RPC, index walks, memory')

// 4. Peers, node JSON-RPC: the same mix through core, each peer library and raw undici, each in its own process.
{
  const concurrencies = [1, 32]
  const peers = await benchPeersJsonRpc({
    durationMs: quick ? 250 : 1_000,
    warmUpMs: quick ? 1_000 : 2_000,
    rounds: quick ? 2 : 4,
    concurrencies,
    log,
  })
  json.peers_jsonrpc = peers
  const shortName = (name: string) => LIBRARY_LABELS[name as keyof typeof LIBRARY_LABELS]
  for (const concurrency of concurrencies) {
    for (const name of LIBRARIES) {
      if (name === 'core') continue
      const t = peers.throughput[name][`c${concurrency}`]
      const calls = peers.mix[name]
      if (!t) {
        rows.push({
          section: 'Peers JSON-RPC',
          what: `calls/s at concurrency ${concurrency}: ${shortName(name)}`,
          value: 'not measured: no call of the mix passed verification',
          ratio: '-',
          target: '-',
        })
        continue
      }
      const mixText =
        calls.length === MIX.length
          ? `the ${MIX.length}-call mix`
          : `the ${calls.length} calls it has (${calls.join(', ')})`
      rows.push({
        section: 'Peers JSON-RPC',
        what: `calls/s at concurrency ${concurrency}, ${mixText}: ${shortName(name)} vs core (p50/p99 ${fmt(t.library.p50Ms, 1)}/${fmt(t.library.p99Ms, 1)} vs ${fmt(t.core.p50Ms, 1)}/${fmt(t.core.p99Ms, 1)} ms)`,
        value: `${fmt(t.library.opsPerSecond)} vs ${fmt(t.core.opsPerSecond)}`,
        ratio: `core ${fmt(t.core.opsPerSecond / t.library.opsPerSecond, 2)}x`,
        target: name === 'raw' ? 'ceiling (core >= 0.85x of raw)' : 'core >= 1x',
      })
    }
  }
  for (const name of LIBRARIES) {
    if (name === 'core' || !peers.mix[name].length) continue
    const m = peers.memory[name]
    const c = peers.memory.core
    rows.push({
      section: 'Peers JSON-RPC',
      what: `peak RSS of the process running the mix (c1 and c32): ${shortName(name)} vs core`,
      value: `${fmt(m.peakRssMb)} MB vs ${fmt(c.peakRssMb)} MB (heap ${fmt(m.peakHeapMb)} vs ${fmt(c.peakHeapMb)} MB)`,
      ratio: `core ${fmt(c.peakRssMb / m.peakRssMb, 2)}x`,
      target: 'core <= 1x',
    })
  }
  const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '/').replace(/\n/g, ' ')
  const names = LIBRARIES.filter((n) => n !== 'raw')
  const blocked = names
    .filter((n) => peers.blocked[n].length)
    .map((n) => `- ${shortName(n)} tried to reach ${peers.blocked[n].join(', ')} (blocked)`)
  sections.push(
    [
      '## Peer wire checks (node JSON-RPC)',
      '',
      'Each call once against the devnet before any timing; only `ok` calls of the mix are benchmarked. `wrong` = the call returned without an error but with a wrong result; `fails` = it threw on a valid request (or lost what the server said).',
      '',
      `| call | ${names.map(shortName).join(' | ')} |`,
      `|---|${names.map(() => '---').join('|')}|`,
      ...[...MIX, ...CHECKS].map(
        (call) => `| ${call} | ${names.map((n) => cell(peers.verified[n][call])).join(' | ')} |`,
      ),
      ...(blocked.length ? ['', ...blocked] : []),
    ].join('\n'),
  )
}

lap('peers JSON-RPC')

// 5. Peers, Data API: 50,000 items of a paginated list, each walk in a fresh process.
{
  const data = await benchPeersData({ items: 50_000, repetitions: quick ? 1 : 5, firstItemWalks: quick ? 2 : 10, log })
  json.peers_data = data
  const core = data.walks.core
  const perSecondOf = (w: { seen: number; elapsedMs: number }) => (w.seen / w.elapsedMs) * 1000
  for (const mode of DATA_MODES) {
    const w = data.walks[mode]
    const what = `${fmt(data.items)} native txs of one address, pages of ${data.pageSize}: ${DATA_LABELS[mode]}${mode === 'core' ? '' : ' vs core .items()'} (the median walk by time; first item: the median of ${data.firstItems[mode].length} walks, ${data.all.filter((x) => x.mode === mode).length} of them long)`
    if (!w) {
      rows.push({ section: 'Peers Data API', what, value: `fails: ${data.failures[mode]}`, ratio: '-', target: '-' })
      continue
    }
    const describe = (x: typeof w) =>
      `${fmt(perSecondOf(x))} items/s, first item ${fmt(x.firstItemMs, 1)} ms, peak RSS ${fmt(x.peakRssMb)} MB`
    rows.push({
      section: 'Peers Data API',
      what,
      value: mode === 'core' || !core ? describe(w) : `${describe(w)} vs ${describe(core)}`,
      ratio:
        mode === 'core' || !core
          ? '-'
          : mode === 'core-prefetch'
            ? `prefetch ${fmt(perSecondOf(w) / perSecondOf(core), 2)}x items/s`
            : `core ${fmt(perSecondOf(core) / perSecondOf(w), 2)}x items/s`,
      target:
        mode === 'raw'
          ? 'ceiling (core >= 0.9x items/s, first item <= 1.5x)'
          : mode === 'core'
            ? '-'
            : mode === 'core-prefetch'
              ? '>= 1x'
              : 'core >= 1x',
    })
  }
  const notes = [...new Set(data.all.flatMap((w) => w.notes.map((n) => `- ${DATA_LABELS[w.mode]}: ${n}`)))]
  if (notes.length) sections.push(['## Data API walk notes', '', ...notes].join('\n'))
}

lap('peers Data API')

// 6. Full walks (full mode): every UTXO of an address that has 100,000 of them, memory sampled during the walk.
// (The 1,000,000-container index walk is the Memory section's long walk.)
if (!quick) {
  const args = ['--utxos-per-address', '100000']
  const fixtures = await devnetFixtures({ utxosPerAddress: 100_000 })
  const address = fixtures.accounts.ewoq.x
  const expected = fixtures.accounts.ewoq.xUtxoCount
  const devnet = await spawnDevnet(args)
  try {
    log(`full UTXO walk: ${fmt(expected)} UTXOs, raw baseline then core...`)
    interface UtxoWalk {
      elapsedMs: number
      seen: number
      peakRssMb: number
      peakHeapMb: number
      checkpointsMb: number[]
    }
    await runChild<UtxoWalk>('./utxo-walk.ts', [devnet.url, address, 'raw']) // warms the devnet
    const raw = await runChild<UtxoWalk>('./utxo-walk.ts', [devnet.url, address, 'raw'])
    const core = await runChild<UtxoWalk>('./utxo-walk.ts', [devnet.url, address, 'core'])
    json.utxo_walk = { expected, raw, core }
    for (const w of [raw, core])
      if (w.seen !== expected) throw new Error(`UTXO walk saw ${w.seen}, expected ${expected}`)
    rows.push({
      section: 'Full walks',
      what: `all ${fmt(expected)} X-Chain UTXOs of one address: core .items() (decoded, de-duplicated) vs raw undici (count only)`,
      value: `${fmt((core.seen / core.elapsedMs) * 1000)} vs ${fmt((raw.seen / raw.elapsedMs) * 1000)} UTXOs/s; peak RSS ${fmt(core.peakRssMb)} vs ${fmt(raw.peakRssMb)} MB (core RSS every 10,000: ${core.checkpointsMb.join(', ')} MB)`,
      ratio: `${fmt(core.peakRssMb / raw.peakRssMb, 2)}x of raw RSS`,
      target: '<= 1.1x',
    })
  } finally {
    await devnet.stop()
  }
}

if (!quick) lap('full walks')

// 7. Package cost: installed bytes and one-call bundles.
{
  const cost = await packageCost(log)
  json.package_cost = cost
  const mb = (bytes: number) => `${fmt(bytes / 1e6, 2)} MB`
  const kb = (bytes: number) => `${fmt(bytes / 1e3)} kB`
  const core = cost.install[0]
  for (const pkg of cost.install.slice(1)) {
    if (!core) break
    rows.push({
      section: 'Package cost',
      what: `installed: ${pkg.name} ${pkg.version} vs core (own files; with its ${pkg.dependencyCount} vs ${core.dependencyCount} dependencies)`,
      value: `${mb(pkg.ownBytes)} vs ${mb(core.ownBytes)}; ${mb(pkg.withDependenciesBytes)} vs ${mb(core.withDependenciesBytes)}`,
      ratio: `core ${fmt(core.withDependenciesBytes / pkg.withDependenciesBytes, 2)}x with deps`,
      target: 'core <= 1x',
    })
  }
  for (const call of [...new Set(cost.bundles.map((b) => b.call))]) {
    const mine = cost.bundles.find((b) => b.call === call && b.label === CORE)
    // Core's leanest entry for this call (./node, ./data/evm), shown beside its root entry.
    const lean = cost.bundles
      .filter((b) => b.call === call && b.label.startsWith(`${CORE}/`))
      .sort((a, b) => a.bytes - b.bytes)[0]
    for (const b of cost.bundles.filter((x) => x.call === call && !x.label.startsWith(CORE))) {
      if (!mine) break
      const leanValue = lean ? ` / ${kb(lean.bytes)} (${kb(lean.gzipBytes)} gzip)${lean.ok ? '' : `; ${lean.ran}`}` : ''
      rows.push({
        section: 'Package cost',
        what: `ESM bundle of one call (${call}), esbuild ${cost.esbuild} minified: ${b.label} vs core (root entry${lean ? ` / ${lean.label.slice(CORE.length + 1)}` : ''})`,
        value: `${kb(b.bytes)} (${kb(b.gzipBytes)} gzip) vs ${kb(mine.bytes)} (${kb(mine.gzipBytes)} gzip)${leanValue}${b.ok ? '' : `; peer bundle ${b.ran}`}${mine.ok ? '' : `; core bundle ${mine.ran}`}`,
        ratio: `core ${fmt(mine.bytes / b.bytes, 2)}x${lean ? ` / ${fmt(lean.bytes / b.bytes, 2)}x` : ''}`,
        target: 'core <= 1x',
      })
    }
  }
  sections.push(
    [
      '## Package cost',
      '',
      "Installed: bytes of the package's own files (core: the files `npm pack` ships), then with every package of its production dependency closure counted once. Bundles: esbuild, ESM, minified, tree-shaken, platform node, of a program making one call; each bundle was run once against the devnet.",
      '',
      ...(cost.missing.length ? [`Not installed here (no figures): ${cost.missing.join(', ')}.`, ''] : []),
      '| package | own files | with dependencies | dependencies |',
      '|---|---|---|---|',
      ...cost.install.map(
        (p) => `| ${p.name} ${p.version} | ${mb(p.ownBytes)} | ${mb(p.withDependenciesBytes)} | ${p.dependencyCount} |`,
      ),
      '',
      '| bundle | call | minified | gzip | ran against the devnet | largest parts |',
      '|---|---|---|---|---|---|',
      ...cost.bundles.map(
        (b) =>
          `| ${b.label} | ${b.call} | ${kb(b.bytes)} | ${kb(b.gzipBytes)} | ${b.ok ? `ok (printed ${b.ran})` : b.ran.replace(/\|/g, '/')} | ${b.composition
            .slice(0, 4)
            .map((c) => `${c.from} ${kb(c.bytes)}`)
            .join(', ')} |`,
      ),
    ].join('\n'),
  )
}

lap('package cost')

// 8. The MCP server: cold start over stdio, `tools/list` per configuration, tool calls/s over HTTP vs core.
{
  const devnet = await spawnDevnet([])
  try {
    log('MCP server: cold starts, tools/list, calls over HTTP...')
    const mcp = await benchMcp(devnet.url, durationMs, quick ? 3 : 7)
    json.mcp = mcp
    rows.push(...mcpRows(mcp))
  } finally {
    await devnet.stop()
  }
}
lap('MCP server')

// 9. The devnet itself under all of the above: every process stayed up until stopped; its memory, sampled.
{
  const peak = devnetLoad.reduce((a, b) => (b.peakRssMb > a.peakRssMb ? b : a))
  json.devnetLoad = devnetLoad
  rows.push({
    section: 'Devnet',
    what: `${devnetLoad.length} devnet processes under the load above: up until stopped; peak RSS (largest: ${peak.args.join(' ') || 'defaults'})`,
    value: `${devnetLoad.filter((d) => d.upUntilStopped).length} of ${devnetLoad.length} up; ${fmt(peak.peakRssMb)} MB`,
    ratio: '-',
    target: 'all up, bounded',
  })
}

const table = [
  '| section | measurement | value | ratio | target |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.section} | ${r.what} | ${r.value} | ${r.ratio} | ${r.target} |`),
].join('\n')
const elapsed = `${fmt((Date.now() - started) / 1000)} s`
const extra = sections.length ? `\n${sections.join('\n\n')}\n` : ''
const markdown = `# Benchmark results${quick ? ' (quick)' : ''}\n\nMeasured ${new Date().toISOString()} on ${machine}, ${quick ? 'quick' : 'full'} run of ${elapsed}. The devnet runs in its own process on the same machine; each index walk, Data API walk and peer library runs in a fresh process.\n\n${table}\n${extra}`
process.stdout.write(`\n${table}\n${extra}`)
// A full run writes latest.{md,json}; a quick run writes quick.{md,json}, so it never replaces full results.
const dir = new URL('../results/', import.meta.url)
const base = quick ? 'quick' : 'latest'
writeFileSync(new URL(`${base}.md`, dir), markdown)
writeFileSync(
  new URL(`${base}.json`, dir),
  `${JSON.stringify({ machine, machineInfo, date: new Date().toISOString(), elapsed, timings, results: json }, (_k, v) => (typeof v === 'bigint' ? String(v) : v), 2)}\n`,
)
log(`done in ${elapsed}`)
