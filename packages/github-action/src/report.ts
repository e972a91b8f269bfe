import { checkKinds } from './checks/index.js'
import { type CheckResult, isFailing, type Report, type Status } from './engine.js'
import { trendCell } from './trend.js'
import { showMs } from './units.js'

const ICON: Record<Status, string> = { passed: '✅', failed: '❌', warning: '⚠️', maintenance: '🛠️' }
/** The runner rejects step summaries over 1 MiB; stay below with room for other steps' additions. */
export const SUMMARY_LIMIT = 1024 * 1024 - 4096

const escapeCell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const FAMILIES = [...new Set(checkKinds.map((k) => k.family))]

/** Results grouped by family (in the registry's order: Node, Progress, Validators, ...), checks in file order. */
export function groupByFamily(results: CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>()
  const ordered = [...results].sort((a, b) => FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family))
  for (const r of ordered) groups.set(r.family, [...(groups.get(r.family) ?? []), r])
  return groups
}

export function totalsLine(report: Report): string {
  const { passed, failed, warnings, total, maintenance } = report.totals
  const inMaintenance = maintenance ? `, ${maintenance} in maintenance` : ''
  return `${passed}/${total} passed, ${failed} failed, ${warnings} warning${warnings === 1 ? '' : 's'}${inMaintenance} in ${showMs(report.durationMs)}`
}

/** One-line failure text for annotations, logs and check-run output. */
export const failureText = (r: CheckResult) => `${r.id} (${r.kind}): observed ${r.observed}; expected ${r.expected}`

/**
 * The job summary: a heading with the totals, one table per family (status, check, observed, threshold, time),
 * then details for every failure and warning. Rows and details are dropped from the end, with a note, to stay under
 * `limit` bytes.
 */
export function toMarkdown(report: Report, options: { title?: string; limit?: number } = {}): string {
  const limit = options.limit ?? SUMMARY_LIMIT
  const { failed, warnings } = report.totals
  const verdict = failed ? '❌' : warnings ? '⚠️' : '✅'
  const head = [
    `## ${verdict} ${options.title ?? 'Avalanche chain checks'}`,
    '',
    `**${totalsLine(report)}** · node \`${report.target.node}\` · ${report.startedAt}`,
    '',
  ].join('\n')
  const sections: string[] = []
  // The trend column appears when the Action keeps a history (state-file).
  const trend = report.results.some((r) => r.history?.length)
  for (const [family, results] of groupByFamily(report.results)) {
    sections.push(
      trend
        ? `### ${family}\n\n| | Check | Observed | Expected | Trend | Time |\n|---|---|---|---|---|---:|\n`
        : `### ${family}\n\n| | Check | Observed | Expected | Time |\n|---|---|---|---|---:|\n`,
    )
    for (const r of results) {
      const cells = [
        ICON[r.status],
        `\`${escapeCell(r.id)}\` ${escapeCell(r.name)}`,
        escapeCell(r.observed),
        escapeCell(r.expected),
        ...(trend ? [trendCell(r.history, r.better)] : []),
        showMs(r.durationMs),
      ]
      sections.push(`| ${cells.join(' | ')} |\n`)
    }
    sections.push('\n')
  }
  const problems = report.results.filter((r) => isFailing(r.status))
  if (problems.length) sections.push('### Failures and warnings\n\n')
  for (const r of problems) {
    const body = [
      `- **Observed:** ${escapeHtml(r.observed)}`,
      `- **Expected:** ${escapeHtml(r.expected)}`,
      `- **Severity:** ${r.severity} · kind \`${r.kind}\` · started ${r.startedAt} · ${showMs(r.durationMs)}`,
      ...(r.details ? ['', '```', r.details.replace(/```/g, "'''"), '```'] : []),
    ].join('\n')
    sections.push(
      `<details><summary>${ICON[r.status]} <code>${escapeHtml(r.id)}</code>: ${escapeHtml(r.observed)}</summary>\n\n${body}\n\n</details>\n\n`,
    )
  }
  let out = `${head}\n`
  let size = Buffer.byteLength(out)
  for (const [i, section] of sections.entries()) {
    const note = `\n_…${sections.length - i} more rows and details left out to stay within the 1 MiB summary limit; see the \`report\` output._\n`
    const bytes = Buffer.byteLength(section)
    if (size + bytes + Buffer.byteLength(note) > limit) return out + note
    out += section
    size += bytes
  }
  return out
}

const COLOURS = {
  passed: '\x1b[32m',
  failed: '\x1b[31m',
  warning: '\x1b[33m',
  maintenance: '\x1b[36m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
  reset: '\x1b[0m',
}
const MARK: Record<Status, string> = { passed: 'PASS', failed: 'FAIL', warning: 'WARN', maintenance: 'MNT ' }

/** The same table for a terminal: one block per family, aligned columns, colour when `colour` is set. */
export function toTerminal(report: Report, options: { colour?: boolean; width?: number | undefined } = {}): string {
  const paint = (code: string, text: string) => (options.colour ? `${code}${text}${COLOURS.reset}` : text)
  const width = options.width ?? 120
  const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text.padEnd(n))
  const idWidth = Math.min(28, Math.max(5, ...report.results.map((r) => r.id.length)))
  const rest = Math.max(30, width - idWidth - 20)
  const observedWidth = Math.ceil(rest * 0.55)
  const expectedWidth = rest - observedWidth
  const lines: string[] = [paint(COLOURS.bold, `Avalanche chain checks — node ${report.target.node}`), '']
  for (const [family, results] of groupByFamily(report.results)) {
    lines.push(paint(COLOURS.bold, family))
    for (const r of results) {
      lines.push(
        `  ${paint(COLOURS[r.status], MARK[r.status])}  ${clip(r.id, idWidth)}  ${clip(r.observed, observedWidth)}  ${paint(COLOURS.dim, clip(`want ${r.expected}`, expectedWidth))} ${paint(COLOURS.dim, showMs(r.durationMs).padStart(7))}`,
      )
    }
    lines.push('')
  }
  const problems = report.results.filter((r) => isFailing(r.status))
  for (const r of problems) {
    lines.push(paint(COLOURS[r.status], `${MARK[r.status]} ${failureText(r)}`))
    if (r.details) lines.push(...r.details.split('\n').map((l) => `     ${l}`))
  }
  if (problems.length) lines.push('')
  const verdict = report.totals.failed ? 'failed' : report.totals.warnings ? 'warning' : 'passed'
  lines.push(paint(COLOURS[verdict], totalsLine(report)))
  return `${lines.join('\n')}\n`
}

/** The report as JSON (what `--json` writes and the `report` output holds). */
export const toJsonReport = (report: Report) => `${JSON.stringify(report, null, 2)}\n`
