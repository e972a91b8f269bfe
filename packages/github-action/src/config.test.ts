import { describe, expect, it } from 'vitest'
import { selectPath } from './checks/call.js'
import { compareVersions } from './checks/node.js'
import { ConfigError, parseChecks } from './config.js'
import { parseThreshold, showAmount } from './units.js'

const problems = async (yaml: string) => {
  try {
    await parseChecks(yaml, 'checks.yml')
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('parseChecks', () => {
  it('accepts a list or checks:, applies defaults', async () => {
    const [a, b] = await parseChecks(`
checks:
  - id: ready
    kind: health
  - id: p-progress
    kind: chain-progress
    chain: P
    window: 30s
    severity: warning
    timeout: 2m
`)
    expect(a).toMatchObject({ id: 'ready', severity: 'error', timeout: 30_000, fields: { probe: 'readiness' } })
    expect(b).toMatchObject({
      severity: 'warning',
      timeout: 120_000,
      fields: { chain: 'P', window: 30_000, minIncrease: 1 },
    })
    expect(await parseChecks('- {id: v, kind: node-version, min: "1.13"}')).toHaveLength(1)
  })

  it('names the check, the field and the fix', async () => {
    expect(await problems('- {id: a, kind: healthy}')).toEqual([
      expect.stringMatching(
        /^checks\.yml\[0\] \(id "a"\): kind: unknown kind "healthy"; use one of health, bootstrapped, /,
      ),
    ])
    expect(await problems('- {id: a, kind: health, probes: readiness}')).toEqual([
      'checks.yml[0] (id "a"): probes: unknown field for kind health; fields: id, kind, name, severity, timeout, probe, tags, minPeers, minFreeDisk',
    ])
    expect(await problems('- {id: a, kind: chain-progress, window: soon}')).toEqual([
      'checks.yml[0] (id "a"): chain: required for kind chain-progress',
      'checks.yml[0] (id "a"): window: expected a duration from 0 to 1h like "30s" or "500ms" (got "soon")',
    ])
    expect(await problems('- {id: a, kind: health, severity: fatal}')).toEqual([
      'checks.yml[0] (id "a"): severity: expected error or warning',
    ])
    expect(await problems('- {id: a, kind: balance, chain: evm, chainId: "1", address: "0x1", min: lots}')).toEqual([
      'checks.yml[0] (id "a"): min: expected an amount like 25, "12.5", "12.5 AVAX" or "5000 nAVAX"',
    ])
    expect(await problems('- {id: a, kind: balance, chain: evm, address: "0x1", min: 1}')).toEqual([
      'checks.yml[0] (id "a"): chainId: chain evm needs chainId (e.g. "43114")',
    ])
    expect(await problems('- {id: a, kind: health}\n- {id: a, kind: health}')).toEqual([
      'checks.yml[1] (id "a"): id: "a" is used twice; ids must be unique',
    ])
    expect(await problems('- {kind: health}')).toEqual(['checks.yml[0]: id: required for kind health'])
    expect(await problems('nothing: here')).toEqual([expect.stringMatching(/expected a list of checks/)])
    expect(await problems('- [unclosed')).toEqual([expect.stringMatching(/^checks\.yml: not valid YAML/)])
  })

  it('raw calls: the operation must exist and be read-only, params are validated up front', async () => {
    expect(
      await problems('- {id: a, kind: call, operation: platform.getHieght, assert: {path: $.height, min: 1}}'),
    ).toEqual([
      expect.stringMatching(
        /operation: unknown operation "platform.getHieght"; platform has: platform.getBalance, .*platform.getHeight/,
      ),
    ])
    expect(
      await problems(
        '- {id: a, kind: call, operation: admin.alias, params: {endpoint: bc/X, alias: x}, assert: {path: $, exists: true}}',
      ),
    ).toEqual([
      'checks.yml[0] (id "a"): operation: admin.alias changes node state; only read-only operations can be checks',
    ])
    expect(
      (
        await problems(
          '- {id: a, kind: call, operation: avm.getUTXOs, params: {addresses: [], limit: 5000}, assert: {path: $.numFetched, min: 1}}',
        )
      )[0],
    ).toMatch(/params\.addresses: must hold from 1 to 1024 addresses/)
    expect(await problems('- {id: a, kind: call, operation: platform.getHeight, assert: {path: $.height}}')).toEqual([
      'checks.yml[0] (id "a"): assert: add a test: exists, equals, notEquals, min, max, in or matches',
    ])
  })
})

describe('helpers', () => {
  it('amounts in human units, raw units and wrong units', () => {
    const avax = { symbol: 'AVAX', denomination: 9 }
    expect(parseThreshold('12.5', avax)).toBe(12_500_000_000n)
    expect(parseThreshold('12.5 AVAX', avax)).toBe(12_500_000_000n)
    expect(parseThreshold('5000 nAVAX', avax)).toBe(5000n)
    expect(() => parseThreshold('1 USDC', avax)).toThrow('this asset is AVAX')
    expect(() => parseThreshold('0.0000000001', avax)).toThrow('has 10 decimals; AVAX has 9')
    expect(showAmount(1_234_567_891_234_500_000n, avax)).toBe('1,234,567,891.2345 AVAX')
    expect(showAmount(1_500_000_000n, avax)).toBe('1.5 AVAX')
  })

  it('paths', () => {
    const doc = {
      validators: [
        { nodeID: 'a', weight: '10' },
        { nodeID: 'b', weight: '20' },
      ],
      checks: { 'P-Chain': { ok: true } },
    }
    expect(selectPath(doc, '$.validators[1].weight')).toEqual(['20'])
    expect(selectPath(doc, '$.validators[-1].nodeID')).toEqual(['b'])
    expect(selectPath(doc, '$.validators[*].nodeID')).toEqual(['a', 'b'])
    expect(selectPath(doc, '$.validators.length')).toEqual([2])
    expect(selectPath(doc, "$.checks['P-Chain'].ok")).toEqual([true])
    expect(selectPath(doc, '$')).toEqual([doc])
    expect(() => selectPath(doc, '$..weight')).toThrow('not a path')
  })

  it('versions', () => {
    expect(compareVersions('1.14.2', '1.13.0')).toBeGreaterThan(0)
    expect(compareVersions('1.9.9', '1.10')).toBeLessThan(0)
    expect(compareVersions('v1.14', '1.14.0')).toBe(0)
  })
})
