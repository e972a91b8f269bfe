import { catalog } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_TOOLSETS, parseConfig, TOOLSETS, type Toolset } from '../src/config.js'
import { requestSelection } from '../src/http.js'
import { defaultUniverse, MAX_TOOLS, selectTools } from '../src/select.js'
import { catalogTools, type ToolDefinition, toolName } from '../src/tools.js'

const names = (flags: string[], env: Record<string, string> = {}) =>
  selectTools(parseConfig(flags, env).server).tools.map((t) => t.name)

describe('configuration from flags and environment', () => {
  it('defaults: mainnet, every read-only toolset reachable, none expanded, stdio', () => {
    const config = parseConfig([], {})
    expect(config.server).toMatchObject({ network: 'mainnet', enableAdmin: false, readOnly: false })
    expect(config.server.reach).toEqual(DEFAULT_TOOLSETS)
    expect(config.server.expanded).toEqual([])
    expect(config.server.maxResultBytes).toBe(20_000)
    expect(config.http).toBeUndefined()
  })

  it('environment variables, flags first', () => {
    const env = {
      AVALANCHE_NODE_URL: 'http://127.0.0.1:9650',
      AVALANCHE_DATA_API_KEY: 'k',
      AVALANCHE_TOOLSETS: 'pchain,evm',
      AVALANCHE_MCP_AUTH_TOKEN: 't',
      AVALANCHE_MCP_MAX_RESULT_BYTES: '9000',
      AVALANCHE_READ_ONLY: 'true',
    }
    const config = parseConfig(['--http', '--port', '0', '--toolsets', 'node'], env)
    expect(config.server).toMatchObject({ network: 'custom', nodeUrl: 'http://127.0.0.1:9650', apiKey: 'k' })
    expect(config.server).toMatchObject({ reach: ['node'], expanded: ['node'], readOnly: true, maxResultBytes: 9000 })
    expect(config.http).toMatchObject({ port: 0, host: '127.0.0.1', authToken: 't' })
    expect(parseConfig([], env).server).toMatchObject({ reach: ['pchain', 'evm'], expanded: ['pchain', 'evm'] })
  })

  it('default, all and toolset names combine', () => {
    expect(parseConfig(['--toolsets', 'all'], {}).server).toMatchObject({
      reach: DEFAULT_TOOLSETS,
      expanded: DEFAULT_TOOLSETS,
    })
    expect(parseConfig(['--toolsets', 'default,evm'], {}).server).toMatchObject({
      reach: DEFAULT_TOOLSETS,
      expanded: ['evm'],
    })
    const compact = names([])
    expect(compact.slice(0, 3)).toEqual([
      'avalanche_find_operations',
      'avalanche_describe_operation',
      'avalanche_call_operation',
    ])
    expect(compact.filter((n) => n.startsWith('data_')).length).toBeLessThan(
      names(['--toolsets', 'default,evm']).filter((n) => n.startsWith('data_')).length,
    )
  })

  it('admin only with --enable-admin; --read-only drops what changes node state', () => {
    expect(parseConfig(['--toolsets', 'all'], {}).server.reach).not.toContain('admin')
    expect(() => parseConfig(['--toolsets', 'admin'], {})).toThrow(/admin toolset needs --enable-admin/)
    expect(parseConfig(['--enable-admin'], {}).server.expanded).toEqual(['admin'])
    expect(parseConfig(['--enable-admin', '--toolsets', 'admin'], {}).server.reach).toEqual(['admin'])
    expect(names(['--enable-admin'])).toContain('admin_setLoggerLevel')
    expect(names(['--enable-admin', '--read-only']).some((n) => n.startsWith('admin_'))).toBe(false)
  })

  it('webhooks: reached only when named; writes outside admin only with --enable-writes, listed even in default', () => {
    const listed = (flags: string[]) => selectTools(parseConfig(flags, {}).server).tools
    const writes = (flags: string[]) => listed(flags).filter((t) => !t.annotations.readOnlyHint)
    const webhookTools = catalog.filter((op) => op.endpoint.includes('/v1/webhooks')).map((op) => toolName(op.id))
    expect(webhookTools).toHaveLength(10)
    for (const flags of [[], ['--toolsets', 'all', '--enable-writes']]) {
      expect(parseConfig(flags, {}).server.reach).not.toContain('webhooks')
      expect([...selectTools(parseConfig(flags, {}).server).reachable.keys()]).not.toContain('data_getSharedSecret')
    }
    // Without --enable-writes, naming webhooks gives its reads only.
    const reads = listed(['--toolsets', 'default,webhooks']).map((t) => t.name)
    expect(webhookTools.filter((n) => reads.includes(n))).toEqual([
      'data_listWebhooks',
      'data_getWebhook',
      'data_getAddressesFromWebhook',
      'data_getSharedSecret',
    ])
    expect(writes(['--toolsets', 'all'])).toEqual([])
    // With it, every webhook operation, destructive where the catalog says so (deletes and the secret's rotation).
    const all = listed(['--toolsets', 'default,webhooks', '--enable-writes'])
    expect(webhookTools.filter((n) => all.some((t) => t.name === n))).toEqual(webhookTools)
    expect(all.filter((t) => t.annotations.destructiveHint).map((t) => t.name)).toEqual([
      'data_deactivateWebhook',
      'data_removeAddressesFromWebhook',
      'data_generateOrRotateSharedSecret',
    ])
    // A write is listed though its toolset is compact: avalanche_call_operation never runs one.
    expect(writes(['--enable-writes']).map((t) => t.name)).toEqual(['data_aggregateSignatures'])
    expect(writes(['--toolsets', 'default,webhooks', '--enable-writes', '--read-only'])).toEqual([])
    expect(parseConfig([], { AVALANCHE_ENABLE_WRITES: 'true' }).server.writes).toBe(true)
  })

  it('every operation has a toolset; the Data API is split by subject', () => {
    const expected: Record<string, string[]> = {
      evm: ['listErc20Balances', 'listInternalTransactions', 'listAddressChains', 'getContractMetadata'],
      primary_network: ['getUtxosByAddressesV2', 'getBalancesByAddresses', 'getAvaxSupply', 'listSubnets'],
      staking: ['listValidators', 'listActivePrimaryNetworkStakingTransactions', 'listHistoricalPrimaryNetworkRewards'],
      icm: ['aggregateSignatures', 'getAggregatedSignatures'],
      webhooks: ['createWebhook', 'getSharedSecret'],
      node: ['healthCheck', 'liveCheck'],
    }
    const toolsets = Object.fromEntries(catalogTools().map((t) => [t.name, t.toolset]))
    for (const [toolset, methods] of Object.entries(expected)) {
      for (const method of methods) expect(toolsets[`data_${method}`], method).toBe(toolset)
    }
    const used = new Set(catalogTools().map((t) => t.toolset))
    expect(TOOLSETS.filter((t) => !used.has(t))).toEqual([])
  })

  it('mistakes name the flag and what is accepted', () => {
    expect(() => parseConfig(['--toolsets', 'node,cchain'], {})).toThrow(/unknown toolset "cchain"/)
    expect(() => parseConfig(['--network', 'moon'], {})).toThrow(/--network must be one of/)
    expect(() => parseConfig(['--network', 'devnet'], {})).toThrow(/needs --node-url/)
    expect(() => parseConfig(['--http', '--port', 'x'], {})).toThrow(/--port must be/)
    expect(() => parseConfig(['--max-result-bytes', '10'], {})).toThrow(
      /--max-result-bytes must be a whole number from 2000/,
    )
    expect(() => parseConfig(['--bogus'], {})).toThrow(ConfigError)
  })
})

