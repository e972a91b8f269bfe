import { type AvalancheClient, type ClientOptions, createClient } from '@avalanche-automation/core'
import { expect } from 'vitest'
import type { Devnet } from '../../src/index.js'

/** A core client whose node, Data API and Metrics API URLs are all the devnet; retries do not wait. */
export function dataClient(devnet: Devnet, options: ClientOptions = {}): AvalancheClient {
  return createClient({
    nodeUrl: devnet.url,
    dataApiUrl: devnet.url,
    metricsApiUrl: devnet.url,
    sleep: async () => {},
    random: () => 0.5,
    ...options,
  })
}

export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of source) out.push(item)
  return out
}

export type ErrorClass<E extends Error = Error> = abstract new (...args: never[]) => E

/** Awaits a promise that must reject and returns the reason, asserting its class. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: ErrorClass<E>): Promise<E> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(type)
    return error as E
  }
  throw new Error(`expected a ${type.name}, but the call resolved`)
}

/** The raw JSON body of a devnet GET (to compare what core returns with what was sent). */
export async function raw(devnet: Devnet, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${devnet.url}${path}`)
  return { status: response.status, body: await response.json() }
}
