/**
 * One walk of a paginated Data API list in a fresh process, so that its memory figures are its own:
 *   node data-walk.ts <core|core-prefetch|chainkit|raw> <url> <chainId> <address> <count> <pageSize>
 * Walks listNativeTransactions of `address` until `count` items, counting distinct txHash values. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks'
import { sampleMemory } from './measure.ts'
import { blockedSummary, installFetchGuard } from './peers/fetch-guard.ts'

installFetchGuard()
const [mode = 'core', url = '', chainId = '', address = '', countText = '0', pageSizeText = '100'] =
  process.argv.slice(2)
const count = Number(countText)
const pageSize = Number(pageSizeText)
const notes: string[] = []

interface Tx {
  txHash: string
}

// Each mode imports only what it uses, so that the process's memory is that library's; imports and setup happen
// before the clock starts.
async function raw(): Promise<AsyncGenerator<Tx>> {
  const { Agent, request } = await import('undici')
  return (async function* () {
    const agent = new Agent({ connections: 8 })
    let pageToken: string | undefined
    try {
      do {
        const query = new URLSearchParams({ pageSize: String(pageSize), ...(pageToken ? { pageToken } : {}) })
        const res = await request(`${url}/v1/chains/${chainId}/addresses/${address}/transactions:listNative?${query}`, {
          dispatcher: agent,
        })
        const body = (await res.body.json()) as { transactions: Tx[]; nextPageToken?: string }
        if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${JSON.stringify(body)}`)
        yield* body.transactions
        pageToken = body.nextPageToken || undefined
      } while (pageToken)
    } finally {
      await agent.close()
    }
  })()
}

/** Loads and sets up chainkit (untimed), then returns the timed walk. */
async function chainkit(): Promise<AsyncGenerator<Tx>> {
  const { Avalanche } = await import('@avalanche-sdk/chainkit')
  // Telemetry off through the SDK option (README "Global Parameters"; hooks/telemetry_hooks.ts checks it per request).
  // The README's way to point the SDK elsewhere is the client's serverURL; listNative has its own server list and
  // ignores it (funcs/dataEvmAddressTransactionsListNative.ts reads only the per-call options.serverURL), then its
  // AvacloudHooks rewrite data-api.avax.network to glacier-api.avax.network. Try the documented way once (the fetch
  // guard stops it before it leaves and records where it went), then pass serverURL per call.
  const sdk = new Avalanche({ serverURL: url, enableTelemetry: false, chainId })
  const before = blockedSummary().length
  try {
    await sdk.data.evm.address.transactions.listNative({ address, chainId, pageSize: 1 })
    notes.push('client-level serverURL honoured')
  } catch (error) {
    const went = blockedSummary().slice(before)
    notes.push(
      went.length
        ? `client-level serverURL ignored: the request went to ${went.join(', ')} (blocked); serverURL passed per call instead`
        : `client-level serverURL probe failed: ${(error as Error).message}`,
    )
  }
  return (async function* () {
    const pages = await sdk.data.evm.address.transactions.listNative({ address, chainId, pageSize }, { serverURL: url })
    // chainkit's iterator yields pages (each `{result, next()}`), not items.
    for await (const page of pages) yield* page.result.transactions as Tx[]
  })()
}

let close = async () => {}
async function core(prefetch: boolean): Promise<AsyncGenerator<Tx>> {
  const { createClient } = await import('@avalanche-automation/core')
  const client = createClient({ dataApiUrl: url })
  close = () => client.close()
  return client.data.listNativeTransactions.items({ chainId, address, pageSize }, { limit: count, prefetch })
}

const walk =
  mode === 'raw' ? await raw() : mode === 'chainkit' ? await chainkit() : await core(mode === 'core-prefetch')
const sampler = sampleMemory()
const hashes = new Set<string>()
let seen = 0
let firstItemMs = 0
let error: string | undefined
const cpuAtStart = process.cpuUsage()
const start = performance.now()
try {
  for await (const tx of walk) {
    if (seen === 0) firstItemMs = performance.now() - start
    hashes.add(tx.txHash)
    if (++seen >= count) break
  }
} catch (thrown) {
  error = `${(thrown as Error).name}: ${(thrown as Error).message}`.slice(0, 300)
}
const elapsedMs = performance.now() - start
const cpu = process.cpuUsage(cpuAtStart)
// CPU of the walk per item (all threads, GC included), which a busy machine disturbs less than items/s.
const cpuUsPerItem = seen ? (cpu.user + cpu.system) / seen : 0
const { peakRssMb, peakHeapMb } = sampler.stop()
await close()
process.stdout.write(
  `${JSON.stringify({ mode, firstItemMs, elapsedMs, cpuUsPerItem, seen, unique: hashes.size, peakRssMb, peakHeapMb, notes, error, blocked: blockedSummary() })}\n`,
)
