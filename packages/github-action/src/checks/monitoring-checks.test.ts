import { type AvalancheClient, createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, validateChecks } from '../config.js'
import { type CheckResult, runChecks } from '../engine.js'

let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  devnet = await startDevnet({ index: true })
  client = createClient({ nodeUrl: devnet.url, dataApiUrl: devnet.url, metricsApiUrl: devnet.url })
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

async function one(check: Record<string, unknown>): Promise<CheckResult> {
  const report = await runChecks(client, validateChecks([{ id: 'c', ...check }]))
  return report.results[0] as CheckResult
}

const PRIMARY_NETWORK = '11111111111111111111111111111111LpoYY'

describe('health with per-check details', () => {
  it('the health probe of a subnet tag: peers, disk, each check; thresholds on peers and free disk', async () => {
    const r = await one({ kind: 'health', probe: 'health', tags: [PRIMARY_NETWORK], minPeers: 4, minFreeDisk: 50 })
    // The devnet's network check reports 4 connected peers, diskspace 82% free (node/node.go's checks).
    expect(r).toMatchObject({
      status: 'passed',
      observed: 'health healthy (10 checks, 4 peers, disk 82% free)',
      value: 4,
    })
    expect(r.details).toContain('✓ network: 4 peers connected')
    expect(r.details).toContain('✓ diskspace: 384.0 GiB free (82%)')
    expect(r.details).toMatch(/✓ P: height \d+, 100% of stake connected/)
    // Another subnet's tag leaves out the Primary Network's chain checks (tagged with its ID), keeps the rest.
    const other = await one({ kind: 'health', probe: 'health', tags: [devnet.fixtures.p.subnetId] })
    expect(other.observed).toBe('health healthy (7 checks, 4 peers, disk 82% free)')
    expect(other.details).not.toContain('✓ P:')
    expect(await one({ kind: 'health', probe: 'health', minPeers: 5 })).toMatchObject({
      status: 'failed',
      observed: 'health unhealthy: 4 peers',
      expected: 'health healthy, ≥ 5 peers',
    })
    expect(await one({ kind: 'health', probe: 'health', minFreeDisk: 90 })).toMatchObject({
      status: 'failed',
      observed: 'health unhealthy: disk 82% free',
    })
  })

  it("while bootstrapping: the failing checks' own messages", async () => {
    devnet.setBootstrapping(true)
    try {
      const r = await one({ kind: 'health', probe: 'health' })
      expect(r.status).toBe('failed')
      expect(r.observed).toBe('health unhealthy: bootstrapped, C, P, X')
      expect(r.details).toContain(`✗ bootstrapped: subnets not bootstrapped; ["${PRIMARY_NETWORK}"]`)
      expect(r.details).toContain('✗ P: not yet run')
      expect(r.details).toContain('✓ network: 4 peers connected')
    } finally {
      devnet.setBootstrapping(false)
    }
  })

  it('peer and disk thresholds need the health probe', () => {
    expect(() => validateChecks([{ id: 'h', kind: 'health', minPeers: 3 }])).toThrow(ConfigError)
    expect(() => validateChecks([{ id: 'h', kind: 'health', minPeers: 3 }])).toThrow(
      'probe: minPeers and minFreeDisk read the network and diskspace checks, which only probe health runs',
    )
  })
})

describe('uptime', () => {
  it("this node's stake-weighted uptime (info.uptime) and another validator's as this node sees it", async () => {
    expect(await one({ kind: 'uptime' })).toMatchObject({
      status: 'passed',
      observed: 'uptime 100% (stake-weighted; 100% of stake would reward it)',
      expected: 'this node uptime ≥ 80%',
      value: 100,
    })
    const { validators } = await client.platform.getCurrentValidators()
    const low = validators.find((v) => typeof v.uptime === 'number' && v.uptime < 100) as
      | { nodeID: string; uptime: number }
      | undefined
    if (!low) throw new Error('the devnet has a validator below 100% uptime')
    expect(await one({ kind: 'uptime', nodeId: low.nodeID, min: low.uptime })).toMatchObject({
      status: 'passed',
      observed: `uptime ${low.uptime}%`,
      value: low.uptime,
    })
    expect(await one({ kind: 'uptime', nodeId: low.nodeID, min: 100 })).toMatchObject({ status: 'failed' })
    expect(await one({ kind: 'uptime', nodeId: 'NodeID-111111111111111111116DBWJs' })).toMatchObject({
      status: 'failed',
      observed: 'NodeID-111111111111111111116DBWJs is not a current Primary Network validator',
    })
  })
})

