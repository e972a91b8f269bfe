/**
 * `pnpm --filter @avalanche-automation/bench mcp`: the MCP server's part of the bench alone (about a minute; build
 * first). Prints its rows and writes bench/results/mcp.{md,json}.
 */
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { spawnDevnet } from './devnet-process.ts'
import { benchMcp, mcpRows } from './mcp.ts'

const devnet = await spawnDevnet([])
try {
  const result = await benchMcp(devnet.url, 1_500, 7)
  const table = [
    '| section | measurement | value | ratio | target |',
    '|---|---|---|---|---|',
    ...mcpRows(result).map((r) => `| ${r.section} | ${r.what} | ${r.value} | ${r.ratio} | ${r.target} |`),
  ].join('\n')
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.versions.node}`
  process.stdout.write(`${table}\n`)
  const dir = new URL('../results/', import.meta.url)
  writeFileSync(
    new URL('mcp.md', dir),
    `# MCP server benchmark\n\nMeasured ${new Date().toISOString()} on ${machine}; the devnet in its own process.\n\n${table}\n`,
  )
  writeFileSync(
    new URL('mcp.json', dir),
    `${JSON.stringify({ machine, date: new Date().toISOString(), result }, null, 2)}\n`,
  )
} finally {
  await devnet.stop()
}