describe('at most 128 tools in any configuration', () => {
  it('every combination of toolsets, keywords, --enable-admin, --enable-writes and --read-only', () => {
    const words = [...TOOLSETS, 'default', 'all']
    let configurations = 0
    for (let mask = 1; mask < 1 << words.length; mask++) {
      const named = words.filter((_, i) => mask & (1 << i))
      // `all` already expands every default toolset: naming one beside it changes nothing.
      if (named.includes('all') && named.some((w) => DEFAULT_TOOLSETS.includes(w as Toolset))) continue
      const list = named.join(',')
      for (const [admin, readOnly, writes] of [0, 1, 2, 3, 4, 5, 6, 7].map((b) => [b & 1, b & 2, b & 4])) {
        {
          const flags = ['--toolsets', list, ...(admin ? ['--enable-admin'] : []), ...(readOnly ? ['--read-only'] : [])]
          if (writes) flags.push('--enable-writes')
          let config: ReturnType<typeof parseConfig>
          try {
            config = parseConfig(flags, {})
          } catch {
            continue // admin without --enable-admin is refused at start
          }
          const { tools, collapsed } = selectTools(config.server)
          if (list === 'all' && !admin && !writes && !readOnly) expect(collapsed).toEqual([]) // `all` alone: every operation
          expect(tools.length, list).toBeLessThanOrEqual(MAX_TOOLS)
          // A toolset listed compactly to stay within the limit is still reachable through avalanche_call_operation.
          for (const toolset of collapsed) expect(config.server.reach).toContain(toolset)
          configurations++
        }
      }
    }
    expect(configurations).toBeGreaterThan(2000)
  })

  it('a catalog too large for one list keeps its largest toolsets compact, still reachable', () => {
    const universe = defaultUniverse()
    const read = universe.catalog.find((t) => t.annotations.readOnlyHint) as ToolDefinition
    const many = (toolset: ToolDefinition['toolset'], n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...read,
        name: `x_${toolset}${i}`,
        toolset,
      }))
    const big = { ...universe, catalog: [...many('evm', 100), ...many('metrics', 40), ...many('node', 10)] }
    const all = parseConfig(['--toolsets', 'all'], {}).server
    const selected = selectTools(all, big)
    expect(selected.tools.length).toBeLessThanOrEqual(MAX_TOOLS)
    expect(selected.collapsed).toEqual(['evm'])
    expect(selected.reachable.has('x_evm99')).toBe(true)
    expect(selected.listed.has('x_evm99')).toBe(false)
  })
})

