/**
 * Runs the property tests (`src/**\/*.property.test.ts`) with many cases: 10,000 per property by default, or
 * `PROPERTY_RUNS` / the first argument. `pnpm --filter @avalanche-automation/core run properties [runs]`.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const runs = Number(process.argv[2] ?? process.env.PROPERTY_RUNS ?? 10_000)
if (!Number.isInteger(runs) || runs < 1)
  throw new RangeError(`runs must be a whole number >= 1, got ${process.argv[2]}`)
const cwd = fileURLToPath(new URL('..', import.meta.url))
console.log(`property tests with ${runs.toLocaleString('en-US')} cases per property`)
const result = spawnSync('vitest', ['run', '.property.test.ts'], {
  cwd,
  stdio: 'inherit',
  env: { ...process.env, PROPERTY_RUNS: String(runs) },
  shell: process.platform === 'win32',
})
process.exit(result.status ?? 1)
