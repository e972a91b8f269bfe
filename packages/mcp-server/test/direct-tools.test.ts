import { readFileSync, writeFileSync } from 'node:fs'
import { catalog } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config.js'
import { DIRECT_TOOLS } from '../src/direct-tools.js'
import { DEFAULT_LIST_MAX_BYTES, DEFAULT_LIST_MAX_TOOLS, fitDirectTools, rankDirectOperations } from '../src/ranking.js'
import { defaultUniverse, selectTools } from '../src/select.js'
import { listEntry } from '../src/server.js'
import { toolName } from '../src/tools.js'

const defaults = parseConfig([], {}).server

/** Tool count and `tools/list` bytes of the default configuration with these direct tools. */
function measure(ids: readonly string[]) {
  const { tools } = selectTools(defaults, { ...defaultUniverse(), direct: ids.map(toolName) })
  return { tools: tools.length, bytes: Buffer.byteLength(JSON.stringify({ tools: tools.map(listEntry) })) }
}

describe('direct tools of the default configuration', () => {
  it('follow from the catalog: eligible operations by fan-out, while the list fits', () => {
    const ranked = rankDirectOperations(catalog)
    const derived = fitDirectTools(ranked, measure)
    if (process.env.UPDATE_DIRECT_TOOLS) {
      const file = new URL('../src/direct-tools.ts', import.meta.url)
      const text = readFileSync(file, 'utf8').replace(
        /export const DIRECT_TOOLS[\s\S]*$/,
        `export const DIRECT_TOOLS: readonly string[] = [\n${derived.map((id) => `  '${id}',`).join('\n')}\n]\n`,
      )
      writeFileSync(file, text)
      process.stderr.write(`ranking: ${ranked.map((r) => `${r.id} ${r.fanOut}`).join(', ')}\n`)
    }
    expect(
      DIRECT_TOOLS,
      'run UPDATE_DIRECT_TOOLS=1 pnpm vitest run --project mcp-server test/direct-tools.test.ts',
    ).toEqual(derived)
    const size = measure(DIRECT_TOOLS)
    expect(size.tools).toBeLessThanOrEqual(DEFAULT_LIST_MAX_TOOLS)
    expect(size.bytes).toBeLessThanOrEqual(DEFAULT_LIST_MAX_BYTES)
  })

  it('rank what a question can start with: deprecated, write and flag-gated operations never qualify', () => {
    const ranked = rankDirectOperations(catalog).map((r) => r.id)
    for (const op of catalog.filter((o) => o.deprecated || !o.readOnly || o.requires))
      expect(ranked).not.toContain(op.id)
    // Needs an asset ID or a blockchain ID from another call first: not a first call.
    expect(ranked).not.toContain('avm.getAssetDescription')
    expect(ranked).not.toContain('platform.getBlockchainStatus')
    // A closed choice (an enum such as the metric) does not keep an operation out.
    expect(ranked).toContain('metrics.getEvmChainRollingWindowMetrics')
    // A validator list opens node-ID and subnet lookups: it ranks above a chain-ID lookup.
    expect(ranked.indexOf('platform.getCurrentValidators')).toBeLessThan(ranked.indexOf('info.getBlockchainID'))
  })
})
