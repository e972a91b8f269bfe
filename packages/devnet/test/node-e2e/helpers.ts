import { type AvalancheClient, type ClientOptions, createClient } from '@avalanche-automation/core'
import { expect } from 'vitest'
import type { Devnet } from '../../src/index.js'

/** Retries without waiting and with fixed jitter, so fault tests are fast and repeatable. */
export const noSleep = async (): Promise<void> => {}
export const fixedRandom = (): number => 0.5

/** A core client for a devnet: no real waits between retries, deterministic jitter. */
export function clientFor(devnet: Devnet, options: ClientOptions = {}): AvalancheClient {
  return createClient({ nodeUrl: devnet.url, sleep: noSleep, random: fixedRandom, ...options })
}

/** Collects an async iterable into an array. */
export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of source) out.push(item)
  return out
}

/** An error class, whatever its constructor parameters. */
export type ErrorClass<E extends Error = Error> = abstract new (...args: never[]) => E

/** Awaits a promise that must reject and returns the reason, asserting its class. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: ErrorClass<E>): Promise<E> {
  let settled: { value: unknown } | undefined
  try {
    settled = { value: await promise }
  } catch (error) {
    expect(error).toBeInstanceOf(type)
    return error as E
  }
  throw new Error(`expected a ${type.name}, but the call resolved with ${JSON.stringify(settled.value, bigints)}`)
}

const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)

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
