/**
 * Fault suite: for each devnet fault, N full paginated walks (every X-Chain UTXO of an address, and an index range)
 * through core with fast retries. A walk either recovers (every item exactly once) or fails cleanly with a typed
 * AvalancheError; items are never lost or duplicated. Then each fault on every request, to show the typed error once
 * the retry budget is exhausted. Exits non-zero on a lost, duplicated or unexpected item, an untyped error, or an
 * unhandled rejection.
 *   pnpm --filter @avalanche-automation/bench run faults [--runs N]
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { type AvalancheClient, AvalancheError, createClient } from '@avalanche-automation/core'
import { FAULT_SUITE, startDevnet } from '@avalanche-automation/devnet'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`--runs must be a whole number >= 1, got ${values.runs}`)
const log = (line: string) => process.stderr.write(`${line}\n`)

const unhandled: unknown[] = []
process.on('unhandledRejection', (reason) => unhandled.push(reason))

const INDEX_SIZE = 20_000
// X/tx holds the DAG era only: all but one of the txs, so the walk covers INDEX_SIZE containers.
const devnet = await startDevnet({
  index: true,
  xTxs: INDEX_SIZE + 1,
  xDagTxs: INDEX_SIZE,
  utxosPerAddress: 5_000,
  rateLimits: false,
})
const address = devnet.fixtures.accounts.ewoq.x
const expectedUtxos = devnet.fixtures.accounts.ewoq.xUtxoCount

// Fast retries: a few milliseconds of backoff, a server's retry-after still honoured.
const fast = { retries: 6, baseDelayMs: 2, maxDelayMs: 2_000, budgetMs: 20_000 }
const client = createClient({ nodeUrl: devnet.url, retry: fast, timeoutMs: 10_000 })
// For the exhausted runs: the same, with a small budget so that each run ends quickly.
const short = createClient({ nodeUrl: devnet.url, retry: { ...fast, retries: 2 }, timeoutMs: 1_000 })

type WalkKind = 'utxos' | 'index'
interface WalkOutcome {
  items: string[]
  error?: unknown
}

async function walk(kind: WalkKind, on: AvalancheClient): Promise<WalkOutcome> {
  const items: string[] = []
  try {
    if (kind === 'utxos') {
      for await (const utxo of on.avm.getUTXOs.items({ addresses: [address] })) items.push(utxo.id)
    } else {
      const range = { indexName: 'X/tx' as const, startIndex: 0, endIndex: INDEX_SIZE - 1, concurrency: 4 }
      for await (const container of on.index.getContainerRange.items(range)) items.push(String(container.index))
    }
    return { items }
  } catch (error) {
    return { items, error }
  }
}

// The reference: each walk once without faults.
const reference: Record<WalkKind, string[]> = {
  utxos: (await walk('utxos', client)).items,
  index: Array.from({ length: INDEX_SIZE }, (_, i) => String(i)),
}
if (reference.utxos.length !== expectedUtxos) {
  throw new Error(`the clean UTXO walk saw ${reference.utxos.length} UTXOs, the devnet holds ${expectedUtxos}`)
}
const cleanIndex = await walk('index', client)
if (cleanIndex.error || cleanIndex.items.join() !== reference.index.join())
  throw new Error('the clean index walk differs')

/** Lost = reference items before the walk's last one that it did not yield (all of them when it completed). */
function score(kind: WalkKind, outcome: WalkOutcome) {
  const ref = reference[kind]
  const position = new Map(ref.map((id, i) => [id, i]))
  const unique = new Set(outcome.items)
  const duplicated = outcome.items.length - unique.size
  const unexpected = [...unique].filter((id) => !position.has(id)).length
  const reach = outcome.error ? Math.max(-1, ...[...unique].map((id) => position.get(id) ?? -1)) + 1 : ref.length
  let lost = 0
  for (let i = 0; i < reach; i++) if (!unique.has(ref[i] as string)) lost++
  const typed = outcome.error === undefined || AvalancheError.isInstance(outcome.error)
  return { duplicated, unexpected, lost, typed }
}

const describe = (error: unknown) => {
  const e = error as AvalancheError & { status?: number }
  if (!AvalancheError.isInstance(error)) return `UNTYPED ${(error as Error)?.name}: ${(error as Error)?.message}`
  return `${e.name} (${e.code}${e.status ? ` ${e.status}` : ''}): ${e.shortMessage.replace(/http:\/\/[^ ]+/g, '<devnet>')}`
}

