import { bech32 } from '@scure/base'
import { InvalidEncodingError } from '../errors.js'

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
  /** The chain alias before the dash (`X`, `P`, `C`), or undefined for a bare bech32 string. */
  chain: string | undefined
  hrp: string
  /** The 20-byte short ID. */
  bytes: Uint8Array
}

/** `X-avax1...`: chain alias, dash, bech32 of the 20-byte short ID. */
export function formatAddress(chain: string, hrp: string, bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new InvalidEncodingError(`an address holds 20 bytes, got ${bytes.length}`)
  return `${chain}-${bech32.encode(hrp, bech32.toWords(bytes))}`
}

export function parseAddress(text: string): ParsedAddress {
  const dash = text.indexOf('-')
  const chain = dash >= 0 ? text.slice(0, dash) : undefined
  const rest = dash >= 0 ? text.slice(dash + 1) : text
  let decoded: { prefix: string; words: number[] }
  try {
    decoded = bech32.decode(rest as `${string}1${string}`)
  } catch {
    throw new InvalidEncodingError(`"${text}" is not an address like "X-avax1..." (chain alias, dash, bech32)`)
  }
  let bytes: Uint8Array
  try {
    bytes = bech32.fromWords(decoded.words)
  } catch {
    throw new InvalidEncodingError(`"${text}" is not an address: its bech32 data does not pack into whole bytes`)
  }
  if (bytes.length !== 20) throw new InvalidEncodingError(`"${text}" decodes to ${bytes.length} bytes; expected 20`)
  return { chain, hrp: decoded.prefix, bytes }
}

export function isAddress(text: string, chains?: readonly string[]): boolean {
  try {
    const { chain } = parseAddress(text)
    return !chains || (chain !== undefined && chains.includes(chain))
  } catch {
    return false
  }
}
