import type { AvalancheClient, CallOptions } from '@avalanche-automation/core'
import type { NodeClient } from '@avalanche-automation/core/node'
import type { z } from 'zod/mini'
import type { ObservedAmount } from '../units.js'

/** What every check gets: the client and the per-check call options (its deadline's abort signal). */
export interface CheckContext<Client = AvalancheClient> {
  client: Client
  /** Pass to every client call: aborts it when the check's timeout expires. */
  call: CallOptions & { signal: AbortSignal }
  /** Waits, or rejects when the check is aborted. */
  sleep(ms: number): Promise<void>
  /** The node's own ID (info.getNodeID), fetched once per run. */
  nodeId(): Promise<string>
}

/** The outcome of one check: `observed` is what was found, said so that a reader can compare it with `expected`. */
export interface Outcome {
  ok: boolean
  observed: string
  /** More lines for the failure details (e.g. which health checks fail). */
  details?: string | undefined
  /** The amounts behind `observed`, exact, by name (e.g. `supply`, `unlocked`), for the JSON report. */
  amounts?: Record<string, ObservedAmount> | undefined
  /** The headline number behind `observed` (a lag, a percentage, days left), for the history's trend. */
  value?: number | undefined
  /** Which way `value` gets better, when the check knows: the trend then says when it moved the other way. */
  better?: Better | undefined
}

export type Better = 'higher' | 'lower'

/** A threshold's good direction: higher for a minimum alone, lower for a maximum alone, none for a range. */
export const betterOf = (bounds: { min?: unknown; max?: unknown }): Better | undefined =>
  bounds.min !== undefined && bounds.max === undefined
    ? 'higher'
    : bounds.max !== undefined && bounds.min === undefined
      ? 'lower'
      : undefined

/** One kind of check: its YAML fields (a strict zod object), what it expects, and how it runs. */
export interface CheckKind<S extends z.ZodMiniType = z.ZodMiniType, Client = AvalancheClient> {
  kind: string
  /** Table group in the reports: Node, Progress, Validators, Balances, Transactions, P-Chain, Metrics, Raw calls. */
  family: string
  /** One line for `--help` and the README. */
  summary: string
  fields: S
  /**
   * Its runs call the node's services only (its `run` sees a client of those): a run whose checks all say so loads
   * core's node entry alone, not the Data and Metrics APIs' operations (the Action's cold start).
   */
  nodeOnly?: boolean
  /** Loads what validating its checks needs, once, before the first is validated (`call`: the whole catalog). */
  prepare?(): Promise<void>
  expected(spec: z.output<S>): string
  run(spec: z.output<S>, ctx: CheckContext<Client>): Promise<Outcome>
}

/**
 * A check kind whose fields schema is built the first time it is read: a run builds only the kinds its checks use, not
 * all twenty at every start (the Action's cold start, bench/results/latest.md).
 */
export const defineCheck = <S extends z.ZodMiniType, NodeOnly extends boolean = false>(
  kind: Omit<CheckKind<S, NodeOnly extends true ? NodeClient : AvalancheClient>, 'fields' | 'nodeOnly'> & {
    fields: () => S
    nodeOnly?: NodeOnly
  },
): CheckKind<S, NodeOnly extends true ? NodeClient : AvalancheClient> => {
  let fields: S | undefined
  return {
    ...kind,
    get fields() {
      fields ??= kind.fields()
      return fields
    },
  }
}
