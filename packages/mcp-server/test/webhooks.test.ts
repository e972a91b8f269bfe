/**
 * The webhooks toolset against the devnet's Webhooks API: every tool called, annotations from the catalog, and the
 * signing secret nowhere in what the server sends (responses and log notifications, in process and over HTTP), nor
 * in its log, while the result says how to read the secret outside the assistant.
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { type AvalancheClient, catalog, createClient, type Logger } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { startHttpServer } from '../src/http.js'
import { toolName } from '../src/tools.js'
import { webhookArgs } from './args.js'
import { type Connection, connect, devnetConfig, text } from './helpers.js'

// biome-ignore lint/suspicious/noExplicitAny: loose views of results in assertions
type Any = Record<string, any>

const API_KEY = 'mcp-webhooks-key-0c51d7'
const FLAGS = ['--toolsets', 'default,webhooks', '--enable-writes']

let devnet: Devnet
let receiver: Server
let receiverUrl: string
/** The account's secret as the service holds it, read past the MCP server. */
let direct: AvalancheClient
let mcp: Connection
/** Every JSON-RPC message the server sent, and its log. */
const sent: string[] = []
const logged: string[] = []

beforeAll(async () => {
  receiver = createHttpServer((req, res) => void req.resume().on('end', () => res.writeHead(200).end()))
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  devnet = await startDevnet({ seed: 6, evmTxs: 200, apiKeys: { [API_KEY]: 'full' } })
  direct = createClient({ network: 'devnet', nodeUrl: devnet.url, dataApiUrl: devnet.url, apiKey: API_KEY })
  const logger: Logger = {
    debug: (message, meta) => void logged.push(message, inspect(meta, { depth: 6 })),
    warn: (message, meta) => void logged.push(message, inspect(meta, { depth: 6 })),
  }
  mcp = await connect(devnet, FLAGS, { AVALANCHE_DATA_API_KEY: API_KEY }, { sent, logger })
  await mcp.client.setLoggingLevel('debug')
})
afterAll(async () => {
  await mcp?.close()
  await direct?.close()
  await devnet?.close()
  receiver?.closeAllConnections()
  await new Promise<void>((resolve) => receiver?.close(() => resolve()))
})

const structured = async (name: string, args: Record<string, unknown>) => {
  const result = await mcp.call(name, args)
  expect(result.isError, `${name}: ${text(result)}`).toBeFalsy()
  return result.structuredContent as Any
}

describe('the webhooks toolset', () => {
  it('lists every webhook operation with the catalog annotations; each one runs against the devnet', async () => {
    const { tools } = await mcp.client.listTools()
    const ops = catalog.filter((op) => op.endpoint.includes(' /v1/webhooks'))
    for (const op of ops) {
      const tool = tools.find((t) => t.name === toolName(op.id))
      expect(tool?.annotations, op.id).toMatchObject({
        readOnlyHint: op.readOnly,
        destructiveHint: !op.readOnly && op.destructive === true,
        idempotentHint: op.idempotent,
      })
      if (op.secretFields) expect(tool?.description, op.id).toContain('the result holds `withheld` instead')
    }
    const created = await structured(
      'data_createWebhook',
      webhookArgs(devnet, receiverUrl, '').data_createWebhook ?? {},
    )
    expect(created).toMatchObject({ status: 'active', url: receiverUrl })
    const args = webhookArgs(devnet, receiverUrl, created.id)
    expect(Object.keys(args).sort()).toEqual(ops.map((op) => toolName(op.id)).sort())
    const results: Record<string, Any> = {}
    for (const [name, given] of Object.entries(args)) {
      if (name !== 'data_createWebhook') results[name] = await structured(name, given)
    }
    expect(results.data_listWebhooks?.webhooks.map((w: Any) => w.id)).toContain(created.id)
    expect(results.data_getWebhook).toMatchObject({ id: created.id, status: 'active' })
    expect(results.data_updateWebhook).toMatchObject({ id: created.id, name: 'mcp test, renamed' })
    expect(results.data_getAddressesFromWebhook?.addresses).toContain(devnet.fixtures.data.evm.accounts.alice)
    expect(results.data_deactivateWebhook).toMatchObject({ id: created.id, status: 'inactive' })
  })

  it('is off unless named: the default reaches no webhook tool, and its writes need --enable-writes', async () => {
    const plain = await connect(devnet, [], { AVALANCHE_DATA_API_KEY: API_KEY })
    const reads = await connect(devnet, ['--toolsets', 'default,webhooks'], { AVALANCHE_DATA_API_KEY: API_KEY })
    try {
      const refused = await plain.call('avalanche_call_operation', { name: 'data_getSharedSecret' })
      expect(refused.isError).toBe(true)
      expect(text(refused)).toContain('no operation "data_getSharedSecret" here')
      await expect(reads.call('data_createWebhook', {})).rejects.toThrow(/--enable-writes/)
    } finally {
      await plain.close()
      await reads.close()
    }
  })
})

