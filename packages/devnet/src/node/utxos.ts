import { cb58Encode } from '@avalanche-automation/core'
import { compareBytes } from '../world/bytes.js'
import { C_CHAIN_BYTES, P_CHAIN_BYTES, X_CHAIN_BYTES } from '../world/constants.js'
import { hexChecked, hexNc } from '../world/json-values.js'
import type { UtxoSourceChain } from '../world/world.js'
import type { NodeContext } from './context.js'
import { formatLocalAddress, goIdFromString, parseServiceAddress } from './ids.js'
import { RpcError } from './jsonrpc.js'
import { arrayOf, type Encoding, encoding, string, struct, u32 } from './params.js'

const MAX_ADDRESSES = 1024
const MAX_PAGE = 1024

/** `api.GetUTXOsArgs` */
export const getUtxosParams = {
  addresses: arrayOf(string),
  sourceChain: string,
  limit: u32,
  startIndex: struct({ address: string, utxo: string }),
  encoding,
}

type Args = {
  addresses: string[]
  sourceChain: string
  limit: bigint
  startIndex: { address: string; utxo: string }
  encoding: Encoding
}

/** Byte encoding of a UTXO or container (`formatting.Encode`); JSON is not a byte encoding. */
export function encodeBytes(bytes: Uint8Array, enc: Encoding, digest?: Uint8Array): string {
  if (enc === 'json') throw new Error('unsupported encoding in method')
  return enc === 'hexnc' ? hexNc(bytes) : hexChecked(bytes, digest)
}

/**
 * avm.getUTXOs and platform.getUTXOs (`avax.GetPaginatedUTXOs`, shared-memory `Indexed`): addresses sorted by
 * their 20 bytes; per address UTXOs in UTXO-ID order; `startIndex` is exclusive; `endIndex` is the last address
 * searched and the last UTXO ID iterated, which a client passes back as the next `startIndex`.
 */
export function getUtxos(ctx: NodeContext, chain: 'X' | 'P', args: Args): Record<string, unknown> {
  const { world, state } = ctx
  if (args.addresses.length === 0) throw new RpcError('no addresses provided')
  if (args.addresses.length > MAX_ADDRESSES) {
    throw new RpcError(`number of addresses given, ${args.addresses.length}, exceeds maximum, ${MAX_ADDRESSES}`)
  }
  const chainId = chain === 'X' ? X_CHAIN_BYTES : P_CHAIN_BYTES
  let source: UtxoSourceChain | 'other' = 'local'
  if (args.sourceChain !== '') {
    let sourceId: Uint8Array
    try {
      sourceId = state.lookup(args.sourceChain)
    } catch (error) {
      throw new RpcError(
        `problem parsing source chainID ${JSON.stringify(args.sourceChain)}: ${(error as Error).message}`,
      )
    }
    if (Buffer.compare(sourceId, chainId) === 0) source = 'local'
    else if (Buffer.compare(sourceId, X_CHAIN_BYTES) === 0) source = 'X'
    else if (Buffer.compare(sourceId, P_CHAIN_BYTES) === 0) source = 'P'
    else if (Buffer.compare(sourceId, C_CHAIN_BYTES) === 0) source = 'C'
    else source = 'other'
  }

  const unique = new Map<string, Uint8Array>()
  for (const text of args.addresses) {
    const bytes = wrap(() => parseServiceAddress(text, chainId, state))
    unique.set(Buffer.from(bytes).toString('hex'), bytes)
  }
  const addresses = [...unique.values()].sort(compareBytes)

  let lastAddr: Uint8Array = new Uint8Array(20)
  let lastUtxo: Uint8Array = new Uint8Array(32)
  if (args.startIndex.address !== '' || args.startIndex.utxo !== '') {
    try {
      lastAddr = parseServiceAddress(args.startIndex.address, chainId, state)
    } catch (error) {
      throw new RpcError(
        `couldn't parse start index address ${JSON.stringify(args.startIndex.address)}: ${(error as Error).message}`,
      )
    }
    try {
      lastUtxo = goIdFromString(args.startIndex.utxo)
    } catch (error) {
      throw new RpcError(`couldn't parse start index utxo: ${(error as Error).message}`)
    }
  }
  let limit = Number(args.limit)
  if (limit <= 0 || limit > MAX_PAGE) limit = MAX_PAGE

  const utxos: string[] = []
  const seen = new Set<string>()
  for (const address of addresses) {
    const order = compareBytes(address, lastAddr)
    if (order < 0) continue
    const start = order === 0 ? lastUtxo : new Uint8Array(32)
    lastAddr = address
    // C-Chain exports wait in shared memory (`world/c-atomic.ts`); another chain ID has none.
    if (source === 'other') continue
    const table = world.utxos(chain, source, address)
    // Each address reads at most `limit` IDs, and a UTXO another address already returned (a shared output) is
    // skipped without counting (`avax.GetPaginatedUTXOs`: searchSize, seen).
    const end = Math.min(table.count, table.after(start) + limit)
    for (let k = table.after(start); k < end && utxos.length < limit; k++) {
      lastUtxo = table.utxoId(k)
      const key = Buffer.from(lastUtxo).toString('latin1')
      if (seen.has(key)) continue
      seen.add(key)
      if (args.encoding === 'json') {
        const as = chain === 'X' ? 'string' : args.encoding
        throw new RpcError(`couldn't encode UTXO ${cb58Encode(lastUtxo)} as ${as}: unsupported encoding in method`)
      }
      const hex = table.hex(k)
      utxos.push(args.encoding === 'hexnc' ? hex.slice(0, -8) : hex)
    }
    if (utxos.length >= limit) break
  }

  return {
    numFetched: String(utxos.length),
    utxos,
    endIndex: { address: formatLocalAddress(chain, lastAddr), utxo: cb58Encode(lastUtxo) },
    encoding: args.encoding,
  }
}

function wrap<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw new RpcError((error as Error).message)
  }
}
