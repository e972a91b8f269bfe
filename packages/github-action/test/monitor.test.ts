import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AvalancheClient, createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { Ajv } from 'ajv'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeIssue, startFakeGitHub } from './fake-github.js'
import { runAction } from './run-action.js'

const KEY = 'monitor-key-5c81e2'
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ index: true, apiKeys: { [KEY]: 'full' } })
  client = createClient({ nodeUrl: devnet.url, dataApiUrl: devnet.url, apiKey: KEY })
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const hour = 3_600_000
const utc = (ms: number) => new Date(ms).toISOString()
/** A maintenance window around now for some checks. */
const windowNow = (ids: string[]) =>
  `maintenance:\n  - { name: upgrade, from: "${utc(Date.now() - hour)}", to: "${utc(Date.now() + hour)}", checks: [${ids.join(', ')}] }\n`

describe('incidents through the GitHub API (@octokit/action against a fake of its issues endpoints)', () => {
  it('flapping absorbed, opened after fail-after runs, found by fingerprint, commented, closed after recover-after, re-opened, maintenance', {
    timeout: 120_000,
  }, async () => {
    const github = await startFakeGitHub('o/r', 'ghs_monitor')
    const state = join(mkdtempSync(join(tmpdir(), 'avalanche-state-')), 'cache', 'state.json')
    const env = {
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '77',
    }
    const inputs = {
      'checks-file': 'checks.yml',
      'node-url': devnet.url,
      incidents: 'true',
      'fail-after': '2',
      'recover-after': '2',
      'state-file': state,
      token: 'ghs_monitor',
      'incident-labels': 'avalanche-incident, chain',
      'incident-assignees': 'octocat',
      'fail-on': 'never',
    }
    const checks = 'checks:\n  - { id: boot, kind: bootstrapped }\n  - { id: net, kind: network, networkName: local }\n'
    /** One scheduled run; the node bootstraps (boot fails) or not. Returns the incident changes it made. */
    const scheduledRun = async (bootstrapping: boolean, file = checks, extra: Record<string, string> = {}) => {
      devnet.setBootstrapping(bootstrapping)
      try {
        const r = await runAction({ ...inputs, ...extra }, { 'checks.yml': file }, env)
        expect(r.stdout).not.toContain('::warning::Could not update the incidents')
        return { r, changes: JSON.parse(r.outputs.incidents ?? 'null') }
      } finally {
        devnet.setBootstrapping(false)
      }
    }
    try {
      // A blip (fail, pass) opens nothing; neither does the first of two failures.
      expect((await scheduledRun(true)).changes).toEqual([])
      expect((await scheduledRun(false)).changes).toEqual([])
      expect((await scheduledRun(true)).changes).toEqual([])
      expect(github.issues).toEqual([])
      const opened = await scheduledRun(true)
      expect(opened.changes).toEqual([{ id: 'boot', issue: 1, action: 'opened' }])
      expect(opened.r.stdout).toContain('Incident #1 opened: boot')
      expect(opened.r.summary).toContain('\n**Incidents:** [#1](https://github.com/o/r/issues/1) opened for `boot`\n')
      const issue = github.issues[0] as FakeIssue
      expect(issue).toMatchObject({
        title: 'Avalanche chain checks: boot failing',
        state: 'open',
        labels: [{ name: 'avalanche-incident' }, { name: 'chain' }],
        assignees: [{ login: 'octocat' }],
      })
      expect(issue.body).toMatch(/^<!-- avalanche-check incident [0-9a-f]{16} -->\n/)
      expect(issue.body).toContain('has failed 2 consecutive run(s)')
      expect(issue.body).toContain('https://github.com/o/r/actions/runs/77')
      expect(issue.body).toContain('- **Observed:** not bootstrapped: P, X, C')

      // Still failing, title changed by a person: found again by its fingerprint, no new issue, no comment.
      issue.title = 'Node bootstrapping again (renamed)'
      expect((await scheduledRun(true)).changes).toEqual([])
      expect(github.issues).toHaveLength(1)
      expect(issue.comments).toEqual([])

      // Recovery: the first pass comments (1 of 2), the second closes.
      expect((await scheduledRun(false)).changes).toEqual([{ id: 'boot', issue: 1, action: 'commented' }])
      expect(issue.comments[0]).toMatch(/^Passing at .* \(1 of 2 runs needed to close\): observed P, X, C bootstrapped/)
      expect(issue.state).toBe('open')
      expect((await scheduledRun(false)).changes).toEqual([{ id: 'boot', issue: 1, action: 'closed' }])
      expect(issue).toMatchObject({ state: 'closed', state_reason: 'completed' })
      expect(issue.comments[1]).toMatch(/^Recovered at .*: passed 2 consecutive run\(s\)/)

      // The problem comes back: after fail-after runs its closed predecessor is re-opened, not duplicated.
      expect((await scheduledRun(true)).changes).toEqual([])
      expect((await scheduledRun(true)).changes).toEqual([{ id: 'boot', issue: 1, action: 'reopened' }])
      expect(issue.state).toBe('open')
      expect(issue.comments[2]).toMatch(/^Re-opened: failing for 2 consecutive runs at /)
      expect(github.issues).toHaveLength(1)

      // A maintenance window: the check is not run, fails nothing (fail-on error passes), the incident says so once.
      const calm = await scheduledRun(true, checks + windowNow(['boot']), { 'fail-on': 'error' })
      expect(calm.r.code).toBe(0)
      expect(calm.r.outputs).toMatchObject({ failed: '0', passed: '1', maintenance: '1' })
      expect(calm.changes).toEqual([{ id: 'boot', issue: 1, action: 'commented' }])
      expect(issue.comments[3]).toMatch(/^In maintenance at .* \(maintenance: upgrade until .*\): not checked/)
      expect(calm.r.summary).toMatch(
        /\| 🛠️ \| `boot` bootstrapped \| maintenance: upgrade until [^|]+ \| P, X, C bootstrapped \|/,
      )
      expect((await scheduledRun(true, checks + windowNow(['boot']))).changes).toEqual([])
      // Out of the window, still failing: said once; then a change of status (the check became a warning) too.
      expect((await scheduledRun(true)).changes).toEqual([{ id: 'boot', issue: 1, action: 'commented' }])
      expect(issue.comments[4]).toMatch(
        /^Failing again at .*: observed not bootstrapped: P, X, C; expected P, X, C bootstrapped$/,
      )
      const warning = checks.replace('kind: bootstrapped', 'kind: bootstrapped, severity: warning')
      expect((await scheduledRun(true, warning)).changes).toEqual([{ id: 'boot', issue: 1, action: 'commented' }])
      expect(issue.comments[5]).toMatch(/^Warning \(was failed\) at /)
      expect(issue.comments).toHaveLength(6)
      // `net` never failed: it has no incident; every call carried the token.
      expect(github.issues.filter((i) => i.body.includes('`net`'))).toEqual([])
      expect(github.calls.filter((c) => !c.startsWith('GET')).length).toBeGreaterThan(0)
    } finally {
      await github.close()
    }
  })

  it('a check in a maintenance window opens nothing however long it fails', async () => {
    const github = await startFakeGitHub('o/r', 'ghs_monitor')
    const state = join(mkdtempSync(join(tmpdir(), 'avalanche-state-')), 'state.json')
    const env = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'o/r' }
    const file = `checks:\n  - { id: fuji, kind: network, networkId: 5 }\n${windowNow(['fuji'])}`
    devnet.stats.reset()
    try {
      for (let i = 0; i < 3; i++) {
        const r = await runAction(
          {
            'checks-file': 'c.yml',
            'node-url': devnet.url,
            incidents: 'true',
            'fail-after': '1',
            'state-file': state,
            token: 'ghs_monitor',
          },
          { 'c.yml': file },
          env,
        )
        expect(r.code).toBe(0)
        expect(r.outputs).toMatchObject({ failed: '0', maintenance: '1', incidents: '[]' })
      }
      expect(github.issues).toEqual([])
      expect(devnet.stats.byMethod['info.getNetworkID'] ?? 0).toBe(0)
      // A token without issues: write (here: one the API refuses) is a warning; the checks still report.
      const refused = await runAction(
        {
          checks: '- { id: fuji, kind: network, networkId: 5 }',
          'node-url': devnet.url,
          incidents: 'true',
          'fail-after': '1',
          token: 'ghs_wrong',
        },
        {},
        env,
      )
      expect(refused.code).toBe(1)
      expect(refused.stdout).toContain(
        '::warning::Could not update the incidents (needs permissions: issues: write): Bad credentials',
      )
      expect(refused.outputs).toMatchObject({ failed: '1' })
      expect(github.issues).toEqual([])
    } finally {
      await github.close()
    }
  })
})

