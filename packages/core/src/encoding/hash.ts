import * as nodeCrypto from 'node:crypto'

/** One-shot `crypto.hash` (Node 20.12+, 21.7+) skips building a Hash object: a third faster on IDs; createHash before. */
const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Uint8Array }).hash

const digestOf = (bytes: Uint8Array): Uint8Array =>
  oneShot ? oneShot('sha256', bytes, 'buffer') : nodeCrypto.createHash('sha256').update(bytes).digest()

export function sha256(bytes: Uint8Array): Uint8Array {
  const digest = digestOf(bytes)
  // A plain Uint8Array of its own: callers may keep it or read `.buffer`.
  return new Uint8Array(digest)
}

/** The node's 4-byte checksum: the last four bytes of SHA-256 (`utils/hashing.Checksum`). */
export function checksum(bytes: Uint8Array): Uint8Array {
  // Four bytes of the digest, without copying all 32 first (cb58 and hex checksums run per ID, per UTXO).
  return Uint8Array.from(digestOf(bytes).subarray(28, 32))
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
