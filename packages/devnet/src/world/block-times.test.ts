import { describe, expect, it } from 'vitest'
import { BlockTimes } from './block-times.js'
import { upperBoundOf } from './growable.js'

describe('BlockTimes', () => {
  it('answers like a column of every time: runs, halts, several blocks in one round', () => {
    const times = new BlockTimes(2)
    const column: number[] = []
    let time = 1000
    for (let round = 0; round < 500; round++) {
      time += 2
      if (round % 37 === 5) continue // halted
      const blocks = round % 4 === 1 ? 2 : 1
      for (let b = 0; b < blocks; b++) {
        times.push(time)
        column.push(time)
      }
    }
    expect(times.length).toBe(column.length)
    expect(column.map((_, k) => times.at(k))).toEqual(column)
    for (let t = 990; t <= time + 3; t++) {
      expect(times.countUpTo(t)).toBe(upperBoundOf(column, column.length, t))
    }
  })

  it('keeps one run for a chain that grows every round', () => {
    const times = new BlockTimes(2)
    for (let k = 0; k < 10_000; k++) times.push(5000 + 2 * k)
    expect((times as unknown as { runs: number }).runs).toBe(1)
    expect(times.at(9_999)).toBe(5000 + 2 * 9_999)
  })

  it('names a block it does not have', () => {
    expect(() => new BlockTimes(2).at(0)).toThrow(/no added block 0/)
  })
})
