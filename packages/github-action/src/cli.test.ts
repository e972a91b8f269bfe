import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@avalanche-automation/devnet'
import { describe, expect, it } from 'vitest'
import { checkKinds } from './checks/index.js'
import { type CliIo, main } from './cli-main.js'

const capture = (env: Record<string, string> = {}, isTTY = false) => {
  const io = { out: '', err: '' }
  const cli: CliIo = { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t), isTTY, env }
  return { io, cli }
}

describe('avalanche-check', () => {
  it('with no URL: starts the devnet and runs the default suite, which covers every check kind', {
    timeout: 60_000,
  }, async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cli-')), 'report.json')
    const { io, cli } = capture()
    expect(await main(['--json', json], cli)).toBe(0)
    expect(io.err).toMatch(
      /^avalanche-check: started the embedded devnet at http:\/\/127\.0\.0\.1:\d+ \(its chains advance every 250 ms\)\n\[1\/33\] passed /,
    )
    expect(io.out).toMatch(/33\/33 passed, 0 failed, 0 warnings in /)
    expect(io.out).not.toContain('\x1b[')
    const report = JSON.parse(readFileSync(json, 'utf8'))
    expect(new Set(report.results.map((r: { kind: string }) => r.kind))).toEqual(new Set(checkKinds.map((k) => k.kind)))
  })

  it('a checks file against a URL: exit 1 on failure, colour on a TTY, env for URLs', async () => {
    const devnet = await startDevnet()
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'checks.yml')
      writeFileSync(file, 'checks:\n  - {id: ready, kind: health}\n  - {id: old, kind: node-version, min: "9.0.0"}\n')
      const { io, cli } = capture({ AVALANCHE_NODE_URL: devnet.url }, true)
      expect(await main(['-c', file], cli)).toBe(1)
      expect(io.out).toContain('\x1b[31mFAIL\x1b[0m')
      expect(io.out).toContain('old (node-version): observed avalanchego/1.14.2; expected ≥ 9.0.0')
      expect(await main(['-c', file, '--fail-on', 'never', '--node-url', devnet.url], capture().cli)).toBe(0)
      // A maintenance window of the checks file: the failing check is not run and fails nothing.
      const now = Date.now()
      const window = `maintenance:\n  - { name: upgrade, from: "${new Date(now - 60_000).toISOString()}", to: "${new Date(now + 3_600_000).toISOString()}", checks: [old] }\n`
      writeFileSync(
        file,
        `checks:\n  - {id: ready, kind: health}\n  - {id: old, kind: node-version, min: "9.0.0"}\n${window}`,
      )
      const resting = capture({ AVALANCHE_NODE_URL: devnet.url })
      expect(await main(['-c', file], resting.cli)).toBe(0)
      expect(resting.io.out).toMatch(/MNT {3}old +maintenance: upgrade until /)
      expect(resting.io.out).toContain('1/2 passed, 0 failed, 0 warnings, 1 in maintenance in ')
    } finally {
      await devnet.close()
    }
  })

  it('usage errors exit 2 with the reason', async () => {
    const { io, cli } = capture()
    expect(await main(['--fail-on', 'sometimes'], cli)).toBe(2)
    expect(io.err).toContain('--fail-on must be error, warning or never (got "sometimes")')
    expect(await main(['--network', 'moon'], cli)).toBe(2)
    expect(await main(['--bogus'], cli)).toBe(2)
    const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'checks.yml')
    writeFileSync(file, '- {id: a, kind: nope}\n')
    const bad = capture()
    expect(await main(['-c', file, '--node-url', 'http://127.0.0.1:9'], bad.cli)).toBe(2)
    expect(bad.io.err).toContain('kind: unknown kind "nope"')
    const help = capture()
    expect(await main(['--help'], help.cli)).toBe(0)
    for (const kind of checkKinds) expect(help.io.out).toContain(`  ${kind.kind}`)
  })
})
