import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import * as core from '@actions/core'
import { createRedactor, type NetworkName } from '@avalanche-automation/core'
import { ConfigError, parseChecksFile, validateChecks } from './config.js'
import { isFailing, type Report, shouldFail, type Target } from './engine.js'
import { syncIncidents } from './incidents.js'
import { toJUnit } from './junit.js'
import { activeMaintenance } from './maintenance.js'
import { failureText, toJsonReport, toMarkdown, totalsLine } from './report.js'
import { check, nodeSuite } from './run.js'
import { advanceState, loadState, type MonitorState, saveState } from './state.js'

const ANNOTATIONS_PER_LEVEL = 10
const GITHUB_TEXT_LIMIT = 65_000

/** The Action's entry point (also what `@github/local-action` runs). Never throws: failures go to setFailed. */
export async function run(): Promise<void> {
  try {
    await main()
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `avalanche-check: ${(error as Error).message}`
    core.setFailed(message)
    // The summary is written even when no check could run, so the job page says why.
    const title = core.getInput('title').trim() || 'Avalanche chain checks'
    await core.summary
      .addRaw(`## ❌ ${title}\n\nNo check ran:\n\n\`\`\`\n${message}\n\`\`\`\n`)
      .write()
      .catch(() => undefined)
  }
}

async function main(): Promise<void> {
  const input = (name: string) => core.getInput(name).trim()
  const target: Target = {
    network: (input('network') || undefined) as NetworkName | undefined,
    nodeUrl: input('node-url') || undefined,
    dataApiUrl: input('data-api-url') || undefined,
    metricsApiUrl: input('metrics-url') || undefined,
    apiKey: input('api-key') || undefined,
  }
  const secrets = maskSecrets(target)
  const redact = createRedactor(secrets)
  if (target.network && !['mainnet', 'fuji'].includes(target.network)) {
    throw new Error(`network must be mainnet or fuji (got "${target.network}")`)
  }
  const failOn = input('fail-on') || 'error'
  if (!['error', 'warning', 'never'].includes(failOn))
    throw new Error(`fail-on must be error, warning or never (got "${failOn}")`)
  const concurrency = wholeNumber(input, 'concurrency', 4, 1, 32)
  const monitor = monitorInputs(input)
  const title = input('title') || 'Avalanche chain checks'
  const validateOnly = input('validate-only') === 'true'
  if (!validateOnly && !target.nodeUrl && !target.network)
    throw new Error('set node-url (your node) or network (mainnet or fuji)')

  const checksFile = input('checks-file')
  const inline = core.getInput('checks')
  let fileText: string | undefined
  if (checksFile) {
    const path = join(process.env.GITHUB_WORKSPACE ?? '.', checksFile)
    try {
      fileText = readFileSync(path, 'utf8')
    } catch {
      throw new Error(`checks-file ${checksFile} not found in the workspace (${path}); check out the repository first`)
    }
  }
  const { checks: specs, maintenance } = fileText
    ? await parseChecksFile(fileText, checksFile)
    : inline.trim()
      ? await parseChecksFile(inline, 'checks')
      : { checks: await validateChecks(nodeSuite, 'default checks'), maintenance: [] }
  if (validateOnly) {
    const line = `${specs.length} checks and ${maintenance.length} maintenance windows are valid; no request made (validate-only)`
    core.info(line)
    await core.summary.addRaw(`## ✅ ${title}\n\n${line}.\n`).write()
    core.setOutput('passed', 0)
    core.setOutput('failed', 0)
    core.setOutput('warnings', 0)
    return
  }
  core.info(`Running ${specs.length} checks against ${redact(target.nodeUrl ?? target.network ?? '')}`)
  const report = await check(target, specs, {
    concurrency,
    maintenance: (spec) => activeMaintenance(maintenance, spec.id, Date.now()),
    onResult: (r, done, total) =>
      core.info(`[${done}/${total}] ${r.status.toUpperCase().padEnd(7)} ${r.id}: ${redact(r.observed)}`),
  })
  const before = monitor.stateFile ? restoreState(monitor.stateFile) : undefined
  const state = advanceState(before, report, monitor.historySize)
  if (monitor.stateFile) {
    for (const r of report.results) r.history = state.checks[r.id]?.history
    saveState(monitor.stateFile, state)
    core.info(
      `State of ${report.results.length} checks saved to ${monitor.stateFile}${before ? '' : ' (no earlier state)'}`,
    )
  }
  const json = redact(toJsonReport(report))
  const markdown = redact(toMarkdown(report, { title }))

  const summaryFile = join(process.env.RUNNER_TEMP || tmpdir(), 'avalanche-check-summary.md')
  writeFileSync(summaryFile, markdown)
  await core.summary.addRaw(markdown).write()
  core.setOutput('passed', report.totals.passed)
  core.setOutput('failed', report.totals.failed)
  core.setOutput('warnings', report.totals.warnings)
  core.setOutput('maintenance', report.totals.maintenance)
  core.setOutput('report', JSON.stringify(JSON.parse(json)))
  core.setOutput('summary-file', summaryFile)
  if (monitor.junitFile) {
    mkdirSync(dirname(monitor.junitFile), { recursive: true })
    writeFileSync(monitor.junitFile, redact(toJUnit(report, title)))
    core.setOutput('junit-file', monitor.junitFile)
  }
  annotate(report, redact, checksFile ? { file: checksFile, text: fileText ?? '' } : undefined)
  await publish(report, markdown, title, redact, input)
  if (monitor.incidents) await openIncidents(report, before, state, { title, redact, input, monitor })

  if (shouldFail(report, failOn as 'error')) core.setFailed(`Avalanche checks: ${totalsLine(report)}`)
  else core.info(`Avalanche checks: ${totalsLine(report)}`)
}

