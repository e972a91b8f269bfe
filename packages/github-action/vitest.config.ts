import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: { name: 'github-action', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
})
