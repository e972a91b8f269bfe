import { balance } from './balances.js'
import { call } from './call.js'
import { l1ValidatorBalance } from './l1-validator-balance.js'
import { rpcLag } from './lag.js'
import { chainMetric, tps } from './metrics.js'
import { bootstrapped, health, network, nodeVersion } from './node.js'
import { blockchainStatus, supply } from './platform.js'
import { chainProgress, indexCaughtUp, indexProgress } from './progress.js'
import { stakeEnding, uptime } from './staking.js'
import { txAccepted } from './transactions.js'
import type { CheckKind } from './types.js'
import { validator } from './validators.js'
import { webhook } from './webhooks.js'

/** Every check kind, in report order. Add a kind here and it is in the schema, the CLI help and the reports. */
export const checkKinds: readonly CheckKind[] = [
  health,
  bootstrapped,
  network,
  nodeVersion,
  chainProgress,
  indexProgress,
  indexCaughtUp,
  rpcLag,
  validator,
  uptime,
  stakeEnding,
  l1ValidatorBalance,
  balance,
  txAccepted,
  blockchainStatus,
  supply,
  tps,
  chainMetric,
  webhook,
  call,
] as unknown as CheckKind[]

export const findKind = (kind: string) => checkKinds.find((k) => k.kind === kind)

export type { CheckContext, CheckKind, Outcome } from './types.js'
