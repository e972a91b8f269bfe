// Keeps server.json (the MCP registry entry) at the package's version: run after `changeset version`.
import { readFileSync, writeFileSync } from 'node:fs'

const dir = new URL('../', import.meta.url)
const { version } = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8'))
const file = new URL('server.json', dir)
const server = JSON.parse(readFileSync(file, 'utf8'))
server.version = version
for (const pkg of server.packages) pkg.version = version
writeFileSync(file, `${JSON.stringify(server, null, 2)}\n`)
