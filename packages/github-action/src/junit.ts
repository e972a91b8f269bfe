import type { Report } from './engine.js'
import { groupByFamily } from './report.js'

const attr = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    // Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage return).
    .replace(/[\p{Cc}]/gu, (c) => (c === '\t' || c === '\r' ? c : ''))
const seconds = (ms: number) => (ms / 1000).toFixed(3)

/**
 * The report as JUnit XML, in the shape test reporters read (testsuites > testsuite per family > testcase per check):
 * a failed check or a warning is a `<failure>` (type = its status), a check in maintenance is `<skipped>`.
 */
export function toJUnit(report: Report, title: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>']
  const { total, failed, warnings, maintenance } = report.totals
  out.push(
    `<testsuites name="${attr(title)}" tests="${total}" failures="${failed + warnings}" errors="0" skipped="${maintenance}" time="${seconds(report.durationMs)}" timestamp="${report.startedAt}">`,
  )
  for (const [family, results] of groupByFamily(report.results)) {
    const count = (status: string) => results.filter((r) => r.status === status).length
    const time = results.reduce((sum, r) => sum + r.durationMs, 0)
    out.push(
      `  <testsuite name="${attr(family)}" tests="${results.length}" failures="${count('failed') + count('warning')}" errors="0" skipped="${count('maintenance')}" time="${seconds(time)}" timestamp="${report.startedAt}">`,
    )
    for (const r of results) {
      const head = `    <testcase name="${attr(r.id)}" classname="avalanche-check.${attr(r.kind)}" time="${seconds(r.durationMs)}"`
      if (r.status === 'passed') {
        out.push(`${head}/>`)
        continue
      }
      out.push(`${head}>`)
      if (r.status === 'maintenance') out.push(`      <skipped message="${attr(r.observed)}"/>`)
      else {
        const text = [`observed: ${r.observed}`, `expected: ${r.expected}`, ...(r.details ? [r.details] : [])]
        out.push(
          `      <failure message="${attr(`observed ${r.observed}; expected ${r.expected}`)}" type="${r.status}">${attr(text.join('\n'))}</failure>`,
        )
      }
      out.push('    </testcase>')
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>')
  return `${out.join('\n')}\n`
}
