import {
  type AvalancheClient,
  createClient,
  createNodeTransport,
  formatAmount,
  type Transport,
} from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, validateChecks } from '../config.js'
import { type CheckResult, runChecks } from '../engine.js'
import { toJsonReport } from '../report.js'

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

/** Runs one check (fields as in YAML) and returns its result. */
async function one(check: Record<string, unknown>, using = client): Promise<CheckResult> {
  const report = await runChecks(using, await validateChecks([{ id: 'c', ...check }]))
  return report.results[0] as CheckResult
}

const f = () => devnet.fixtures

describe('node checks', () => {
  it('health probes pass on a ready node and fail, naming the failing checks, while bootstrapping', async () => {
    expect(await one({ kind: 'health' })).toMatchObject({
      status: 'passed',
      observed: expect.stringContaining('readiness healthy'),
    })
    expect(await one({ kind: 'health', probe: 'liveness' })).toMatchObject({ status: 'passed' })
    expect(await one({ kind: 'health', probe: 'health' })).toMatchObject({ status: 'passed' })
    devnet.setBootstrapping(true)
    try {
      const r = await one({ kind: 'health', severity: 'warning' })
      expect(r).toMatchObject({ status: 'warning', expected: 'readiness healthy' })
      expect(r.observed).toMatch(/^readiness unhealthy: /)
      expect(await one({ kind: 'bootstrapped' })).toMatchObject({
        status: 'failed',
        observed: 'not bootstrapped: P, X, C',
        expected: 'P, X, C bootstrapped',
      })
      const progress = await one({ kind: 'chain-progress', chain: 'X', window: '10ms', timeout: '2s' })
      expect(progress.status).toBe('failed')
      expect(progress.observed).toMatch(/ChainBootstrappingError|timed out/)
    } finally {
      devnet.setBootstrapping(false)
    }
    expect(await one({ kind: 'bootstrapped', chains: ['X'] })).toMatchObject({
      status: 'passed',
      observed: 'X bootstrapped',
    })
  })

  it('network and node version', async () => {
    expect(await one({ kind: 'network', networkId: 12345, networkName: 'local' })).toMatchObject({
      status: 'passed',
      observed: 'local, id 12345',
    })
    expect(await one({ kind: 'network', networkId: 5 })).toMatchObject({
      status: 'failed',
      observed: 'local, id 12345',
      expected: 'id 5',
    })
    expect(await one({ kind: 'node-version', min: '1.14.2' })).toMatchObject({
      status: 'passed',
      observed: 'avalanchego/1.14.2',
    })
    expect(await one({ kind: 'node-version', min: '1.14.10' })).toMatchObject({
      status: 'failed',
      expected: '≥ 1.14.10',
    })
  })
})

