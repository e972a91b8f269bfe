#!/usr/bin/env node
// The lint step of n8n's verification scanner (`npx @n8n/scan-community-package`), run locally: the scanner itself
// only reads packages published with provenance, so this runs its two legs on this checkout and on a fresh tarball.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// eslint-plugin-n8n-nodes-base fakes every file name when NODE_ENV is "test" (its own test mode).
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import('@n8n/scan-community-package/scanner/scanner.mjs')

const root = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'n8n-scan-'))
try {
  execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: root, stdio: 'pipe' })
  const tarball = join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz')),
  )
  const unpacked = join(out, 'package')
  mkdirSync(unpacked)
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'])
  const legs = [
    ['source (package.json, nodes/, credentials/)', await analyzePackage(root, SOURCE_FILE_PATTERNS)],
    ['tarball (every .js file, package.json)', await analyzePackage(unpacked, ['**/*.js', 'package.json'])],
  ]
  for (const [leg, result] of legs) {
    console.log(`${result.passed ? '✅' : '❌'} ${leg}${result.message ? `: ${result.message}` : ''}`)
    if (result.details) console.log(result.details)
  }
  process.exitCode = legs.every(([, result]) => result.passed) ? 0 : 1
} finally {
  rmSync(out, { recursive: true, force: true })
}
