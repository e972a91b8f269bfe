/**
 * Walking the items of a paginated Data API list (native transactions of the devnet's busiest EVM address)
 * through core's `.items()` (with and without prefetch), chainkit's page iterator, and raw requests threading
 * `nextPageToken` by hand. Each walk runs in a fresh process (data-walk.ts); repetitions rotate the order.
 */
import { runChild } from './child.ts'
import { devnetFixtures, spawnDevnet } from './devnet-process.ts'
import { medianBy } from './measure.ts'

export const DATA_MODES = ['core', 'core-prefetch', 'chainkit', 'raw'] as const
export type DataMode = (typeof DATA_MODES)[number]

export const DATA_LABELS: Record<DataMode, string> = {
  core: 'core .items()',
  'core-prefetch': 'core .items({prefetch})',
  chainkit: '@avalanche-sdk/chainkit 0.3.13 pages',
  raw: 'raw undici + nextPageToken',
}

export interface DataWalk {
  mode: DataMode
  firstItemMs: number
  elapsedMs: number
  /** CPU of the walk per item, µs (the walking process's, all threads). */
  cpuUsPerItem: number
  seen: number
  unique: number
  peakRssMb: number
  peakHeapMb: number
  notes: string[]
  error?: string
  blocked: string[]
}

export interface PeersDataResult {
  chainId: string
  address: string
  items: number
  pageSize: number
  /** The median walk (by elapsed time) of each mode, or the failure of a mode that could not walk. */
  walks: Partial<Record<DataMode, DataWalk>>
  /** Each mode's first-item latencies, ms: of its walks and of its one-page walks. */
  firstItems: Record<DataMode, number[]>
  failures: Partial<Record<DataMode, string>>
  all: DataWalk[]
}

export async function benchPeersData(options: {
  items: number
  repetitions: number
  /** One-page walks per mode on top of the long ones, for the first item's median. */
  firstItemWalks: number
  log(line: string): void
}): Promise<PeersDataResult> {
  const fixtures = await devnetFixtures({})
  const chain = fixtures.data.evm.chains.reduce((a, b) => (b.txCount > a.txCount ? b : a))
  // ewoq takes part in every transaction of every EVM chain of the devnet (DataFixtures.evm.accounts).
  const address = fixtures.data.evm.accounts.ewoq
  const pageSize = 100
  if (chain.txCount < options.items) throw new Error(`the devnet's busiest EVM chain has only ${chain.txCount} txs`)
  const devnet = await spawnDevnet([])
  const all: DataWalk[] = []
  const failures: PeersDataResult['failures'] = {}
  const firstItems = Object.fromEntries(
    DATA_MODES.map((mode) => [mode, [] as number[]]),
  ) as PeersDataResult['firstItems']
  try {
    const walk = (mode: DataMode, items = options.items) =>
      runChild<DataWalk>('./data-walk.ts', [mode, devnet.url, chain.chainId, address, String(items), String(pageSize)])
    options.log(
      `Data API walk: warming the devnet, then ${options.repetitions} x ${DATA_MODES.length} walks of ${options.items} items...`,
    )
    await walk('raw')
    await inRotation(options.repetitions, async (mode) => {
      const result = await walk(mode)
      if (result.error || result.seen !== options.items || result.unique !== options.items) {
        failures[mode] =
          result.error ?? `saw ${result.seen} items (${result.unique} distinct), expected ${options.items}`
      }
      all.push(result)
      if (!result.error) firstItems[mode].push(result.firstItemMs)
    })
    // A walk gives one first item (a fresh process's first page): one-page walks, in the same rotation, add more, so
    // that the median moves less from run to run than three walks' did (1.46x and 1.69x of raw in two runs of a day).
    options.log(`Data API walk: ${options.firstItemWalks} x ${DATA_MODES.length} one-page walks for the first item...`)
    await inRotation(options.firstItemWalks, async (mode) => {
      const result = await walk(mode, pageSize)
      if (!result.error) firstItems[mode].push(result.firstItemMs)
    })
  } finally {
    await devnet.stop()
  }
  const walks: PeersDataResult['walks'] = {}
  for (const mode of DATA_MODES) {
    if (failures[mode]) continue
    const median = medianBy(
      all.filter((w) => w.mode === mode),
      (w) => w.elapsedMs,
    )
    // The first item's latency is a sample of its own: the median of all the mode's walks, not that of the median walk.
    const firstItemMs = medianBy(firstItems[mode], (ms) => ms)
    if (median) walks[mode] = { ...median, firstItemMs: firstItemMs ?? median.firstItemMs }
  }
  return { chainId: chain.chainId, address, items: options.items, pageSize, walks, failures, firstItems, all }
}

/** `rounds` rounds of every mode, one at a time, each round starting one mode later than the one before. */
async function inRotation(rounds: number, each: (mode: DataMode) => Promise<void>): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < DATA_MODES.length; i++) await each(DATA_MODES[(i + r) % DATA_MODES.length] as DataMode)
  }
}