describe('stake-ending', () => {
  it("a validator's delegations: the first to end decides, against days", async () => {
    const { validators } = await client.platform.getCurrentValidators()
    let target: { nodeID: string; delegators: { txID: string; endTime: bigint }[]; endTime: bigint } | undefined
    for (const v of validators) {
      const [one] = (await client.platform.getCurrentValidators({ nodeIDs: [v.nodeID] })).validators as unknown as [
        typeof target,
      ]
      if (one?.delegators?.length) {
        target = one
        break
      }
    }
    if (!target) throw new Error('the devnet has a validator with delegators')
    const first = [...target.delegators].sort((a, b) => Number(a.endTime - b.endTime))[0] as {
      txID: string
      endTime: bigint
    }
    const days = (Number(first.endTime) - Date.now() / 1000) / 86_400
    const within = await one({
      kind: 'stake-ending',
      nodeId: target.nodeID,
      days: Math.ceil(days) + 1,
      include: ['delegators'],
    })
    expect(within.status).toBe('failed')
    expect(within.observed).toContain(
      `first: delegation ${first.txID} ends ${new Date(Number(first.endTime) * 1000).toISOString().slice(0, 10)}`,
    )
    const clear = await one({
      kind: 'stake-ending',
      nodeId: target.nodeID,
      days: Math.max(0.01, Math.floor(days) - 1),
      include: ['delegators'],
    })
    expect(clear).toMatchObject({
      status: 'passed',
      observed: expect.stringContaining(`next: delegation ${first.txID}`),
    })
    expect(clear.value).toBeCloseTo(days, 1)
  })

  it('this node: a genesis validator ending in 2044 with no delegation ending soon', async () => {
    const r = await one({ kind: 'stake-ending', days: 14 })
    expect(r.status).toBe('passed')
    expect(r.expected).toBe('no validator or delegators stake ending within 14 days')
  })
})

describe('rpc-lag', () => {
  it('the same height as a reference node and as the Data API passes with maxLag 0', async () => {
    expect(await one({ kind: 'rpc-lag', chain: 'X', referenceUrl: devnet.url, maxLag: 0 })).toMatchObject({
      status: 'passed',
      value: 0,
    })
    const p = await one({ kind: 'rpc-lag', chain: 'P', reference: 'data', network: 'fuji', maxLag: 0 })
    const { height } = await client.platform.getHeight()
    expect(p).toMatchObject({ status: 'passed', observed: `lag 0 (height ${height}, reference ${height})` })
  })

  it('a reference node ahead by more than maxLag fails with the lag', async () => {
    const ahead = await startDevnet({ pBlocks: 240 })
    try {
      const { height: theirs } = await createClient({ nodeUrl: ahead.url }).platform.getHeight()
      const { height: mine } = await client.platform.getHeight()
      const lag = theirs - mine
      expect(lag).toBeGreaterThan(2n)
      expect(await one({ kind: 'rpc-lag', chain: 'P', referenceUrl: ahead.url })).toMatchObject({
        status: 'failed',
        observed: `lag ${lag} (height ${mine}, reference ${theirs})`,
        expected: 'P lag ≤ 2 blocks behind the reference node',
        value: Number(lag),
      })
      expect(await one({ kind: 'rpc-lag', chain: 'P', referenceUrl: ahead.url, maxLag: Number(lag) })).toMatchObject({
        status: 'passed',
      })
    } finally {
      await ahead.close()
    }
  })

  it('names the missing reference', () => {
    expect(() => validateChecks([{ id: 'l', kind: 'rpc-lag', chain: 'P' }])).toThrow(
      'reference: reference node needs referenceUrl; reference data needs network (mainnet or fuji)',
    )
  })
})
