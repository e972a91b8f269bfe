import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const source = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url))

// Workspace packages resolve to their TypeScript sources. An alias rather than the 'source' condition: the condition
// would also apply to dependencies that publish a 'source' export (eventsource-parser, used by the SDK's HTTP client).
export default defineProject({
  resolve: {
    alias: {
      '@avalanche-automation/core': source('core'),
      '@avalanche-automation/devnet': source('devnet'),
    },
  },
  test: { name: 'mcp-server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
})
