/**
 * Building blocks for operation schemas. Params schemas turn what a caller may pass into the wire form; result
 * schemas turn the wire form into domain types. A result schema's *input* side accepts both the wire form and the
 * `toJson()` form of its output, so adapters can publish it as a JSON Schema for the JSON they emit.
 */
import { z } from 'zod'
import { isAddress } from './encoding/address.js'
import { isCb58 } from './encoding/cb58.js'
import { isId, isNodeId } from './encoding/ids.js'

const MAX_U64 = 2n ** 64n - 1n
const EXAMPLE_ID = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'
const EXAMPLE_NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

// ---- params -------------------------------------------------------------------------------------------------------

/** A 32-byte cb58 ID (transaction, block, asset, blockchain, subnet). */
export const idParam = (what = 'ID') =>
  z.string().refine(isId, { error: `expected a ${what}: 32 bytes in cb58, like "${EXAMPLE_ID}"` })

/** A blockchain or asset given by cb58 ID or by alias (`X`, `P`, `C`, `AVAX`). */
export const idOrAliasParam = (what: string) =>
  z
    .string()
    .min(1, { error: `expected a ${what} ID or alias, e.g. "X"` })
    .max(512, { error: 'at most 512 characters' })

export const nodeIdParam = z
  .string()
  .refine(isNodeId, { error: `expected a node ID: "NodeID-" followed by cb58, like "${EXAMPLE_NODE_ID}"` })

/** `X-avax1...` / `P-fuji1...` or a bare cb58 short ID, as the node's ParseServiceAddress accepts. */
export const addressParam = (chain: 'X' | 'P') =>
  z.string().refine(
    // P-Chain addresses must say P; X-Chain methods also serve other AVM chains, whose aliases differ.
    (s) => (chain === 'P' ? isAddress(s, ['P']) : isAddress(s)) || isCb58(s, 20),
    { error: `expected an address like "${chain}-avax1..." (chain alias, dash, bech32) or a cb58 short ID` },
  )

/** A 64-bit unsigned integer given as bigint, safe integer or decimal string; sent as a decimal string. */
export const u64Param = z
  .union([
    z.bigint(),
    // zod's int() is a safe-integer check: say why a whole number above 2^53 is refused.
    z.number().int({
      error: (issue) =>
        Number.isInteger(issue.input)
          ? 'numbers above 2^53 lose precision: pass a bigint or a string'
          : 'expected a whole number',
    }),
    z.string().regex(/^\d+$/, { error: 'expected a decimal integer string like "42"' }),
  ])
  .transform((v, ctx) => {
    const value = BigInt(v)
    if (value < 0n || value > MAX_U64) {
      ctx.addIssue({ code: 'custom', message: 'expected an integer from 0 to 18446744073709551615', input: v })
      return z.NEVER
    }
    if (typeof v === 'number' && !Number.isSafeInteger(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'numbers above 2^53 lose precision: pass a bigint or a string',
        input: v,
      })
      return z.NEVER
    }
    return value.toString()
  })

/** Byte encodings the node accepts for a method; `hex` is the node's default. */
export const encodingParam = <const E extends readonly [string, ...string[]]>(values: E) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` }).optional()

// ---- results ------------------------------------------------------------------------------------------------------

/** The node's uint64: a decimal string on the wire (a number inside `encoding: "json"` payloads). */
export const u64 = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative(), z.bigint()])
  .transform((v) => BigInt(v))

/** The node's uint32/uint8: a decimal string on the wire, a number in the domain. */
export const u32 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((v) => Number(v))

/** The node's Float32/Float64: a string with four decimals on the wire ("10.0000"), a number in the domain. */
export const float = z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number()]).transform((v) => Number(v))

/** A Go slice: `null` when empty (a nil slice marshals as null), normalised to []. */
export const goSlice = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullable()
    .transform((items) => items ?? [])

/** Objects keep fields this version does not know yet, so new node fields pass through. */
export const record = z.looseObject

export const emptyResult = z.looseObject({})

/** OutputOwners in JSON: `{locktime, threshold, addresses}`. */
export const outputOwners = z.looseObject({
  locktime: u64,
  threshold: u32,
  addresses: goSlice(z.string()),
})

/** A UTXO reference in balance replies. */
export const utxoRef = z.looseObject({ txID: z.string(), outputIndex: z.number().int() })

export const noParams = z.strictObject({}, { error: 'this method takes no parameters' }).optional()
