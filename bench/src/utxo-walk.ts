/**
 * One walk of every X-Chain UTXO of an address in a fresh process, so that its memory figures are its own:
 *   node utxo-walk.ts <url> <address> <core|core-ids|raw>
 * `core` walks `client.avm.getUTXOs.items()` (decoded, de-duplicated by UTXO ID); `core-ids` also reads each UTXO's
 * `id` and `txId`, which core computes only when read (a sum of balances does not); `raw` threads startIndex/endIndex
 * by hand with undici and JSON.parse and only counts. Memory is sampled during the walk and at every 10,000 UTXOs.
 * Prints one JSON line.
 */
import { performance } from 'node:perf_hooks'
import type { AvalancheClient } from '@avalanche-automation/core'
import { sampleMemory } from './measure.ts'

const [url = '', address = '', mode = 'core'] = process.argv.slice(2)
const rssMb = () => process.memoryUsage.rss() / 2 ** 20

// Each mode imports only what it uses, so that the process's memory is its own; imports happen before the clock starts.
const undici = mode === 'raw' ? await import('undici') : undefined
async function* rawWalk(): AsyncGenerator<string> {
  const { Agent, request } = undici as typeof import('undici')
  const agent = new Agent({ connections: 2 })
  let startIndex: { address: string; utxo: string } | undefined
  try {
    for (;;) {
      const res = await request(`${url}/ext/bc/X`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'avm.getUTXOs',
          params: { addresses: [address], limit: 1024, encoding: 'hex', ...(startIndex ? { startIndex } : {}) },
        }),
        dispatcher: agent,
      })
      const { result } = (await res.body.json()) as {
        result: { utxos: string[]; endIndex: { address: string; utxo: string } }
      }
      yield* result.utxos
      if (result.utxos.length < 1024) return
      startIndex = result.endIndex
    }
  } finally {
    await agent.close()
  }
}

let client: AvalancheClient | undefined
if (mode !== 'raw') {
  const { createClient } = await import('@avalanche-automation/core')
  client = createClient({ nodeUrl: url })
}
const walk = client ? client.avm.getUTXOs.items({ addresses: [address] }) : rawWalk()
const checkpointsMb: number[] = []
const sampler = sampleMemory()
const cpuStart = process.cpuUsage()
const start = performance.now()
let seen = 0
let idChars = 0
for await (const utxo of walk) {
  if (mode === 'core-ids') idChars += (utxo as { id: string }).id.length + (utxo as { txId: string }).txId.length
  if (++seen % 10_000 === 0) checkpointsMb.push(Math.round(rssMb()))
}
if (mode === 'core-ids' && idChars < seen * 2 * 40) throw new Error(`IDs of ${idChars} characters for ${seen} UTXOs`)
const elapsedMs = performance.now() - start
const cpu = process.cpuUsage(cpuStart)
const cpuMs = (cpu.user + cpu.system) / 1000
const { peakRssMb, peakHeapMb } = sampler.stop()
await client?.close()
process.stdout.write(`${JSON.stringify({ mode, elapsedMs, cpuMs, seen, peakRssMb, peakHeapMb, checkpointsMb })}\n`)
