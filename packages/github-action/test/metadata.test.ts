import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const repo = join(root, '..', '..')
const read = (path: string) => parse(readFileSync(path, 'utf8'))

/** Feather icons and colours the Marketplace accepts for `branding` (docs: metadata syntax for GitHub Actions). */
const COLOURS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']

describe('action.yml', () => {
  it('the root action.yml (Marketplace) is the subfolder one with runs.main pointing into the package', () => {
    const top = read(join(repo, 'action.yml'))
    const sub = read(join(root, 'action.yml'))
    expect(top.runs).toEqual({ using: 'node24', main: 'packages/github-action/dist/index.js' })
    expect(sub.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect({ ...top, runs: undefined }).toEqual({ ...sub, runs: undefined })
    expect(top.description.length).toBeLessThanOrEqual(125)
    expect(COLOURS).toContain(top.branding.color)
    expect(top.branding.icon).toBe('check-circle')
  })

  it('the README documents every input and output', () => {
    const { inputs, outputs } = read(join(root, 'action.yml'))
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    for (const name of [...Object.keys(inputs), ...Object.keys(outputs)]) expect(readme, name).toContain(`\`${name}\``)
  })
})

describe('release workflow', () => {
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

  it("tags v<version> once and moves v<major> to the Action's release", () => {
    const workflow = read(join(repo, '.github', 'workflows', 'release.yml'))
    const step = workflow.jobs.release.steps.find((s: { name?: string }) => s.name === "Move the Action's major tag")
    expect(step.if).toContain("steps.changesets.outputs.published == 'true'")
    const dir = mkdtempSync(join(tmpdir(), 'release-tags-'))
    const origin = join(dir, 'origin.git')
    const work = join(dir, 'work')
    git(dir, 'init', '-q', '--bare', origin)
    git(dir, 'clone', '-q', origin, work)
    const release = (version: string) => {
      mkdirSync(join(work, 'packages', 'github-action'), { recursive: true })
      writeFileSync(join(work, 'packages', 'github-action', 'package.json'), JSON.stringify({ version }))
      git(work, 'add', '.')
      git(work, '-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-q', '--allow-empty', '-m', version)
      git(work, 'push', '-q', 'origin', 'HEAD')
      execFileSync('bash', ['-e', '-c', step.run], { cwd: work, stdio: 'pipe' })
      return git(work, 'rev-parse', 'HEAD')
    }
    const tagged = (tag: string) => git(origin, 'rev-parse', `${tag}^{commit}`)
    const first = release('1.0.0')
    expect([tagged('v1.0.0'), tagged('v1')]).toEqual([first, first])
    const second = release('1.1.0')
    expect([tagged('v1.0.0'), tagged('v1.1.0'), tagged('v1')]).toEqual([first, second, second])
    // A re-run on a later commit leaves the existing release tag where it is.
    const again = release('1.1.0')
    expect([tagged('v1.1.0'), tagged('v1')]).toEqual([second, second])
    expect(again).not.toBe(second)
    const major = release('2.0.0')
    expect([tagged('v1'), tagged('v2')]).toEqual([second, major])
  })
})
