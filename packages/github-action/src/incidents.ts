import type { Octokit } from '@octokit/action'
import { type CheckResult, isFailing, type Report, type Status } from './engine.js'
import type { MonitorState } from './state.js'

export interface IncidentOptions {
  octokit: Octokit
  owner: string
  repo: string
  /** The monitor's title: with the check id, what the fingerprint is made of. */
  title: string
  /** Labels of new incidents; the first one is how incidents are found again. */
  labels: string[]
  assignees: string[]
  /** Consecutive failing runs before an incident opens. */
  failAfter: number
  /** Consecutive passing runs before an open incident closes. */
  recoverAfter: number
  /** Link to this workflow run, for the issue and its comments. */
  runUrl?: string | undefined
  redact: (text: string) => string
}

export type IncidentAction = 'opened' | 'reopened' | 'commented' | 'closed'

export interface IncidentChange {
  id: string
  issue: number
  action: IncidentAction
}

interface Issue {
  number: number
  state: string
  body?: string | null
  pull_request?: unknown
}

/**
 * The hidden marker that finds a check's incident again whatever its title became: a hash of monitor title and id.
 * node:crypto is loaded here, by the runs that file incidents, not by every run (4-5 ms of its CPU).
 */
export function fingerprint(title: string, id: string): string {
  const hash = process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(`${title}\n${id}`)
    .digest('hex')
    .slice(0, 16)
  return `<!-- avalanche-check incident ${hash} -->`
}

const line = (r: CheckResult) => `observed ${r.observed}; expected ${r.expected}`

/**
 * One issue per failing check: opened (or its closed predecessor re-opened) after `failAfter` consecutive failing
 * runs, commented when the check's status changes, closed with a comment after `recoverAfter` passing runs. A check in
 * maintenance opens nothing. Streaks come from `state` (this run included); `before` holds the last run's statuses.
 */
export async function syncIncidents(
  report: Report,
  before: MonitorState | undefined,
  state: MonitorState,
  options: IncidentOptions,
): Promise<IncidentChange[]> {
  const { octokit, owner, repo, redact } = options
  const [label = 'avalanche-incident'] = options.labels
  const issues = (await octokit.paginate(octokit.rest.issues.listForRepo, {
    owner,
    repo,
    labels: label,
    state: 'all',
    per_page: 100,
  })) as Issue[]
  const run = options.runUrl ? ` ([run](${options.runUrl}))` : ''
  const changes: IncidentChange[] = []
  const comment = async (issue: number, body: string) =>
    octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body: redact(body) })
  const setState = async (issue: number, open: boolean) =>
    octokit.rest.issues.update({
      owner,
      repo,
      issue_number: issue,
      state: open ? 'open' : 'closed',
      ...(open ? {} : { state_reason: 'completed' as const }),
    })

  for (const result of report.results) {
    const marker = fingerprint(options.title, result.id)
    const mine = issues.filter((i) => !i.pull_request && i.body?.includes(marker)).sort((a, b) => b.number - a.number)
    const open = mine.find((i) => i.state === 'open')
    const counts = state.checks[result.id]
    const previous: Status | undefined = before?.checks[result.id]?.last
    const changed = previous !== undefined && previous !== result.status
    const at = `${result.startedAt}${run}`
    if (isFailing(result.status)) {
      if (open) {
        if (changed) {
          const again = previous === 'passed' || previous === 'maintenance' ? ' again' : ` (was ${previous})`
          await comment(open.number, `${statusLine(result.status)}${again} at ${at}: ${line(result)}`)
          changes.push({ id: result.id, issue: open.number, action: 'commented' })
        }
        continue
      }
      if ((counts?.failing ?? 1) < options.failAfter) continue
      const predecessor = mine[0]
      if (predecessor) {
        await setState(predecessor.number, true)
        await comment(
          predecessor.number,
          `Re-opened: ${statusLine(result.status).toLowerCase()} for ${counts?.failing ?? 1} consecutive runs at ${at}: ${line(result)}`,
        )
        changes.push({ id: result.id, issue: predecessor.number, action: 'reopened' })
        continue
      }
      const { data } = await octokit.rest.issues.create({
        owner,
        repo,
        title: `${options.title}: ${result.id} ${result.status === 'failed' ? 'failing' : 'warning'}`,
        body: redact(issueBody(marker, result, counts?.failing ?? 1, at, options)),
        labels: options.labels,
        ...(options.assignees.length ? { assignees: options.assignees } : {}),
      })
      changes.push({ id: result.id, issue: data.number, action: 'opened' })
    } else if (open && result.status === 'maintenance') {
      if (changed) {
        await comment(open.number, `In maintenance at ${at} (${result.observed}): not checked, nothing fails.`)
        changes.push({ id: result.id, issue: open.number, action: 'commented' })
      }
    } else if (open) {
      const passing = counts?.passing ?? 1
      if (passing >= options.recoverAfter) {
        await comment(open.number, `Recovered at ${at}: passed ${passing} consecutive run(s); ${line(result)}`)
        await setState(open.number, false)
        changes.push({ id: result.id, issue: open.number, action: 'closed' })
      } else if (changed) {
        await comment(
          open.number,
          `Passing at ${at} (${passing} of ${options.recoverAfter} runs needed to close): ${line(result)}`,
        )
        changes.push({ id: result.id, issue: open.number, action: 'commented' })
      }
    }
  }
  return changes
}

const statusLine = (status: Status) => (status === 'failed' ? 'Failing' : 'Warning')

function issueBody(marker: string, r: CheckResult, runs: number, at: string, options: IncidentOptions): string {
  return [
    marker,
    `Check \`${r.id}\` (${r.kind}) of **${options.title}** has failed ${runs} consecutive run(s), the last at ${at}.`,
    '',
    `- **Observed:** ${r.observed}`,
    `- **Expected:** ${r.expected}`,
    `- **Severity:** ${r.severity}`,
    ...(r.details ? ['', '```', r.details.replace(/```/g, "'''"), '```'] : []),
    '',
    `This incident is kept by the Avalanche chain checks Action: it is commented when the check changes and closes itself after ${options.recoverAfter} passing run(s). The hidden marker above finds it again; keep it in the body.`,
  ].join('\n')
}
