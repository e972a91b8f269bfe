// Writes dist/tool-schemas.json after the build: the JSON Schemas of every catalog and composite tool, as the built
// tools compute them (src/schema-snapshot.ts says why).
import { writeFileSync } from 'node:fs'
import { catalogTools, compositeTools } from '../dist/index.mjs'

const tools = [...catalogTools(), ...compositeTools]
const schemas = Object.fromEntries(
  tools.map((t) => [t.name, { inputSchema: t.inputSchema, outputSchema: t.outputSchema }]),
)
writeFileSync(new URL('../dist/tool-schemas.json', import.meta.url), JSON.stringify(schemas))
