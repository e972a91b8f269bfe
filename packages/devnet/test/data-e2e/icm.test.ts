/**
 * The Data API's Interchain Messaging reads through core over real HTTP against the devnet: listIcmMessages,
 * getIcmMessage and listIcmMessagesByAddress, checked against the EVM chains' own reads (each message's source
 * transaction is in its sender's listing on the source chain, at the block time the message reports) and against
 * each other (filters, the by-address listing, pages).
 */
import { type AvalancheClient, InvalidParamsError, NotFoundError } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES_PER_CHAIN } from '../../src/data/icm.js'
import { type Devnet, startDevnet } from '../../src/index.js'
import { collect, dataClient, rejection } from './helpers.js'

let devnet: Devnet
let client: AvalancheClient

beforeAll(async () => {
  devnet = await startDevnet({ seed: 23, evmTxs: 900, cBlocks: 30 })
  client = dataClient(devnet)
})
afterAll(() => devnet.close())

const evm = () => devnet.fixtures.data.evm
const lower = (a: string | undefined) => a?.toLowerCase()
interface Hop {
  txHash: string
  timestamp: number
}
/** A message's source transaction: the devnet indexes both chains, so every message has one. */
function sourceOf(m: { messageId: string }): Hop {
  const sent = (m as { sourceTransaction?: Hop }).sourceTransaction
  if (!sent) throw new Error(`message ${m.messageId} has no sourceTransaction`)
  return sent
}
const deliveryOf = (m: object) => (m as { destinationTransaction?: Hop }).destinationTransaction
const all = () => collect(client.data.listIcmMessages.items({ pageSize: 7 }))

describe('ICM messages', () => {
  it('listIcmMessages: both directions between the C-Chain and the L1, newest first, the newest of each pending', async () => {
    const messages = await all()
    const [c, l1] = evm().chains
    expect(messages).toHaveLength(2 * MESSAGES_PER_CHAIN)
    const times = messages.map((m) => sourceOf(m).timestamp)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const [src, dest] of [
      [c, l1],
      [l1, c],
    ]) {
      const sent = messages.filter((m) => m.sourceBlockchainId === src?.blockchainId)
      expect(sent.every((m) => m.destinationBlockchainId === dest?.blockchainId)).toBe(true)
      expect(sent.every((m) => m.sourceEvmChainId === src?.chainId && m.destinationEvmChainId === dest?.chainId)).toBe(
        true,
      )
      expect(sent.map((m) => m.messageNonce).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: MESSAGES_PER_CHAIN }, (_, i) => String(i + 1)),
      )
      const pending = sent.filter((m) => m.status === 'pending')
      expect(pending.map((m) => m.messageNonce)).toEqual([String(MESSAGES_PER_CHAIN)])
    }
    for (const m of messages) {
      expect(m.messageExecuted).toBe(m.status === 'delivered')
      expect(deliveryOf(m) !== undefined).toBe(m.status === 'delivered')
      expect(deliveryOf(m)?.timestamp ?? Infinity).toBeGreaterThan(sourceOf(m).timestamp)
    }
  })

  it("each message's source transaction is in its sender's listing on the source chain, at the reported time", async () => {
    for (const m of await all()) {
      const sent = sourceOf(m)
      const chainId = m.sourceEvmChainId as string
      const tx = await client.data.getTransaction({ chainId, txHash: sent.txHash })
      const native = tx.nativeTransaction
      expect(native?.blockTimestamp).toBe(sent.timestamp)
      expect(lower(native?.from?.address)).toBe(lower(m.from))
      const block = Number(native?.blockNumber)
      const listed = await collect(
        client.data.listTransactions.items({
          chainId,
          address: m.from as string,
          // A range that holds the block (the devnet reads endBlock as exclusive).
          startBlock: block,
          endBlock: block + 1,
          pageSize: 100,
        }),
      )
      expect(listed.map((t) => t.nativeTransaction?.txHash)).toContain(sent.txHash)
    }
  })

  it('getIcmMessage answers each listed message as listed (with or without 0x); an unknown ID is a 404', async () => {
    const messages = await all()
    for (const m of messages.slice(0, 6)) expect(await client.data.getIcmMessage({ messageId: m.messageId })).toEqual(m)
    const first = messages[0] as (typeof messages)[number]
    expect(await client.data.getIcmMessage({ messageId: `0x${first.messageId.toUpperCase()}` })).toEqual(first)
    await rejection(client.data.getIcmMessage({ messageId: 'f'.repeat(64) }), NotFoundError)
    await rejection(client.data.getIcmMessage({ messageId: 'nope' }), InvalidParamsError)
  })

  it('listIcmMessages filters: source, destination, either end, from and to select the matching messages', async () => {
    const messages = await all()
    const [c, l1] = evm().chains
    const fromL1 = await collect(client.data.listIcmMessages.items({ sourceBlockchainId: l1?.chainId }))
    expect(fromL1).toEqual(messages.filter((m) => m.sourceBlockchainId === l1?.blockchainId))
    const toC = await collect(client.data.listIcmMessages.items({ destinationBlockchainId: c?.blockchainId }))
    expect(toC).toEqual(fromL1)
    expect(await collect(client.data.listIcmMessages.items({ blockchainId: l1?.blockchainId }))).toEqual(messages)
    const ewoq = evm().accounts.ewoq
    const sentByEwoq = await collect(client.data.listIcmMessages.items({ from: ewoq }))
    expect(sentByEwoq.length).toBeGreaterThan(0)
    expect(sentByEwoq).toEqual(messages.filter((m) => lower(m.from) === lower(ewoq)))
    expect((await client.data.listIcmMessages({ network: 'mainnet' })).messages).toEqual([])
    await rejection(client.data.listIcmMessages({ pageSize: 101 }), InvalidParamsError)
  })

  it('listIcmMessagesByAddress: the messages the address sent or receives, paged', async () => {
    const messages = await all()
    for (const address of [evm().accounts.ewoq, evm().accounts.alice]) {
      const mine = await collect(client.data.listIcmMessagesByAddress.items({ address, pageSize: 3 }))
      expect(mine).toEqual(messages.filter((m) => [lower(m.from), lower(m.to)].includes(lower(address))))
    }
    // ewoq takes part in every devnet transaction, so in every message.
    expect(await collect(client.data.listIcmMessagesByAddress.items({ address: evm().accounts.ewoq }))).toHaveLength(
      messages.length,
    )
    const page = await client.data.listIcmMessagesByAddress({ address: evm().accounts.ewoq, pageSize: 5 })
    expect(page.messages).toEqual(messages.slice(0, 5))
    expect(page.nextPageToken).toEqual(expect.any(String))
  })
})