/** The last run's state; a file this Action cannot read is replaced (with a warning) rather than failing the monitor. */
function restoreState(path: string): MonitorState | undefined {
  try {
    return loadState(path)
  } catch (error) {
    core.warning(`${(error as Error).message}; starting a new state`)
    return undefined
  }
}

/** A whole-number input within [min, max], or its default when empty. */
function wholeNumber(input: (n: string) => string, name: string, fallback: number, min: number, max: number): number {
  const value = Number(input(name) || fallback)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${input(name)}")`)
  return value
}

const list = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean)

/** The monitoring inputs: state file and history, incidents and their damping, JUnit file. */
function monitorInputs(input: (n: string) => string) {
  const workspace = process.env.GITHUB_WORKSPACE ?? '.'
  const path = (name: string) => (input(name) ? resolve(workspace, input(name)) : undefined)
  const incidents = input('incidents') === 'true'
  const monitor = {
    stateFile: path('state-file'),
    historySize: wholeNumber(input, 'history-size', 30, 1, 1000),
    incidents,
    failAfter: wholeNumber(input, 'fail-after', 2, 1, 100),
    recoverAfter: wholeNumber(input, 'recover-after', 1, 1, 100),
    labels: list(input('incident-labels') || 'avalanche-incident'),
    assignees: list(input('incident-assignees')),
    junitFile: path('junit-file'),
  }
  if (incidents && !monitor.stateFile && (monitor.failAfter > 1 || monitor.recoverAfter > 1)) {
    core.warning(
      'incidents: without state-file (restored by actions/cache) fail-after and recover-after count this run only; set state-file as in the README',
    )
  }
  return monitor
}

/** Opens, comments and closes the incident issues (needs permissions: issues: write); failures are a warning. */
async function openIncidents(
  report: Report,
  before: MonitorState | undefined,
  state: MonitorState,
  context: {
    title: string
    redact: (t: string) => string
    input: (n: string) => string
    monitor: ReturnType<typeof monitorInputs>
  },
) {
  const { monitor, redact } = context
  const token = context.input('token')
  const repository = process.env.GITHUB_REPOSITORY
  if (!token || !repository) {
    core.warning('incidents skipped: no token or GITHUB_REPOSITORY (the token input defaults to github.token)')
    return
  }
  const [owner = '', repo = ''] = repository.split('/')
  const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com'
  const runId = process.env.GITHUB_RUN_ID
  try {
    const changes = await syncIncidents(report, before, state, {
      octokit: await gitHubClient(token),
      owner,
      repo,
      title: context.title,
      labels: monitor.labels,
      assignees: monitor.assignees,
      failAfter: monitor.failAfter,
      recoverAfter: monitor.recoverAfter,
      runUrl: runId ? `${server}/${repository}/actions/runs/${runId}` : undefined,
      redact,
    })
    for (const change of changes) core.info(`Incident #${change.issue} ${change.action}: ${change.id}`)
    core.setOutput('incidents', JSON.stringify(changes))
    if (changes.length) {
      const links = changes.map(
        (c) => `[#${c.issue}](${server}/${repository}/issues/${c.issue}) ${c.action} for \`${c.id}\``,
      )
      await core.summary.addRaw(`\n**Incidents:** ${links.join(', ')}\n`).write()
    }
  } catch (error) {
    core.warning(
      `Could not update the incidents (needs permissions: issues: write): ${redact((error as Error).message)}`,
    )
  }
}

/** Masks the API key and every secret part of the URLs (credentials, query values, the URL itself when it has them). */
function maskSecrets(target: Target): string[] {
  const secrets: string[] = []
  if (target.apiKey) secrets.push(target.apiKey)
  for (const text of [target.nodeUrl, target.dataApiUrl, target.metricsApiUrl]) {
    if (!text) continue
    try {
      const url = new URL(text)
      const parts = [
        url.username,
        url.password,
        ...url.searchParams.values(),
        ...url.pathname.split('/').filter((p) => p.length >= 20),
      ]
      const keyed = parts.filter((p) => p.length >= 4)
      if (keyed.length) secrets.push(text, ...keyed.map(decodeURIComponent))
    } catch {
      secrets.push(text)
    }
  }
  for (const secret of secrets) core.setSecret(secret)
  return secrets
}

