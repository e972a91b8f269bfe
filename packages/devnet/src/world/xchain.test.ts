import { describe, expect, it } from 'vitest'
import { encodeXTx } from './avm-codec.js'
import { sha256Fast } from './bytes.js'
import { World } from './world.js'

describe('X-Chain tx bytes', () => {
  it('serves every tx the bytes and ID of its full tx: bulk leaves (encoded from reused txs) and the rest', () => {
    const world = new World({
      seed: 3,
      xTxs: 3000,
      xDagTxs: 600,
      utxosPerAddress: 300,
      xBlockTxs: 8,
      pBlocks: 120,
      cBlocks: 50,
    })
    world.advance()
    const { x } = world
    // Every kind in every order: leaves read before and after their parents, exports and sends, memos.
    const positions = [x.txCount - 1, 2999, 2000, 1500, ...Array.from({ length: x.txCount }, (_, i) => i)]
    for (const i of positions) {
      const served = x.txBytes(i)
      const built = encodeXTx(x.buildTx(i).tx)
      expect(served.bytes).toEqual(built)
      expect(served.id).toEqual(sha256Fast(built))
      expect(x.txId(i)).toEqual(served.id)
    }
  })
})
