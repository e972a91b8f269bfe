/**
 * What Node itself loads from the built package: the module-sync condition's files (dist/bundled, built before the
 * tests run), each entry a few modules, and zod's bundled copy loaded when a schema is first built (and core's own
 * bech32, base58 and hex: @scure/base is only the tests' oracle now). Run in child processes, so that Node's own resolution of the package's exports is what is
 * tested.
 */
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { moduleLevelArrows } from '../../../../scripts/arrows-as-functions.js'
import * as rootNode from '../index.node.js'
import { UNDICI_AFTER } from '../transports/tiered.js'
import * as dataNode from './data.node.js'
import * as dataEvmNode from './data-evm.node.js'
import * as metricsNode from './metrics.node.js'
import * as nodeNode from './node.node.js'

const packageDir = fileURLToPath(new URL('../..', import.meta.url))

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { height: '18446744073709551615' } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Runs an ES module program in a fresh Node from the package's directory (so it imports the package by name). */
async function run(program: string, flags: string[] = []): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--input-type=module', '-e', program], {
    cwd: packageDir,
  })
  return JSON.parse(stdout)
}

const entries = [
  ['', rootNode],
  ['/node', nodeNode],
  ['/data', dataNode],
  ['/data/evm', dataEvmNode],
  ['/metrics', metricsNode],
] as const

test.each(entries)(
  'Node loads @avalanche-automation/core%s from dist/bundled, with the exports of its source',
  async (subpath, source) => {
    const specifier = `@avalanche-automation/core${subpath}`
    const loaded = (await run(`
      const entry = await import(${JSON.stringify(specifier)})
      process.stdout.write(JSON.stringify({ file: import.meta.resolve(${JSON.stringify(specifier)}), names: Object.keys(entry) }))
    `)) as { file: string; names: string[] }
    expect(loaded.file).toMatch(/\/dist\/bundled\/[a-z-]+\.mjs$/)
    expect(loaded.names.sort()).toEqual(Object.keys(source).sort())
  },
)

test('the built Node entries read no module of zod (nor of @scure/base, no dependency now), share one copy of core, and one call loads no undici or tls', async () => {
  const result = (await run(`
    import { registerHooks } from 'node:module'
    const files = []
    registerHooks({ load(url, context, next) { files.push(url); return next(url, context) } })
    const root = await import('@avalanche-automation/core')
    const lean = await import('@avalanche-automation/core/node')
    const client = root.createClient({ nodeUrl: ${JSON.stringify(url)}, retry: false })
    const { height } = await client.platform.getHeight()
    const refused = await client.platform.getBlockByHeight({ height: -1 }).catch((error) => error)
    await client.close()
    process.stdout.write(JSON.stringify({
      files: files.filter((f) => f.startsWith('file:')).map((f) => f.slice(f.indexOf('/packages/core/') + 15)),
      height: typeof height === 'bigint' ? height.toString() : 'not a bigint',
      refused: { name: refused.name, isRootClass: refused instanceof root.InvalidParamsError, message: refused.message },
      sameClasses: root.JsonRpcError === lean.JsonRpcError && root.InvalidParamsError === lean.InvalidParamsError,
      undici: files.some((f) => f.includes('/undici/')),
      tls: process.moduleLoadList.includes('NativeModule tls'),
    }))
  `)) as {
    files: string[]
    height: string
    refused: { name: string; isRootClass: boolean; message: string }
    sameClasses: boolean
    undici: boolean
    tls: boolean
  }
  // zod is bundled in; @scure/base, once bundled the same way, is no dependency of core any more: nothing reads it.
  expect(result.files.filter((f) => /node_modules\/(\.pnpm\/)?(zod|@scure)/.test(f))).toEqual([])
  expect(result.files.filter((f) => !f.includes('node_modules')).every((f) => f.startsWith('dist/bundled/'))).toBe(true)
  // u64 converted exactly (in place, by the shape generated from its schema)
  expect(result.height).toBe('18446744073709551615')
  // zod's bundled copy, loaded once, with the Data API's operations (data/params.ts)
  expect(result.files.filter((f) => f.includes('zod'))).toEqual(['dist/bundled/zod.cjs'])
  // zod inside the bundle validates params: the error is core's own class, shared by both entries
  expect(result.refused).toMatchObject({ name: 'InvalidParamsError', isRootClass: true })
  expect(result.refused.message).toMatch(/height/)
  expect(result.sameClasses).toBe(true)
  // Two calls: node:http carries them (undici's modules cost ~40 ms of CPU to load, ./transports/tiered.ts)
  expect(result.undici).toBe(false)
  expect(result.tls).toBe(false) // an http URL: node:https (tls, crypto) is never loaded
})

