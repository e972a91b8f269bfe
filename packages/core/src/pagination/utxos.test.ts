/**
 * walkUtxos against a simulation of the node's listing (`avax.GetPaginatedUTXOs`, vms/components/avax/utxo_fetching.go:
 * addresses sorted by short ID, each one's UTXO IDs in order after the cursor, repeats dropped within a page, the
 * cursor at the last address and UTXO ID searched) over generated owners: every UTXO comes once, and the walk
 * remembers only UTXOs that another queried owner can still list.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatAddress } from '../encoding/address.js'
import { CodecWriter } from '../encoding/codec.js'
import { bytesToHex, hexEncode } from '../encoding/hex.js'
import { MAX_UTXO_ADDRESSES } from '../node/limits.js'
import type { AnyOperation } from '../operation.js'
import { type UtxoPage, UtxoRepeats, walkUtxos } from './utxos.js'

const runs = (defaultRuns: number) => ({ numRuns: Number(process.env.PROPERTY_RUNS) || defaultRuns })
const timeout = process.env.PROPERTY_RUNS ? 600_000 : 20_000
const op = { id: 'avm.getUTXOs' } as AnyOperation

/** Address k: its short ID is k in the last two bytes, so short-ID order is k order. */
const shortId = (k: number) => Uint8Array.from({ length: 20 }, (_, i) => (i === 18 ? k >> 8 : i === 19 ? k & 255 : 7))
const address = (k: number) => formatAddress('X', 'avax', shortId(k))

interface World {
  /** UTXO k: its owners (address numbers), or undefined for an output type the decoder does not read. */
  owners: (number[] | undefined)[]
}

function utxoText(k: number, owners: number[] | undefined): string {
  const w = new CodecWriter()
    .u16(0)
    .bytes(new Uint8Array(32).fill(k % 256).fill(k >> 8, 0, 1))
    .u32(k)
  w.bytes(new Uint8Array(32)).u32(owners ? 7 : 11)
  if (owners)
    w.u64(BigInt(k))
      .u64(0n)
      .u32(1)
      .array(owners, (x, o) => x.bytes(shortId(o)))
  return hexEncode(w.toBytes())
}

/** A `call` that answers getUTXOs from `world` as the node would, recording each page's endIndex. */
function node(world: World) {
  const texts = world.owners.map((o, k) => utxoText(k, o))
  // The node's per-address index; an unknown-type output is listed under the addresses `unknownOwners` gives it.
  const byAddress = new Map<number, number[]>()
  world.owners.forEach((owners, k) => {
    for (const a of owners ?? unknownOwners(k)) byAddress.set(a, [...(byAddress.get(a) ?? []), k])
  })
  return async (_op: AnyOperation, params?: unknown): Promise<UtxoPage> => {
    const p = params as { addresses: string[]; limit: number; startIndex?: { address: string; utxo: string } }
    const addrs = [...new Set(p.addresses.map((a) => numberOf.get(a) as number))].sort((a, b) => a - b)
    let lastAddr = p.startIndex ? (numberOf.get(p.startIndex.address) as number) : -1
    let lastUtxo = p.startIndex ? Number(p.startIndex.utxo) : -1
    const seen = new Set<number>()
    const utxos: string[] = []
    let limit = p.limit
    const page = () => ({
      numFetched: BigInt(utxos.length),
      utxos,
      endIndex: { address: lastAddr < 0 ? address(0) : address(lastAddr), utxo: String(lastUtxo) },
    })
    for (const a of addrs) {
      if (a < lastAddr) continue
      const start = a === lastAddr ? lastUtxo : -1
      lastAddr = a
      for (const k of (byAddress.get(a) ?? []).filter((k) => k > start)) {
        lastUtxo = k
        if (seen.has(k)) continue
        seen.add(k)
        utxos.push(texts[k] as string)
        if (--limit <= 0) return page()
      }
    }
    return page()
  }
}
const numberOf = new Map(Array.from({ length: 1200 }, (_, k) => [address(k), k]))
const unknownOwners = (k: number) => [k % 5, (k % 5) + 3]

