export {
  type ApiKeyTier,
  DEFAULT_RATE_LIMITS,
  LIVE_RATE_LIMITS,
  type RateLimits,
} from './data/rate-limit.js'
export type { DataFixtures } from './data/service.js'
export { type Devnet, startDevnet } from './devnet.js'
export { FAULT_SUITE, type FaultKind, type FaultOptions, type FaultRate, type FaultScenario } from './faults.js'
export {
  type DevnetOptions,
  NUMERIC_OPTIONS,
  type NumericOption,
  OptionError,
  type ResolvedOptions,
} from './options.js'
export type { DevnetStats } from './server/http-server.js'
export type { AccountFixture, AssetFixture, DevnetFixtures } from './world/world.js'
