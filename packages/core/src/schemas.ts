/**
 * Building blocks for operation schemas. Params schemas turn what a caller may pass into the wire form; result
 * schemas turn the wire form into domain types. A result schema's *input* side accepts both the wire form and the
 * `toJson()` form of its output, so adapters can publish it as a JSON Schema for the JSON they emit.
 * The shared schemas are `lazy` builders (`u64()`, `noParams`): importing core builds none of them (./lazy.ts).
 */
import * as z from 'zod/mini'
import { parseAddress } from './encoding/address.js'
import { isCb58 } from './encoding/cb58.js'
import { EMPTY_ID, isId, isNodeId } from './encoding/ids.js'
import { lazy } from './lazy.js'

const MAX_U64 = 2n ** 64n - 1n
const EXAMPLE_ID = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'
const EXAMPLE_NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

// ---- params -------------------------------------------------------------------------------------------------------

/** A 32-byte cb58 ID (transaction, block, asset, blockchain, subnet). */
export const idParam = (what = 'ID') =>
  z.string().check(z.refine(isId, { error: `expected a ${what}: 32 bytes in cb58, like "${EXAMPLE_ID}"` }))

/**
 * Longest alias the node takes, in bytes: `len(args.Alias) > maxAliasLength` (`api/admin/service.go` L148, L170)
 * counts the UTF-8 bytes of a Go string, so 300 × "é" (600 bytes) is too long.
 */
export const MAX_ALIAS_BYTES = 512
export const utf8Length = (text: string): number => new TextEncoder().encode(text).length

/** A blockchain or asset given by cb58 ID or by alias (`X`, `P`, `C`, `AVAX`). */
export const idOrAliasParam = (what: string) =>
  z.string().check(
    z.minLength(1, { error: `expected a ${what} ID or alias, e.g. "X"` }),
    z.refine((text) => utf8Length(text) <= MAX_ALIAS_BYTES, {
      error: `at most ${MAX_ALIAS_BYTES} bytes in UTF-8 (no ID or alias is longer)`,
    }),
  )

export const nodeIdParam = lazy(() =>
  z
    .string()
    .check(z.refine(isNodeId, { error: `expected a node ID: "NodeID-" followed by cb58, like "${EXAMPLE_NODE_ID}"` })),
)

/** The P-Chain's aliases (`genesis/aliases.go` L20, L36-41): P, platform, and its ID (`ids.Empty`). */
const P_CHAIN_ALIASES: readonly string[] = ['P', 'platform', EMPTY_ID]

/**
 * An address as the node's `avax.ParseServiceAddress` takes it (`vms/components/avax/addresses.go`): a bare cb58
 * short ID, or `<chain alias>-<bech32>`. On the P-Chain the alias is P, platform or the chain ID; X-Chain methods
 * also serve other AVM chains, whose aliases differ, so any alias passes there (the node checks it names the chain).
 * Bech32 without an alias is refused with the node's reason (`no separator found in address`).
 */
export const addressParam = (chain: 'X' | 'P') =>
  z.string().check(
    z.superRefine((text, ctx) => {
      if (isCb58(text, 20)) return
      let alias: string | undefined
      try {
        alias = parseAddress(text).chain
      } catch (error) {
        const reason = (error as Error).message
        if (reason.includes('no separator')) ctx.addIssue({ code: 'custom', message: reason })
        else {
          ctx.addIssue({
            code: 'custom',
            input: text,
            message: `expected an address like "${chain}-avax1..." (chain alias, dash, bech32) or a cb58 short ID`,
          })
        }
        return
      }
      if (alias === '') ctx.addIssue({ code: 'custom', message: `"${text}" has no chain alias before the dash` })
      else if (chain === 'P' && !P_CHAIN_ALIASES.includes(alias as string)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${text}" is not a P-Chain address: its prefix "${alias}" must be a P-Chain alias (${P_CHAIN_ALIASES.join(', ')})`,
        })
      }
    }),
  )

/** A 64-bit unsigned integer given as bigint, safe integer or decimal string; sent as a decimal string. */
export const u64Param = lazy(() =>
  z.pipe(
    z.union([
      z.bigint(),
      // zod's int() is a safe-integer check: say why a whole number above 2^53 is refused.
      z.number().check(
        z.int({
          error: (issue) =>
            Number.isInteger(issue.input)
              ? 'numbers above 2^53 lose precision: pass a bigint or a string'
              : 'expected a whole number',
        }),
      ),
      z.string().check(z.regex(/^\d+$/, { error: 'expected a decimal integer string like "42"' })),
    ]),
    z.transform((v, ctx) => {
      const value = BigInt(v)
      if (value < 0n || value > MAX_U64) {
        ctx.issues.push({ code: 'custom', message: 'expected an integer from 0 to 18446744073709551615', input: v })
        return z.NEVER
      }
      if (typeof v === 'number' && !Number.isSafeInteger(v)) {
        ctx.issues.push({
          code: 'custom',
          message: 'numbers above 2^53 lose precision: pass a bigint or a string',
          input: v,
        })
        return z.NEVER
      }
      return value.toString()
    }),
  ),
)

