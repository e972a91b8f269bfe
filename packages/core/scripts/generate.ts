/**
 * Generates the zod schemas of the Data API and the Metrics API from their official OpenAPI descriptions
 * (`openapi/*.openapi.json`, copies of ava-labs/builders-hub `public/openapi/`) with @hey-api/openapi-ts.
 *
 *   pnpm --filter @avalanche-automation/core run generate          # rewrites src/data/generated/*.gen.ts
 *   node scripts/generate.ts --check                               # exits 1 when the committed files differ
 *
 * Result schemas must survive the live service, which is newer than its description and does not always honour it
 * (data-api.md 0b.2, 0b.4). The rule, written once here, loosens what the zod plugin emits:
 * - objects keep unknown fields (`z.looseObject`), enums keep unknown values (`openEnum`);
 * - only the fields that name a record (`RECORD_KEYS`: txHash, blockNumber, utxoId, ...) stay required; every other
 *   field the description requires is optional at parse time, so a page where one is missing still parses;
 * - numbers accept the bigint that `parseJsonLossless` makes of integers above 2^53 and the same number sent as a
 *   JSON string (`jsonNumber`: `Money.value` is typed number but documented as "42.42");
 * - a string field whose own example is a number (the description disagrees with itself: the Metrics `sortKey`,
 *   example 123) accepts that number too (`numericText`).
 * Either way a value arrives as the description's type and no field that arrived is dropped. Parameters are not
 * taken from here: operations declare strict ones with the seed's limits and helpful messages.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createClient } from '@hey-api/openapi-ts'
import { RECORD_KEYS } from '../src/data/record-keys.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export const SPECS = [
  { name: 'data-api', spec: 'openapi/data-api.openapi.json', out: 'src/data/generated/data-api.gen.ts' },
  { name: 'metrics-api', spec: 'openapi/metrics-api.openapi.json', out: 'src/data/generated/metrics-api.gen.ts' },
] as const

/** The module the generated files import their helpers from, relative to them. */
const HELPERS = '../lenient.js'

// biome-ignore lint/suspicious/noExplicitAny: the resolver contexts are hey-api's internal DSL types
type Ctx = any

/** The imported helper's symbol, registered once per generated file. */
const symbols = new WeakMap<object, Map<string, unknown>>()
function helper(ctx: Ctx, name: 'openEnum' | 'jsonNumber' | 'numericText') {
  let known = symbols.get(ctx.plugin)
  if (!known) {
    known = new Map()
    symbols.set(ctx.plugin, known)
  }
  if (!known.has(name)) known.set(name, ctx.plugin.symbol(name, { external: HELPERS }))
  return known.get(name)
}

const resolvers = {
  /**
   * `z.looseObject({...})`: fields the description does not list yet pass through; of the required fields only
   * those that name the record stay required. Maps stay `z.record`.
   */
  object(ctx: Ctx) {
    const additional = ctx.nodes.additionalProperties(ctx)
    if (additional) return undefined
    const { z } = ctx.plugin.imports
    const required = (ctx.schema.required as string[] | undefined)?.filter((name) => RECORD_KEYS.includes(name))
    return ctx
      .$(z)
      .attr('looseObject')
      .call(ctx.nodes.shape({ ...ctx, schema: { ...ctx.schema, required } }))
  },
  /** `numericText(z.string())` where the description's example is a number; otherwise the plugin's own. */
  string(ctx: Ctx) {
    if (typeof ctx.schema.example !== 'number') return undefined
    ctx.chain.current = ctx.nodes.base(ctx)
    return ctx.$(helper(ctx, 'numericText')).call(ctx.chain.current)
  },
  /** `openEnum([...])`: the known values type the field, and any other string is kept as it came. */
  enum(ctx: Ctx) {
    const { enumMembers, literalSchemas } = ctx.nodes.items(ctx)
    if (!enumMembers.length || enumMembers.length !== literalSchemas.length) return undefined
    return ctx.$(helper(ctx, 'openEnum')).call(ctx.$.array(...enumMembers))
  },
  /** `jsonNumber(z.number()...)`: integers the JSON parser turned into bigint become numbers again. */
  number(ctx: Ctx) {
    const literal = ctx.nodes.const(ctx)
    if (literal) return literal
    ctx.chain.current = ctx.nodes.base(ctx)
    // zod/mini: the bounds are checks of the number (the plugin's own mini resolver does the same).
    const checks = [ctx.nodes.min(ctx), ctx.nodes.max(ctx)].filter(Boolean)
    if (checks.length) ctx.chain.current = ctx.chain.current.attr('check').call(...checks)
    return ctx.$(helper(ctx, 'jsonNumber')).call(ctx.chain.current)
  },
}

/**
 * Fixes of the descriptions themselves, applied before generation. JSON Schema allows null in an enum only when the
 * enum lists it, but the service sends `tokenReputation: null` (described as "or null if the reputation is
 * unknown") while the enum says `["Malicious", "Benign"]` next to `type: ["string", "null"]`: such enums get null.
 * The generator reads a schema's `example` only, not OpenAPI 3.1's `examples`: the first of those becomes `example`.
 */
