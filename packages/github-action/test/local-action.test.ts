import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startDevnet } from '@avalanche-automation/devnet'
import { expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * `@github/local-action` runs the source entry point (src/action.ts exports run()) with its toolkit stubs. It exits
 * 0 even after setFailed, so failures are read from its `::error::` lines. In this pnpm workspace it needs the
 * package's own `packageManager` field (see reference/adapters.md, "Verified here" §3).
 */
it('runs through @github/local-action', { timeout: 120_000 }, async () => {
  const devnet = await startDevnet({ index: true })
  try {
    const dir = mkdtempSync(join(tmpdir(), 'local-action-'))
    const env = join(dir, '.env')
    writeFileSync(
      env,
      [
        `INPUT_CHECKS="- {id: ready, kind: health}\\n- {id: fuji, kind: network, networkId: 5}"`,
        `INPUT_NODE-URL=${devnet.url}`,
        `GITHUB_STEP_SUMMARY=${join(dir, 'summary.md')}`,
        `RUNNER_TEMP=${dir}`,
        '',
      ].join('\n'),
    )
    writeFileSync(join(dir, 'summary.md'), '')
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules/.bin/local-action'),
      ['run', root, 'src/action.ts', env],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1' },
      },
    )
    expect(stdout).toContain('::set-output name=passed::1')
    expect(stdout).toContain('::set-output name=failed::1')
    expect(stdout).toContain('fuji (network): observed local, id 12345; expected id 5')
    expect(stdout).toContain('::error::Avalanche checks: 1/2 passed, 1 failed')
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('| ❌ | `fuji` network | local, id 12345 | id 5 |')
  } finally {
    await devnet.close()
  }
})
