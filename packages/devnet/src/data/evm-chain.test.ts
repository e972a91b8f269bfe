import { describe, expect, it } from 'vitest'
import {
  checksumAddress,
  DEPLOYMENTS,
  EvmChain,
  type EvmChainSpec,
  EWOQ_EVM,
  LIVE_MAX_TXS,
  USERS,
} from './evm-chain.js'

const spec = (txCount: number, height: number): EvmChainSpec => ({
  chainId: '43112',
  blockchainId: 'chain',
  subnetId: 'subnet',
  name: 'test',
  description: 'test',
  height,
  txCount,
  genesisTime: 1_735_689_600,
  blockSeconds: 2,
  salt: 0,
  nativeToken: { name: 'Avalanche', symbol: 'AVAX', description: '', usd: () => 25 },
})

describe('EvmChain', () => {
  const chain = new EvmChain(1, spec(50_000, 97))

  it('deploys its contracts at the CREATE addresses of ewoq nonces 0..5', () => {
    // ewoq's first two contracts on any local EVM chain: addresses every subnet-evm tutorial shows.
    expect(checksumAddress(chain.contracts[0]?.address as string)).toBe('0x52C84043CD9c865236f11d9Fc9F56aa003c1f922')
    expect(checksumAddress(chain.contracts[1]?.address as string)).toBe('0x17aB05351fC94a1a67Bf3f56DdbB941aE6c63E25')
    for (let k = 0; k < DEPLOYMENTS; k++) {
      const tx = chain.tx(k)
      expect(tx).toMatchObject({ kind: 'deploy', from: EWOQ_EVM, nonce: k, to: chain.contracts[k]?.address })
    }
  })

  it('spreads transactions over the blocks: blockOf inverts blockStart', () => {
    expect(chain.blockStart(1)).toBe(0)
    expect(chain.blockStart(98)).toBe(50_000)
    for (const k of [0, 1, 514, 515, 516, 25_000, 49_999]) {
      const h = chain.blockOf(k)
      expect(chain.blockStart(h)).toBeLessThanOrEqual(k)
      expect(chain.blockStart(h + 1)).toBeGreaterThan(k)
      expect(chain.tx(k).blockIndex).toBe(k - chain.blockStart(h))
    }
  })

  it('finds transactions by hash without a table, and nothing else', () => {
    for (const k of [0, 7, 31_337, 49_999]) expect(chain.findTx(chain.tx(k).hash)).toBe(k)
    const hash = chain.tx(5).hash
    expect(chain.findTx(`${hash.slice(0, 10)}${hash[10] === '0' ? '1' : '0'}${hash.slice(11)}`)).toBeUndefined()
    expect(chain.findTx('0x1234')).toBeUndefined()
  })

  it('gives each sender consecutive nonces', () => {
    let ewoq = -1
    const users = new Map<string, number>()
    for (let k = 0; k < 3_000; k++) {
      const tx = chain.tx(k)
      if (tx.from === EWOQ_EVM) {
        expect(tx.nonce).toBe(++ewoq)
      } else {
        const next = (users.get(tx.from) ?? -1) + 1
        expect(tx.nonce).toBe(next)
        users.set(tx.from, next)
      }
    }
    expect(users.size).toBeGreaterThan(USERS / 2)
  })

  it('lists the candidates of a user in either direction', () => {
    const user = chain.users[5] as string
    const desc = [...chain.candidates(user, 0, 1_000, undefined, true)]
    const asc = [...chain.candidates(user, 0, 1_000, undefined, false)]
    expect(desc).toEqual([...asc].reverse())
    expect(asc.every((k) => k % USERS === 5 && k >= DEPLOYMENTS)).toBe(true)
    expect([...chain.candidates(user, 0, 1_000, 200, true)][0]).toBe(197)
    expect([...chain.candidates(user, 0, 1_000, 200, false)][0]).toBe(261)
  })

  it('keeps balances equal to the sums of transfers and never negative', () => {
    const small = new EvmChain(2, spec(3_000, 30))
    for (const address of [EWOQ_EVM, ...small.users.slice(0, 3)]) {
      const balances = small.balances(address, 30)
      for (const value of balances.values()) expect(value).toBeGreaterThanOrEqual(0n)
      const usdc = small.contracts[0]?.address as string
      let sum = 0n
      for (let k = 0; k < 3_000; k++) {
        for (const t of small.tx(k).transfers) {
          if (t.contract.address !== usdc) continue
          if (t.to === address) sum += t.value
          if (t.from === address) sum -= t.value
        }
      }
      expect(balances.get(usdc) ?? 0n).toBe(sum)
    }
  })
})

