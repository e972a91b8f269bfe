/**
 * zod/mini as core's modules see it in the build Node loads (dist/bundled, where tsdown.config.ts aliases zod/mini to
 * this module): each function loads zod (dist/bundled/zod.cjs, ./zod-subset.ts) when first called, so a program whose
 * calls build no schema never loads it. A call without parameters checks its reply by a shape generated at build time
 * (node/shapes.gen.ts): loading and first using zod was a third of what a one-call program spent over Node's own
 * request (bench/results/client-profile.md). CommonJS, so that a schema built from a synchronous getter can load it.
 */
import { createRequire } from 'node:module'
import type * as Subset from './zod-subset.js'

type Zod = typeof Subset

let loaded: Zod | undefined
function zod(): Zod {
  loaded ??= createRequire(import.meta.url)('./zod.cjs') as Zod
  return loaded
}

/** zod's function `name`, loading zod when first called. */
function lazily<const Name extends keyof Zod>(name: Name): Zod[Name] {
  return ((...args: unknown[]) => (zod()[name] as (...args: unknown[]) => unknown)(...args)) as Zod[Name]
}

export const _default = lazily('_default')
export const array = lazily('array')
export const bigint = lazily('bigint')
export const boolean = lazily('boolean')
export const config = lazily('config')
export const describe = lazily('describe')
export const discriminatedUnion = lazily('discriminatedUnion')
export const email = lazily('email')
const enum_ = lazily('enum')

export { enum_ as enum }
export const extend = lazily('extend')
export const gte = lazily('gte')
export const int = lazily('int')
export const literal = lazily('literal')
export const looseObject = lazily('looseObject')
export const lte = lazily('lte')
export const maxLength = lazily('maxLength')
export const minLength = lazily('minLength')
export const nonnegative = lazily('nonnegative')
export const nullable = lazily('nullable')
export const nullish = lazily('nullish')
export const number = lazily('number')
export const optional = lazily('optional')
export const pipe = lazily('pipe')
export const prefault = lazily('prefault')
export const record = lazily('record')
export const refine = lazily('refine')
export const regex = lazily('regex')
export const safeParse = lazily('safeParse')
export const strictObject = lazily('strictObject')
export const string = lazily('string')
export const superRefine = lazily('superRefine')
export const transform = lazily('transform')
export const union = lazily('union')
export const unknown = lazily('unknown')
export const iso: Pick<Zod['iso'], 'datetime'> = {
  datetime: (...args) => zod().iso.datetime(...args),
}
/** zod's own is this frozen object; zod reads the issues a transform adds, not what it returns. */
export const NEVER: never = Object.freeze({ status: 'aborted' }) as never
