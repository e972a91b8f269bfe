/**
 * The node JSON-RPC mix through this project's core, each peer library and raw undici.request (the ceiling), each in
 * its own process (peer-worker.ts). Every call is first verified once against the devnet; a call that fails on the
 * wire is reported as such and left out of that library's mix. Core and raw run the same subset as each peer, so each
 * ratio compares like with like. Rounds alternate between libraries, rotating who goes first, and each side's
 * median round is kept.
 */
import { Agent, request } from 'undici'
import { startWorker, type Worker } from './child.ts'
import { devnetFixtures, spawnDevnet } from './devnet-process.ts'
import type { Throughput } from './measure.ts'
import { CHECKS, LIBRARIES, type LibraryName, MIX, type MixCall, type PeerContext } from './peers/libraries.ts'

export interface PeersJsonRpcResult {
  /** Library -> call or check -> `ok` / `ok: throws ...` / `wrong: ...` / `fails: ...` / `n/a ...`. */
  verified: Record<LibraryName, Record<string, string>>
  /** The calls of the mix each library passed, hence was measured on. */
  mix: Record<LibraryName, MixCall[]>
  /** Median round per library and concurrency, with core and raw measured on that library's subset. */
  throughput: Record<
    LibraryName,
    Record<`c${number}`, { library: Throughput; core: Throughput; raw: Throughput } | undefined>
  >
  memory: Record<LibraryName, { peakRssMb: number; peakHeapMb: number }>
  /** Requests a library tried to send off this machine (blocked). */
  blocked: Record<LibraryName, string[]>
}

const DEVNET_ARGS = ['--index', '--x-txs', '5000']

export async function benchPeersJsonRpc(options: {
  durationMs: number
  /** Raw calls before the first round, so that the devnet's JIT is warm for every library. */
  warmUpMs: number
  rounds: number
  concurrencies: number[]
  log(line: string): void
}): Promise<PeersJsonRpcResult> {
  const { log } = options
  const devnet = await spawnDevnet(DEVNET_ARGS)
  const booting = await spawnDevnet(['--bootstrapping'])
  const workers = new Map<LibraryName, Worker>()
  try {
    const ctx = await context(devnet.url, booting.url)
    log(`peers JSON-RPC: verifying ${MIX.length} calls and ${CHECKS.length} wire checks per library...`)
    for (const name of LIBRARIES) workers.set(name, startWorker('./peer-worker.ts', [name]))
    const verified = {} as PeersJsonRpcResult['verified']
    await Promise.all(
      LIBRARIES.map(async (name) => {
        const reply = await (workers.get(name) as Worker).request<{ verified: Record<string, string> }>({
          type: 'init',
          ctx,
        })
        verified[name] = reply.verified
      }),
    )
    const mix = {} as PeersJsonRpcResult['mix']
    for (const name of LIBRARIES) mix[name] = MIX.filter((call) => verified[name][call] === 'ok')
    // Units: each library on its own subset, and core and raw on every subset a library uses.
    const subsets = new Map<string, MixCall[]>()
    for (const name of LIBRARIES) if (mix[name].length) subsets.set(mix[name].join(','), mix[name])
    const units: { key: string; worker: Worker; calls: MixCall[] }[] = []
    for (const name of LIBRARIES) {
      if (name === 'core' || name === 'raw') continue
      if (mix[name].length)
        units.push({ key: `${name}|${mix[name].join(',')}`, worker: workers.get(name) as Worker, calls: mix[name] })
    }
    for (const [subset, calls] of subsets) {
      for (const name of ['core', 'raw'] as const) {
        if (mix[name].length === MIX.length)
          units.push({ key: `${name}|${subset}`, worker: workers.get(name) as Worker, calls })
      }
    }
    // Warm the devnet's JIT first: its first seconds are much slower than its steady state.
    await (workers.get('raw') as Worker).request({
      type: 'round',
      calls: [...MIX],
      concurrency: 8,
      durationMs: options.warmUpMs,
    })
    const rounds = new Map<string, Throughput[]>()
    for (const concurrency of options.concurrencies) {
      log(
        `peers JSON-RPC: ${units.length} library/mix pairs at concurrency ${concurrency}, ${options.rounds} rounds...`,
      )
      for (let r = 0; r < options.rounds; r++) {
        const order = units.map((_, i) => units[(i + r) % units.length] as (typeof units)[number])
        for (const unit of order) {
          const result = await unit.worker.request<Throughput>({
            type: 'round',
            calls: unit.calls,
            concurrency,
            durationMs: options.durationMs,
          })
          const key = `${unit.key}|c${concurrency}`
          rounds.set(key, [...(rounds.get(key) ?? []), result])
        }
      }
    }
    const median = (key: string) => {
      const list = [...(rounds.get(key) ?? [])].sort((a, b) => a.opsPerSecond - b.opsPerSecond)
      return list[Math.floor(list.length / 2)]
    }
    const throughput = {} as PeersJsonRpcResult['throughput']
    for (const name of LIBRARIES) {
      throughput[name] = {}
      const subset = mix[name].join(',')
      for (const concurrency of options.concurrencies) {
        const library = median(`${name}|${subset}|c${concurrency}`)
        const core = median(`core|${subset}|c${concurrency}`)
        const raw = median(`raw|${subset}|c${concurrency}`)
        throughput[name][`c${concurrency}`] = library && core && raw ? { library, core, raw } : undefined
      }
    }
    const memory = {} as PeersJsonRpcResult['memory']
    const blocked = {} as PeersJsonRpcResult['blocked']
    for (const name of LIBRARIES) {
      const stats = await (workers.get(name) as Worker).stop<{
        peakRssMb: number
        peakHeapMb: number
        blocked: string[]
      }>()
      workers.delete(name)
      memory[name] = { peakRssMb: stats.peakRssMb, peakHeapMb: stats.peakHeapMb }
      blocked[name] = stats.blocked
    }
    return { verified, mix, throughput, memory, blocked }
  } finally {
    for (const worker of workers.values()) await worker.stop().catch(() => {})
    await devnet.stop()
    await booting.stop()
  }
}

/** Expected values: the devnet's fixtures, plus two raw requests (no client under test computes them). */
async function context(url: string, bootstrappingUrl: string): Promise<PeerContext> {
  const fixtures = await devnetFixtures({ index: true, xTxs: 5000 })
  const agent = new Agent()
  const rpc = async (path: string, method: string, params: object) => {
    const res = await request(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      dispatcher: agent,
    })
    return ((await res.body.json()) as { result: Record<string, unknown> }).result
  }
  const validators = (await rpc('/ext/bc/P', 'platform.getCurrentValidators', {})).validators as unknown[]
  const container = await rpc('/ext/index/X/tx', 'index.getContainerByIndex', { index: '42', encoding: 'hex' })
  const tx = await rpc('/ext/bc/X', 'avm.getTx', { txID: fixtures.x.txs.send, encoding: 'hex' })
  await agent.close()
  const ewoq = fixtures.accounts.ewoq
  const avax = fixtures.assets.avax.id
  return {
    url,
    bootstrappingUrl,
    txId: fixtures.x.txs.send,
    txHex: String(tx.tx).toLowerCase(),
    xAddress: ewoq.x,
    pAddress: ewoq.p,
    pHeight: fixtures.p.height,
    pBalance: String(ewoq.pBalance),
    xAvaxBalance: String(ewoq.xBalances[avax] ?? 0n),
    avaxAssetId: avax,
    validatorCount: validators.length,
    indexCount: fixtures.index['X/tx'],
    index42Id: String(container.id),
  }
}
