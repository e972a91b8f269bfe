import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const source = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url))

export default defineProject({
  resolve: {
    alias: {
      '@avalanche-automation/core': source('core'),
      '@avalanche-automation/devnet': source('devnet'),
    },
  },
  test: {
    name: 'n8n-nodes',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
})
