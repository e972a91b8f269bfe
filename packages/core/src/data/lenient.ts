/**
 * The helpers the generated Data/Metrics schemas are built with (`scripts/generate.ts`). Results must survive a
 * service that is newer than its description: an enum value added later is kept, not rejected (chainkit has had to
 * patch exactly this drift), and integers the lossless JSON parser read as bigint still validate as numbers.
 */
import { z } from 'zod'

type Values = readonly [string, ...string[]]

/** An enum that keeps values it does not know: typed with the known ones, any other string passes as it came. */
export function openEnum<const T extends Values>(values: T) {
  return z.union([z.enum(values), z.string() as unknown as z.ZodType<string & {}, string>])
}

/** What `openEnum` returns, seen from its known values. */
export interface OpenEnum<E extends z.ZodEnum = z.ZodEnum> {
  readonly options: readonly [E, ...z.ZodType[]]
}

/** The known values of an open enum as a strict enum (what a parameter accepts). */
export function knownEnum<E extends z.ZodEnum>(open: OpenEnum<E>): E {
  return open.options[0]
}

/**
 * A JSON number. `parseJsonLossless` reads integer literals above 2^53 as bigint; the services write their numbers
 * as doubles, so converting back gives the value the service meant.
 */
export function jsonNumber<S extends z.ZodType<number>>(schema: S) {
  return z.preprocess((value) => (typeof value === 'bigint' ? Number(value) : value), schema)
}
