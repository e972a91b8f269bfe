import { parseAddress } from '../encoding/address.js'
import { bytesToHex } from '../encoding/hex.js'
import { type DecodedUtxo, decodeUtxoHex } from '../encoding/utxo.js'
import { PaginationLimitError } from '../errors.js'
import type { CallOptions } from '../execute.js'
import { MAX_UTXO_ADDRESSES, MAX_UTXO_LIMIT } from '../node/limits.js'
import type { AnyOperation } from '../operation.js'
import { itemsOf } from './items.js'
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
  for await (const [, page] of pagesByGroup(call, op, params, options)) yield page
}

/** walkUtxoPages, each page with the index of its group of addresses (1024 a request). */
async function* pagesByGroup(
  call: Call,
  op: AnyOperation,
  params: UtxoWalkParams,
  options: CallOptions,
): AsyncGenerator<[number, UtxoPage]> {
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
      yield [i / MAX_UTXO_ADDRESSES, page]
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
 * Every UTXO once, remembering as few as the node's listing order allows. `avax.GetPaginatedUTXOs`
 * (`vms/components/avax/utxo_fetching.go`) sorts a request's addresses by short ID and lists each one's UTXOs in ID
 * order after the cursor (`UTXOIDs` skips the start ID), dropping repeats within a page: so a UTXO comes again only
 * under another queried owner, later in that order or in a later group of 1024 addresses (or under an address given
 * twice). A UTXO is therefore remembered only if it has more than one such listing, and forgotten once the cursor has
 * passed the last one: a walk of single-owner UTXOs remembers none, and multisig ones only while they can still come.
 * An output whose owners were not read (an unknown type) may have several listings: kept to the end of the walk.
 */
export function walkUtxos(
  call: Call,
  op: AnyOperation,
  params: UtxoWalkParams,
  options: CallOptions = {},
  limit?: number,
): AsyncGenerator<Utxo, undefined, undefined> {
  const repeats = new UtxoRepeats(params.addresses)
  let current = 0
  return itemsOf(
    pagesByGroup(call, op, params, options),
    ([group, page]) => {
      if (group !== current) repeats.forgetBefore(group, '')
      current = group
      const utxos: Utxo[] = []
      for (const bytes of page.utxos) {
        const utxo = decodeUtxoHex(bytes)
        if (!repeats.isRepeat(utxo, group)) utxos.push(utxo)
      }
      repeats.forgetBefore(group, page.endIndex.address)
      return utxos
    },
    limit,
  )
}

/** Where UTXOs can be listed again in a walk, and the ones that still may be (by UTXO ID, until their last listing). */
export class UtxoRepeats {
  /** Owner short ID (hex) → the groups that query it, ascending; undefined when an address does not parse. */
  private readonly groupsOf: Map<string, number[]> | undefined
  private readonly severalListings: boolean
  /** UTXO ID → its last listing as `position()`, or END for the end of the walk. */
  readonly pending = new Map<string, string>()

  constructor(addresses: readonly string[]) {
    this.severalListings = addresses.length > 1
    const groupsOf = new Map<string, number[]>()
    try {
      for (const [k, address] of addresses.entries()) {
        const key = shortIdHex(address)
        const group = Math.floor(k / MAX_UTXO_ADDRESSES)
        const groups = groupsOf.get(key)
        if (!groups) groupsOf.set(key, [group])
        else if (groups.at(-1) !== group) groups.push(group)
      }
      this.groupsOf = groupsOf
    } catch {
      this.groupsOf = undefined // the node refuses such an address anyway; until then, remember as if any may repeat
    }
  }

  /** Whether `utxo`, listed in `group`, was yielded before; remembers it while it may come again. */
  isRepeat(utxo: Utxo, group: number): boolean {
    if (!this.severalListings) return false
    const last = this.lastListing(utxo, group)
    if (last === undefined) return false
    if (this.pending.has(utxo.id)) return true
    this.pending.set(utxo.id, last)
    return false
  }

  /** Forgets the UTXOs whose last listing the cursor (an address of `group`; '' = the group's start) has passed. */
  forgetBefore(group: number, cursorAddress: string): void {
    if (this.pending.size === 0) return
    let cursor: string
    try {
      cursor = position(group, cursorAddress === '' ? '' : shortIdHex(cursorAddress))
    } catch {
      return
    }
    for (const [id, last] of this.pending) if (last < cursor) this.pending.delete(id)
  }

  /** The last position where `utxo` is listed, or undefined when this is its only listing. */
  private lastListing(utxo: Utxo, group: number): string | undefined {
    const owners = utxo.owners
    if (owners === undefined || this.groupsOf === undefined) return END
    let count = 0
    for (const owner of owners) count += this.groupsOf.get(owner)?.length ?? 0
    if (count <= 1) return undefined // the common case: no position strings
    let last = ''
    for (const owner of owners) {
      const groups = this.groupsOf.get(owner)
      const at = groups ? position(groups.at(-1) as number, owner) : ''
      if (at > last) last = at
    }
    return last >= position(group, '') ? last : undefined
  }
}

/** Listing positions in walk order: group, then short ID (hex, so string order is byte order). */
const position = (group: number, ownerHex: string) => `${group.toString(36).padStart(4, '0')}:${ownerHex}`
const END = '\uffff'

function shortIdHex(address: string): string {
  return bytesToHex(parseAddress(address, { allowBare: true }).bytes)
}
