import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { type CheckResult, type HistoryPoint, isFailing, type Report, type Status } from './engine.js'

/** What the Action remembers of one check between scheduled runs. */
export interface CheckState {
  /** Consecutive failing (failed or warning) runs up to the last one; 0 after a pass. */
  failing: number
  /** Consecutive passing runs up to the last one; 0 after a failure. */
  passing: number
  /** The status of the last run. */
  last: Status
  /** The last runs, oldest first. */
  history: HistoryPoint[]
}

/** The state file: kept between runs by actions/cache (never committed to the repository). */
export interface MonitorState {
  version: 1
  updatedAt: string
  checks: Record<string, CheckState>
}

/** The state file's content, or undefined when there is none (the first run, or the cache expired). */
export function loadState(path: string): MonitorState | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  let state: MonitorState | undefined
  try {
    state = JSON.parse(text) as MonitorState
  } catch {}
  if (state?.version !== 1 || typeof state.checks !== 'object' || state.checks === null) {
    throw new Error(`state-file ${path} is not a state file of this Action`)
  }
  return state
}

export function saveState(path: string, state: MonitorState): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`)
}

/** A check's headline number: its own `value`, else its first exact amount in whole units. */
export function headlineValue(result: CheckResult): number | undefined {
  if (result.value !== undefined) return result.value
  const [first] = Object.values(result.amounts ?? {})
  return first ? Number(first.amount) / 10 ** first.denomination : undefined
}

/**
 * This run folded into the state: streaks (a maintenance run changes none) and the history, cut to the last
 * `historySize` runs. Checks no longer in the file are dropped.
 */
export function advanceState(previous: MonitorState | undefined, report: Report, historySize: number): MonitorState {
  const checks: Record<string, CheckState> = {}
  for (const result of report.results) {
    const before = previous?.checks[result.id]
    const value = headlineValue(result)
    const point: HistoryPoint = { at: result.startedAt, status: result.status, ...(value !== undefined && { value }) }
    const failing = isFailing(result.status)
    const maintenance = result.status === 'maintenance'
    checks[result.id] = {
      failing: maintenance ? (before?.failing ?? 0) : failing ? (before?.failing ?? 0) + 1 : 0,
      passing: maintenance ? (before?.passing ?? 0) : failing ? 0 : (before?.passing ?? 0) + 1,
      last: result.status,
      history: [...(before?.history ?? []), point].slice(-historySize),
    }
  }
  return { version: 1, updatedAt: report.startedAt, checks }
}
