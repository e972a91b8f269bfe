import { cb58Decode, cb58Encode } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { cb58 } from './base58.js'
import { randomBytes } from './random.js'

describe('cb58', () => {
  it('writes what core writes and reads it back, for random inputs of every length up to 80 bytes', () => {
    for (let k = 0; k < 4000; k++) {
      const bytes = randomBytes(7, 97, k, k % 81).slice()
      // Leading zero bytes become leading '1's: a quarter of the inputs start with 1-4 of them.
      if (k % 4 === 0) bytes.fill(0, 0, 1 + (k % 5))
      const text = cb58(bytes)
      expect(text).toBe(cb58Encode(bytes))
      expect(cb58Decode(text)).toEqual(bytes)
    }
  })

  it('handles the edges: empty, all zeros, all 0xff', () => {
    for (const bytes of [new Uint8Array(), new Uint8Array(32), new Uint8Array(36).fill(0xff), new Uint8Array(200)]) {
      expect(cb58(bytes)).toBe(cb58Encode(bytes))
    }
  })
})
