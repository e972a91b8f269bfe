/**
 * The helpers the generated Data/Metrics schemas are built with (`scripts/generate.ts`, which states the rule).
 * Results must survive a service that is newer than its description and does not always honour it: an enum value
 * added later is kept, not rejected (chainkit has had to patch exactly this drift), integers the lossless JSON parser
 * read as bigint still validate as numbers, and a number sent as a string (or, where the description's own example
 * is a number, a string field sent as a number) arrives as the description's type (data-api.md 0b.2).
 */
import * as z from 'zod/mini'

type Values = readonly [string, ...string[]]

/** An enum that keeps values it does not know: typed with the known ones, any other string passes as it came. */
export function openEnum<const T extends Values>(values: T) {
  return z.union([z.enum(values), z.string() as unknown as z.ZodMiniType<string & {}, string>])
}

/** An enum of any entries (zod's enum types are invariant in them). */
// biome-ignore lint/suspicious/noExplicitAny: any entries
export type AnyEnum = z.ZodMiniEnum<any>

/** What `openEnum` returns, seen from its known values. */
export type OpenEnum<E extends AnyEnum = AnyEnum> = z.ZodMiniUnion<readonly [E, z.ZodMiniType<string & {}, string>]>

/** The known values of an open enum as a strict enum (what a parameter accepts). */
export function knownEnum<E extends AnyEnum>(open: OpenEnum<E>): E {
  return open.def.options[0]
}

/** The text of a JSON number: what a service that quotes its numbers sends. */
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/

/**
 * A JSON number. `parseJsonLossless` reads integer literals above 2^53 as bigint; the services write their numbers
 * as doubles, so converting back gives the value the service meant. The same number sent as a string (`"42.42"`,
 * how `Money.value` is documented although typed number) is that number.
 */
export function jsonNumber<S extends z.ZodMiniType<number>>(schema: S) {
  return z.pipe(z.transform(toNumber), schema)
}

/** jsonNumber's conversion (../result-parser.ts recognises it and applies it in place). */
export const toNumber = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? Number(value)
    : typeof value === 'string' && NUMBER_TEXT.test(value)
      ? Number(value)
      : value

/**
 * A string field the description exemplifies with a number (the Metrics `sortKey`: type string, example 123): a
 * number is taken as its decimal text, exactly (bigint included).
 */
export function numericText<S extends z.ZodMiniType<string>>(schema: S) {
  return z.pipe(z.transform(toText), schema)
}

/** numericText's conversion (../result-parser.ts recognises it and applies it in place). */
export const toText = (value: unknown): unknown =>
  typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : value
