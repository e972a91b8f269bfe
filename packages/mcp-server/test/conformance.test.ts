/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against the HTTP server: the server
 * scenarios that need no fixture tools of the suite's own.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { type RunningHttpServer, startHttpServer } from '../src/http.js'

const run = promisify(execFile)
const pkg = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')
const conformance = join(dirname(pkg), 'dist', 'index.js')
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'logging-set-level',
  'dns-rebinding-protection',
]

let devnet: Devnet
let server: RunningHttpServer
beforeAll(async () => {
  devnet = await startDevnet({ seed: 3, xTxs: 50, utxosPerAddress: 20 })
  const cli = parseConfig(['--network', 'devnet', '--node-url', devnet.url, '--http', '--port', '0'], {})
  if (!cli.http) throw new Error('expected an HTTP configuration')
  server = await startHttpServer({
    config: cli.server,
    http: cli.http,
    client: createClient({ nodeUrl: devnet.url, retry: false }),
  })
})
afterAll(async () => {
  await server?.close()
  await devnet?.close()
})

describe('MCP conformance suite 0.1.16', () => {
  for (const scenario of SCENARIOS) {
    it(scenario, async () => {
      // Node 22+ (the suite imports fs.globSync): the Node running the tests.
      const { stdout } = await run(
        process.execPath,
        [conformance, 'server', '--url', server.url, '--scenario', scenario],
        {
          timeout: 60_000,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`conformance ${scenario} failed:\n${error.stdout}\n${error.stderr}`)
      })
      const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout)
      expect(summary, stdout).not.toBeNull()
      expect(summary?.[3], stdout).toBe('0')
      expect(summary?.[1], stdout).toBe(summary?.[2])
    }, 60_000)
  }
})
