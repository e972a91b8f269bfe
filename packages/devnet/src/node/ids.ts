import { cb58Decode, cb58Encode, formatAddress, parseAddress } from '@avalanche-automation/core'
import { HRP } from '../world/constants.js'
import type { NodeState } from './context.js'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]*$/

/**
 * `ids.FromString` / `ids.ShortFromString` with the node's error texts (cb58 then length check), for the places
 * where the node parses an ID from a plain string argument and reports why it failed.
 */
export function goIdFromString(text: string, length = 32): Uint8Array {
  if (!BASE58.test(text)) {
    const bad = [...text].find((c) => !BASE58.test(c)) ?? ''
    throw new Error(`base58 decoding error: invalid base58 digit (${JSON.stringify(bad).replace(/^"|"$/g, "'")})`)
  }
  try {
    return cb58Decode(text, length)
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/shorter than/.test(message)) throw new Error('input string is smaller than the checksum size')
    if (/checksum/.test(message)) throw new Error('invalid input checksum')
    const got = /decodes to (\d+) bytes/.exec(message)?.[1] ?? '0'
    throw new Error(`invalid hash length: expected ${length} bytes but got ${got}`)
  }
}

/**
 * `avax.ParseServiceAddress`: a bare cb58 short ID, or `<chain alias>-<bech32>` whose alias must name this chain and
 * whose HRP must be the network's. Errors read like the node's.
 */
export function parseServiceAddress(text: string, chainId: Uint8Array, state: NodeState): Uint8Array {
  try {
    return cb58Decode(text, 20)
  } catch {
    // not a bare short ID: try the chain-bech32 form
  }
  try {
    const dash = text.indexOf('-')
    if (dash < 0) throw new Error('no separator found in address')
    const alias = text.slice(0, dash)
    let parsed: ReturnType<typeof parseAddress>
    try {
      parsed = parseAddress(text)
    } catch {
      throw new Error('decoding bech32 failed: invalid checksum')
    }
    const addressChain = state.lookup(alias)
    if (parsed.hrp !== HRP) throw new Error(`expected hrp "${HRP}" but got "${parsed.hrp}"`)
    if (Buffer.compare(addressChain, chainId) !== 0) {
      throw new Error(`mismatched chainIDs: expected "${cb58Encode(chainId)}" but got "${cb58Encode(addressChain)}"`)
    }
    return parsed.bytes
  } catch (error) {
    throw new Error(`couldn't parse address ${JSON.stringify(text)}: ${(error as Error).message}`)
  }
}

/** `FormatLocalAddress`: the chain's primary alias, dash, bech32. */
export function formatLocalAddress(chainAlias: string, shortId: Uint8Array): string {
  return formatAddress(chainAlias, HRP, shortId)
}
