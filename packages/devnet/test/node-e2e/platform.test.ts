import {
  type AvalancheClient,
  decodeUtxo,
  EMPTY_ID,
  hexDecode,
  idFromBytes,
  JsonRpcError,
  PRIMARY_NETWORK_ID,
  services,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rejection } from './helpers.js'

/** The P-Chain service through core against the devnet: every platform operation, asserted against the fixtures. */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ xTxs: 300, utxosPerAddress: 20 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n)

type Validator = Awaited<ReturnType<AvalancheClient['platform']['getCurrentValidators']>>['validators'][number]
/** The Primary Network / permissionless shape (the members of core's union are loose objects: narrow by type). */
type Permissionless = Extract<Validator, { delegationFee: number }>
/** The L1 shape: no txID. */
type L1 = Exclude<Validator, { txID: string }>
function permissionless(v: Validator | undefined): Permissionless {
  if (!v || !('delegationFee' in v)) throw new Error(`${v?.nodeID} lacks the permissionless shape`)
  return v as Permissionless
}
function l1(v: Validator): L1 {
  if ('txID' in v || !('validationID' in v)) throw new Error(`${v.nodeID} lacks the L1 shape`)
  return v as L1
}

describe('platform.getHeight / getProposedHeight', () => {
  it('returns the last accepted height as a bigint', async () => {
    const height = BigInt(devnet.fixtures.p.height)
    expect(await client.platform.getHeight()).toEqual({ height })
    expect(await client.platform.getProposedHeight()).toEqual({ height })
  })
})

describe('platform.getBalance', () => {
  it('equals the fixture balance, unlocked, with one utxoID per UTXO', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const avax = devnet.fixtures.assets.avax.id
    const reply = await client.platform.getBalance({ addresses: [ewoq.p] })
    expect(reply.balance).toBe(ewoq.pBalance)
    expect(reply.unlocked).toBe(ewoq.pBalance)
    expect(reply.lockedStakeable).toBe(0n)
    expect(reply.lockedNotStakeable).toBe(0n)
    expect(reply.balances).toEqual({ [avax]: ewoq.pBalance })
    expect(reply.utxoIDs).toHaveLength(ewoq.pUtxoCount)
  })

  it('turns the node null utxoIDs of an empty address into [] and zero balances', async () => {
    const { alice } = devnet.fixtures.accounts
    expect(alice.pUtxoCount).toBe(0)
    const reply = await client.platform.getBalance({ addresses: [alice.p] })
    expect(reply.balance).toBe(0n)
    expect(reply.utxoIDs).toEqual([])
  })
})

describe('platform.getUTXOs', () => {
  it('returns the local UTXOs of an address', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const page = await client.platform.getUTXOs({ addresses: [ewoq.p] })
    expect(page.numFetched).toBe(BigInt(ewoq.pUtxoCount))
    const utxos = page.utxos.map((hex) => decodeUtxo(hexDecode(hex)))
    expect(sum(utxos.map((u) => u.amount ?? 0n))).toBe(ewoq.pBalance)
    expect(page.endIndex.address).toBe(ewoq.p)
  })
})

describe('platform.getTx / getTxStatus', () => {
  it('returns hex that hashes to the tx ID and json with that id, for every tx type of the fixture', async () => {
    for (const [type, txID] of Object.entries(devnet.fixtures.p.txs)) {
      const hex = await client.platform.getTx({ txID })
      if (hex.encoding === 'json') throw new Error('expected hex')
      expect(idFromBytes(hexDecode(hex.tx)), type).toBe(txID)
      expect(await client.platform.getTxStatus({ txID })).toEqual({ status: 'Committed' })
      const json = await client.platform.getTx({ txID, encoding: 'json' })
      if (json.encoding !== 'json') throw new Error('expected json')
      expect(json.tx.id, type).toBe(txID)
    }
  })

  it('decodes a delegator tx: its validator weight as bigint, a current validator node', async () => {
    const json = await client.platform.getTx({ txID: devnet.fixtures.p.txs.addDelegator, encoding: 'json' })
    if (json.encoding !== 'json') throw new Error('expected json')
    const validator = json.tx.unsignedTx.validator
    expect(typeof validator?.weight).toBe('bigint')
    expect(devnet.fixtures.p.validators.primary).toContain(validator?.nodeID)
  })

  it('fails with "couldn\'t get tx: not found" (isNotFound) and reports Unknown for an X tx', async () => {
    const txID = devnet.fixtures.x.txs.send
    const error = await rejection(client.platform.getTx({ txID }), JsonRpcError)
    expect(error.rpcMessage).toBe("couldn't get tx: not found")
    expect(error.isNotFound).toBe(true)
    expect(await client.platform.getTxStatus({ txID })).toEqual({ status: 'Unknown' })
  })
})

