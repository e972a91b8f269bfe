import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../src/config.js'
import { selectTools } from '../src/server.js'

describe('configuration from flags and environment', () => {
  it('defaults: mainnet, every read-only toolset, stdio', () => {
    const config = parseConfig([], {})
    expect(config.server).toMatchObject({ network: 'mainnet', enableAdmin: false })
    expect(config.server.toolsets).toEqual(['node', 'xchain', 'pchain', 'index', 'data', 'metrics'])
    expect(config.http).toBeUndefined()
  })

  it('environment variables, flags first', () => {
    const env = {
      AVALANCHE_NODE_URL: 'http://127.0.0.1:9650',
      AVALANCHE_DATA_API_KEY: 'k',
      AVALANCHE_TOOLSETS: 'pchain,data',
      AVALANCHE_MCP_AUTH_TOKEN: 't',
    }
    const config = parseConfig(['--http', '--port', '0', '--toolsets', 'node'], env)
    expect(config.server).toMatchObject({ network: 'custom', nodeUrl: 'http://127.0.0.1:9650', apiKey: 'k' })
    expect(config.server.toolsets).toEqual(['node'])
    expect(config.http).toMatchObject({ port: 0, host: '127.0.0.1', authToken: 't' })
    expect(parseConfig([], env).server.toolsets).toEqual(['pchain', 'data'])
  })

  it('admin only with --enable-admin', () => {
    expect(parseConfig(['--toolsets', 'all'], {}).server.toolsets).not.toContain('admin')
    expect(parseConfig(['--enable-admin'], {}).server.toolsets).toContain('admin')
    expect(parseConfig(['--enable-admin', '--toolsets', 'admin'], {}).server.toolsets).toEqual(['admin'])
    const tools = selectTools(parseConfig(['--enable-admin'], {}).server)
    expect(tools.some((t) => t.name === 'admin_setLoggerLevel')).toBe(true)
  })

  it('mistakes name the flag and what is accepted', () => {
    expect(() => parseConfig(['--toolsets', 'node,cchain'], {})).toThrow(/unknown toolset "cchain"/)
    expect(() => parseConfig(['--network', 'moon'], {})).toThrow(/--network must be one of/)
    expect(() => parseConfig(['--network', 'devnet'], {})).toThrow(/needs --node-url/)
    expect(() => parseConfig(['--http', '--port', 'x'], {})).toThrow(/--port must be/)
    expect(() => parseConfig(['--bogus'], {})).toThrow(ConfigError)
  })
})
