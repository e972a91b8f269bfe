import type { ToolDefinition } from './tools.js'

type Schemas = Pick<ToolDefinition, 'inputSchema' | 'outputSchema'>

/**
 * Tool schemas computed when the package is built (dist/tool-schemas.json, written by scripts/write-tool-schemas.mjs
 * from the built tools): converting zod schemas to JSON Schema took the CLI ~70 ms of its start to answer tools/list
 * (bench/results/latest.md, MCP server). The CLI loads the file before it lists tools; a tool it does not name
 * converts its own, as every tool does when run from source. test/schema-snapshot.test.ts keeps the file equal to
 * what the tools compute.
 */
let snapshot = new Map<string, Schemas>()

export function useSchemaSnapshot(schemas: Record<string, Schemas>): void {
  snapshot = new Map(Object.entries(schemas))
}

/** The tool's schemas: from the snapshot when it has them, else converted by the tool (on first use). */
export function schemasOf(tool: ToolDefinition): Schemas {
  return snapshot.get(tool.name) ?? tool
}
