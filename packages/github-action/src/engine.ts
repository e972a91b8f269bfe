import { type AvalancheClient, AvalancheError, type NetworkName } from '@avalanche-automation/core'
import { createClient as createNodeClient } from '@avalanche-automation/core/node'
import type { Better, CheckContext, Outcome } from './checks/types.js'
import type { CheckSpec, Severity } from './config.js'
import type { ObservedAmount } from './units.js'

/** Where the checks look: node, Data API and Metrics API URLs (or a network's defaults) and the Data API key. */
export interface Target {
  network?: NetworkName | undefined
  nodeUrl?: string | undefined
  dataApiUrl?: string | undefined
  metricsApiUrl?: string | undefined
  apiKey?: string | undefined
}

/** `maintenance`: the check was inside a maintenance window of the checks file; it did not run and fails nothing. */
export type Status = 'passed' | 'failed' | 'warning' | 'maintenance'

/** A failed error-severity or warning-severity check (not a pass, not a check in maintenance). */
export const isFailing = (status: Status) => status === 'failed' || status === 'warning'

export interface CheckResult {
  id: string
  kind: string
  family: string
  name: string
  severity: Severity
  status: Status
  observed: string
  expected: string
  details?: string | undefined
  /** Exact amounts behind `observed` (smallest unit, decimal string) beside their rounded text, by name. */
  amounts?: Record<string, ObservedAmount> | undefined
  /** The check's headline number (a height lag, an uptime, days left...), kept in the history for the trend. */
  value?: number | undefined
  /** Which way `value` gets better (higher or lower), when the check knows. */
  better?: Better | undefined
  /** The last runs of this check, oldest first, this run last (when the Action keeps a state file). */
  history?: HistoryPoint[] | undefined
  /** ISO time the check started. */
  startedAt: string
  durationMs: number
}

/** One run of one check in the history the state file keeps. */
export interface HistoryPoint {
  at: string
  status: Status
  value?: number | undefined
}

export interface Report {
  tool: 'avalanche-check'
  startedAt: string
  durationMs: number
  target: { node: string; data: string; metrics: string }
  totals: { total: number; passed: number; failed: number; warnings: number; maintenance: number }
  results: CheckResult[]
}

export interface RunOptions {
  /** Checks in flight at once. Default 4. */
  concurrency?: number | undefined
  /** Called when each check starts and ends (for progress output). */
  onStart?: (spec: CheckSpec) => void
  onResult?: (result: CheckResult, done: number, total: number) => void
  /** The clock, for tests. */
  now?: () => number
  /** Why a check is not run now (its maintenance window), or undefined to run it. */
  maintenance?: (spec: CheckSpec) => string | undefined
}

/**
 * A client for the target. `nodeOnly` (every check of the run calls the node's services only, see CheckKind) takes
 * core's node entry, which spares the run loading the Data and Metrics APIs' operations; the root entry otherwise.
 */
export async function createTargetClient(target: Target, nodeOnly = false): Promise<AvalancheClient> {
  const createClient = nodeOnly ? createNodeClient : (await import('./whole-core.js')).createClient
  // Sound for node checks: a nodeOnly kind's run is typed with core/node's client (defineCheck).
  return createClient({
    network: target.network,
    nodeUrl: target.nodeUrl,
    dataApiUrl: target.dataApiUrl,
    metricsApiUrl: target.metricsApiUrl,
    apiKey: target.apiKey,
  }) as AvalancheClient
}

/**
 * Runs checks with at most `concurrency` in flight, each under its own deadline (its `timeout` aborts every request
 * and wait it has started). A check that throws fails with the error as its observation. Results keep the checks'
 * order whatever order they finish in.
 */
