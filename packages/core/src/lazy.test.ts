import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('zod/mini')
  vi.resetModules()
})

/** Imports the catalog afresh with every factory of zod's namespace (z.string, z.looseObject, ...) counted. */
async function catalogCountingZod() {
  const calls = { count: 0 }
  vi.resetModules()
  vi.doMock('zod/mini', async (importOriginal) => {
    const real = (await importOriginal()) as Record<string, unknown>
    const counted: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(real)) {
      counted[name] =
        // `config` only reads zod's settings (data/params.ts calls it to load zod along with the Data API).
        typeof value === 'function' && /^[a-z]/.test(name) && name !== 'config'
          ? (...args: unknown[]) => {
              calls.count++
              return (value as (...a: unknown[]) => unknown)(...args)
            }
          : value
    }
    return counted
  })
  const { catalog, findOperation } = await import('./catalog.js')
  return { calls, catalog, findOperation }
}

test('behavior: importing the catalog builds no schema; reading an operation builds its own, once', async () => {
  const { calls, catalog, findOperation } = await catalogCountingZod()
  expect(catalog.length).toBeGreaterThan(100)
  expect(calls.count).toBe(0)
  const op = findOperation('data.listNativeTransactions')
  const result = op?.result
  const built = calls.count
  expect(built).toBeGreaterThan(0)
  expect(op?.result).toBe(result)
  expect(calls.count).toBe(built)
  // Another operation's schemas were not built along with it.
  expect(findOperation('platform.getHeight')?.params).toBeDefined()
  expect(calls.count).toBeGreaterThan(built)
})

test('behavior: defineOperation keeps a schema given as is, and builds one given as a function when first read', async () => {
  const z = await import('zod')
  const { defineOperation } = await import('./operation.js')
  const params = z.object({})
  let builds = 0
  const op = defineOperation({
    id: 'info.test',
    service: 'info',
    endpoint: '/ext/info',
    summary: 'Test.',
    params,
    result: () => {
      builds++
      return z.object({ ok: z.boolean() })
    },
    readOnly: true,
    idempotent: true,
  })
  expect(op.params).toBe(params)
  expect(builds).toBe(0)
  expect(op.result.parse({ ok: true })).toEqual({ ok: true })
  expect(op.result).toBe(op.result)
  expect(builds).toBe(1)
  expect(Object.isFrozen(op)).toBe(true)
  expect(Object.keys(op)).toContain('result')
})
