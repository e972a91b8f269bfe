import { createClient, type Logger } from '@avalanche-automation/core'
import type { Devnet } from '@avalanche-automation/devnet'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { parseConfig } from '../src/config.js'
import { forwardingLogger } from '../src/logging.js'
import { createServer } from '../src/server.js'

/** Server configuration pointing every endpoint at the devnet (as the CLI would parse it). */
export function devnetConfig(devnet: Devnet, flags: string[] = [], env: Record<string, string> = {}) {
  return parseConfig(
    [
      '--network',
      'devnet',
      '--node-url',
      devnet.url,
      '--data-api-url',
      devnet.url,
      '--metrics-api-url',
      devnet.url,
      ...flags,
    ],
    env,
  ).server
}

/**
 * An MCP client connected in process to a server over the devnet. `sent` receives every JSON-RPC message the server
 * sends (responses and notifications, serialized); `logger` gets the server's log events.
 */
export async function connect(
  devnet: Devnet,
  flags: string[] = [],
  env: Record<string, string> = {},
  { sent, logger }: { sent?: string[]; logger?: Logger } = {},
) {
  const config = devnetConfig(devnet, flags, env)
  const core = createClient({
    network: 'devnet',
    nodeUrl: devnet.url,
    dataApiUrl: devnet.url,
    metricsApiUrl: devnet.url,
    apiKey: config.apiKey,
    retry: false,
    logger: forwardingLogger(logger),
  })
  const server = createServer({ config, client: core, logger })
  const client = new Client({ name: 'test', version: '1.0.0' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  if (sent) {
    const send = serverSide.send.bind(serverSide)
    serverSide.send = (message, options) => {
      sent.push(JSON.stringify(message))
      return send(message, options)
    }
  }
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  return {
    client,
    async call(name: string, args: Record<string, unknown> = {}) {
      return (await client.callTool({ name, arguments: args })) as CallToolResult
    },
    async close() {
      await client.close()
      await server.close()
      await core.close()
    },
  }
}

export type Connection = Awaited<ReturnType<typeof connect>>

/** The first tools of every list: the discovery tools, then the composite tools. */
export const LEADING_TOOLS = [
  'avalanche_find_operations',
  'avalanche_describe_operation',
  'avalanche_call_operation',
  'avalanche_chain_status',
  'avalanche_validator_report',
  'avalanche_address_overview',
]

export function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')
}
