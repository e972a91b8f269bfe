/**
 * JSON-RPC calls per second: core as users get it (its default transport: Node's http keep-alive pool) versus
 * hand-written undici.request on an undici keep-alive pool, the fastest HTTP client for Node.
 */
import { createClient } from '@avalanche-automation/core'
import { Agent, request } from 'undici'
import { medianBy, type Throughput, throughput } from './measure.ts'

export interface JsonRpcResult {
  concurrency: number
  /** The median rounds of each side. */
  core: Throughput
  raw: Throughput
  /** core/raw calls/s of each alternating pair of rounds, in order; the row's ratio is their median. */
  pairRatios: number[]
}

/** The same four calls, in the same rotation, for both sides. */
function mix(txId: string) {
  return [
    { path: '/ext/bc/P', method: 'platform.getHeight', params: {} },
    { path: '/ext/bc/X', method: 'avm.getTx', params: { txID: txId, encoding: 'hex' } },
    { path: '/ext/index/X/tx', method: 'index.getContainerByIndex', params: { index: '42', encoding: 'hex' } },
    { path: '/ext/info', method: 'info.getNodeVersion', params: {} },
  ]
}

const median = (list: Throughput[]) => medianBy(list, (t) => t.opsPerSecond) as Throughput

export async function benchJsonRpc(url: string, concurrency: number, durationMs: number): Promise<JsonRpcResult> {
  const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
  const client = createClient({ nodeUrl: url })
  const tx = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 7 })
  const calls = mix(tx.id)

  let i = 0
  const coreCall = () => {
    const c = calls[i++ % calls.length] as (typeof calls)[number]
    switch (c.method) {
      case 'platform.getHeight':
        return client.platform.getHeight()
      case 'avm.getTx':
        return client.avm.getTx({ txID: tx.id, encoding: 'hex' })
      case 'index.getContainerByIndex':
        return client.index.getContainerByIndex({ indexName: 'X/tx', index: 42, encoding: 'hex' })
      default:
        return client.info.getNodeVersion()
    }
  }
  let id = 0
  let j = 0
  const rawCall = async () => {
    const c = calls[j++ % calls.length] as (typeof calls)[number]
    const res = await request(url + c.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: c.method, params: c.params }),
      dispatcher: agent,
    })
    const body = (await res.body.json()) as { result?: unknown; error?: unknown }
    if (res.statusCode !== 200 || body.error) throw new Error(`raw call failed: ${res.statusCode}`)
    return body.result
  }
  // Warm the devnet's JIT first: its first seconds are much slower than its steady state.
  await throughput(rawCall, 8, 2_000)
  // Alternate short rounds, swapping which side goes first, so drift on a noisy machine hits both sides alike;
  // the ratio is the median of the pairs' ratios (each pair ran back to back, in the same state of the machine).
  const rounds = 6
  const core: Throughput[] = []
  const raw: Throughput[] = []
  for (let r = 0; r < rounds; r++) {
    const pair = r % 2 === 0 ? [coreCall, rawCall] : [rawCall, coreCall]
    const [a, b] = [
      await throughput(pair[0] as () => Promise<unknown>, concurrency, durationMs),
      await throughput(pair[1] as () => Promise<unknown>, concurrency, durationMs),
    ]
    core.push(r % 2 === 0 ? a : b)
    raw.push(r % 2 === 0 ? b : a)
  }
  await agent.close()
  await client.close()
  const pairRatios = core.map((c, r) => c.opsPerSecond / (raw[r] as Throughput).opsPerSecond)
  return { concurrency, core: median(core), raw: median(raw), pairRatios }
}