describe('platform.getBlock / getBlockByHeight', () => {
  it('round-trips: the ID of getBlockByHeight(h) is the block getBlock returns for that ID', async () => {
    const { p } = devnet.fixtures
    for (const height of [1, 37, p.height]) {
      const byHeight = await client.platform.getBlockByHeight({ height })
      if (byHeight.encoding === 'json') throw new Error('expected hex')
      const id = idFromBytes(hexDecode(byHeight.block))
      if (height === 1) expect(id).toBe(p.firstBlock.id)
      expect(await client.platform.getBlock({ blockID: id })).toEqual(byHeight)
      const json = await client.platform.getBlock({ blockID: id, encoding: 'json' })
      if (json.encoding !== 'json') throw new Error('expected json')
      expect(json.block.id).toBe(id)
      expect(json.block.height).toBe(BigInt(height))
    }
  })

  it('decodes every block from genesis to the tip as json, each the child of the one below', async () => {
    const { p } = devnet.fixtures
    let parent: string | undefined
    let txs = 0
    for (let height = 0; height <= p.height; height++) {
      const hex = await client.platform.getBlockByHeight({ height })
      if (hex.encoding === 'json') throw new Error('expected hex')
      const id = idFromBytes(hexDecode(hex.block))
      const json = await client.platform.getBlockByHeight({ height, encoding: 'json' })
      if (json.encoding !== 'json') throw new Error('expected json')
      expect(json.block.height).toBe(BigInt(height))
      expect(json.block.id).toBe(id)
      if (parent !== undefined) expect(json.block.parentID).toBe(parent)
      txs += json.block.txs?.length ?? 0
      parent = id
    }
    expect(txs).toBe(p.txCount)
  })

  it('links the tip to its parent and fails past the tip', async () => {
    const { p } = devnet.fixtures
    const tip = await client.platform.getBlockByHeight({ height: p.height, encoding: 'json' })
    const parent = await client.platform.getBlockByHeight({ height: p.height - 1, encoding: 'json' })
    if (tip.encoding !== 'json' || parent.encoding !== 'json') throw new Error('expected json')
    expect(tip.block.parentID).toBe(parent.block.id)
    const error = await rejection(client.platform.getBlockByHeight({ height: p.height + 1 }), JsonRpcError)
    expect(error.rpcMessage).toBe(`couldn't get block at height ${p.height + 1}: not found`)
  })
})

describe('platform.getBlockchains / getBlockchainStatus', () => {
  it('lists the subnet chains of the fixture plus the X- and C-Chain (never the P-Chain)', async () => {
    const { blockchains } = await client.platform.getBlockchains()
    const { chains, p } = devnet.fixtures
    for (const chain of p.blockchains) {
      expect(blockchains).toContainEqual({ id: chain.id, name: chain.name, subnetID: chain.subnetId, vmID: chain.vmId })
    }
    expect(blockchains.find((b) => b.id === chains.x)).toMatchObject({ name: 'X-Chain', subnetID: PRIMARY_NETWORK_ID })
    expect(blockchains.find((b) => b.id === chains.c)).toMatchObject({ name: 'C-Chain', subnetID: PRIMARY_NETWORK_ID })
    expect(blockchains.map((b) => b.id)).not.toContain(chains.p)
    expect(blockchains).toHaveLength(p.blockchains.length + 2)
  })

  it('tells validated, created-elsewhere and unknown chains apart, by alias or ID', async () => {
    const { chains, p } = devnet.fixtures
    const subnetChain = p.blockchains.find((b) => b.subnetId === p.subnetId)
    const l1Chain = p.blockchains.find((b) => b.subnetId === p.l1SubnetId)
    if (!subnetChain || !l1Chain) throw new Error('fixture chains missing')
    const status = async (blockchainID: string) => (await client.platform.getBlockchainStatus({ blockchainID })).status
    expect(await status('X')).toBe('Validating')
    expect(await status(chains.x)).toBe('Validating')
    expect(await status(subnetChain.id)).toBe('Validating')
    expect(await status(l1Chain.id)).toBe('Created')
    expect(await status(devnet.fixtures.x.txs.send)).toBe('Unknown')
  })
})

