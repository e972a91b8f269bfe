/** Small measuring helpers: throughput at a fixed concurrency, latency percentiles, RSS sampling. */
import { performance } from 'node:perf_hooks'

export interface Throughput {
  opsPerSecond: number
  p50Ms: number
  p99Ms: number
  count: number
  /** This process's CPU time (user + system, all threads) per operation: steadier than ops/s on a shared machine. */
  cpuUsPerOp: number
}

/** The middle item of `items` ordered by `key` (the upper one of an even count), or undefined when there is none. */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]
}

/** Runs `task` from `concurrency` workers for `durationMs`, after a warm-up, and reports throughput and latency. */
export async function throughput(
  task: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
): Promise<Throughput> {
  const warmUntil = performance.now() + Math.min(500, durationMs / 4)
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < warmUntil) await task()
    }),
  )
  const latencies: number[] = []
  const cpu = process.cpuUsage()
  const start = performance.now()
  const end = start + durationMs
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        await task()
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return {
    opsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    count: latencies.length,
    cpuUsPerOp: (user + system) / latencies.length,
  }
}

/** Samples this process's RSS and live heap every `everyMs` until stopped; reports the peaks. */
export function sampleMemory(everyMs = 20): { stop(): { peakRssMb: number; peakHeapMb: number } } {
  let peakRssMb = 0
  let peakHeapMb = 0
  const take = () => {
    const m = process.memoryUsage()
    peakRssMb = Math.max(peakRssMb, m.rss / 2 ** 20)
    peakHeapMb = Math.max(peakHeapMb, m.heapUsed / 2 ** 20)
  }
  take()
  const timer = setInterval(take, everyMs)
  return {
    stop() {
      clearInterval(timer)
      take()
      return { peakRssMb, peakHeapMb }
    },
  }
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
