import { readFileSync } from 'node:fs'
import type { Logger } from '@avalanche-automation/core'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { ConfigError, HELP, parseConfig } from './config.js'
import { useSchemaSnapshot } from './schema-snapshot.js'
import { createServer, prepare, VERSION } from './server.js'

// stdout carries the protocol on stdio: every log line goes to stderr. Core redacts keys from its messages.
const say = (line: string) => void process.stderr.write(`avalanche-mcp: ${line}\n`)
const logger: Logger = { debug: () => {}, warn: say }

async function main(): Promise<void> {
  const config = parseConfig(process.argv.slice(2), process.env)
  if (config.help) return void process.stdout.write(HELP)
  if (config.version) return void process.stdout.write(`${VERSION}\n`)
  loadSchemaSnapshot()
  const { selected } = prepare(config.server)
  if (selected.collapsed.length) {
    logger.warn(
      `${selected.collapsed.join(', ')} listed compactly to stay within 128 tools: call their operations through avalanche_call_operation`,
    )
  }
  if (config.http) {
    const { startHttpServer } = await import('./http.js') // stdio never loads the HTTP code
    const running = await startHttpServer({ config: config.server, http: config.http, logger })
    say(`listening on ${running.url} (toolsets ${config.server.reach.join(',')})`)
    const stop = () => void running.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    return
  }
  const server = createServer({ config: config.server, logger })
  await server.connect(new StdioServerTransport())
}

/** The tool schemas the build computed (next to the bundle; absent when run from source: tools convert their own). */
function loadSchemaSnapshot(): void {
  try {
    useSchemaSnapshot(JSON.parse(readFileSync(new URL('./tool-schemas.json', import.meta.url), 'utf8')))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      say(`tool-schemas.json unreadable, converting schemas instead: ${error}`)
  }
}

main().catch((error: unknown) => {
  say(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? error)}`)
  process.exit(error instanceof ConfigError ? 2 : 1)
})
