/**
 * One index walk in a fresh process (so its RSS is its own): `node index-walk.ts <url> <count> <concurrency>`.
 * Prints a JSON line: elapsed time, containers, and RSS samples taken at each tenth of the walk.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@avalanche-automation/core'
import { sampleRss } from './measure.ts'

const [url, countText, concurrencyText] = process.argv.slice(2)
const count = Number(countText)
const concurrency = Number(concurrencyText)
const client = createClient({ nodeUrl: url as string })
const rssMb = () => process.memoryUsage.rss() / 2 ** 20
const checkpoints: number[] = []
const sampler = sampleRss(20)
const start = performance.now()
let seen = 0
let expected = 0n
for await (const container of client.index.getContainerRange.items({
  indexName: 'X/tx',
  startIndex: 0,
  endIndex: count - 1,
  concurrency,
})) {
  if (container.index !== expected) throw new Error(`out of order: ${container.index} after ${expected - 1n}`)
  expected++
  seen++
  if (seen % (count / 10) === 0) {
    checkpoints.push(rssMb())
  }
}
const elapsedMs = performance.now() - start
const { peakMb: peak } = sampler.stop()
await client.close()
process.stdout.write(`${JSON.stringify({ elapsedMs, seen, peakRssMb: peak, checkpointsMb: checkpoints })}\n`)
