export { type Devnet, startDevnet } from './devnet.js'
export type { FaultKind, FaultOptions, FaultRate } from './faults.js'
export {
  type DevnetOptions,
  NUMERIC_OPTIONS,
  type NumericOption,
  OptionError,
  type ResolvedOptions,
} from './options.js'
export type { DevnetStats } from './server/http-server.js'
export type { AccountFixture, AssetFixture, DevnetFixtures } from './world/world.js'
