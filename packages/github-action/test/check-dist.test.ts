import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The committed bundle is what the sources build to, byte for byte (CI's check-dist). Run `pnpm build` to update. */
it('rebuilding reproduces the committed dist/index.js', { timeout: 120_000 }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'check-dist-'))
  const script = `import { build } from 'tsdown'
import configs from './tsdown.config.ts'
await build({ ...configs[0], config: false, outDir: process.argv[1], logLevel: 'error' })`
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, out], { cwd: root })
  const fresh = readFileSync(join(out, 'index.js'))
  const committed = readFileSync(join(root, 'dist', 'index.js'))
  expect(fresh.length, 'dist/index.js is stale: run `pnpm --filter @avalanche-automation/github-action build`').toBe(
    committed.length,
  )
  expect(
    fresh.equals(committed),
    'dist/index.js is stale: run `pnpm --filter @avalanche-automation/github-action build`',
  ).toBe(true)
})
