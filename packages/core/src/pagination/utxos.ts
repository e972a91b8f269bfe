import { type DecodedUtxo, decodeUtxoHex } from '../encoding/utxo.js'
import { PaginationLimitError } from '../errors.js'
import type { CallOptions } from '../execute.js'
import { MAX_UTXO_ADDRESSES, MAX_UTXO_LIMIT } from '../node/limits.js'
import type { AnyOperation } from '../operation.js'
import type { Call } from './types.js'

export interface UtxoPage {
  numFetched: bigint
  utxos: string[]
  endIndex: { address: string; utxo: string }
  encoding?: string | undefined
}

/** A UTXO from a walk: decoded fields plus the bytes as the node sent them (hex with checksum). */
export type Utxo = DecodedUtxo & { bytes: string }

export interface UtxoWalkParams {
  /** Any number of addresses: they are queried 1024 at a time. */
  addresses: string[]
  /** Atomic UTXOs exported to this chain from `sourceChain` (ID or alias). */
  sourceChain?: string
  /** UTXOs per request, 1..1024. Default 1024. */
  limit?: number
  /** X-Chain only: another AVM chain by ID or alias. Default X. */
  blockchain?: string
}

/**
 * Walks getUTXOs (avm or platform) for any number of addresses with the node's startIndex/endIndex cursor: each
 * page starts after the previous page's endIndex, the walk ends on a page shorter than the limit, and UTXOs repeated
 * across pages (the node does not promise uniqueness) are yielded once.
 */
export async function* walkUtxoPages(
  call: Call,
  op: AnyOperation,
  params: UtxoWalkParams,
  options: CallOptions = {},
): AsyncGenerator<UtxoPage> {
  const limit = params.limit ?? MAX_UTXO_LIMIT
  const { addresses, ...rest } = params
  for (let i = 0; i < Math.max(addresses.length, 1); i += MAX_UTXO_ADDRESSES) {
    const group = addresses.slice(i, i + MAX_UTXO_ADDRESSES)
    let startIndex: UtxoPage['endIndex'] | undefined
    for (;;) {
      const page = (await call(
        op,
        { ...rest, addresses: group, limit, startIndex, encoding: 'hex' },
        options,
      )) as UtxoPage
      yield page
      if (page.utxos.length < limit) break
      const next = page.endIndex
      if (startIndex && next.address === startIndex.address && next.utxo === startIndex.utxo) {
        throw new PaginationLimitError(
          op.id,
          `the node returned the same endIndex twice (${next.address}, ${next.utxo})`,
        )
      }
      startIndex = next
    }
  }
}

/**
 * Every UTXO once. Within one group of addresses (one cursor), the node lists each address's UTXOs in ID order after
 * the cursor (`avax.GetPaginatedUTXOs`, `vms/components/avax/utxo_fetching.go`; `UTXOIDs` skips the start ID) and
 * drops repeats within a page, so a UTXO comes again only under another of the queried addresses: only UTXOs that
 * several owners could list are remembered, which keeps the walk's memory flat for the usual single-owner UTXOs.
 * Across groups (more than 1024 addresses) any UTXO may come again (an address listed in two groups): all are kept.
 */
export async function* walkUtxos(
  call: Call,
  op: AnyOperation,
  params: UtxoWalkParams,
  options: CallOptions = {},
): AsyncGenerator<Utxo> {
  const seen = new Set<string>()
  const severalGroups = params.addresses.length > MAX_UTXO_ADDRESSES
  const severalAddresses = params.addresses.length > 1
  for await (const page of walkUtxoPages(call, op, params, options)) {
    for (const bytes of page.utxos) {
      const utxo = decodeUtxoHex(bytes)
      // An output whose owners were not read (an unknown type) may have several.
      if (severalGroups || (severalAddresses && (utxo.owners === undefined || utxo.owners.length > 1))) {
        if (seen.has(utxo.id)) continue
        seen.add(utxo.id)
      }
      yield utxo
    }
  }
}