test('a busy client of the built Node entry moves to undici, loaded from the package, and its answers stay exact', async () => {
  const result = (await run(`
    import { registerHooks } from 'node:module'
    const files = []
    registerHooks({ load(url, context, next) { files.push(url); return next(url, context) } })
    const { createClient } = await import('@avalanche-automation/core')
    const client = createClient({ nodeUrl: ${JSON.stringify(url)}, retry: false })
    const heights = []
    for (let i = 0; i < ${UNDICI_AFTER}; i++) heights.push((await client.platform.getHeight()).height)
    await new Promise((resolve) => setTimeout(resolve, 500)) // undici loads in the background
    for (let i = 0; i < 10; i++) heights.push((await client.platform.getHeight()).height)
    await client.close()
    process.stdout.write(JSON.stringify({
      undici: files.filter((f) => f.includes('/undici/')).map((f) => f.slice(f.indexOf('/undici/'))),
      exact: heights.every((h) => h === 18446744073709551615n),
    }))
  `)) as { undici: string[]; exact: boolean }
  expect(result.undici).toContain('/undici/lib/dispatcher/agent.js')
  // Requests are dispatched on the Agent with core's own handler: undici's request API and its body streams stay out.
  expect(result.undici.filter((f) => f.includes('/undici/lib/api/'))).toEqual([])
  expect(result.exact).toBe(true)
})

test('the lean /node entry loads no module of the Data and Metrics APIs, zod only once parameters are checked, and node:crypto once an ID is', async () => {
  const result = (await run(`
    import { readFileSync } from 'node:fs'
    import { registerHooks } from 'node:module'
    const files = []
    registerHooks({ load(url, context, next) { files.push(url); return next(url, context) } })
    const { createClient, InvalidParamsError } = await import('@avalanche-automation/core/node')
    const client = createClient({ nodeUrl: ${JSON.stringify(url)}, retry: false })
    const zod = () => files.some((f) => f.endsWith('/dist/bundled/zod.cjs'))
    const { height } = await client.platform.getHeight()
    const cryptoAfterHeight = process.moduleLoadList.includes('NativeModule crypto')
    const zodAfterBareCall = zod()
    // A txID whose cb58 checksum is wrong: refused before any request, which needs SHA-256.
    const refused = await client.platform.getTx({ txID: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByN' }).catch((e) => e)
    await client.close()
    const code = files.filter((f) => f.startsWith('file:')).map((f) => readFileSync(new URL(f), 'utf8')).join('\\n')
    process.stdout.write(JSON.stringify({
      height: String(height),
      dataApi: ['data.listNativeTransactions', 'metrics.getAvgTps'].filter((name) => code.includes(name)),
      cryptoAfterHeight,
      zodAfterBareCall,
      zodAfterParams: zod(),
      refused: refused instanceof InvalidParamsError && /txID/.test(refused.message),
      cryptoAfterId: process.moduleLoadList.includes('NativeModule crypto'),
    }))
  `)) as {
    height: string
    dataApi: string[]
    cryptoAfterHeight: boolean
    zodAfterBareCall: boolean
    zodAfterParams: boolean
    refused: boolean
    cryptoAfterId: boolean
  }
  expect(result.height).toBe('18446744073709551615')
  // A call without parameters checks its reply by the shape generated from its schema: zod is not even loaded until
  // a call checks its parameters.
  expect(result.zodAfterBareCall).toBe(false)
  expect(result.zodAfterParams).toBe(true)
  expect(result.dataApi).toEqual([]) // the root entry's files hold both
  expect(result.cryptoAfterHeight).toBe(false)
  expect(result.refused).toBe(true)
  expect(result.cryptoAfterId).toBe(true)
})

test("every operation record keeps V8's fast properties: reads on each call stay inline, its heap stays small", async () => {
  const result = (await run(
    `
      const { catalog } = await import('@avalanche-automation/core')
      process.stdout.write(JSON.stringify({
        count: catalog.length,
        dictionaries: catalog.filter((op) => !%HasFastProperties(op)).map((op) => op.id),
        keys: Object.keys(catalog.find((op) => op.id === 'platform.getHeight')),
      }))
    `,
    ['--allow-natives-syntax'],
  )) as { count: number; dictionaries: string[]; keys: string[] }
  expect(result.count).toBeGreaterThan(100)
  expect(result.dictionaries).toEqual([])
  // The spec's keys, in its order (the accessors of params and result among them).
  expect(result.keys).toEqual(['service', 'endpoint', 'readOnly', 'idempotent', 'id', 'summary', 'params', 'result'])
})

test("dist/bundled holds zod/mini, not zod's classic API (whose module and schemas cost a one-call program ~25 ms of CPU)", () => {
  const dir = `${packageDir}/dist/bundled`
  const code = readdirSync(dir)
    .filter((name) => /\.[cm]js$/.test(name))
    .map((name) => readFileSync(`${dir}/${name}`, 'utf8'))
    .join('\n')
  expect(code).toContain('ZodMiniObject')
  expect(code).not.toMatch(/\$constructor\([`"']ZodObject[`"']/) // classic's class; core's own is $ZodObject
})

test('dist/bundled declares no arrow function at module level, which V8 would parse in full at load (2.3 ms of 10.9)', () => {
  const dir = `${packageDir}/dist/bundled`
  for (const name of readdirSync(dir).filter((file) => /\.[cm]js$/.test(file))) {
    const code = readFileSync(`${dir}/${name}`, 'utf8')
    const arrows = moduleLevelArrows(code, name)
    expect(arrows.map((arrow) => `${name}: ${code.slice(arrow.start, arrow.start + 60)}`)).toEqual([])
  }
})