const count = { type: 'string', pattern: '^\\d+$' }
const seconds = { type: 'string', pattern: '^\\d+(\\.\\d+)?$' }
/** What a suite and the whole report both carry: counts and time. */
const totals = { name: { type: 'string' }, tests: count, failures: count, errors: count, skipped: count, time: seconds }

/** The JUnit shape test reporters read (Ant/Jenkins junit XSD): testsuites > testsuite > testcase > failure|skipped. */
const JUNIT_SCHEMA = {
  type: 'object',
  required: ['testsuites'],
  properties: {
    testsuites: {
      type: 'object',
      required: ['tests', 'failures', 'errors', 'time', 'testsuite'],
      properties: {
        ...totals,
        timestamp: { type: 'string', format: 'date-time' },
        testsuite: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['name', 'tests', 'failures', 'errors', 'testcase'],
            properties: {
              ...totals,
              timestamp: { type: 'string' },
              testcase: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'classname', 'time'],
                  properties: {
                    name: { type: 'string' },
                    classname: { type: 'string' },
                    time: seconds,
                    failure: {
                      type: 'object',
                      required: ['message', 'type'],
                      properties: {
                        message: { type: 'string' },
                        type: { type: 'string' },
                        '#text': { type: 'string' },
                      },
                      additionalProperties: false,
                    },
                    skipped: {
                      type: 'object',
                      properties: { message: { type: 'string' } },
                      additionalProperties: false,
                    },
                  },
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
}

describe('history and trend across scheduled runs; JUnit', () => {
  it('three runs: the history in the state file and the JSON report, sparkline, delta and regression in the summary', {
    timeout: 120_000,
  }, async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'avalanche-state-')), 'state.json')
    const { webhooks = [] } = await client.data.listWebhooks()
    const start = webhooks.length
    // The value that changes between runs: the number of webhooks the key owns (created between runs).
    const file = `# yaml-language-server: $schema=../checks.schema.json
checks:
  - { id: hooks, kind: call, operation: data.listWebhooks, assert: { path: $.webhooks.length, max: ${start + 2} } }
  - { id: ready, kind: health }
  - { id: resting, kind: network, networkId: 5 }
${windowNow(['resting'])}`
    const inputs = {
      'checks-file': 'checks.yml',
      'node-url': devnet.url,
      'data-api-url': devnet.url,
      'api-key': KEY,
      'state-file': state,
      'junit-file': 'reports/junit.xml',
    }
    const addWebhooks = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await client.data.createWebhook({
          eventType: 'address_activity',
          url: 'http://127.0.0.1:9/hook',
          name: 'trend',
          chainId: '43112',
          metadata: { addresses: [devnet.fixtures.data.evm.accounts.ewoq] },
        })
      }
    }
    const runs = []
    for (const added of [0, 1, 2]) {
      await addWebhooks(added)
      runs.push(await runAction(inputs, { 'checks.yml': file }))
    }
    const [first, second, third] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]]
    expect([first.code, second.code, third.code]).toEqual([0, 0, 1])
    const report = JSON.parse(third.outputs.report as string)
    const hooks = report.results.find((r: { id: string }) => r.id === 'hooks')
    expect(hooks.history.map((p: { status: string; value: number }) => [p.status, p.value])).toEqual([
      ['passed', start],
      ['passed', start + 1],
      ['failed', start + 3],
    ])
    const saved = JSON.parse(readFileSync(state, 'utf8'))
    expect(saved.checks.hooks).toMatchObject({ failing: 1, passing: 0, last: 'failed' })
    expect(saved.checks.hooks.history).toEqual(hooks.history)
    // Values 0, 1, 3 above the start: lowest, a third of the way, highest; +2 since the last run; worse than before.
    expect(third.summary).toContain('| Trend | Time |')
    expect(third.summary).toMatch(
      /\| `hooks` call \| \$\.webhooks\.length = \d+ \| [^|]+ \| `▁▃█` \+2 🔻 regressed \(was passed\) \|/,
    )
    expect(third.summary).toMatch(/\| `ready` health \| readiness healthy[^|]* \| readiness healthy \| `▪▪▪` \|/)
    expect(third.summary).toMatch(/\| 🛠️ \| `resting` network \| maintenance: upgrade until [^|]+ \| id 5 \| `~~~` \|/)
    // The count rises toward its maximum while still passing: worse, not yet a regression.
    expect(second.summary).toContain('`▁█` +1 ↘ worse |')
    expect(first.summary).toContain('| `▄` |')

    // JUnit: the shape reporters read, counts that add up.
    expect(third.outputs['junit-file']).toBe(join(third.dir, 'reports', 'junit.xml'))
    const xml = readFileSync(third.outputs['junit-file'] as string, 'utf8')
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
      isArray: (name) => name === 'testsuite' || name === 'testcase',
    }).parse(xml)
    const ajv = new Ajv({ allErrors: true, formats: { 'date-time': true } })
    const valid = ajv.validate(JUNIT_SCHEMA, parsed)
    expect(ajv.errors ?? [], xml).toEqual([])
    expect(valid).toBe(true)
    expect(parsed.testsuites).toMatchObject({ tests: '3', failures: '1', errors: '0', skipped: '1' })
    const cases = parsed.testsuites.testsuite.flatMap((s: { testcase: unknown[] }) => s.testcase)
    expect(cases).toHaveLength(3)
    for (const suite of parsed.testsuites.testsuite) expect(Number(suite.tests)).toBe(suite.testcase.length)
    const failed = cases.find((c: { name: string }) => c.name === 'hooks')
    expect(failed).toMatchObject({
      classname: 'avalanche-check.call',
      failure: {
        type: 'failed',
        message: `observed $.webhooks.length = ${start + 3}; expected $.webhooks.length ≤ ${start + 2}`,
      },
    })
    expect(cases.find((c: { name: string }) => c.name === 'resting').skipped.message).toMatch(
      /^maintenance: upgrade until /,
    )
    expect(cases.find((c: { name: string }) => c.name === 'ready')).toEqual({
      name: 'ready',
      classname: 'avalanche-check.health',
      time: expect.stringMatching(/^\d+\.\d{3}$/),
    })

    // A state file the Action cannot read (a cache of something else) is replaced, with a warning.
    writeFileSync(state, '{"not": "a state"}')
    const fresh = await runAction(inputs, { 'checks.yml': file })
    expect(fresh.stdout).toContain(
      `::warning::state-file ${state} is not a state file of this Action; starting a new state`,
    )
    expect(JSON.parse(readFileSync(state, 'utf8')).checks.hooks.history).toHaveLength(1)

    // history-size bounds what is kept.
    const fourth = await runAction({ ...inputs, 'history-size': '2' }, { 'checks.yml': file })
    expect(JSON.parse(readFileSync(state, 'utf8')).checks.hooks.history).toHaveLength(2)
    expect(fourth.summary).toContain('`▄▄` ±0 |')
  })
})

describe('validate-only', () => {
  it('checks the file and makes no request; a bad file fails naming the problem', async () => {
    devnet.stats.reset()
    const file = `checks:\n  - { id: ready, kind: health }\n  - { id: v, kind: uptime, min: 80 }\n${windowNow(['ready'])}`
    const ok = await runAction(
      { 'checks-file': 'c.yml', 'node-url': devnet.url, 'validate-only': 'true' },
      { 'c.yml': file },
    )
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('2 checks and 1 maintenance windows are valid; no request made (validate-only)')
    expect(ok.summary).toContain('2 checks and 1 maintenance windows are valid')
    // Without any URL too: nothing is reached.
    expect((await runAction({ 'checks-file': 'c.yml', 'validate-only': 'true' }, { 'c.yml': file })).code).toBe(0)
    const bad = await runAction(
      { 'checks-file': 'c.yml', 'node-url': devnet.url, 'validate-only': 'true' },
      { 'c.yml': '- { id: v, kind: uptime, min: 180 }\n' },
    )
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain('c.yml[0] (id "v"): min: expected a percentage from 0 to 100')
    expect(devnet.stats.requests).toBe(0)
  })
})
