import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { NetworkName } from '@avalanche-automation/core'
import { checkKinds } from './checks/index.js'
import { ConfigError, parseChecksFile, validateChecks } from './config.js'
import { shouldFail, type Target } from './engine.js'
import { activeMaintenance } from './maintenance.js'
import { toJsonReport, toTerminal } from './report.js'
import { check, nodeSuite } from './run.js'
import { devnetSuite, LIVE_DEVNET } from './suite.js'

export const USAGE = `Usage: avalanche-check [options]

Runs chain checks against an Avalanche node, the Data API and the Metrics API, prints a report and exits non-zero
when a check fails. With no URL and no network it starts the embedded devnet and runs the default suite.

Options:
  -c, --checks-file <file>  YAML checks (a list, or "checks:" with a list); default: the devnet suite, or a short
                            node suite for a real node
      --node-url <url>      node base URL, e.g. http://127.0.0.1:9650        (env AVALANCHE_NODE_URL)
      --data-api-url <url>  Data API base URL                                (env AVALANCHE_DATA_API_URL)
      --metrics-url <url>   Metrics API base URL                             (env AVALANCHE_METRICS_URL)
      --network <name>      mainnet or fuji: default URLs for all three
      --api-key <key>       Data API key                                     (env AVALANCHE_DATA_API_KEY)
      --devnet              start the embedded devnet (the default without URLs)
      --json <file>         also write the JSON report to <file>
      --concurrency <n>     checks in flight at once (default 4)
      --fail-on <level>     error (default), warning or never
      --no-color            no colours (also NO_COLOR)
  -h, --help                this help

Check kinds:
${checkKinds.map((k) => `  ${k.kind.padEnd(19)}${k.summary}`).join('\n')}
`

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  isTTY: boolean
  /** Terminal width, when known. */
  columns?: number | undefined
  env: Record<string, string | undefined>
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  columns: process.stdout.columns,
  env: process.env,
}

/** `avalanche-check`: 0 when every check passes (per --fail-on), 1 when not, 2 for usage or checks-file errors. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  let flags: ReturnType<typeof parseFlags>
  try {
    flags = parseFlags(argv)
  } catch (error) {
    io.stderr(`avalanche-check: ${(error as Error).message}\nTry 'avalanche-check --help'.\n`)
    return 2
  }
  if (flags.help) {
    io.stdout(USAGE)
    return 0
  }
  const usage = (message: string) => {
    io.stderr(`avalanche-check: ${message}\nTry 'avalanche-check --help'.\n`)
    return 2
  }
  const failOn = flags['fail-on'] ?? 'error'
  if (!['error', 'warning', 'never'].includes(failOn))
    return usage(`--fail-on must be error, warning or never (got "${failOn}")`)
  const concurrency = Number(flags.concurrency ?? 4)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
    return usage('--concurrency must be a whole number from 1 to 32')
  if (flags.network !== undefined && !['mainnet', 'fuji'].includes(flags.network))
    return usage(`--network must be mainnet or fuji (got "${flags.network}")`)
  const target: Target = {
    network: flags.network as NetworkName | undefined,
    nodeUrl: flags['node-url'] ?? io.env.AVALANCHE_NODE_URL,
    dataApiUrl: flags['data-api-url'] ?? io.env.AVALANCHE_DATA_API_URL,
    metricsApiUrl: flags['metrics-url'] ?? io.env.AVALANCHE_METRICS_URL,
    apiKey: flags['api-key'] ?? io.env.AVALANCHE_DATA_API_KEY,
  }
  const useDevnet = flags.devnet || !(target.network || target.nodeUrl || target.dataApiUrl || target.metricsApiUrl)
  let fileText: string | undefined
  if (flags['checks-file']) {
    try {
      fileText = readFileSync(flags['checks-file'], 'utf8')
    } catch {
      return usage(`cannot read --checks-file ${flags['checks-file']}`)
    }
  }
  const colour = io.isTTY && !flags['no-color'] && !io.env.NO_COLOR

  let devnet: import('@avalanche-automation/devnet').Devnet | undefined
  try {
    if (useDevnet) {
      const { startDevnet } = await import('@avalanche-automation/devnet')
      // A key given with --api-key is one the devnet accepts (any other key gets 401, like the live Data API).
      devnet = await startDevnet({
        index: true,
        apiKeys: target.apiKey ? { [target.apiKey]: 'full' } : {},
        ...LIVE_DEVNET,
      })
      Object.assign(target, {
        nodeUrl: devnet.url,
        dataApiUrl: devnet.url,
        metricsApiUrl: devnet.url,
        network: undefined,
      })
      io.stderr(
        `avalanche-check: started the embedded devnet at ${devnet.url} (its chains advance every ${LIVE_DEVNET.blockInterval} ms)\n`,
      )
    }
    let raw: unknown[] | undefined
    if (!fileText && devnet) {
      const { createTargetClient } = await import('./engine.js')
      const client = await createTargetClient(target)
      raw = await devnetSuite(devnet, client).finally(() => client.close())
    }
    const file = fileText ? await parseChecksFile(fileText, flags['checks-file']) : undefined
    const specs = file?.checks ?? (await validateChecks(raw ?? nodeSuite, raw ? 'devnet suite' : 'node suite'))
    const progress = progressLine(io, specs.length)
    const report = await check(target, specs, {
      concurrency,
      maintenance: (spec) => activeMaintenance(file?.maintenance ?? [], spec.id, Date.now()),
      onStart: (spec) => progress.start(spec.id),
      onResult: (result, done) => progress.done(result.id, result.status, done),
    })
    progress.end()
    io.stdout(toTerminal(report, { colour, width: io.columns }))
    if (flags.json) writeFileSync(flags.json, toJsonReport(report))
    return shouldFail(report, failOn as 'error') ? 1 : 0
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`avalanche-check: ${error.message}\n`)
      return 2
    }
    throw error
  } finally {
    await devnet?.close()
  }
}

/** Progress on stderr: one line redrawn in place on a terminal, a line per finished check otherwise. */
function progressLine(io: CliIo, total: number) {
  const running = new Set<string>()
  const draw = (done: number) => {
    const names = [...running].join(', ')
    io.stderr(`\r\x1b[2K[${done}/${total}] ${names.length > 70 ? `${names.slice(0, 69)}…` : names}`)
  }
  let finished = 0
  return {
    start(id: string) {
      running.add(id)
      if (io.isTTY) draw(finished)
    },
    done(id: string, status: string, done: number) {
      running.delete(id)
      finished = done
      if (io.isTTY) draw(done)
      else io.stderr(`[${done}/${total}] ${status} ${id}\n`)
    },
    end() {
      if (io.isTTY) io.stderr('\r\x1b[2K')
    },
  }
}

const parseFlags = (args: string[]) =>
  parseArgs({
    args,
    options: {
      'checks-file': { type: 'string', short: 'c' },
      'node-url': { type: 'string' },
      'data-api-url': { type: 'string' },
      'metrics-url': { type: 'string' },
      network: { type: 'string' },
      'api-key': { type: 'string' },
      devnet: { type: 'boolean' },
      json: { type: 'string' },
      concurrency: { type: 'string' },
      'fail-on': { type: 'string' },
      'no-color': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values