describe('progress checks', () => {
  /** A transport that makes every height and last-accepted index grow by 1 per read, like a live chain. */
  const growing = (): Transport => {
    const base = createNodeTransport()
    let reads = 0
    return async (request) => {
      const response = await base(request)
      const bump = (_: string, key: string, value: string) => `"${key}":"${BigInt(value) + BigInt(reads)}"`
      if (/getHeight|getLastAccepted/.test(request.body ?? '')) reads++
      return { ...response, body: response.body.replace(/"(height|index)":"(\d+)"/g, bump) }
    }
  }

  it('a growing chain passes; a static one fails saying how much it moved', async () => {
    const live = createClient({ nodeUrl: devnet.url, transport: growing() })
    expect(await one({ kind: 'chain-progress', chain: 'P', window: '50ms' }, live)).toMatchObject({ status: 'passed' })
    expect(await one({ kind: 'index-progress', index: 'X/tx', window: '50ms' }, live)).toMatchObject({
      status: 'passed',
    })
    const r = await one({ kind: 'chain-progress', chain: 'X', window: '50ms', minIncrease: 1 })
    expect(r).toMatchObject({ status: 'failed', expected: 'X height +1 in 50 ms' })
    expect(r.observed).toBe(`${f().x.height} → ${f().x.height} (+0 in 50 ms)`)
  })

  it('index caught up with the chain', async () => {
    expect(await one({ kind: 'index-caught-up', index: 'P/block', maxLag: 0 })).toMatchObject({
      status: 'passed',
      observed: expect.stringMatching(/^lag 0 /),
    })
    const behind = createClient({ nodeUrl: devnet.url, transport: growing() })
    // getLastAccepted and getHeight are read in parallel: one of them is bumped by one more.
    const r = await one({ kind: 'index-caught-up', index: 'X/block', maxLag: 0 }, behind)
    expect(r.observed).toMatch(/^lag -?1 /)
  })

  it('a node without --index-enabled fails with the flag to set', async () => {
    const plain = await startDevnet()
    const c = createClient({ nodeUrl: plain.url })
    try {
      const r = await one({ kind: 'index-progress', window: '10ms' }, c)
      expect(r.status).toBe('failed')
      expect(r.observed).toMatch(/^ApiDisabledError: .*--index-enabled=true/)
      // tx-accepted needs no index: avm.getTx.
      expect(await one({ kind: 'tx-accepted', chain: 'X', txId: plain.fixtures.x.txs.send }, c)).toMatchObject({
        status: 'passed',
        observed: 'accepted (avm.getTx)',
      })
    } finally {
      await c.close()
      await plain.close()
    }
  })
})

describe('validators', () => {
  it('this node on the Primary Network, connected, uptime, weight', async () => {
    const r = await one({ kind: 'validator', connected: true, minUptime: 99, minWeight: '2000 AVAX' })
    expect(r).toMatchObject({ status: 'passed', observed: 'validating, connected, uptime 100%, weight 2,000 AVAX' })
    const heavy = await one({ kind: 'validator', minWeight: '2000.5' })
    expect(heavy).toMatchObject({
      status: 'failed',
      observed: 'weight 2,000 AVAX',
      expected: 'this node validating, weight ≥ 2000.5',
    })
  })

  it('source data: the same validator read from the Data API (getSingleValidatorDetails), for a node not reached', async () => {
    const nodeId = await client.info.getNodeID().then((r) => r.nodeID)
    const onNode = await one({ kind: 'validator', minUptime: 99, minWeight: '2000 AVAX', minDaysLeft: 3650 })
    const viaData = await one({
      kind: 'validator',
      source: 'data',
      network: 'fuji',
      nodeId,
      minUptime: 99,
      minWeight: '2000 AVAX',
      minDaysLeft: 3650,
    })
    expect(viaData).toMatchObject({ status: 'passed', details: `${nodeId} on the Primary Network (Data API)` })
    // The Data API's uptime, stake and end time are the node's own.
    expect(viaData.observed).toBe(onNode.observed)
    const [l1] = f().p.validators.l1
    expect(await one({ kind: 'validator', source: 'data', network: 'fuji', nodeId: l1 })).toMatchObject({
      status: 'failed',
      observed: `${l1} is not a current validator of the Primary Network`,
    })
    await expect(validateChecks([{ id: 'v', kind: 'validator', source: 'data', network: 'fuji' }])).rejects.toThrow(
      /source data needs nodeId and network/,
    )
    await expect(
      validateChecks([{ id: 'v', kind: 'validator', source: 'data', network: 'fuji', nodeId, connected: true }]),
    ).rejects.toThrow(/source data reports no connection/)
  })

  it('days left: the devnet genesis validators end 2044-12-27', async () => {
    const r = await one({ kind: 'validator', minDaysLeft: 3650 })
    expect(r.status).toBe('passed')
    expect(r.observed).toMatch(/^validating, \d+\.\d days left \(ends 2044-12-27\)$/)
    const long = await one({ kind: 'validator', minDaysLeft: 36_500 })
    expect(long.status).toBe('failed')
    expect(long.observed).toMatch(/^\d+\.\d days left \(ends 2044-12-27\)$/)
  })

  it('subnet and L1 validators, L1 balance', async () => {
    expect(await one({ kind: 'validator', subnetId: f().p.subnetId })).toMatchObject({ status: 'passed' })
    const [l1] = f().p.validators.l1
    expect(
      await one({ kind: 'validator', nodeId: l1, subnetId: f().p.l1SubnetId, minBalance: '0.000001', minWeight: 100 }),
    ).toMatchObject({ status: 'passed' })
    expect(
      await one({ kind: 'validator', nodeId: l1, subnetId: f().p.l1SubnetId, minBalance: '1000000 AVAX' }),
    ).toMatchObject({
      status: 'failed',
      observed: expect.stringMatching(/^balance [\d,.]+ AVAX$/),
    })
    expect(await one({ kind: 'validator', nodeId: l1 })).toMatchObject({
      status: 'failed',
      observed: `${l1} is not a current validator of the Primary Network`,
    })
    expect(await one({ kind: 'validator', subnetId: f().p.subnetId, minUptime: 50 })).toMatchObject({
      status: 'failed',
      observed: 'uptime not reported (Primary Network only)',
    })
  })
})

