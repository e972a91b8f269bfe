/**
 * How the devnet's memory grows as its chains do: starts a devnet (the built one: run
 * `pnpm --filter @avalanche-automation/devnet build` first), advances it to 100k, 200k and 400k rounds and prints the
 * heap and array buffers it gained per round and per container, then again once every block ID has been computed
 * (the index's getLastAccepted on each block index), and once the lookups by ID have built their tables (a getTx on
 * each chain and a getContainerByID on each block index, all for an ID the chains do not hold).
 *
 *   node --expose-gc scripts/memory.ts
 */
import { startDevnet } from '../dist/index.mjs'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc: the figures need a full collection before each reading')

/** Heap + array buffers after full collections (array buffers are freed lazily: wait between them). */
async function used(): Promise<number> {
  for (let k = 0; k < 6; k++) {
    gc?.()
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

const devnet = await startDevnet({ index: true })
const rpc = (path: string, method = 'index.getLastAccepted', params: object = { encoding: 'hex' }) =>
  fetch(`${devnet.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((res) => res.text())
/** An ID no chain holds (cb58 of 32 bytes of 0x01). */
const unknownId = 'SeLqn3UAUoRymWmwW7axrzJK7JfNaBR2cHCryA6cFscgkny8'
const warmup = 1_000
devnet.advance(warmup)
const base = await used()
const report = (label: string, gained: number) => {
  const { round, p, x, c } = devnet.tip()
  const added = round - warmup
  const containers = p + x + c
  console.log(
    `${label}: +${(gained / 2 ** 20).toFixed(1)} MB, ${(gained / added).toFixed(0)} B per round, ` +
      `${(gained / containers).toFixed(0)} B per container (${containers} containers)`,
  )
}
for (const rounds of [100_000, 200_000, 400_000]) {
  devnet.advance(rounds - devnet.tip().round)
  report(`${rounds} rounds`, (await used()) - base)
}
for (const index of ['P/block', 'X/block', 'C/block']) await rpc(`/ext/index/${index}`)
report('with every block ID computed', (await used()) - base)
for (const [path, method] of [
  ['/ext/bc/X', 'avm.getTx'],
  ['/ext/bc/P', 'platform.getTx'],
] as const)
  await rpc(path, method, { txID: unknownId })
for (const index of ['P/block', 'X/block', 'C/block']) {
  await rpc(`/ext/index/${index}`, 'index.getContainerByID', { id: unknownId, encoding: 'hex' })
}
report('and the lookup tables built', (await used()) - base)
await devnet.close()
