import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/*', 'examples', 'scripts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
})
