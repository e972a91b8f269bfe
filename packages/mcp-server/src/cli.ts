#!/usr/bin/env node
import type { Logger } from '@avalanche-automation/core'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { ConfigError, HELP, parseConfig } from './config.js'
import { createServer, VERSION } from './server.js'

// stdout carries the protocol on stdio: every log line goes to stderr. Core redacts keys from its messages.
const logger: Logger = {
  debug: () => {},
  warn: (message) => console.error(`avalanche-mcp: ${message}`),
}

async function main(): Promise<void> {
  const config = parseConfig(process.argv.slice(2), process.env)
  if (config.help) return void process.stdout.write(HELP)
  if (config.version) return void process.stdout.write(`${VERSION}\n`)
  if (config.http) {
    const { startHttpServer } = await import('./http.js') // stdio never loads the HTTP stack
    const running = await startHttpServer({ config: config.server, http: config.http, logger })
    console.error(`avalanche-mcp: listening on ${running.url} (toolsets ${config.server.toolsets.join(',')})`)
    const stop = () => void running.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    return
  }
  const server = createServer({ config: config.server, logger })
  await server.connect(new StdioServerTransport())
}

main().catch((error: unknown) => {
  console.error(`avalanche-mcp: ${error instanceof ConfigError ? error.message : ((error as Error).stack ?? error)}`)
  process.exit(error instanceof ConfigError ? 2 : 1)
})
