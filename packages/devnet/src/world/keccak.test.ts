import { describe, expect, it } from 'vitest'
import { rlp } from './cchain.js'
import { keccak256 } from './keccak.js'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

describe('keccak256', () => {
  it('matches the Ethereum vectors', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    )
    // keccak(rlp([])) is every Ethereum header's empty uncle hash.
    expect(hex(keccak256(rlp([])))).toBe('1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347')
  })

  it('absorbs inputs longer than one rate block', () => {
    const long = new Uint8Array(300).fill(0x61)
    expect(keccak256(long)).toHaveLength(32)
    expect(hex(keccak256(long))).not.toBe(hex(keccak256(long.subarray(0, 299))))
  })
})
