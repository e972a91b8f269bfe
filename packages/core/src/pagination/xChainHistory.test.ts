import { describe, expect, test } from 'vitest'
import { decodeAvmBlock } from '../encoding/avm.js'
import { hexEncode, hexToBytes } from '../encoding/hex.js'
import { PaginationLimitError } from '../errors.js'
import { buildAvmBlock, buildProposerBlock, GO_TX_VECTORS } from '../testing/avm-vectors.js'
import { createFakeClient, type RecordedRequest } from '../testing/fake-transport.js'
import { walkXChainHistory } from './xChainHistory.js'

/**
 * Cases the devnet cannot produce: an `X/block` index that starts above height 1 (a node started with
 * `--index-allow-incomplete`), and one that skips a height. The e2e suite (devnet/test/node-e2e/x-history.test.ts)
 * covers the rest over HTTP.
 */
const TXS = Object.values(GO_TX_VECTORS).map((v) => hexToBytes(v.hex))
/** Blocks 1..5 of 1 or 2 txs. */
const BLOCKS = [1, 2, 3, 4, 5].map((h) => buildAvmBlock(TXS.slice(h % 5, (h % 5) + 1 + (h % 2)), BigInt(h)))

function fakeNode(indexedHeights: number[]) {
  const container = (position: number) => {
    const inner = BLOCKS[(indexedHeights[position] as number) - 1] as Uint8Array
    return {
      id: '11111111111111111111111111111111LpoYY',
      bytes: hexEncode(buildProposerBlock(inner)),
      timestamp: '2024-01-01T00:00:00Z',
      encoding: 'hex',
      index: String(position),
    }
  }
  const empty = { error: { message: 'no containers have been accepted' } }
  return createFakeClient({
    'index.getLastAccepted': (r: RecordedRequest) =>
      r.path.endsWith('/X/tx') ? empty : { result: container(indexedHeights.length - 1) },
    'index.getContainerRange': (r: RecordedRequest) => {
      const { startIndex, numToFetch } = r.params as { startIndex: string; numToFetch: number }
      const positions = Array.from({ length: numToFetch }, (_, k) => Number(startIndex) + k)
      return { result: { containers: positions.filter((p) => p < indexedHeights.length).map(container) } }
    },
    'avm.getBlockByHeight': (r: RecordedRequest) => {
      const height = Number((r.params as { height: string }).height)
      return { result: { block: hexEncode(BLOCKS[height - 1] as Uint8Array), encoding: 'hex' } }
    },
  })
}

describe('walkXChainHistory over an incomplete or broken X/block index', () => {
  test('heights below the index come from avm.getBlockByHeight, then the index, in order', async () => {
    const { client, fake } = fakeNode([3, 4, 5])
    const heights: bigint[] = []
    const fromIndex: boolean[] = []
    const txIds: string[] = []
    for await (const entry of walkXChainHistory(client, { encoding: 'hex', concurrency: 2 })) {
      if (entry.era !== 'linear') throw new Error('expected linear entries only')
      heights.push(entry.block.height)
      fromIndex.push(entry.block.container !== undefined)
      txIds.push(entry.txId)
    }
    const expected = BLOCKS.flatMap((b) =>
      decodeAvmBlock(b).txs.map((tx) => ({ tx, height: decodeAvmBlock(b).height })),
    )
    expect(heights).toEqual(expected.map((e) => e.height))
    expect(txIds).toEqual(expected.map((e) => e.tx.id))
    expect(fromIndex).toEqual(expected.map((e) => e.height >= 3n))
    const byHeight = fake.requests.filter((r) => r.rpcMethod === 'avm.getBlockByHeight').map((r) => r.params)
    expect(byHeight).toEqual([
      { height: '1', encoding: 'hex' },
      { height: '2', encoding: 'hex' },
    ])
  })

  test('error: an index position holding another height than its place says', async () => {
    const { client } = fakeNode([3, 5])
    const walk = async () => {
      for await (const _ of walkXChainHistory(client, { encoding: 'hex', from: { era: 'linear', height: 4 } })) {
        // drain
      }
    }
    await expect(walk()).rejects.toThrow(PaginationLimitError)
    await expect(walk()).rejects.toThrow(/X\/block position 0 holds height 3, expected 4/)
  })
})
