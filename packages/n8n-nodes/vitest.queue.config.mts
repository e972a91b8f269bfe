import base from './vitest.config.mts'

/**
 * `pnpm run e2e:queue`: n8n's queue mode with Redis and PostgreSQL (test/queue), minutes long and needing root for
 * apt-get, so outside the default run. The default project's sources and aliases, its tests replaced.
 */
export default {
  ...base,
  test: {
    ...base.test,
    name: 'n8n-queue',
    include: ['test/queue/*.e2e.mts'],
    globalSetup: [],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
}
