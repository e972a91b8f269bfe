import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HELP } from '../src/config.js'

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))

describe('server.json for the MCP registry', () => {
  const server = read('server.json')
  const pkg = read('package.json')

  it('names this npm package and its version (package.json mcpName proves the ownership)', () => {
    expect(server.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json')
    expect(server.name).toBe(pkg.mcpName)
    expect(server.name).toMatch(/^io\.github\.[\w-]+\/[\w.-]+$/)
    expect(server.description.length).toBeLessThanOrEqual(100)
    expect(server.version, 'run node scripts/sync-server-json.mjs').toBe(pkg.version)
    expect(server.packages).toEqual([
      expect.objectContaining({
        registryType: 'npm',
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: 'stdio' },
      }),
    ])
    expect(server.repository.url).toBe(pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, ''))
  })

  it('documents environment variables the server reads, the key as a secret', () => {
    const vars = server.packages[0].environmentVariables as { name: string; isSecret?: boolean }[]
    for (const v of vars) expect(HELP, v.name).toContain(v.name)
    expect(vars.find((v) => v.name === 'AVALANCHE_DATA_API_KEY')?.isSecret).toBe(true)
  })
})
