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
    // Tests are .mts: `n8n-node lint` (strict mode, the unmodified starter config) lints every .ts file with the
    // rules for shipped node code, and like the verification scanner the tests are not part of the package.
    include: ['test/**/*.test.mts'],
    globalSetup: ['test/n8n-install.mts'],
    testTimeout: 30_000,
  },
})
