import { type AvalancheClient, type ClientOptions, createClient } from '@avalanche-automation/core'
import { afterAll, beforeAll } from 'vitest'
import { type Devnet, type DevnetOptions, startDevnet } from '../../src/index.js'
import { fixedRandom, noSleep } from '../helpers.js'

export { collect, type ErrorClass, rejection } from '../helpers.js'

/** A core client for a devnet: no real waits between retries, deterministic jitter. */
export function clientFor(devnet: Devnet, options: ClientOptions = {}): AvalancheClient {
  return createClient({ nodeUrl: devnet.url, sleep: noSleep, random: fixedRandom, ...options })
}

/** A devnet and its client for the tests of one file: started before them, closed after them. */
export function devnetForFile(options: DevnetOptions = {}): {
  readonly devnet: Devnet
  readonly client: AvalancheClient
} {
  const live = {} as { devnet: Devnet; client: AvalancheClient }
  beforeAll(async () => {
    live.devnet = await startDevnet(options)
    live.client = clientFor(live.devnet)
  })
  afterAll(async () => {
    await live.client?.close()
    await live.devnet?.close()
  })
  return live
}

/** POSTs one raw JSON-RPC request, for the node texts core never lets through (it validates first). */
export async function rawRpc(
  devnet: Devnet,
  path: string,
  method: string,
  params: unknown,
): Promise<{ status: number; body: { result?: unknown; error?: { code: number; message: string } } }> {
  const res = await fetch(devnet.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return { status: res.status, body: (await res.json()) as never }
}

/** Sums amounts per asset ID. */
export function sumByAsset(utxos: readonly { assetId: string; amount?: bigint | undefined }[]): Record<string, bigint> {
  const totals: Record<string, bigint> = {}
  for (const u of utxos) if (u.amount !== undefined) totals[u.assetId] = (totals[u.assetId] ?? 0n) + u.amount
  return totals
}
