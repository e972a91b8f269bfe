/**
 * The floor for the MCP server's HTTP rows: a relay in Node's own http that does no MCP work. It answers initialize
 * with a constant, and each tools/call with one platform.getHeight to the node, shaped as the MCP server shapes it.
 * No validation, selection, logging, bounds or secrets: whatever an MCP server does beyond this costs more.
 * `node src/mcp-relay.ts <port> <node URL>`; prints "listening on" to stderr when ready.
 */
import { Agent, createServer, request } from 'node:http'

const [port, upstream] = [Number(process.argv[2]), new URL(process.argv[3] ?? '')]
const agent = new Agent({ keepAlive: true, maxSockets: 32, scheduling: 'lifo' })
const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight', params: {} })
const initialized = {
  protocolVersion: '2025-06-18',
  capabilities: { tools: {} },
  serverInfo: { name: 'relay', version: '0' },
}

function getHeight(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const out = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: '/ext/bc/P',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()).result))
      },
    )
    out.on('error', reject)
    out.end(call)
  })
}

createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405).end()
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', async () => {
    const message = JSON.parse(Buffer.concat(chunks).toString()) as { id?: number | string; method: string }
    if (message.id === undefined) return void res.writeHead(202).end()
    let result: unknown = initialized
    if (message.method === 'tools/call') {
      const height = await getHeight()
      result = { content: [{ type: 'text', text: JSON.stringify(height) }], structuredContent: height }
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }))
  })
}).listen(port, '127.0.0.1', () => process.stderr.write('listening on\n'))
