import { expect } from 'vitest'
import { InvalidParamsError } from '../errors.js'
import type { FakeTransport } from './fake-transport.js'

/**
 * Asserts that `call` fails with InvalidParamsError before any request, and that the message matches every pattern
 * (the parameter's path, what is accepted, the offending value).
 */
export async function expectInvalidParams(
  fake: FakeTransport,
  call: () => Promise<unknown>,
  ...patterns: (string | RegExp)[]
): Promise<InvalidParamsError> {
  const before = fake.requests.length
  const error = await call().then(
    (value) => {
      throw new Error(`expected InvalidParamsError, the call resolved with ${JSON.stringify(value, bigints)}`)
    },
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(InvalidParamsError)
  const message = (error as InvalidParamsError).message
  for (const pattern of patterns) expect(message).toMatch(pattern)
  expect(fake.requests.length, 'no request may be sent for invalid parameters').toBe(before)
  return error as InvalidParamsError
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value
}