describe('platform.getCurrentSupply', () => {
  it('returns the Primary Network supply (above the 360M AVAX genesis) and the height, omitted or explicit', async () => {
    const implicit = await client.platform.getCurrentSupply()
    expect(implicit.supply).toBeGreaterThan(360_000_000n * 10n ** 9n)
    expect(implicit.height).toBe(BigInt(devnet.fixtures.p.height))
    expect(await client.platform.getCurrentSupply({ subnetID: PRIMARY_NETWORK_ID })).toEqual(implicit)
  })
})

describe('platform.getCurrentValidators', () => {
  it('lists every Primary Network validator with the permissionless shape, numbers converted', async () => {
    const { validators } = await client.platform.getCurrentValidators()
    const { p } = devnet.fixtures
    expect(validators.map((v) => v.nodeID).sort()).toEqual([...p.validators.primary].sort())
    let delegators = 0n
    for (const v of validators.map(permissionless)) {
      expect(typeof v.weight).toBe('bigint')
      expect(typeof v.startTime).toBe('bigint')
      expect(typeof v.delegationFee).toBe('number')
      expect(typeof v.uptime).toBe('number')
      expect(typeof v.connected).toBe('boolean')
      expect(v.signer?.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
      expect(v.signer?.proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/)
      expect(v.delegators).toBeUndefined()
      delegators += v.delegatorCount ?? 0n
    }
    expect(delegators).toBe(BigInt(p.delegatorCount))
  })

  it('includes the delegators when exactly one nodeID is asked, and not for several', async () => {
    const { validators: all } = await client.platform.getCurrentValidators()
    const delegated = all.map(permissionless).find((v) => (v.delegatorCount ?? 0n) > 0n)
    if (!delegated) throw new Error('no validator with delegators')
    const one = await client.platform.getCurrentValidators({ nodeIDs: [delegated.nodeID] })
    expect(one.validators).toHaveLength(1)
    const list = permissionless(one.validators[0]).delegators ?? []
    expect(list.length).toBeGreaterThan(0)
    expect(BigInt(list.length)).toBe(delegated.delegatorCount)
    expect(sum(list.map((d) => d.weight))).toBe(delegated.delegatorWeight)
    for (const d of list) {
      expect(d.nodeID).toBe(delegated.nodeID)
      expect(typeof d.potentialReward).toBe('bigint')
    }

    const other = all.find((x) => x.nodeID !== delegated.nodeID) as (typeof all)[number]
    const several = await client.platform.getCurrentValidators({ nodeIDs: [delegated.nodeID, other.nodeID] })
    expect(several.validators.map((x) => x.nodeID).sort()).toEqual([delegated.nodeID, other.nodeID].sort())
    for (const x of several.validators) expect(permissionless(x).delegators).toBeUndefined()
  })

  it('silently leaves out node IDs that do not validate', async () => {
    const { l1 } = devnet.fixtures.p.validators
    const reply = await client.platform.getCurrentValidators({ nodeIDs: [l1[0] as string] })
    expect(reply.validators).toEqual([])
  })

  it('returns the bare staker shape for the permissioned subnet', async () => {
    const { p } = devnet.fixtures
    const { validators } = await client.platform.getCurrentValidators({ subnetID: p.subnetId })
    expect(validators.map((v) => v.nodeID).sort()).toEqual([...p.validators.subnet].sort())
    for (const v of validators) {
      expect(Object.keys(v).sort()).toEqual(['endTime', 'nodeID', 'startTime', 'txID', 'weight'])
      expect(typeof v.weight).toBe('bigint')
    }
  })

  it('returns the L1 validator shape (validationID, balance, no txID or endTime) for the L1', async () => {
    const { p } = devnet.fixtures
    const { validators } = await client.platform.getCurrentValidators({ subnetID: p.l1SubnetId })
    expect(validators.map((v) => v.nodeID).sort()).toEqual([...p.validators.l1].sort())
    for (const v of validators.map(l1)) {
      expect(v).not.toHaveProperty('txID')
      expect(v).not.toHaveProperty('endTime')
      expect(v.validationID).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
      expect(typeof v.balance).toBe('bigint')
      expect(v.minNonce).toBe(0n)
      expect(v.remainingBalanceOwner?.threshold).toBe(1)
    }
  })
})

describe('platform.getValidatorFeeConfig / getValidatorFeeState', () => {
  it("serves the local network's L1 validator fee and the price its excess gives, at the tip's time", async () => {
    // `genesis/genesis_local.go` LocalParams.ValidatorFeeConfig.
    expect(await client.platform.getValidatorFeeConfig()).toEqual({
      capacity: 20_000n,
      target: 10_000n,
      minPrice: 1n,
      excessConversionConstant: 865_617n,
    })
    // The devnet's L1 validators, under the 10,000 target: the excess never grows, so the price is the minimum.
    const { validators } = await client.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.l1SubnetId })
    expect(validators.length).toBeLessThan(10_000)
    const state = await client.platform.getValidatorFeeState()
    expect(state).toMatchObject({ excess: 0n, price: 1n })
    const tip = await client.platform.getBlockByHeight({ height: devnet.fixtures.p.height, encoding: 'json' })
    if (tip.encoding !== 'json') throw new Error('expected json')
    const time = Number((tip.block as { time?: bigint }).time)
    expect(state.timestamp).toBe(new Date(time * 1000).toISOString().replace('.000Z', 'Z'))
  })
})

