import { describe, expect, it } from 'vitest'
import { sha256Fast } from './bytes.js'
import { BlockIdChain, type BuiltBlock } from './proposervm.js'

/** A toy chain: block h's IDs hash its height with its parents' IDs. */
function toyBlock(height: number, parentInner: Uint8Array, parentContainer: Uint8Array): BuiltBlock {
  const inner = Uint8Array.from([height & 0xff, height >> 8, ...parentInner])
  const container = Uint8Array.from([...inner, ...parentContainer])
  return { inner, innerId: sha256Fast(inner), container, containerId: sha256Fast(container) }
}

describe('BlockIdChain', () => {
  const genesis = sha256Fast(new Uint8Array([7]))
  const full = (count: number) => {
    const ids = [{ inner: genesis, container: genesis }]
    for (let h = 1; h <= count; h++) {
      const parent = ids[h - 1] as { inner: Uint8Array; container: Uint8Array }
      const block = toyBlock(h, parent.inner, parent.container)
      ids.push({ inner: block.innerId, container: block.containerId })
    }
    return ids
  }

  it('gives every height the IDs of a full computation, read in any order, as the chain grows', () => {
    const expected = full(700)
    let builds = 0
    const chain = new BlockIdChain(300, genesis, (h, inner, container) => {
      builds++
      return toyBlock(h, inner, container)
    })
    const heights = [300, 17, 16, 15, 1, 299, 150, 33, 32, 0, 63, 64, 65, 128, 127, 192]
    for (const h of heights) {
      expect(chain.innerId(h)).toEqual(expected[h]?.inner)
      expect(chain.containerId(h)).toEqual(expected[h]?.container)
    }
    chain.extend(700)
    for (let h = 700; h >= 0; h -= 7) expect(chain.containerId(h)).toEqual(expected[h]?.container)
    // Each height built about once: segments rebuilt from checkpoints stay cached while read.
    expect(builds).toBeLessThan(2 * 700)
    expect(chain.block(5).innerId).toEqual(expected[5]?.inner)
  })

  it('names a height past the chain', () => {
    const chain = new BlockIdChain(3, genesis, toyBlock)
    expect(() => chain.innerId(4)).toThrow(/no block at height 4: the chain has 3/)
  })
})