describe('EvmChain growing past its static blocks', () => {
  /** A chain of 3,000 static transactions in 30 blocks whose tip the test raises; live blocks 2 s apart from 10,000. */
  const growing = (seed = 3) => {
    const state = { tip: 30 }
    const chain = new EvmChain(seed, {
      ...spec(3_000, 30),
      tip: () => state.tip,
      liveBlockTime: (h) => 1_735_700_000 + (h - 30) * 2,
    })
    return { state, chain }
  }

  it('keeps the static layout and appends blocks of 1 to 6 new transactions', () => {
    const still = new EvmChain(3, spec(3_000, 30))
    const { state, chain } = growing()
    const before = [0, 99, 2_999].map((k) => chain.tx(k))
    state.tip = 530
    expect(chain.height).toBe(530)
    expect(chain.blockStart(31)).toBe(3_000)
    for (let h = 1; h <= 30; h++) expect(chain.block(h)).toEqual(still.block(h))
    expect([0, 99, 2_999].map((k) => chain.tx(k))).toEqual(before)
    const sizes = new Set<number>()
    for (let h = 31; h <= 530; h++) {
      const b = chain.block(h)
      expect(b.txCount).toBeGreaterThanOrEqual(1)
      expect(b.txCount).toBeLessThanOrEqual(LIVE_MAX_TXS)
      expect(b.timestamp).toBe(1_735_700_000 + (h - 30) * 2)
      sizes.add(b.txCount)
      for (let k = b.firstTx; k < b.firstTx + b.txCount; k++) expect(chain.tx(k)).toMatchObject({ block: h })
    }
    expect(sizes.size).toBe(LIVE_MAX_TXS)
    expect(chain.txCount).toBe(chain.block(530).cumulativeTransactions)
    expect(chain.blockStart(531)).toBe(chain.txCount)
  })

  it('finds live blocks and transactions by hash once they exist, and by time', () => {
    const { state, chain } = growing()
    const { state: laterTip, chain: later } = growing()
    laterTip.tip = 100
    const hash = later.block(90).hash
    const txHash = later.tx(later.block(90).firstTx).hash
    expect(chain.findBlock(hash)).toBeUndefined()
    expect(chain.findTx(txHash)).toBeUndefined()
    for (const tip of [40, 60, 100]) {
      state.tip = tip
      expect(chain.findBlock(chain.block(tip).hash)).toBe(tip)
      expect(chain.findBlock(chain.block(12).hash)).toBe(12)
    }
    expect(chain.findBlock(hash)).toBe(90)
    expect(chain.findTx(txHash)).toBe(chain.block(90).firstTx)
    expect(chain.blockAtTime(chain.blockTime(77))).toBe(77)
    expect(chain.blockAtTime(chain.blockTime(77) + 1)).toBe(77)
    expect(chain.blockAtTime(chain.blockTime(30))).toBe(30)
    expect(chain.blockAtTime(2_000_000_000)).toBe(100)
  })

  it('answers the same however the tip rose (one step or many), and gives consecutive nonces across the boundary', () => {
    const a = growing()
    const b = growing()
    a.state.tip = 400
    for (let tip = 31; tip <= 400; tip++) {
      b.state.tip = tip
      void b.chain.txCount
    }
    expect(a.chain.txCount).toBe(b.chain.txCount)
    for (const h of [31, 200, 400]) expect(a.chain.block(h)).toEqual(b.chain.block(h))
    let ewoq = -1
    const users = new Map<string, number>()
    for (let k = 0; k < a.chain.txCount; k++) {
      const tx = a.chain.tx(k)
      if (tx.from === EWOQ_EVM) expect(tx.nonce).toBe(++ewoq)
      else {
        expect(tx.nonce).toBe((users.get(tx.from) ?? -1) + 1)
        users.set(tx.from, tx.nonce)
      }
    }
  })

  it('extends balances from the last tip summed: equal to a sum from scratch', () => {
    const { state, chain } = growing()
    const alice = chain.users[0] as string
    const balancesAt = (c: EvmChain, block: number) => Object.fromEntries(c.balances(alice, block))
    const summed = [balancesAt(chain, 30)]
    for (const tip of [35, 80, 300]) {
      state.tip = tip
      summed.push(balancesAt(chain, tip))
    }
    const fresh = growing()
    fresh.state.tip = 300
    expect(summed).toEqual([30, 35, 80, 300].map((h) => balancesAt(fresh.chain, h)))
    expect(summed[3]).not.toEqual(summed[0])
  })
})