/** A case-insensitive pattern without flags, so the JSON Schema `pattern` means the same as the check. */
function anyCasePattern(values: readonly string[]): RegExp {
  const letters = (value: string) =>
    [...value].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`))
  return new RegExp(`^(?:${values.map((value) => letters(value).join('')).join('|')})$`)
}

/** The spellings TypeScript offers for a case-insensitive name; any other mix of cases passes at run time too. */
type AnyCase<T extends string> = T | Lowercase<T> | Uppercase<T> | Capitalize<Lowercase<T>>

/**
 * One of `values` in any letter case, passed on in its canonical spelling, for names the node matches
 * case-insensitively (encodings, log levels). The plain enum branch keeps the values listed for the adapters
 * (an `enum` in the MCP JSON Schema, options in n8n).
 */
export const anyCaseEnum = <const E extends readonly [string, ...string[]]>(values: E, what: string) =>
  z.union(
    [
      z.enum(values),
      z.pipe(
        z.string().check(z.regex(anyCasePattern(values))),
        z.transform((text) => values.find((value) => value.toLowerCase() === text.toLowerCase()) as E[number]),
      ),
    ],
    { error: `expected ${what}: one of ${values.join(', ')} (any case)` },
  ) as unknown as z.ZodMiniType<E[number], AnyCase<E[number]>>

/**
 * Byte encodings the node accepts for a method; `hex` is the node's default. `formatting.Encoding` reads them in any
 * case (`utils/formatting/encoding.go` L80-88) and the reply names the lower-case one.
 */
export const encodingParam = <const E extends readonly [string, ...string[]]>(values: E) =>
  z.optional(anyCaseEnum(values, 'an encoding'))

// ---- results ------------------------------------------------------------------------------------------------------

/** The wire's text of a uint64 or uint32 (result-parser.ts converts it in place). */
export const DECIMAL_TEXT = /^\d+$/

/** The node's uint64: a decimal string on the wire (a number inside `encoding: "json"` payloads). */
export const u64: () => U64Schema = lazy(buildU64)
/** The schema `u64()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface U64Schema extends ReturnType<typeof buildU64> {}
function buildU64() {
  return z.pipe(
    z.union([z.string().check(z.regex(DECIMAL_TEXT)), z.number().check(z.int(), z.nonnegative()), z.bigint()]),
    z.transform(toBigInt),
  )
}
/** u64's conversion (result-parser.ts recognises it and converts the wire's decimal strings in place). */
export function toBigInt(value: string | number | bigint): bigint {
  return BigInt(value)
}

/** The wire's text of a float (result-parser.ts converts it in place, like DECIMAL_TEXT). */
export const FLOAT_TEXT = /^-?\d+(\.\d+)?$/

/** The node's uint32/uint8: a decimal string on the wire, a number in the domain. */
export const u32: () => U32Schema = lazy(buildU32)
/** The schema `u32()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface U32Schema extends ReturnType<typeof buildU32> {}
function buildU32() {
  return z.pipe(
    z.union([z.string().check(z.regex(DECIMAL_TEXT)), z.number().check(z.int(), z.nonnegative())]),
    z.transform(toU32),
  )
}
/** u32's conversion (result-parser.ts recognises it). */
export function toU32(value: string | number): number {
  return Number(value)
}

/** The node's Float32/Float64: a string with four decimals on the wire ("10.0000"), a number in the domain. */
export const float: () => FloatSchema = lazy(buildFloat)
/** The schema `float()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface FloatSchema extends ReturnType<typeof buildFloat> {}
function buildFloat() {
  return z.pipe(z.union([z.string().check(z.regex(FLOAT_TEXT)), z.number()]), z.transform(toFloat))
}
/** float's conversion (result-parser.ts recognises it). */
export function toFloat(value: string | number): number {
  return Number(value)
}

/** A Go slice: `null` when empty (a nil slice marshals as null), normalised to []. */
export const goSlice = <T extends z.ZodMiniType>(item: T) => z.pipe(z.nullable(z.array(item)), z.transform(nilAsEmpty))
/** goSlice's conversion (result-parser.ts recognises it). */
export function nilAsEmpty<T>(items: T[] | null): T[] {
  return items ?? []
}

/** Objects keep fields this version does not know yet, so new node fields pass through. */
export const record = z.looseObject

export const emptyResult = lazy(() => z.looseObject({}))

/** OutputOwners in JSON: `{locktime, threshold, addresses}`. */
export const outputOwners: () => OutputOwnersSchema = lazy(buildOutputOwners)
/** The schema `outputOwners()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface OutputOwnersSchema extends ReturnType<typeof buildOutputOwners> {}
function buildOutputOwners() {
  return z.looseObject({
    locktime: u64(),
    threshold: u32(),
    addresses: goSlice(z.string()),
  })
}

/** A UTXO reference in balance replies. */
export const utxoRef = lazy(() => z.looseObject({ txID: z.string(), outputIndex: z.number().check(z.int()) }))

export const noParams = lazy(() => z.optional(z.strictObject({}, { error: 'this method takes no parameters' })))
