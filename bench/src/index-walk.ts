/**
 * One index walk in a fresh process, so that its memory figures are its own:
 *   node [--expose-gc] index-walk.ts <url> <count> <concurrency> [core|raw]
 * `raw` walks with hand-written undici requests and JSON.parse (the baseline), as many pages in flight as core.
 * With --expose-gc it also collects fully at each tenth of the walk and records the heap left: what the walk keeps,
 * apart from when V8 chooses to collect (those collections change the peaks: a walk of its own).
 * Prints one JSON line.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@avalanche-automation/core'
import { Agent, request } from 'undici'
import { sampleMemory } from './measure.ts'

const [url = '', countText, concurrencyText, mode = 'core'] = process.argv.slice(2)
const count = Number(countText)
const concurrency = Number(concurrencyText)
const rssMb = () => process.memoryUsage.rss() / 2 ** 20

/** Pages of 1,024 fetched with up to `concurrency` requests in flight, their containers yielded in order. */
async function* rawWalk(): AsyncGenerator<{ index: string }> {
  const agent = new Agent({ connections: 8 })
  const page = async (start: number) => {
    const res = await request(`${url}/ext/index/X/tx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: start,
        method: 'index.getContainerRange',
        params: { startIndex: String(start), numToFetch: Math.min(1024, count - start), encoding: 'hex' },
      }),
      dispatcher: agent,
    })
    return ((await res.body.json()) as { result: { containers: { index: string }[] } }).result.containers
  }
  const inFlight: Promise<{ index: string }[]>[] = []
  let next = 0
  const refill = () => {
    for (; next < count && inFlight.length < concurrency; next += 1024) inFlight.push(page(next))
  }
  refill()
  while (inFlight.length) {
    const containers = await (inFlight.shift() as Promise<{ index: string }[]>)
    refill()
    yield* containers
  }
  await agent.close()
}

const client = createClient({ nodeUrl: url })
const walk =
  mode === 'raw'
    ? rawWalk()
    : client.index.getContainerRange.items({ indexName: 'X/tx', startIndex: 0, endIndex: count - 1, concurrency })
const checkpoints: number[] = []
const liveHeapMb: number[] = []
const gc = (globalThis as { gc?: () => void }).gc
const sampler = sampleMemory()
const cpuStart = process.cpuUsage()
const start = performance.now()
let seen = 0
for await (const container of walk) {
  if (BigInt(container.index) !== BigInt(seen)) throw new Error(`out of order: ${container.index} at ${seen}`)
  seen++
  if (seen % (count / 10) !== 0) continue
  checkpoints.push(rssMb())
  if (gc) {
    gc()
    liveHeapMb.push(process.memoryUsage().heapUsed / 2 ** 20)
  }
}
const elapsedMs = performance.now() - start
const cpu = process.cpuUsage(cpuStart)
const cpuMs = (cpu.user + cpu.system) / 1000
const { peakRssMb, peakHeapMb } = sampler.stop()
await client.close()
process.stdout.write(
  `${JSON.stringify({ elapsedMs, cpuMs, seen, peakRssMb, peakHeapMb, checkpointsMb: checkpoints, liveHeapMb })}\n`,
)
