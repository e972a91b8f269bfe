#!/usr/bin/env node
import { run } from './cli-main.js'

/** Subcommands dispatched on the first positional argument; add e.g. `summary: () => import('./summary.js')`. */
const SUBCOMMANDS: Record<string, () => Promise<{ main(args: string[]): Promise<number> }>> = {
  summary: () => import('./summary.js'),
}

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv
  const subcommand = first === undefined ? undefined : SUBCOMMANDS[first]
  if (subcommand) {
    process.exitCode = await (await subcommand()).main(rest)
    return
  }
  const result = await run(argv)
  if (typeof result === 'number') {
    process.exitCode = result
    return
  }
  const stop = () => {
    result.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`avalanche-devnet: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