/** At most 10 error and 10 warning annotations (the per-step limit); the last one says how many more there are. */
function annotate(
  report: Report,
  redact: (text: string) => string,
  file: { file: string; text: string } | undefined,
): void {
  for (const [status, emit] of [
    ['failed', core.error],
    ['warning', core.warning],
  ] as const) {
    const list = report.results.filter((r) => r.status === status)
    list.slice(0, ANNOTATIONS_PER_LEVEL).forEach((r, i) => {
      const more =
        i === ANNOTATIONS_PER_LEVEL - 1 && list.length > ANNOTATIONS_PER_LEVEL
          ? ` (and ${list.length - ANNOTATIONS_PER_LEVEL} more: see the job summary)`
          : ''
      const line = file ? lineOf(file.text, r.id) : undefined
      emit(redact(failureText(r)) + more, {
        title: `Avalanche check ${r.id} ${status === 'failed' ? 'failed' : 'warning'}`,
        ...(file && line ? { file: file.file, startLine: line } : {}),
      })
    })
  }
}

/** The 1-based line of `id: <id>` in a checks file (block or flow style), for annotations. */
const lineOf = (text: string, id: string) => {
  const pattern = new RegExp(`\\bid:\\s*['"]?${id.replace(/[.]/g, '\\.')}['"]?\\s*(,|}|$)`)
  const index = text.split('\n').findIndex((line) => pattern.test(line))
  return index < 0 ? undefined : index + 1
}

interface EventPayload {
  pull_request?: { number: number; head: { sha: string; repo?: { full_name?: string } | null } }
}

/** The optional check run and sticky PR comment. Fork PRs (read-only token) and missing permissions give a notice. */
async function publish(
  report: Report,
  markdown: string,
  title: string,
  redact: (t: string) => string,
  input: (n: string) => string,
) {
  const wantCheckRun = input('check-run') === 'true'
  const commentMode = input('pr-comment') || 'never'
  if (!wantCheckRun && commentMode === 'never') return
  const token = input('token')
  const repository = process.env.GITHUB_REPOSITORY
  if (!token || !repository) {
    core.notice(
      'check-run / pr-comment skipped: no token or GITHUB_REPOSITORY (the token input defaults to github.token)',
    )
    return
  }
  const [owner = '', repo = ''] = repository.split('/')
  let event: EventPayload = {}
  try {
    event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as EventPayload
  } catch {}
  const pr = event.pull_request
  if (pr?.head.repo?.full_name && pr.head.repo.full_name !== repository) {
    core.notice(
      'check-run / pr-comment skipped: this pull request comes from a fork, whose token is read-only. The job summary has the report; to publish it, run a workflow_run workflow on the base repository.',
    )
    return
  }
  // An explicit token (not createActionAuth) so that an env GITHUB_TOKEN next to the input cannot conflict.
  const octokit = await gitHubClient(token)
  const text =
    markdown.length > GITHUB_TEXT_LIMIT
      ? `${markdown.slice(0, GITHUB_TEXT_LIMIT)}\n\n_…truncated; see the job summary._`
      : markdown
  const failing = report.results.filter((r) => isFailing(r.status))
  if (wantCheckRun) {
    try {
      await octokit.rest.checks.create({
        owner,
        repo,
        name: title,
        head_sha: pr?.head.sha ?? process.env.GITHUB_SHA ?? '',
        status: 'completed',
        conclusion: report.totals.failed ? 'failure' : report.totals.warnings ? 'neutral' : 'success',
        output: {
          title: totalsLine(report),
          summary: text,
          text: redact(failing.map((r) => `- ${failureText(r)}`).join('\n')).slice(0, GITHUB_TEXT_LIMIT),
        },
      })
    } catch (error) {
      core.warning(
        `Could not create the check run (needs permissions: checks: write): ${redact((error as Error).message)}`,
      )
    }
  }
  const comment = commentMode === 'always' || (commentMode === 'on-failure' && failing.length > 0)
  if (comment && pr) {
    const marker = `<!-- avalanche-check: ${title} -->`
    try {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: pr.number,
        per_page: 100,
      })
      const existing = comments.find((c) => c.body?.includes(marker))
      const body = `${marker}\n${text}`
      if (existing) await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body })
      else await octokit.rest.issues.createComment({ owner, repo, issue_number: pr.number, body })
    } catch (error) {
      core.warning(
        `Could not write the PR comment (needs permissions: pull-requests: write): ${redact((error as Error).message)}`,
      )
    }
  } else if (comment) core.info('pr-comment: not a pull_request event; no comment written')
}

/**
 * The GitHub API client, loaded only by a run that talks to GitHub (incidents, check run, PR comment): Octokit and
 * the undici it brings are over half of the bundle, which a run of checks alone need not compile (dist/octokit.js).
 */
async function gitHubClient(token: string) {
  const { Octokit } = await import('@octokit/action')
  return new Octokit({ authStrategy: undefined, auth: token })
}
