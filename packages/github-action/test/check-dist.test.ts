import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { moduleLevelArrows } from '../../../scripts/arrows-as-functions.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
/** The bundle's files but Octokit's: index.js and the chunks of core it loads (tsdown.config.ts says which when). */
const ours = () =>
  readdirSync(join(root, 'dist'))
    .filter((name) => name.endsWith('.js') && name !== 'octokit.js')
    .map((name) => ({ name, code: readFileSync(join(root, 'dist', name), 'latin1') }))
const all = () =>
  ours()
    .map((chunk) => chunk.code)
    .join('\n')
const stale = 'dist is stale: run `pnpm --filter @avalanche-automation/github-action build` and commit dist/*.js'

/**
 * The committed bundle (dist/index.js and the chunks it imports) is what the sources build to, byte for byte (CI's
 * check-dist). Run `pnpm build` to update.
 */
it('rebuilding reproduces the committed dist/*.js', { timeout: 120_000 }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'check-dist-'))
  const script = `import { build } from 'tsdown'
import configs from './tsdown.config.ts'
await build({ ...configs[0], config: false, outDir: process.argv[1], logLevel: 'error' })`
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, out], { cwd: root })
  const fresh = readdirSync(out).filter((name) => name.endsWith('.js'))
  // The committed files are those git keeps (.gitignore: dist/*.js); the CLI (dist/cli.mjs) is built, not committed.
  const committed = readdirSync(join(root, 'dist')).filter((name) => name.endsWith('.js'))
  expect(fresh.sort(), stale).toEqual(committed.sort())
  expect(fresh).toContain('index.js')
  for (const name of fresh) {
    const a = readFileSync(join(out, name))
    const b = readFileSync(join(root, 'dist', name))
    expect(a.length, `${name}: ${stale}`).toBe(b.length)
    expect(a.equals(b), `${name}: ${stale}`).toBe(true)
  }
})

it("the bundle carries zod/mini's schema classes, not zod's classic API (its module and schemas cost the run ~30 ms of CPU)", () => {
  const code = all()
  expect(code).toContain('ZodMiniObject')
  expect(code).not.toMatch(/[`"']ZodObject[`"']/) // classic's class name; zod's core one is $ZodObject
})

it('the bundle is ASCII only, so that Node reads it without decoding UTF-8 (4-7 ms of CPU a run)', () => {
  for (const { name, code } of ours())
    expect(
      [...code].filter((c) => c.charCodeAt(0) > 0x7f),
      name,
    ).toEqual([])
})

it('the bundle declares no arrow function at module level, which V8 would parse in full at load (7.5 ms of 30)', () => {
  for (const { name, code } of ours()) {
    const arrows = moduleLevelArrows(code, name)
    expect(arrows.map((arrow) => code.slice(arrow.start, arrow.start + 60))).toEqual([])
  }
})

it("the bundle carries the operations' records but not their descriptions, which only the MCP server shows", async () => {
  const code = all()
  const { catalog, describeOperation } = await import('@avalanche-automation/core')
  const described = catalog.filter((op) => describeOperation(op) !== undefined)
  expect(described.length).toBeGreaterThan(100)
  expect(catalog.filter((op) => !code.includes(op.summary)).map((op) => op.id)).toEqual([])
  expect(described.filter((op) => code.includes(describeOperation(op) as string)).map((op) => op.id)).toEqual([])
})

it('the bundle loads no built-in module a run does not use: @actions/exec (child_process, timers) is left out, and node:crypto (4-5 ms) waits for a run that files incidents', () => {
  const start = ours()
    .filter((chunk) => ['index.js', 'core-node.js'].includes(chunk.name))
    .map((chunk) => chunk.code)
    .join('\n')
  const builtins = new Set([...start.matchAll(/(?:from|import)\s*"(?:node:)?([a-z_/]+)"/g)].map((m) => m[1]))
  expect([...builtins].sort()).toEqual(['events', 'fs', 'os', 'path'])
})