describe('L1 validator fee runway', () => {
  const l1Validator = async (nodeId: string) => {
    const { validators } = await client.platform.getCurrentValidators({ subnetID: f().p.l1SubnetId, nodeIDs: [nodeId] })
    return validators[0] as { balance: bigint; validationID: string }
  }

  it('days = balance / (price × 86,400) against minDays, by nodeId or validationId; exact amounts in the JSON report', async () => {
    const [nodeId = ''] = f().p.validators.l1
    const { balance, validationID } = await l1Validator(nodeId)
    const { price } = await client.platform.getValidatorFeeState()
    expect(price).toBe(1n) // the local network's minimum (1 nAVAX/s): the devnet's excess is 0
    const days = Number((balance * 10n) / (price * 86_400n)) / 10
    const subnetId = f().p.l1SubnetId
    const passed = await one({ kind: 'l1-validator-balance', subnetId, nodeId, minDays: Math.floor(days) })
    expect(passed).toMatchObject({
      status: 'passed',
      expected: `≥ ${Math.floor(days)} days of fee at the current price`,
      observed: `${days.toFixed(1)} days left: balance ${formatAmount(balance, 9)} AVAX at 1 nAVAX/s (0.0000… AVAX/day)`,
    })
    expect(
      await one({ kind: 'l1-validator-balance', subnetId, validationId: validationID, minDays: days }),
    ).toMatchObject({ status: 'passed' })
    // One day more than the balance pays for fails, with the same observation.
    const short = await one({ kind: 'l1-validator-balance', subnetId, nodeId, minDays: Math.ceil(days) + 1 })
    expect(short).toMatchObject({ status: 'failed', observed: passed.observed })
    const report = JSON.parse(
      toJsonReport(
        await runChecks(
          client,
          await validateChecks([{ id: 'r', kind: 'l1-validator-balance', subnetId, nodeId, minDays: 1 }]),
        ),
      ),
    )
    expect(report.results[0].amounts).toEqual({
      balance: { amount: String(balance), symbol: 'AVAX', denomination: 9, shown: expect.stringMatching(/ AVAX$/) },
      pricePerSecond: { amount: '1', symbol: 'AVAX', denomination: 9, shown: '0.0000… AVAX' },
      feePerDay: { amount: '86400', symbol: 'AVAX', denomination: 9, shown: '0.0000… AVAX' },
    })
  })

  it('a validator not on the L1, or of a subnet without L1 balances, fails saying so; fields are checked first', async () => {
    const [primary] = f().p.validators.primary
    expect(
      await one({ kind: 'l1-validator-balance', subnetId: f().p.l1SubnetId, nodeId: primary, minDays: 1 }),
    ).toMatchObject({ status: 'failed', observed: `${primary} is not a current validator of ${f().p.l1SubnetId}` })
    const [subnetNode] = f().p.validators.subnet
    expect(
      await one({ kind: 'l1-validator-balance', subnetId: f().p.subnetId, nodeId: subnetNode, minDays: 1 }),
    ).toMatchObject({
      status: 'failed',
      observed: `${subnetNode} has no balance: ${f().p.subnetId} is not an L1 (or not converted yet)`,
    })
    const both = {
      id: 'b',
      kind: 'l1-validator-balance',
      subnetId: 'x',
      nodeId: primary,
      validationId: 'y',
      minDays: 1,
    }
    await expect(validateChecks([both])).rejects.toThrow(/nodeId: set nodeId or validationId \(one of them\)/)
    await expect(
      validateChecks([{ id: 'n', kind: 'l1-validator-balance', subnetId: 'x', minDays: 1 }]),
    ).rejects.toThrow(/set nodeId or validationId/)
    await expect(
      validateChecks([{ id: 'd', kind: 'l1-validator-balance', subnetId: 'x', nodeId: primary }]),
    ).rejects.toThrow(/minDays: required for kind l1-validator-balance/)
  })
})

