import { describe, expect, it } from 'vitest'
import { sha256Fast } from './bytes.js'
import { GrowingIdIndex, IdIndex } from './id-index.js'

const idOf = (i: number) => sha256Fast(Uint8Array.of(i & 0xff, (i >> 8) & 0xff, (i >> 16) & 0xff, 9))

describe('IdIndex', () => {
  it('finds every position by its ID and answers -1 for IDs it does not hold, at every size', () => {
    for (const count of [0, 1, 2, 15, 16, 17, 300, 5000, 70_000]) {
      const index = IdIndex.build(count, idOf)
      for (let i = 0; i < count; i += count > 5000 ? 7 : 1) expect(index.find(idOf(i)), `${count}: ${i}`).toBe(i)
      for (let i = count; i < count + 200; i++) expect(index.find(idOf(i))).toBe(-1)
    }
  })

  it('tells apart IDs that share their first bytes (a fingerprint collision is confirmed by the full ID)', () => {
    const ids = Array.from({ length: 64 }, (_, i) => {
      const id = new Uint8Array(32)
      id[31] = i
      return id
    })
    const index = IdIndex.build(ids.length, (i) => ids[i] as Uint8Array)
    for (const [i, id] of ids.entries()) expect(index.find(id)).toBe(i)
    const other = new Uint8Array(32)
    other[30] = 1
    expect(index.find(other)).toBe(-1)
  })

  it('grows with its chain: positions added later are found too', () => {
    let count = 10
    const index = new GrowingIdIndex(() => count, idOf)
    for (; count <= 3000; count = Math.ceil(count * 1.7)) {
      for (let i = 0; i < count; i += 3) expect(index.find(idOf(i))).toBe(i)
      expect(index.find(idOf(count))).toBe(-1)
    }
  })
})
