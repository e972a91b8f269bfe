import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

// eslint-plugin-n8n-nodes-base switches to its own test mode when NODE_ENV is "test", as it is under vitest.
const run = (...args: string[]) => {
  const { NODE_ENV: _, ...env } = process.env
  const result = spawnSync('pnpm', args, { cwd: root, encoding: 'utf8', env })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe("n8n's verification", () => {
  it('passes `n8n-node lint` in strict mode (the starter eslint config, n8n Cloud rules on)', () => {
    const { status, output } = run('exec', 'n8n-node', 'lint')
    expect(output).not.toMatch(/Strict mode violation|\berror\b/i)
    expect(status, output).toBe(0)
  }, 120_000)

  it("passes the verification scanner's lint of the source and of the packed tarball", () => {
    const { status, output } = run('run', 'scan')
    expect(output).toMatch(/✅ source/)
    expect(output).toMatch(/✅ tarball/)
    expect(status, output).toBe(0)
  }, 120_000)
})
