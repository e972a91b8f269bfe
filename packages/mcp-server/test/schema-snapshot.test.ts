/**
 * The tool schemas the build computes (dist/tool-schemas.json, run `pnpm build` first): equal to what the tools compute
 * from source, read by the built CLI when it lists tools, and the CLI bundle carries no Ajv (src/bundle/no-ajv.ts) and no
 * character outside ASCII.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, expect, test } from 'vitest'
import { catalogTools, compositeTools, type ToolDefinition } from '../src/index.js'
import { useSchemaSnapshot } from '../src/schema-snapshot.js'
import { listEntry } from '../src/server.js'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const snapshotOf = (tools: readonly ToolDefinition[]) =>
  Object.fromEntries(tools.map((t) => [t.name, { inputSchema: t.inputSchema, outputSchema: t.outputSchema }]))

afterEach(() => useSchemaSnapshot({}))

test('dist/tool-schemas.json holds the schemas every catalog and composite tool computes', () => {
  const built = JSON.parse(readFileSync(join(dist, 'tool-schemas.json'), 'utf8'))
  const tools = [...catalogTools(), ...compositeTools]
  expect(Object.keys(built)).toHaveLength(tools.length)
  // Through JSON, as the CLI reads them (an undefined property is absent there too).
  expect(built).toEqual(JSON.parse(JSON.stringify(snapshotOf(tools))))
})

test("tools/list takes a tool's schemas from the snapshot, and computes those it does not name", () => {
  const [named, other] = catalogTools() as [ToolDefinition, ToolDefinition]
  const marked = { type: 'object' as const, description: 'from the snapshot' }
  useSchemaSnapshot({ [named.name]: { inputSchema: marked, outputSchema: marked } })
  expect(listEntry(named)).toMatchObject({ name: named.name, inputSchema: marked, outputSchema: marked })
  expect(listEntry(other).inputSchema).toBe(other.inputSchema)
})

test('the built CLI lists the schemas of its tool-schemas.json', async () => {
  // A copy of dist whose snapshot marks one listed tool: the answer shows the mark only if the CLI read the file.
  const copy = mkdtempSync(join(tmpdir(), 'mcp-snapshot-'))
  try {
    cpSync(dist, copy, { recursive: true })
    const file = join(copy, 'tool-schemas.json')
    const schemas = JSON.parse(readFileSync(file, 'utf8'))
    schemas.avalanche_chain_status.inputSchema.description = 'marked in tool-schemas.json'
    writeFileSync(file, JSON.stringify(schemas))
    const client = new Client({ name: 'test', version: '0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(copy, 'cli.mjs')],
        env: { PATH: process.env.PATH ?? '', AVALANCHE_NODE_URL: 'http://127.0.0.1:9' },
        stderr: 'ignore',
      }),
    )
    try {
      const { tools } = await client.listTools()
      const status = tools.find((t) => t.name === 'avalanche_chain_status')
      expect(status?.inputSchema.description).toBe('marked in tool-schemas.json')
    } finally {
      await client.close()
    }
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}, 30_000)

test('the CLI bundle leaves Ajv out', () => {
  const bundle = readdirSync(dist)
    .filter((f) => f.endsWith('.mjs') && f !== 'index.mjs')
    .map((f) => readFileSync(join(dist, f), 'utf8'))
    .join('\n')
  expect(bundle).toContain('bundles no JSON Schema validator') // the stand-in is there
  expect(bundle).not.toMatch(/node_modules\/(\.pnpm\/)?ajv/)
})

test('the CLI bundle is ASCII only, so that Node reads it without decoding UTF-8 (a start ~10 ms sooner)', () => {
  for (const name of readdirSync(dist).filter((f) => f.endsWith('.mjs') && f !== 'index.mjs')) {
    const code = readFileSync(join(dist, name), 'latin1')
    expect(
      [...code].filter((c) => c.charCodeAt(0) > 0x7f),
      name,
    ).toEqual([])
  }
})
