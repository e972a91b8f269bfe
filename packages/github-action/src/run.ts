import type { CheckSpec } from './config.js'
import { createTargetClient, type Report, type RunOptions, runChecks, type Target } from './engine.js'

/**
 * One run: a client for the target (of the node's services alone when the checks need no more), the checks, the
 * report; the client's connections are closed afterwards.
 */
export async function check(target: Target, specs: CheckSpec[], options: RunOptions = {}): Promise<Report> {
  const client = await createTargetClient(
    target,
    specs.every((spec) => spec.kind.nodeOnly),
  )
  try {
    return await runChecks(client, specs, options)
  } finally {
    await client.close()
  }
}

/** A short generic suite for a node when no checks are given: probes, bootstrapping and the P-Chain's progress. */
export const nodeSuite = [
  { id: 'node-ready', kind: 'health', probe: 'readiness' },
  { id: 'node-live', kind: 'health', probe: 'liveness' },
  { id: 'chains-bootstrapped', kind: 'bootstrapped' },
  { id: 'p-chain-progress', kind: 'chain-progress', chain: 'P', window: '10s', severity: 'warning' },
]