describe('the signing secret never reaches the assistant', () => {
  const secretCalls = [
    ['data_getSharedSecret', {}],
    ['avalanche_call_operation', { name: 'data_getSharedSecret' }],
    ['data_getSharedSecret', { fields: ['secret'] }],
  ] as const

  it('neither in the results of reading and rotating it, nor in any message the server sent, nor in its log', async () => {
    const results: CallToolResult[] = []
    for (const [name, args] of secretCalls) results.push(await mcp.call(name, args))
    const before = (await direct.data.getSharedSecret()).secret
    const rotated = await mcp.call('data_generateOrRotateSharedSecret', {})
    const after = (await direct.data.getSharedSecret()).secret
    for (const [name, args] of secretCalls) results.push(await mcp.call(name, args))
    expect(after).not.toBe(before)
    expect(rotated.isError).toBeFalsy()

    const everything = [...sent, ...logged].join('\n')
    expect(
      sent.some((m) => m.includes('notifications/message')),
      'debug notifications were sent',
    ).toBe(true)
    expect(everything).toContain('withheld')
    for (const secret of [before, after]) expect(everything).not.toContain(secret)

    // The results say how to read it instead (the fields projection asked for the secret and got nothing).
    const read = results[0]?.structuredContent as Any
    expect(Object.keys(read)).toEqual(['withheld'])
    expect(read.withheld).toContain('secret withheld: the assistant never sees secrets')
    expect(read.withheld).toContain(`"${devnet.url}/v1/webhooks:getSharedSecret"`)
    expect(read.withheld).toContain('client.data.getSharedSecret()')
    expect((rotated.structuredContent as Any).withheld).toMatch(/^Done; the new secret is withheld/)
    expect(results[1]?.structuredContent).toEqual(read)
    expect(JSON.stringify(results[2])).not.toContain('"secret"')
  })

  it('nor in the whole HTTP response of a tools/call', async () => {
    const config = devnetConfig(devnet, FLAGS, { AVALANCHE_DATA_API_KEY: API_KEY })
    const listen = parseConfig(['--http', '--port', '0'], {}).http
    if (!listen) throw new Error('expected an HTTP configuration')
    const core = createClient({ network: 'devnet', nodeUrl: devnet.url, dataApiUrl: devnet.url, apiKey: API_KEY })
    const http = await startHttpServer({ config, http: listen, client: core })
    try {
      const call = async (id: number, name: string) => {
        const response = await fetch(http.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }),
        })
        expect(response.status).toBe(200)
        return response.text()
      }
      const bodies = [await call(1, 'data_getSharedSecret')]
      const before = (await direct.data.getSharedSecret()).secret
      bodies.push(await call(2, 'data_generateOrRotateSharedSecret'))
      const after = (await direct.data.getSharedSecret()).secret
      expect(after).not.toBe(before)
      expect(bodies.every((b) => b.includes('withheld'))).toBe(true)
      for (const secret of [before, after]) expect(bodies.join('\n')).not.toContain(secret)
    } finally {
      await http.close()
      await core.close()
    }
  })

  it('avalanche_describe_operation shows the note in place of the secret in the output schema', async () => {
    const described = await structured('avalanche_describe_operation', { name: 'data_getSharedSecret' })
    expect(Object.keys(described.outputSchema.properties)).toEqual(['withheld'])
  })
})