describe('balances', () => {
  it('X (UTXO walk, any asset), P, EVM native and ERC-20, in human units', async () => {
    const ewoq = f().accounts.ewoq
    const avax = ewoq.xBalances[f().assets.avax.id] as bigint
    const text = formatAmount(avax, 9)
    expect(text).toMatch(/^\d{9}\.\d{1,3}$/)
    const shown = `${Number(text.split('.')[0]).toLocaleString('en-US')}.${text.split('.')[1]} AVAX`
    expect(await one({ kind: 'balance', chain: 'X', address: ewoq.x, min: `${text} AVAX` })).toMatchObject({
      status: 'passed',
      // ewoq holds all its UTXOs alone, unlocked: both figures are the same.
      observed: `total ${shown} (spendable alone ${shown})`,
      expected: `total ≥ ${text} AVAX`,
    })
    expect(await one({ kind: 'balance', chain: 'X', address: ewoq.x, min: `${avax + 1n} nAVAX` })).toMatchObject({
      status: 'failed',
      expected: `total ≥ ${avax + 1n} nAVAX`,
    })
    expect(
      await one({ kind: 'balance', chain: 'X', address: ewoq.x, asset: f().assets.usdt.id, max: '10 USDT' }),
    ).toMatchObject({ status: 'failed', observed: expect.stringMatching(/^total 999,873,971 USDT/) })
    expect(
      await one({
        kind: 'balance',
        chain: 'P',
        address: ewoq.p,
        min: `${ewoq.pBalance} nAVAX`,
        max: `${ewoq.pBalance} nAVAX`,
      }),
    ).toMatchObject({ status: 'passed' })
    const evm = f().data.evm
    expect(
      await one({ kind: 'balance', chain: 'evm', chainId: '43112', address: evm.accounts.ewoq, min: 1000 }),
    ).toMatchObject({ status: 'passed', observed: expect.stringMatching(/ AVAX$/) })
    // The native balance is read with balances:getNative (not taken from the ERC-20 list's side field).
    const paths: string[] = []
    const base = createNodeTransport()
    const watched = createClient({
      nodeUrl: devnet.url,
      dataApiUrl: devnet.url,
      transport: (request) => {
        paths.push(new URL(request.url).pathname)
        return base(request)
      },
    })
    const native = await client.data.getNativeBalance({ chainId: '43112', address: evm.accounts.alice })
    const exact = `${native.nativeTokenBalance?.balance} wei`
    try {
      const r = await one(
        { kind: 'balance', chain: 'evm', chainId: '43112', address: evm.accounts.alice, min: exact, max: exact },
        watched,
      )
      expect(r.status).toBe('passed')
      expect(paths).toEqual([`/v1/chains/43112/addresses/${evm.accounts.alice}/balances:getNative`])
    } finally {
      await watched.close()
    }
    expect(
      await one({
        kind: 'balance',
        chain: 'evm',
        chainId: '43112',
        address: evm.accounts.ewoq,
        token: evm.contracts.usdc,
        min: '1 USDC.d',
      }),
    ).toMatchObject({ status: 'passed' })
    const wrongUnit = await one({
      kind: 'balance',
      chain: 'evm',
      chainId: '43112',
      address: evm.accounts.ewoq,
      token: evm.contracts.usdc,
      min: '1 AVAX',
    })
    expect(wrongUnit).toMatchObject({ status: 'failed', observed: expect.stringContaining('this asset is USDC.d') })
  })

  it("P by platform.getBalance's split and X spendable alone vs total: says which figure, keeps each exactly", async () => {
    const { dave } = f().accounts
    const exactly = (raw: bigint) => ({ min: `${raw} nAVAX`, max: `${raw} nAVAX` })
    const figures = { ...dave.pBalances, total: dave.pBalance }
    for (const [figure, raw] of Object.entries(figures)) {
      const r = await one({ kind: 'balance', chain: 'P', address: dave.p, figure, ...exactly(raw) })
      expect(r.status, figure).toBe('passed')
    }
    const unlocked = await one({ kind: 'balance', chain: 'P', address: dave.p, figure: 'unlocked', min: '1000 AVAX' })
    expect(unlocked).toMatchObject({
      status: 'failed',
      observed: 'unlocked 200.56 AVAX (total 1,241.56 AVAX, locked stakeable 1,007 AVAX, locked not stakeable 34 AVAX)',
      expected: 'unlocked ≥ 1000 AVAX',
    })
    expect(unlocked.amounts).toEqual({
      total: { amount: String(dave.pBalance), symbol: 'AVAX', denomination: 9, shown: '1,241.56 AVAX' },
      unlocked: { amount: String(dave.pBalances.unlocked), symbol: 'AVAX', denomination: 9, shown: '200.56 AVAX' },
      lockedStakeable: expect.objectContaining({ amount: String(dave.pBalances.lockedStakeable) }),
      lockedNotStakeable: expect.objectContaining({ amount: String(dave.pBalances.lockedNotStakeable) }),
    })
    // The total passes where unlocked fails: the stake-locked outputs count (a UTXO sum without them undercounts).
    expect(await one({ kind: 'balance', chain: 'P', address: dave.p, min: '1000 AVAX' })).toMatchObject({
      status: 'passed',
    })

    const avax = f().assets.avax.id
    const spendable = dave.xSpendable[avax] as bigint
    const total = dave.xBalances[avax] as bigint
    expect(total - spendable).toBe(543_000_000_000n)
    const x = await one({ kind: 'balance', chain: 'X', address: dave.x, figure: 'spendable', ...exactly(spendable) })
    expect(x).toMatchObject({
      status: 'passed',
      observed: expect.stringMatching(/^spendable alone [\d,.]+ AVAX \(total /),
    })
    expect(x.amounts?.total?.amount).toBe(String(total))
    expect(await one({ kind: 'balance', chain: 'X', address: dave.x, ...exactly(total) })).toMatchObject({
      status: 'passed',
    })
  })

  it('refuses a figure that does not fit the chain, naming the choices', async () => {
    const { dave } = f().accounts
    await expect(
      validateChecks([{ id: 'c', kind: 'balance', chain: 'X', address: dave.x, figure: 'unlocked', min: 1 }]),
    ).rejects.toThrow(/figure on X is total or spendable/)
    await expect(
      validateChecks([{ id: 'c', kind: 'balance', chain: 'P', address: dave.p, figure: 'everything', min: 1 }]),
    ).rejects.toThrow(/expected total, spendable \(X\), unlocked/)
  })
})

describe('transactions, P-Chain, metrics, raw calls', () => {
  it('tx-accepted on X, P and EVM', async () => {
    expect(await one({ kind: 'tx-accepted', chain: 'X', txId: f().x.txs.send })).toMatchObject({
      status: 'passed',
      observed: 'accepted (avm.getTx)',
    })
    // A tx of the linear era (after Cortina) is in no X/tx container: asking that index said "not accepted".
    const linear = f().x.eras.firstLinearTx
    expect(await client.index.isAccepted({ indexName: 'X/tx', id: linear })).toEqual({ isAccepted: false })
    expect(await one({ kind: 'tx-accepted', chain: 'X', txId: linear })).toMatchObject({
      status: 'passed',
      observed: 'accepted (avm.getTx)',
    })
    expect(await one({ kind: 'tx-accepted', chain: 'P', txId: f().p.txs.addValidator })).toMatchObject({
      status: 'passed',
      observed: 'Committed',
    })
    const unknown = '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD'
    expect(await one({ kind: 'tx-accepted', chain: 'X', txId: unknown })).toMatchObject({
      status: 'failed',
      observed: 'not found (avm.getTx)',
    })
    expect(await one({ kind: 'tx-accepted', chain: 'P', txId: unknown })).toMatchObject({
      status: 'failed',
      expected: 'Committed',
    })
    const page = await client.data.listNativeTransactions({
      chainId: '43112',
      address: f().data.evm.accounts.ewoq,
      pageSize: 1,
    })
    const hash = page.transactions?.[0]?.txHash as string
    expect(await one({ kind: 'tx-accepted', chain: 'evm', chainId: '43112', txId: hash })).toMatchObject({
      status: 'passed',
    })
    expect(
      await one({ kind: 'tx-accepted', chain: 'evm', chainId: '43112', txId: `0x${'ab'.repeat(32)}` }),
    ).toMatchObject({ status: 'failed', observed: 'not found' })
  })

  it('blockchain status and supply', async () => {
    const chain = f().p.blockchains.find((b) => b.subnetId === f().p.subnetId)?.id
    expect(await one({ kind: 'blockchain-status', blockchainId: chain })).toMatchObject({
      status: 'passed',
      observed: 'Validating',
    })
    const other = f().p.blockchains.find((b) => b.subnetId !== f().p.subnetId)?.id
    expect(await one({ kind: 'blockchain-status', blockchainId: other, in: ['Validating', 'Syncing'] })).toMatchObject({
      status: 'failed',
      expected: 'Validating or Syncing',
    })
    expect(await one({ kind: 'supply', min: '360000000 AVAX', max: '361000000' })).toMatchObject({ status: 'passed' })
    expect(await one({ kind: 'supply', max: '1 AVAX' })).toMatchObject({
      status: 'failed',
      observed: expect.stringMatching(/^360,067,575/),
    })
    // The JSON report keeps the exact supply beside the rounded text.
    const { supply } = await client.platform.getCurrentSupply()
    const report = JSON.parse(
      toJsonReport(await runChecks(client, await validateChecks([{ id: 's', kind: 'supply', min: 1 }]))),
    )
    expect(report.results[0].amounts).toEqual({
      supply: { amount: String(supply), symbol: 'AVAX', denomination: 9, shown: expect.stringMatching(/^360,067,575/) },
    })
  })

  it('seed avg TPS and any v2 chain metric', async () => {
    expect(await one({ kind: 'tps', chainId: '43112', min: 0.1 })).toMatchObject({
      status: 'passed',
      observed: expect.stringMatching(/tx\/s/),
    })
    expect(await one({ kind: 'tps', chainId: '43112', min: 1000 })).toMatchObject({
      status: 'failed',
      expected: '≥ 1000 tx/s',
    })
    expect(await one({ kind: 'chain-metric', chainId: '43112', metric: 'txCount', min: 1 })).toMatchObject({
      status: 'passed',
    })
    expect(
      await one({ kind: 'chain-metric', chainId: '43112', metric: 'activeAddresses', timeInterval: 'hour', max: 0 }),
    ).toMatchObject({ status: 'failed' })
    const bad = await one({ kind: 'chain-metric', chainId: '43112', metric: 'noSuchMetric', min: 1 })
    expect(bad.observed).toMatch(/^InvalidParamsError: .*metric/)
  })

  it('raw calls with path assertions on the JSON result', async () => {
    expect(
      await one({ kind: 'call', operation: 'info.getNetworkName', assert: { path: '$.networkName', equals: 'local' } }),
    ).toMatchObject({ status: 'passed', observed: '$.networkName = "local"' })
    const r = await one({
      kind: 'call',
      operation: 'platform.getHeight',
      assert: [
        { path: '$.height', min: 1 },
        { path: '$.height', max: '10' },
      ],
    })
    expect(r).toMatchObject({ status: 'failed', observed: '$.height = "200"', expected: '$.height ≥ 1; $.height ≤ 10' })
    expect(
      await one({
        kind: 'call',
        operation: 'health.getReadiness',
        assert: { path: '$.checks.missing', exists: false },
      }),
    ).toMatchObject({ status: 'passed' })
  })
})

describe('faults', () => {
  it('a 429 storm: retried within the budget, then reported as the rate limit', async () => {
    devnet.setFaults({ rateLimit: { every: 2, retryAfter: 0 } })
    try {
      expect(await one({ kind: 'network', networkName: 'local' })).toMatchObject({ status: 'passed' })
      devnet.setFaults({ rateLimit: { retryAfter: 0 } })
      const r = await one({ kind: 'node-version', min: '1.0.0', timeout: '5s' })
      expect(r).toMatchObject({ status: 'failed', expected: '≥ 1.0.0' })
      expect(r.observed).toMatch(/^RateLimitError: HTTP 429/)
    } finally {
      devnet.setFaults(undefined)
    }
  })

  it('a slow node: the check times out at its own deadline', async () => {
    devnet.setFaults({ latency: { ms: 3000 } })
    try {
      const started = Date.now()
      const r = await one({ kind: 'health', timeout: '300ms' })
      expect(r).toMatchObject({
        status: 'failed',
        observed: expect.stringMatching(/timed out after 300 ms|TimeoutError/),
      })
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      devnet.setFaults(undefined)
    }
  })
})

describe('webhooks', () => {
  it('active while the Data API delivers; failed once deactivated, saying so', async () => {
    const url = 'http://127.0.0.1:9/avalanche-events'
    const hook = await client.data.createWebhook({
      eventType: 'address_activity',
      url,
      chainId: '43112',
      metadata: { addresses: [f().data.evm.accounts.alice] },
    })
    expect(await one({ kind: 'webhook', webhookId: hook.id, url })).toMatchObject({
      status: 'passed',
      observed: `active, delivering to ${url}`,
      expected: `active, delivering to ${url}`,
    })
    expect(await one({ kind: 'webhook', webhookId: hook.id, url: 'https://elsewhere.example/hook' })).toMatchObject({
      status: 'failed',
      observed: `delivering to ${url}`,
    })
    await client.data.deactivateWebhook({ id: hook.id })
    expect(await one({ kind: 'webhook', webhookId: hook.id })).toMatchObject({
      status: 'failed',
      observed: 'inactive (deliveries stopped)',
    })
    expect(await one({ kind: 'webhook', webhookId: 'no-such-webhook' })).toMatchObject({ status: 'failed' })
  })
})

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

  it('peer and disk thresholds need the health probe', async () => {
    await expect(validateChecks([{ id: 'h', kind: 'health', minPeers: 3 }])).rejects.toThrow(ConfigError)
    await expect(validateChecks([{ id: 'h', kind: 'health', minPeers: 3 }])).rejects.toThrow(
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

  it('names the missing reference', async () => {
    await expect(validateChecks([{ id: 'l', kind: 'rpc-lag', chain: 'P' }])).rejects.toThrow(
      'reference: reference node needs referenceUrl; reference data needs network (mainnet or fuji)',
    )
  })
})
