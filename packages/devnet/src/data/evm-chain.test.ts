import { describe, expect, it } from 'vitest'
import { checksumAddress, DEPLOYMENTS, EvmChain, type EvmChainSpec, EWOQ_EVM, USERS } from './evm-chain.js'

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
