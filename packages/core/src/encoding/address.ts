import { InvalidEncodingError } from '../errors.js'
import { encode as bech32Encode, decodeWords, wordsToBytes } from './bech32.js'

/** Bech32 human-readable part by network ID (`utils/constants/network_ids.go`). */
export function hrpForNetwork(networkId: number): string {
  const known: Record<number, string> = {
    1: 'avax',
    2: 'cascade',
    3: 'denali',
    4: 'everest',
    5: 'fuji',
    10: 'testing',
    12345: 'local',
  }
  return known[networkId] ?? 'custom'
}

export interface ParsedAddress {
  /** The chain alias before the first dash (`X`, `platform`, a chain ID), or undefined for a bare bech32 string. */
  chain: string | undefined
  hrp: string
  /** The 20-byte short ID. */
  bytes: Uint8Array
}

export interface ParseAddressOptions {
  /**
   * Also accept bech32 without a chain alias (`avax1...`), the form the Data API takes. The node refuses it
   * (`utils/formatting/address/address.go` Parse), so the default is false.
   */
  allowBare?: boolean
}

/** `X-avax1...`: chain alias, dash, bech32 of the 20-byte short ID. */
export function formatAddress(chain: string, hrp: string, bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new InvalidEncodingError(`an address holds 20 bytes, got ${bytes.length}`)
  return `${chain}-${bech32Encode(hrp, bytes)}`
}

/**
 * Parses `<chain alias>-<bech32>` like the node (`address.Parse`): the alias is everything before the first dash and
 * may be any alias of the chain (`P`, `platform`, the chain ID); which chain it names is the node's to check. Text
 * without a dash fails with the node's reason unless `allowBare`.
 */
export function parseAddress(text: string, options: ParseAddressOptions = {}): ParsedAddress {
  const dash = text.indexOf('-')
  if (dash < 0 && !options.allowBare) {
    throw new InvalidEncodingError(
      `couldn't parse address ${JSON.stringify(text)}: no separator found in address (the node needs the chain alias first, like "X-avax1..." or "P-avax1...")`,
    )
  }
  const chain = dash >= 0 ? text.slice(0, dash) : undefined
  const rest = dash >= 0 ? text.slice(dash + 1) : text
  let decoded: { hrp: string; words: Uint8Array }
  try {
    decoded = decodeWords(rest)
  } catch {
    throw new InvalidEncodingError(`"${text}" is not an address like "X-avax1..." (chain alias, dash, bech32)`)
  }
  let bytes: Uint8Array
  try {
    bytes = wordsToBytes(decoded.words)
  } catch {
    throw new InvalidEncodingError(`"${text}" is not an address: its bech32 data does not pack into whole bytes`)
  }
  if (bytes.length !== 20) throw new InvalidEncodingError(`"${text}" decodes to ${bytes.length} bytes; expected 20`)
  return { chain, hrp: decoded.hrp, bytes }
}

/** Whether `text` parses (see parseAddress) and, when `chains` is given, its alias is one of them. */
export function isAddress(text: string, chains?: readonly string[], options: ParseAddressOptions = {}): boolean {
  try {
    const { chain } = parseAddress(text, options)
    return !chains || (chain !== undefined && chains.includes(chain))
  } catch {
    return false
  }
}
