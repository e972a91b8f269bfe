/** Helpers shared by the end-to-end tests of the node side and of the Data/Metrics side. */
import { expect } from 'vitest'

/** Retries without waiting and with fixed jitter, so fault tests are fast and repeatable. */
export const noSleep = async (): Promise<void> => {}
export const fixedRandom = (): number => 0.5

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
