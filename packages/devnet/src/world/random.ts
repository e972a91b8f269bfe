import { sha256 } from '@avalanche-automation/core'
import { allocate } from './bytes.js'

/**
 * Seeded, stateless randomness: every value is a pure function of (seed, stream, index), so transaction i can be
 * derived without generating 0..i-1 first. Never Math.random.
 */

/** murmur3's 32-bit finaliser: a cheap full-avalanche mix. */
export function mix32(value: number): number {
  let x = value | 0
  x ^= x >>> 16
  x = Math.imul(x, 0x85ebca6b)
  x ^= x >>> 13
  x = Math.imul(x, 0xc2b2ae35)
  x ^= x >>> 16
  return x >>> 0
}

/** Uniform u32 for (seed, stream, index); index may be any safe non-negative integer. */
export function rand(seed: number, stream: number, index: number): number {
  let h = mix32(seed ^ 0x9e3779b9)
  h = mix32(h ^ Math.imul(stream, 0x27d4eb2f))
  h = mix32(h ^ (index >>> 0))
  return mix32(h ^ Math.floor(index / 4294967296))
}

/** Uniform integer in [0, n) for n <= 2^32. */
export function below(seed: number, stream: number, index: number, n: number): number {
  return Math.floor((rand(seed, stream, index) / 4294967296) * n)
}

/** Fills `length` bytes from the PRNG (fake signatures and similar filler): one seeded xorshift32 run. */
export function randomBytes(seed: number, stream: number, index: number, length: number): Uint8Array {
  const out = allocate(length)
  let x = rand(seed, stream, index) || 0x9e3779b9
  for (let i = 0; i < length; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    const word = x >>> 0
    out[i] = word >>> 24
    if (i + 1 < length) out[i + 1] = (word >>> 16) & 0xff
    if (i + 2 < length) out[i + 2] = (word >>> 8) & 0xff
    if (i + 3 < length) out[i + 3] = word & 0xff
  }
  return out
}

/** Stable derived bytes for identities (addresses, node IDs, keys): SHA-256 chained over a label. */
export function derive(seed: number, label: string, length = 32): Uint8Array {
  const out = new Uint8Array(length)
  for (let offset = 0, round = 0; offset < length; offset += 32, round++) {
    const digest = sha256(new TextEncoder().encode(`avalanche-devnet/${seed}/${label}/${round}`))
    out.set(digest.subarray(0, Math.min(32, length - offset)), offset)
  }
  return out
}

/** Stream numbers: one per independent random decision, so adding a decision never shifts another's values. */
export const Stream = {
  treeKind: 1,
  treePay: 2,
  signature: 3,
  fanoutAmount: 4,
  xBlockSize: 5,
  pBlockSize: 6,
  pPay: 7,
  nanos: 8,
  cBlock: 9,
  uptime: 10,
  validator: 11,
  xVertexSize: 12,
  exportChain: 13,
  cAtomic: 14,
  liveValidator: 15,
  liveX: 16,
} as const
