import { createHash } from 'node:crypto'
import { badRequest } from './http.js'

/** A token lives 24 hours from its issue (seed 001, Limits; builders-hub data-api/usage.mdx). */
export const PAGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

const VERSION = 1
const LENGTH = 1 + 6 + 6 + 8 + 10

/**
 * Opaque page tokens: base64url of [version][issued at, ms][position][request fingerprint][MAC]. The position is where
 * the next page starts in the listing's order; the fingerprint binds the token to the route and filters it was issued
 * for (the page size may change between pages); the MAC, keyed by the seed, makes any other string a garbage token.
 * Same seed, same request, same clock: same token.
 */
export class PageTokens {
  private readonly key: Buffer

  constructor(
    seed: number,
    private readonly now: () => number,
  ) {
    this.key = createHash('sha256').update(`avalanche-devnet/${seed}/page-tokens`).digest()
  }

  issue(request: string, position: number): string {
    const bytes = Buffer.alloc(LENGTH)
    bytes[0] = VERSION
    bytes.writeUIntBE(Math.max(0, Math.floor(this.now())), 1, 6)
    bytes.writeUIntBE(position, 7, 6)
    fingerprint(request).copy(bytes, 13)
    this.mac(bytes.subarray(0, 21)).copy(bytes, 21)
    return bytes.toString('base64url')
  }

  /** The position a token resumes at; 400 for a garbage, foreign or expired token. */
  read(token: string, request: string): number {
    const bytes = Buffer.from(token, 'base64url')
    if (
      bytes.length !== LENGTH ||
      bytes.toString('base64url') !== token ||
      bytes[0] !== VERSION ||
      !this.mac(bytes.subarray(0, 21)).equals(bytes.subarray(21))
    ) {
      throw badRequest('Invalid pageToken: not a page token issued by this service')
    }
    if (!fingerprint(request).equals(bytes.subarray(13, 21))) {
      throw badRequest('Invalid pageToken: it was issued for a different request (path or filters differ)')
    }
    const issuedAt = bytes.readUIntBE(1, 6)
    if (this.now() - issuedAt >= PAGE_TOKEN_TTL_MS) {
      throw badRequest('pageToken expired: page tokens are valid for 24 hours, start the listing again without one')
    }
    return bytes.readUIntBE(7, 6)
  }

  private mac(payload: Buffer): Buffer {
    return createHash('sha256').update(this.key).update(payload).digest().subarray(0, 10)
  }
}

function fingerprint(request: string): Buffer {
  return createHash('sha256').update(request).digest().subarray(0, 8)
}