export async function runChecks(
  client: AvalancheClient,
  specs: CheckSpec[],
  options: RunOptions = {},
): Promise<Report> {
  const now = options.now ?? Date.now
  const started = now()
  let nodeId: Promise<string> | undefined
  // Not tied to one check's deadline: every check that needs it shares the answer.
  const ownNodeId = () => {
    nodeId ??= client.info.getNodeID().then((r) => r.nodeID)
    return nodeId
  }
  const results: CheckResult[] = new Array(specs.length)
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < specs.length) {
      const i = next++
      const spec = specs[i] as CheckSpec
      options.onStart?.(spec)
      const window = options.maintenance?.(spec)
      results[i] = window ? inMaintenance(spec, window, now()) : await runOne(client, spec, now, ownNodeId)
      options.onResult?.(results[i], ++done, specs.length)
    }
  }
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, specs.length || 1))
  await Promise.all(Array.from({ length: concurrency }, worker))
  const count = (status: Status) => results.filter((r) => r.status === status).length
  return {
    tool: 'avalanche-check',
    startedAt: new Date(started).toISOString(),
    durationMs: now() - started,
    target: { ...client.urls },
    totals: {
      total: results.length,
      passed: count('passed'),
      failed: count('failed'),
      warnings: count('warning'),
      maintenance: count('maintenance'),
    },
    results,
  }
}

/** The result of a check that did not run because a maintenance window covers it. */
const inMaintenance = (spec: CheckSpec, window: string, at: number): CheckResult => ({
  id: spec.id,
  kind: spec.kind.kind,
  family: spec.kind.family,
  name: spec.name ?? spec.kind.kind,
  severity: spec.severity,
  status: 'maintenance',
  observed: `maintenance: ${window}`,
  expected: spec.kind.expected(spec.fields as never),
  startedAt: new Date(at).toISOString(),
  durationMs: 0,
})

async function runOne(
  client: AvalancheClient,
  spec: CheckSpec,
  now: () => number,
  ownNodeId: () => Promise<string>,
): Promise<CheckResult> {
  const started = now()
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${spec.timeout} ms`)), spec.timeout)
  const { signal } = controller
  const ctx: CheckContext = {
    client,
    call: { signal, timeoutMs: spec.timeout },
    sleep: (ms) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason)
        const t = setTimeout(resolve, ms)
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(t)
            reject(signal.reason)
          },
          { once: true },
        )
      }),
    nodeId: ownNodeId,
  }
  const expected = spec.kind.expected(spec.fields as never)
  let outcome: Outcome
  try {
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    )
    outcome = await Promise.race([spec.kind.run(spec.fields as never, ctx), aborted])
  } catch (error) {
    outcome = {
      ok: false,
      observed: signal.aborted ? `timed out after ${spec.timeout} ms` : describeError(error),
      details: errorDetails(error),
    }
  } finally {
    clearTimeout(timer)
  }
  return {
    id: spec.id,
    kind: spec.kind.kind,
    family: spec.kind.family,
    name: spec.name ?? spec.kind.kind,
    severity: spec.severity,
    status: outcome.ok ? 'passed' : spec.severity === 'error' ? 'failed' : 'warning',
    observed: outcome.observed,
    expected,
    ...(outcome.details ? { details: outcome.details } : {}),
    ...(outcome.amounts ? { amounts: outcome.amounts } : {}),
    ...(outcome.value !== undefined && Number.isFinite(outcome.value) ? { value: outcome.value } : {}),
    ...(outcome.better ? { better: outcome.better } : {}),
    startedAt: new Date(started).toISOString(),
    durationMs: now() - started,
  }
}

/** One line: the error's class and short message (URLs in core errors are already redacted). */
export function describeError(error: unknown): string {
  if (AvalancheError.isInstance(error)) return `${error.name}: ${error.shortMessage}`
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

function errorDetails(error: unknown): string | undefined {
  return AvalancheError.isInstance(error) ? error.details : undefined
}

/** Whether a report should fail the job under `failOn`. */
export function shouldFail(report: Report, failOn: 'error' | 'warning' | 'never'): boolean {
  if (failOn === 'never') return false
  return report.totals.failed > 0 || (failOn === 'warning' && report.totals.warnings > 0)
}
