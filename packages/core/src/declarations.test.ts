/**
 * The built declaration files (dist, built before the tests run) name a shared schema where another schema or an
 * operation uses it, through the interface beside its builder (`ChainInfoSchema`, `U64Schema`), rather than spell its
 * whole type out again at each use: data-api.gen.d.mts was 1.07 MB that way, node/platform.d.mts 161 kB.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0

test('a generated schema is named where another uses it: its fields are declared as often as the source holds them', () => {
  const source = read('src/data/generated/data-api.gen.ts')
  const declarations = read('dist/data/generated/data-api.gen.d.mts')
  expect(declarations).toMatch(
    /zListAddressChainsResponseBuild: \(\) => z\.ZodMiniObject<\{\n\s*indexedChains: z\.ZodMiniOptional<z\.ZodMiniArray<ChainInfoSchema>>/,
  )
  expect(count(declarations, /\bchainName: z\.ZodMiniOptional/g)).toBe(count(source, /\bchainName: z\.optional/g))
  expect(count(declarations, /\btxHash: z\.ZodMiniString/g)).toBe(count(source, /\btxHash: z\.string\(\)/g))
})

test("the node's shared schemas are named where operations use them (u64 is spelled out once, in schemas.d.mts)", () => {
  const u64Type = /z\.ZodMiniTransform<bigint, string \| number \| bigint>/g
  expect(count(read('dist/schemas.d.mts'), u64Type)).toBe(1)
  for (const file of ['platform', 'avm', 'payloads', 'info', 'index', 'admin', 'health']) {
    expect(count(read(`dist/node/${file}.d.mts`), u64Type), file).toBe(0)
  }
  const platform = read('dist/node/platform.d.mts')
  expect(platform).toMatch(/startTime: U64Schema;/)
  expect(platform).toMatch(/\bPChainTxSchema\b/)
})