interface Row {
  fault: string
  runs: number
  recovered: number
  failedCleanly: number
  failedUntyped: number
  lost: number
  duplicated: number
  unexpected: number
  fired: number
  errors: string[]
  exhausted: Record<WalkKind, string>
}
const rows: Row[] = []
const started = Date.now()
for (const { name, faults, exhausted } of FAULT_SUITE) {
  log(`${name}: ${runs} x 2 walks...`)
  const row: Row = {
    fault: name,
    runs: 0,
    recovered: 0,
    failedCleanly: 0,
    failedUntyped: 0,
    lost: 0,
    duplicated: 0,
    unexpected: 0,
    fired: 0,
    errors: [],
    exhausted: { utxos: '', index: '' },
  }
  // Counters run on across the runs, so that each run meets the faults at other points of its walks.
  devnet.stats.reset()
  devnet.setFaults(faults)
  for (let r = 0; r < runs; r++) {
    for (const kind of ['utxos', 'index'] as const) {
      const outcome = await walk(kind, client)
      const s = score(kind, outcome)
      row.runs++
      if (!outcome.error) row.recovered++
      else if (s.typed) row.failedCleanly++
      else row.failedUntyped++
      if (outcome.error) row.errors.push(`${kind}: ${describe(outcome.error)}`)
      row.lost += s.lost
      row.duplicated += s.duplicated
      row.unexpected += s.unexpected
    }
  }
  row.fired = Object.values(devnet.stats.faults).reduce((a, b) => a + b, 0)
  devnet.setFaults(exhausted)
  for (const kind of ['utxos', 'index'] as const) {
    const outcome = await walk(kind, short)
    const s = score(kind, outcome)
    row.exhausted[kind] = outcome.error ? describe(outcome.error) : 'completed (the fault did not exhaust the budget)'
    if (!s.typed) row.failedUntyped++
    row.lost += s.lost
    row.duplicated += s.duplicated
    row.unexpected += s.unexpected
  }
  devnet.setFaults(undefined)
  rows.push(row)
}
await client.close()
await short.close()
await devnet.close()
// Let late socket errors surface before judging unhandled rejections.
await new Promise((resolve) => setTimeout(resolve, 200))

const table = [
  '| fault | runs | recovered | failed cleanly (typed error) | lost items | duplicated items | faults fired |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.fault} | ${r.runs} | ${r.recovered} | ${r.failedCleanly}${r.failedUntyped ? ` (+${r.failedUntyped} UNTYPED)` : ''} | ${r.lost} | ${r.duplicated}${r.unexpected ? ` (+${r.unexpected} unexpected)` : ''} | ${r.fired} |`,
  ),
].join('\n')
const exhaustedTable = [
  '| fault on every request | UTXO walk ends with | index walk ends with |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.fault.replace(/ \(.*\)$/, '')} | ${r.exhausted.utxos} | ${r.exhausted.index} |`),
].join('\n')
const failures = [...new Set(rows.flatMap((r) => r.errors.map((e) => `${r.fault}: ${e}`)))]
const problems = [
  ...rows.filter((r) => r.lost).map((r) => `${r.fault}: ${r.lost} items lost`),
  ...rows.filter((r) => r.duplicated).map((r) => `${r.fault}: ${r.duplicated} items duplicated`),
  ...rows.filter((r) => r.unexpected).map((r) => `${r.fault}: ${r.unexpected} unexpected items`),
  ...rows
    .filter((r) => r.failedUntyped)
    .map((r) => `${r.fault}: ${r.failedUntyped} walks failed without a typed error`),
  ...rows.filter((r) => r.fired === 0).map((r) => `${r.fault}: the fault never fired`),
  ...unhandled.map((reason) => `unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`),
]
const summary = `Walks: every X-Chain UTXO of ewoq (${expectedUtxos} UTXOs, 1024 a page) and index X/tx 0..${INDEX_SIZE - 1} (1024 a page, concurrency 4), through core with retries ${JSON.stringify(fast)}; exhausted runs with 2 retries and a 1 s deadline. ${runs} runs of each walk per fault, ${((Date.now() - started) / 1000).toFixed(0)} s in all. Unhandled rejections: ${unhandled.length}.`
const distinct = failures.length
  ? `\n\nWalks that failed cleanly ended with:\n${failures.map((f) => `- ${f}`).join('\n')}`
  : ''
const markdown = `# Fault suite\n\n${summary}\n\n${table}\n\n${exhaustedTable}${distinct}\n`
process.stdout.write(`\n${markdown}`)
writeFileSync(
  new URL('../results/faults.md', import.meta.url),
  `${markdown.replace('# Fault suite', `# Fault suite\n\nMeasured ${new Date().toISOString()}.`)}`,
)
writeFileSync(
  new URL('../results/faults.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), runs, retry: fast, rows, unhandled: unhandled.length }, null, 2)}\n`,
)
if (problems.length) {
  process.stderr.write(`\nFAILED:\n${problems.map((p) => `- ${p}`).join('\n')}\n`)
  process.exit(1)
}
process.stderr.write('\nno item lost or duplicated, every failure typed, no unhandled rejection\n')
