/**
 * The Data API's contract and internal-transaction reads through core over real HTTP against the devnet:
 * listContractDeployments, getContractMetadata, listInternalTransactions and listAddressChains, each checked against
 * the other reads of the same EVM model (the deployment transactions, their nonces, getTransaction's internal
 * transactions, the per-address listings).
 */
import { type AvalancheClient, hexToBytes, NotFoundError } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { rlp } from '../../src/world/cchain.js'
import { keccak256 } from '../../src/world/keccak.js'
import { collect, dataClient, rejection } from './helpers.js'

let devnet: Devnet
let client: AvalancheClient
const C = 43112

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, evmTxs: 1_500, cBlocks: 40 })
  client = dataClient(devnet)
})
afterAll(() => devnet.close())

const evm = () => devnet.fixtures.data.evm
const lower = (a: string | undefined) => a?.toLowerCase()

/** The CREATE address of (sender, nonce): keccak256(rlp([sender, nonce]))[12:]. */
function createAddress(sender: string, nonce: number): string {
  const nonceBytes = nonce === 0 ? new Uint8Array() : Uint8Array.of(nonce)
  return `0x${Buffer.from(keccak256(rlp([hexToBytes(sender), nonceBytes])).subarray(12)).toString('hex')}`
}

describe('contracts', () => {
  it("listContractDeployments: ewoq's six contracts, each at the CREATE address of its deployment's nonce", async () => {
    const contracts = await collect(
      client.data.listContractDeployments.items({ chainId: C, address: evm().accounts.ewoq, pageSize: 4 }),
    )
    expect(contracts.map((c) => lower(c.address))).toEqual(Object.values(evm().contracts).map(lower))
    for (const contract of contracts) {
      const deploy = await client.data.getDeploymentTransaction({ chainId: C, address: contract.address })
      const native = deploy.nativeTransaction
      expect(contract.deploymentDetails?.txHash).toBe(native?.txHash)
      expect(lower(contract.deploymentDetails?.deployerAddress)).toBe(lower(native?.from?.address))
      expect(contract.address.toLowerCase()).toBe(createAddress(evm().accounts.ewoq, Number(native?.nonce)))
      // getContractMetadata answers the same record.
      expect(await client.data.getContractMetadata({ chainId: C, address: contract.address })).toEqual(contract)
    }
    expect(contracts.map((c) => c.ercType)).toEqual(['ERC-20', 'ERC-20', 'ERC-20', 'ERC-20', 'ERC-721', 'ERC-1155'])
    // The USDC token's decimals are the ones its transfers carry.
    const usdc = contracts[0] as { decimals?: number }
    const transfer = await client.data.listErc20Transactions({ chainId: C, address: evm().accounts.alice })
    const token = transfer.transactions?.find((t) => lower(t.erc20Token?.address) === lower(evm().contracts.usdc))
    if (token) expect(token.erc20Token?.decimals).toBe(usdc.decimals)
    // Another wallet deployed nothing; a wallet has no contract metadata.
    expect(
      await collect(client.data.listContractDeployments.items({ chainId: C, address: evm().accounts.bob })),
    ).toEqual([])
    await rejection(client.data.getContractMetadata({ chainId: C, address: evm().accounts.alice }), NotFoundError)
  })
})

describe('internal transactions', () => {
  it("listInternalTransactions: the deployments' CREATEs, as getTransaction's internalTransactions show them", async () => {
    const pages: number[] = []
    const listed: {
      txHash: string
      blockNumber: string
      to?: { address: string } | undefined
      gasUsed?: string | undefined
    }[] = []
    for await (const page of client.data.listInternalTransactions.pages({
      chainId: C,
      address: evm().accounts.ewoq,
      pageSize: 4,
    })) {
      pages.push(page.transactions?.length ?? 0)
      listed.push(...(page.transactions ?? []))
    }
    expect(pages).toEqual([4, 2])
    for (const internal of listed) {
      const tx = await client.data.getTransaction({ chainId: C, txHash: internal.txHash })
      expect(tx.internalTransactions).toContainEqual(
        expect.objectContaining({ internalTxType: 'CREATE', to: internal.to, gasUsed: internal.gasUsed }),
      )
      expect(internal.blockNumber).toBe(tx.nativeTransaction?.blockNumber)
    }
    expect(listed.map((i) => lower(i.to?.address)).sort()).toEqual(Object.values(evm().contracts).map(lower).sort())
    // A contract sees its own creation; a user's value-free token calls are no internal transactions.
    const nft = await client.data.listInternalTransactions({ chainId: C, address: evm().contracts.nft })
    expect(nft.transactions?.map((i) => lower(i.to?.address))).toEqual([lower(evm().contracts.nft)])
    expect(
      (await client.data.listInternalTransactions({ chainId: C, address: evm().accounts.alice })).transactions,
    ).toEqual([])
  })
})

describe('chains of an address', () => {
  it('listAddressChains: exactly the chains where the address has transactions', async () => {
    for (const address of [evm().accounts.ewoq, evm().accounts.alice, '0x00000000000000000000000000000000000000aa']) {
      const { indexedChains, unindexedChains } = await client.data.listAddressChains({ address })
      const active: string[] = []
      for (const chain of evm().chains) {
        const txs = await client.data.listTransactions({ chainId: chain.chainId, address, pageSize: 1 })
        if ((txs.transactions ?? []).length > 0) active.push(chain.chainId)
      }
      expect((indexedChains ?? []).map((c) => c.chainId).sort()).toEqual(active.sort())
      expect(unindexedChains).toEqual([])
    }
  })
})
