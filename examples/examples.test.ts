import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const run = promisify(execFile)

// Runs the README's example as a user would (built packages, a fresh process), against the embedded devnet.
test('data-api.ts walks pages, balances and metrics', async () => {
  const script = fileURLToPath(new URL('./data-api.ts', import.meta.url))
  const { DATA_API_URL: _data, METRICS_API_URL: _metrics, ...env } = process.env
  const { stdout } = await run(process.execPath, [script], { env })
  const lines = stdout.trim().split('\n')
  expect(lines[0]).toBe('first page: 5 transactions, next token present')
  expect(lines[1]).toMatch(/^walked 1000 transactions moving [1-9]\d* wei$/)
  expect(lines.filter((l) => /^ERC-20 \S+: \d+ \(\d+ decimals\)$/.test(l))).toHaveLength(3)
  expect(lines.filter((l) => /^txCount on \d{4}-\d{2}-\d{2}: \d+$/.test(l))).toHaveLength(3)
})
