import { defineProject } from 'vitest/config'

// 'source' makes workspace packages resolve to their TypeScript sources; Vite applies `resolve.conditions` to the
// client environment only, so the SSR (node) environment the tests run in needs it too.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: { name: 'devnet', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
})