const world = (addressCount: number) =>
  fc.record({
    owners: fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.uniqueArray(fc.nat({ max: addressCount - 1 }), { minLength: 1, maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      { maxLength: 60 },
    ),
  })

async function walk(w: World, queried: number[], limit: number) {
  const ids: number[] = []
  for await (const utxo of walkUtxos(node(w), op, { addresses: queried.map(address), limit }))
    ids.push(utxo.outputIndex)
  return ids
}

/** The UTXOs a walk over `queried` must yield: each one listed under a queried address. */
function expected(w: World, queried: number[]): number[] {
  const q = new Set(queried)
  return w.owners.flatMap((owners, k) => ((owners ?? unknownOwners(k)).some((a) => q.has(a)) ? [k] : []))
}

describe('walkUtxos: each UTXO once, as the node lists them', () => {
  test('one group of addresses, some given twice, small pages', { timeout }, async () => {
    await fc.assert(
      fc.asyncProperty(
        world(8),
        fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (w, queried, limit) => {
          const ids = await walk(w, queried, limit)
          expect([...ids].sort((a, b) => a - b)).toEqual(expected(w, queried))
        },
      ),
      runs(150),
    )
  })

  test('several groups (more than 1024 addresses), an address in two of them', { timeout }, async () => {
    await fc.assert(
      fc.asyncProperty(world(6), fc.integer({ min: 1, max: 7 }), async (w, limit) => {
        // Group 0: addresses 0..1023 without 2; group 1: 2, 3 again, then 1024.. (up to 1100).
        const queried = [
          ...Array.from({ length: MAX_UTXO_ADDRESSES }, (_, k) => (k === 2 ? 1099 : k)),
          2,
          3,
          ...Array.from({ length: 70 }, (_, k) => 1024 + k),
        ]
        const ids = await walk(w, queried, limit)
        expect([...ids].sort((a, b) => a - b)).toEqual(expected(w, queried))
      }),
      runs(30),
    )
  })
})

describe('UtxoRepeats: what a walk remembers', () => {
  const utxo = (id: string, owners?: number[]) =>
    ({ id, owners: owners?.map((o) => bytesToHex(shortId(o))) }) as Parameters<UtxoRepeats['isRepeat']>[0]

  test('one address: nothing, whatever the owners', () => {
    const r = new UtxoRepeats([address(1)])
    expect(r.isRepeat(utxo('a', [1, 2]), 0)).toBe(false)
    expect(r.isRepeat(utxo('b'), 0)).toBe(false)
    expect(r.pending.size).toBe(0)
  })

  test('a UTXO of one queried owner: nothing; of two: until the cursor passes the later one', () => {
    const r = new UtxoRepeats([address(5), address(1), address(3)])
    expect(r.isRepeat(utxo('single', [1, 9]), 0)).toBe(false)
    expect(r.isRepeat(utxo('shared', [1, 3]), 0)).toBe(false)
    expect([...r.pending.keys()]).toEqual(['shared'])
    r.forgetBefore(0, address(3)) // still walking 3: it may come
    expect(r.isRepeat(utxo('shared', [1, 3]), 0)).toBe(true)
    r.forgetBefore(0, address(5))
    expect(r.pending.size).toBe(0)
  })

  test('an unknown output type with several addresses: to the end of the walk', () => {
    const r = new UtxoRepeats([address(1), address(2)])
    expect(r.isRepeat(utxo('unknown'), 0)).toBe(false)
    r.forgetBefore(7, address(1000))
    expect(r.isRepeat(utxo('unknown'), 7)).toBe(true)
  })

  test('an address in a later group: until that group has passed it', () => {
    const addresses = Array.from({ length: MAX_UTXO_ADDRESSES + 1 }, (_, k) => address(k))
    addresses[MAX_UTXO_ADDRESSES] = address(1) // 1 again, in group 1
    const r = new UtxoRepeats(addresses)
    expect(r.isRepeat(utxo('again', [1]), 0)).toBe(false)
    r.forgetBefore(1, '')
    expect(r.isRepeat(utxo('again', [1]), 1)).toBe(true)
    r.forgetBefore(1, address(2))
    expect(r.pending.size).toBe(0)
  })
})
