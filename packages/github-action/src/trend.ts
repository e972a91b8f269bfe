import type { Better } from './checks/types.js'
import type { HistoryPoint, Status } from './engine.js'

const BARS = '▁▂▃▄▅▆▇█'
/** A run without a value, by status: passed, failed, warning, maintenance. */
const MARKS: Record<Status, string> = { passed: '▪', failed: '×', warning: '!', maintenance: '~' }
const RANK: Record<Status, number> = { passed: 0, maintenance: 0, warning: 1, failed: 2 }

/** A text sparkline of the values (scaled between their min and max), or of the statuses when no run has a value. */
export function sparkline(history: HistoryPoint[]): string {
  const values = history.map((p) => p.value).filter((v): v is number => v !== undefined)
  if (values.length === 0) return history.map((p) => MARKS[p.status]).join('')
  const [low, high] = [Math.min(...values), Math.max(...values)]
  return history
    .map((p) => {
      if (p.value === undefined) return MARKS[p.status]
      const level = high === low ? 3 : Math.round(((p.value - low) / (high - low)) * (BARS.length - 1))
      return BARS[level]
    })
    .join('')
}

const signed = (n: number) => {
  // Four significant digits at most, never an exponent for the sizes checks observe.
  const text = Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(4)))
  return n > 0 ? `+${text}` : n < 0 ? `−${text.slice(1)}` : '±0'
}

export interface Trend {
  sparkline: string
  /** Change of the value since the last run ("+3", "−0.5", "±0"), when both runs have one. */
  delta?: string | undefined
  /** The status got worse since the last run (passed → warning or failed, warning → failed). */
  regression: boolean
  /** Same status, but the value moved the way the check calls worse (`better`). */
  worse: boolean
  /** The last run's status, when there was a last run. */
  previous?: Status | undefined
}

/** The trend of a history whose last point is this run; `better` is the way the check's value improves. */
export function trendOf(history: HistoryPoint[], better?: Better): Trend {
  const now = history.at(-1)
  const before = history.at(-2)
  const change = now?.value !== undefined && before?.value !== undefined ? now.value - before.value : undefined
  const regression = now !== undefined && before !== undefined && RANK[now.status] > RANK[before.status]
  return {
    sparkline: sparkline(history),
    ...(change !== undefined && { delta: signed(change) }),
    regression,
    worse:
      !regression &&
      now?.status === before?.status &&
      change !== undefined &&
      (better === 'higher' ? change < 0 : better === 'lower' ? change > 0 : false),
    ...(before && { previous: before.status }),
  }
}

/** The trend as one table cell: sparkline, the change since the last run, a regression or a worse value. */
export function trendCell(history: HistoryPoint[] | undefined, better?: Better): string {
  if (!history?.length) return ''
  const trend = trendOf(history, better)
  const mark = trend.regression ? `🔻 regressed (was ${trend.previous})` : trend.worse ? '↘ worse' : undefined
  return [`\`${trend.sparkline}\``, trend.delta, mark].filter(Boolean).join(' ')
}
