type OneShot = (algorithm: string, data: Uint8Array, encoding: 'binary') => string

/**
 * node:crypto, taken when first needed by getBuiltinModule (not `import`): loading it costs ~13 ms of CPU (19 of Node's
 * internal modules), which a program that never checks an ID, a checksum or a webhook signature should not pay (cold
 * start, bench/results/latest.md).
 */
export const nodeCrypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto')

/** SHA-256 as latin1 text; set on first use (`sha256Latin1`). */
let hashLatin1: ((bytes: Uint8Array) => string) | undefined

/**
 * The SHA-256 digest as a 32-character latin1 string (one char a byte). A digest as a Buffer costs three times as
 * much on IDs and UTXOs (a backing store of its own each time: 0.9-1.0 vs 0.3 µs a hash of 146 bytes, Node 24), and
 * a walk hashes several times per UTXO; a short string lives in the young generation and dies there.
 */
export function sha256Latin1(bytes: Uint8Array): string {
  if (!hashLatin1) {
    const cryptoModule = nodeCrypto()
    // One-shot `crypto.hash` (Node 20.12+, 21.7+) skips building a Hash object: a third faster on IDs.
    const oneShot = (cryptoModule as unknown as { hash?: OneShot }).hash
    hashLatin1 = oneShot
      ? (data) => oneShot('sha256', data, 'binary')
      : (data) => cryptoModule.createHash('sha256').update(data).digest('binary')
  }
  return hashLatin1(bytes)
}

export function sha256(bytes: Uint8Array): Uint8Array {
  const digest = sha256Latin1(bytes)
  // A plain Uint8Array of its own: callers may keep it or read `.buffer`.
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = digest.charCodeAt(i)
  return out
}

/** The node's 4-byte checksum: the last four bytes of SHA-256 (`utils/hashing.Checksum`). */
export function checksum(bytes: Uint8Array): Uint8Array {
  const digest = sha256Latin1(bytes)
  return Uint8Array.of(digest.charCodeAt(28), digest.charCodeAt(29), digest.charCodeAt(30), digest.charCodeAt(31))
}

/** Whether `data` ends in the checksum of the bytes before it (hex and cb58 payloads), without copying either part. */
export function hasValidChecksum(data: Uint8Array): boolean {
  return data.length >= 4 && checksumMatches(data.subarray(0, data.length - 4), data, data.length - 4)
}

/** Whether `data[at, at + 4)` is the checksum of `body`. */
export function checksumMatches(body: Uint8Array, data: Uint8Array, at: number): boolean {
  const digest = sha256Latin1(body)
  for (let i = 0; i < 4; i++) if (digest.charCodeAt(28 + i) !== data[at + i]) return false
  return true
}

/** Writes the checksum of `body` at `data[at, at + 4)` (cb58Encode's scratch, `body` a view of its start). */
export function writeChecksum(body: Uint8Array, data: Uint8Array, at: number): void {
  const digest = sha256Latin1(body)
  for (let i = 0; i < 4; i++) data[at + i] = digest.charCodeAt(28 + i)
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
