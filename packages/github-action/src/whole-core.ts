/**
 * What of core only runs with a Data API, Metrics API or call check need: the root entry's client and the whole
 * catalog. Imported dynamically (engine.ts, checks/call.ts), so that the Action's bundle keeps it in chunks that a run
 * of node checks does not load (tsdown.config.ts), and only these exports of it (not, e.g., the MCP server's
 * descriptions).
 */
export { catalog, createClient, findOperation } from '@avalanche-automation/core'
