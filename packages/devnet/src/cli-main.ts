import { parseCliArgs, USAGE, UsageError } from './cli-args.js'
import { type Devnet, startDevnet } from './devnet.js'
import { OptionError } from './options.js'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

/**
 * Runs `avalanche-devnet [options]`: an exit code when it is done (help, bad flags), or the running devnet. The URL
 * is the first line on stdout so scripts can read it; the description goes to stderr.
 */
export async function run(argv: string[], io: CliIo = processIo): Promise<number | Devnet> {
  let options: ReturnType<typeof parseCliArgs>
  try {
    options = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`avalanche-devnet: ${error.message}\nTry 'avalanche-devnet --help'.\n`)
    return 2
  }
  if (options === 'help') {
    io.stdout(USAGE)
    return 0
  }
  let devnet: Devnet
  try {
    devnet = await startDevnet(options)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    const message =
      error instanceof OptionError
        ? `${error.option.flag} must be an integer from ${error.min} to ${error.max} (got "${String(error.value)}")`
        : error.message
    io.stderr(`avalanche-devnet: ${message}\n`)
    return 2
  }
  const f = devnet.fixtures
  io.stdout(`${devnet.url}\n`)
  io.stderr(
    [
      `avalanche-devnet: local network ${f.networkId} (seed ${f.seed}) as ${f.nodeId} at ${devnet.url}`,
      `  X-Chain ${f.x.txCount} txs in ${f.x.height} blocks, P-Chain height ${f.p.height}, C-Chain height ${f.c.height}`,
      `  admin ${devnet.options.admin ? 'on' : 'off'}, index ${devnet.options.index ? 'on' : 'off'}${devnet.options.faults ? ', faults on' : ''}`,
      devnet.options.blockInterval > 0
        ? `  live: every chain advances a round every ${devnet.options.blockInterval} ms`
        : '  the chains stand still (--block-interval 2s makes them advance)',
      `  funded: ${f.accounts.ewoq.x} (${f.accounts.ewoq.xUtxoCount} UTXOs)`,
      '  Ctrl-C to stop.',
      '',
    ].join('\n'),
  )
  return devnet
}