describe('X-MCP-Toolsets and X-MCP-Readonly narrow a request, never widen it', () => {
  const server = parseConfig(['--toolsets', 'node,pchain,evm'], {}).server

  it('no header: the server selection', () => {
    expect(requestSelection(server, {})).toBe(server)
  })

  it('a header picks among the served toolsets; read-only can only be turned on', () => {
    expect(requestSelection(server, { 'x-mcp-toolsets': 'pchain' })).toEqual({
      reach: ['pchain'],
      expanded: ['pchain'],
      readOnly: false,
      writes: false,
    })
    // default/all mean "everything this server serves", not every toolset.
    expect(requestSelection(server, { 'x-mcp-toolsets': 'all' }).reach).toEqual(['node', 'pchain', 'evm'])
    expect(requestSelection(server, { 'x-mcp-toolsets': 'pchain,xchain' }).reach).toEqual(['pchain'])
    expect(requestSelection(server, { 'x-mcp-readonly': 'true' }).readOnly).toBe(true)
    const readOnlyServer = { ...server, readOnly: true }
    expect(requestSelection(readOnlyServer, { 'x-mcp-readonly': 'false' }).readOnly).toBe(true)
  })

  it('toolsets the server does not serve are refused by name; admin needs --enable-admin on the server', () => {
    expect(() => requestSelection(server, { 'x-mcp-toolsets': 'xchain' })).toThrow(
      /X-MCP-Toolsets: this server does not serve xchain; it serves node, pchain, evm/,
    )
    expect(() => requestSelection(server, { 'x-mcp-toolsets': 'admin' })).toThrow(/needs --enable-admin/)
    expect(() => requestSelection(server, { 'x-mcp-toolsets': 'bogus' })).toThrow(/unknown toolset "bogus"/)
  })
})
