import { describe, expect, it } from 'vitest'
import type { CheckResult, HistoryPoint, Report, Status } from './engine.js'
import { toMarkdown, toTerminal } from './report.js'
import { sparkline, trendOf } from './trend.js'

const result = (i: number, status: CheckResult['status']): CheckResult => ({
  id: `check-${i}`,
  kind: 'health',
  family: i % 2 ? 'Node' : 'Balances',
  name: 'health',
  severity: status === 'warning' ? 'warning' : 'error',
  status,
  observed: status === 'passed' ? 'readiness healthy' : 'readiness unhealthy: P | X',
  expected: 'readiness healthy',
  details: status === 'passed' ? undefined : 'P: not yet run\n```x```',
  startedAt: '2026-11-21T00:00:00.000Z',
  durationMs: 1234,
})

const report = (results: CheckResult[]): Report => ({
  tool: 'avalanche-check',
  startedAt: '2026-11-21T00:00:00.000Z',
  durationMs: 2500,
  target: {
    node: 'http://127.0.0.1:9650',
    data: 'https://data-api.avax.network',
    metrics: 'https://metrics.avax.network',
  },
  totals: {
    total: results.length,
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    warnings: results.filter((r) => r.status === 'warning').length,
    maintenance: results.filter((r) => r.status === 'maintenance').length,
  },
  results,
})

describe('reports', () => {
  it('markdown: grouped tables, escaped cells, details for failures and warnings', () => {
    const md = toMarkdown(report([result(1, 'passed'), result(2, 'failed'), result(3, 'warning')]))
    expect(md).toContain('## ❌ Avalanche chain checks')
    expect(md).toContain('**1/3 passed, 1 failed, 1 warning in 2.5 s**')
    expect(md.indexOf('### Node')).toBeLessThan(md.indexOf('### Balances'))
    expect(toMarkdown(report([result(2, 'passed'), result(1, 'passed')])).indexOf('### Node')).toBeLessThan(
      toMarkdown(report([result(2, 'passed'), result(1, 'passed')])).indexOf('### Balances'),
    )
    expect(md).toContain('| ❌ | `check-2` health | readiness unhealthy: P \\| X | readiness healthy | 1.2 s |')
    expect(md).toContain('<details><summary>⚠️ <code>check-3</code>: readiness unhealthy: P | X</summary>')
    expect(md).toContain("'''x'''")
  })

  it('markdown stays within the limit, saying what it left out', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => result(i, i % 3 ? 'passed' : 'failed'))
    const md = toMarkdown(report(many))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(1024 * 1024 - 4096)
    expect(md).toMatch(/_…\d+ more rows and details left out to stay within the 1 MiB summary limit/)
  })

  it('markdown: a trend column with the history, a maintenance row that is no failure', () => {
    const passed = result(1, 'passed')
    const failing = {
      ...result(3, 'failed'),
      history: [
        { at: 'a', status: 'passed' as const, value: 10 },
        { at: 'b', status: 'passed' as const, value: 12 },
        { at: 'c', status: 'failed' as const, value: 4 },
      ],
    }
    const resting = { ...result(5, 'maintenance'), observed: 'maintenance: upgrade until 2026-11-21T02:00:00Z' }
    const md = toMarkdown(report([{ ...passed, history: [{ at: 'a', status: 'passed' }] }, failing, resting]))
    expect(md).toContain('| | Check | Observed | Expected | Trend | Time |')
    expect(md).toContain('| `▆█▁` −8 🔻 regressed (was passed) | 1.2 s |')
    expect(md).toContain('| `▪` | 1.2 s |')
    expect(md).toContain('| 🛠️ | `check-5` health | maintenance: upgrade until 2026-11-21T02:00:00Z |')
    expect(md).toContain('**1/3 passed, 1 failed, 0 warnings, 1 in maintenance in 2.5 s**')
    expect(md).not.toContain('<code>check-5</code>')
    expect(toMarkdown(report([passed]))).not.toContain('Trend')
  })

  it('terminal: aligned rows, colour only when asked', () => {
    const text = toTerminal(report([result(1, 'passed'), result(2, 'failed')]))
    expect(text).not.toContain('\x1b[')
    expect(text).toContain('  PASS  check-1  readiness healthy')
    expect(text).toContain('FAIL check-2 (health): observed readiness unhealthy: P | X; expected readiness healthy')
    expect(toTerminal(report([result(1, 'passed')]), { colour: true })).toContain('\x1b[32mPASS\x1b[0m')
  })
})

describe('trend', () => {
  /** A history from [status, value] pairs, oldest first. */
  const runs = (...points: [Status, number?][]): HistoryPoint[] =>
    points.map(([status, value]) => ({ at: 'x', status, ...(value !== undefined && { value }) }))

  it('sparkline scaled between min and max, statuses when there is no value, signed change, regressions', () => {
    expect(trendOf(runs(['passed', 0.1], ['passed', 0.30000000000000004]))).toEqual({
      sparkline: '▁█',
      delta: '+0.2',
      regression: false,
      worse: false,
      previous: 'passed',
    })
    // The same status, the value the wrong way for the check: worse, not a regression.
    const falling = runs(['passed', 99], ['passed', 97.5])
    expect(trendOf(falling, 'higher')).toMatchObject({ delta: '−1.5', worse: true, regression: false })
    expect(trendOf(falling, 'lower')).toMatchObject({ worse: false })
    expect(trendOf(falling)).toMatchObject({ worse: false })
    expect(trendOf(runs(['failed', 12_345.678], ['warning', 0]))).toMatchObject({ delta: '−12350', regression: false })
    expect(sparkline(runs(['passed'], ['failed'], ['warning'], ['maintenance']))).toBe('▪×!~')
    expect(trendOf(runs(['warning'], ['failed']))).toMatchObject({ regression: true, previous: 'warning' })
    expect(trendOf(runs(['passed', 3]))).toEqual({ sparkline: '▄', regression: false, worse: false })
  })
})