export function normalizeSpec(spec: unknown): unknown {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (!node || typeof node !== 'object') return
    const schema = node as { type?: unknown; enum?: unknown[]; example?: unknown; examples?: unknown }
    if (Array.isArray(schema.type) && schema.type.includes('null') && Array.isArray(schema.enum)) {
      if (!schema.enum.includes(null)) schema.enum.push(null)
    }
    if (schema.example === undefined && Array.isArray(schema.examples) && schema.type !== undefined) {
      schema.example = schema.examples[0]
    }
    for (const value of Object.values(node)) visit(value)
  }
  visit(spec)
  return spec
}

/**
 * Turns every `export const zName = <schema>;` into a builder and `export const zName: () => NameSchema =
 * /* @__PURE__ *\/ lazy(build)`, and every use of a generated schema into a call (`zName()`), types included
 * (`z.infer<ReturnType<typeof zName>>`). A schema is then built when an operation first needs it, not at import: the
 * Data API file alone made ~1,500 zod schemas at import (bench/results/client-profile.md). The one annotation lets
 * bundlers drop the schemas a program does not reach, as a top-level call might otherwise have side effects.
 *
 * `NameSchema` is an interface of the schema's type: declaration files then name each schema where another uses it,
 * rather than spell its whole type out again at every use (data-api.gen.d.mts was 1.07 MB, twice: ESM and CJS).
 */
export function memoise(code: string): string {
  const names = new Set([...code.matchAll(/^export const (z[A-Z]\w*) = /gm)].map((m) => m[1] as string))
  const uses = new RegExp(`\\b(${[...names].join('|')})\\b`, 'g')
  const lines = code.split('\n')
  const out: string[] = []
  const first = new Map<string, string>()
  const declared = new Set([...code.matchAll(/^export (?:type|interface|const) (\w+)/gm)].map((m) => m[1] as string))
  for (let i = 0; i < lines.length; i++) {
    const head = /^export const (z[A-Z]\w*) = (.*)$/.exec(lines[i] as string)
    if (!head) {
      out.push(
        (lines[i] as string).replace(/typeof (z[A-Z]\w*)\b/g, (all, name) =>
          names.has(name) ? `ReturnType<${all}>` : all,
        ),
      )
      continue
    }
    // The declaration runs to the first line ending in `;` that is its first or is not indented (hey-api's format).
    const body = [head[2] as string]
    while (!(body.at(-1) as string).endsWith(';') || (body.length > 1 && /^\s/.test(body.at(-1) as string))) {
      body.push(lines[++i] as string)
    }
    const expr = body.join('\n').replace(/;$/, '').replace(uses, '$1()')
    // The spec repeats some shapes under several names (eight error bodies, a chain and its lookup reply): one schema.
    const same = first.get(expr)
    if (same) out.push(`export const ${head[1]} = ${same};`)
    else {
      const name = head[1] as string
      const schema = `${name.slice(1)}Schema`
      if (declared.has(schema)) throw new Error(`${schema} names a schema of the description: pick another suffix`)
      first.set(expr, name)
      out.push(
        `const ${name}Build = () => ${expr};`,
        '',
        `/** The schema \`${name}()\` returns. */`,
        `export interface ${schema} extends ReturnType<typeof ${name}Build> {}`,
        '',
        `export const ${name}: () => ${schema} = /* @__PURE__ */ lazy(${name}Build);`,
      )
    }
  }
  return out.join('\n').replace(/^import \* as z from 'zod\/mini';$/m, "$&\nimport { lazy } from '../../lazy.js';")
}

export async function generate(): Promise<Map<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-gen-'))
  const files = new Map<string, string>()
  try {
    for (const { name, spec, out } of SPECS) {
      const specText = await readFile(join(root, spec), 'utf8')
      const input = normalizeSpec(JSON.parse(specText))
      await createClient({
        input,
        output: { path: join(dir, name), entryFile: false },
        plugins: [
          {
            name: 'zod',
            compatibilityVersion: 'mini',
            requests: false,
            webhooks: false,
            responses: {
              name: 'z{{name}}Result',
              types: { infer: { enabled: true, name: '{{name}}Result', case: 'PascalCase' } },
            },
            definitions: { types: { infer: { enabled: true, name: '{{name}}', case: 'PascalCase' } } },
            '~resolvers': resolvers,
          },
        ],
        logs: { level: 'silent' },
      } as Parameters<typeof createClient>[0])
      const body = memoise(await readFile(join(dir, name, 'zod.gen.ts'), 'utf8'))
      const sha = createHash('sha256').update(specText).digest('hex')
      const header = `// Generated by scripts/generate.ts from ${spec} (sha256 ${sha}). Do not edit: run \`pnpm --filter @avalanche-automation/core run generate\`.\n`
      files.set(out, header + body)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return files
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check')
  const files = await generate()
  const stale: string[] = []
  for (const [out, text] of files) {
    const path = join(root, out)
    if (check) {
      const committed = await readFile(path, 'utf8').catch(() => '')
      if (committed !== text) stale.push(relative(process.cwd(), path))
    } else {
      await writeFile(path, text)
      console.log(`wrote ${relative(process.cwd(), path)}`)
    }
  }
  if (stale.length) {
    console.error(`out of date: ${stale.join(', ')}; run \`pnpm --filter @avalanche-automation/core run generate\``)
    process.exit(1)
  }
}