describe('platform.getValidatorsAt', () => {
  it('returns the top-level map at the tip: every validator, weights (stake + delegations) as bigint', async () => {
    const { p } = devnet.fixtures
    const set = await client.platform.getValidatorsAt({ height: p.height })
    expect(Object.keys(set).sort()).toEqual([...p.validators.primary].sort())
    expect(set).not.toHaveProperty('validators')
    const { validators } = await client.platform.getCurrentValidators()
    const expected = sum(validators.map(permissionless).map((v) => v.weight + (v.delegatorWeight ?? 0n)))
    expect(sum(Object.values(set).map((v) => v.weight))).toBe(expected)
    for (const v of Object.values(set)) expect(v.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
    expect(await client.platform.getValidatorsAt({ height: 'proposed' })).toEqual(set)
  })

  it('returns the genesis validators early in the chain, and subnet and L1 sets by subnetID', async () => {
    const { p } = devnet.fixtures
    const genesis = await client.platform.getValidatorsAt({ height: 0 })
    expect(Object.keys(genesis)).toHaveLength(5)
    expect(new Set(Object.values(genesis).map((v) => v.weight)).size).toBe(1)

    for (const [subnetID, nodes] of [
      [p.subnetId, p.validators.subnet],
      [p.l1SubnetId, p.validators.l1],
    ] as const) {
      const set = await client.platform.getValidatorsAt({ height: p.height, subnetID })
      expect(Object.keys(set).sort()).toEqual([...nodes].sort())
      const { validators } = await client.platform.getCurrentValidators({ subnetID })
      expect(sum(Object.values(set).map((v) => v.weight))).toBe(sum(validators.map((v) => v.weight)))
      expect(await client.platform.getValidatorsAt({ height: 0n, subnetID })).toEqual({})
    }
  })

  it('fails with the node text above the tip', async () => {
    const height = devnet.fixtures.p.height + 1
    const error = await rejection(client.platform.getValidatorsAt({ height }), JsonRpcError)
    // `vms/platformvm/service.go` L1954 around `vms/platformvm/validators/manager.go` L262-268.
    expect(error.rpcMessage).toBe(
      `failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${EMPTY_ID}: current P-chain height (${height - 1}) < requested P-Chain height (${height})`,
    )
  })
})

it('called every platform operation of the catalog against the devnet', () => {
  for (const op of Object.values(services.platform)) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
})
