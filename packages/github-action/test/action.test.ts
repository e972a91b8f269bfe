import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Devnet, FAULT_SUITE, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAction } from './run-action.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ index: true, apiKeys: { 'secret-key-123456': 'full' } })
})
afterAll(() => devnet.close())

const CHECKS = (f: Devnet['fixtures']) => `
- id: node-ready
  kind: health
- id: network
  kind: network
  networkName: local
- id: ewoq-balance
  kind: balance
  chain: X
  address: ${f.accounts.ewoq.x}
  min: 1000 AVAX
- id: c-usdc
  kind: balance
  chain: evm
  chainId: "43112"
  address: ${f.data.evm.accounts.ewoq}
  token: ${f.data.evm.contracts.usdc}
  min: 1
- id: fuji
  kind: network
  networkId: 5
  severity: warning
- id: p-height
  kind: call
  operation: platform.getHeight
  assert: { path: $.height, max: 10 }
`

describe('dist/index.js as GitHub runs it', () => {
  it('a run of node checks loads core-node.js, not the Data and Metrics APIs (core.js, core-catalog.js)', async () => {
    const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
    const bundle = mkdtempSync(join(tmpdir(), 'action-node-chunks-'))
    for (const name of ['index.js', 'core-node.js']) copyFileSync(join(dist, name), join(bundle, name))
    writeFileSync(join(bundle, 'package.json'), '{"type":"module"}')
    const inputs = { 'node-url': devnet.url }
    const node = await runAction(
      { ...inputs, checks: '- {id: ready, kind: health}\n- {id: v, kind: node-version, min: v1.0.0}' },
      {},
      {},
      bundle,
    )
    expect(node.stdout).toMatch(/\] PASSED {2}ready:/)
    expect(node.stdout).toMatch(/\] PASSED {2}v:/)
    expect(node.code).toBe(0)
    // A call check needs the catalog, which this copy lacks.
    const call = await runAction(
      { ...inputs, checks: '- {id: h, kind: call, operation: platform.getHeight, assert: {path: $.height, min: 0}}' },
      {},
      {},
      bundle,
    )
    expect(call.code).toBe(1)
    expect(call.stdout).toMatch(/core\.js/)
  })

  it('passes with warnings: outputs, summary file, job summary, annotations, masked key', async () => {
    const key = 'secret-key-123456'
    const checks = CHECKS(devnet.fixtures).replace(/- id: p-height[\s\S]*$/, '')
    const r = await runAction({
      checks,
      'node-url': devnet.url,
      'data-api-url': devnet.url,
      'metrics-url': devnet.url,
      'api-key': key,
    })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({
      passed: '4',
      failed: '0',
      warnings: '1',
      'summary-file': join(r.dir, 'avalanche-check-summary.md'),
    })
    const report = JSON.parse(r.outputs.report as string)
    expect(report.totals).toEqual({ total: 5, passed: 4, failed: 0, warnings: 1, maintenance: 0 })
    expect(report.results.map((x: { id: string }) => x.id)).toEqual([
      'node-ready',
      'network',
      'ewoq-balance',
      'c-usdc',
      'fuji',
    ])
    expect(r.summary).toContain('## ⚠️ Avalanche chain checks')
    expect(r.summary).toContain('| ⚠️ | `fuji` network | local, id 12345 | id 5 |')
    expect(readFileSync(r.outputs['summary-file'] as string, 'utf8')).toBe(r.summary)
    expect(r.stdout).toContain(`::add-mask::${key}`)
    expect(r.stdout).toMatch(
      /::warning title=Avalanche check fuji warning::fuji \(network\): observed local, id 12345; expected id 5/,
    )
    expect(r.stdout).not.toMatch(/::error/)
    expect(r.summary + r.outputs.report).not.toContain(key)
  })

  it('fails on an error-severity failure, with an annotation at the line of the check in checks-file', async () => {
    const r0 = await runAction({ checks: 'x' }) // no URL
    expect(r0.code).toBe(1)
    expect(r0.stdout).toContain('::error::avalanche-check: set node-url (your node) or network (mainnet or fuji)')

    const urls = {
      'node-url': devnet.url,
      'data-api-url': devnet.url,
      'metrics-url': devnet.url,
      'api-key': 'secret-key-123456',
    }
    const r = await runAction({ 'checks-file': 'checks.yml', ...urls }, { 'checks.yml': CHECKS(devnet.fixtures) })
    expect(r.code).toBe(1)
    expect(r.outputs).toMatchObject({ passed: '4', failed: '1', warnings: '1' })
    expect(r.stdout).toMatch(
      /::error title=Avalanche check p-height failed,file=.*checks\.yml,line=23::p-height \(call\): observed \$\.height = "200"; expected \$\.height ≤ 10/,
    )
    expect(r.stdout).toContain('::error::Avalanche checks: 4/6 passed, 1 failed, 1 warning')
    expect(r.summary).toContain('<details><summary>❌ <code>p-height</code>: $.height = "200"</summary>')
  })

  it('bad checks fail the step naming the check, the field and the fix; fail-on never and warning', async () => {
    const bad = await runAction({ checks: '- {id: a, kind: health, probe: ready}', 'node-url': devnet.url })
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain('checks[0] (id "a"): probe: expected readiness, liveness or health')
    expect(bad.summary).toContain('## ❌ Avalanche chain checks\n\nNo check ran:')
    expect(bad.summary).toContain('checks[0] (id "a"): probe: expected readiness, liveness or health')
    const checks = '- {id: fuji, kind: network, networkId: 5, severity: warning}'
    expect((await runAction({ checks, 'node-url': devnet.url, 'fail-on': 'warning' })).code).toBe(1)
    expect((await runAction({ checks, 'node-url': devnet.url, 'fail-on': 'never' })).code).toBe(0)
  })

  it('a bootstrapping node: the job fails and the summary says what was observed', async () => {
    devnet.setBootstrapping(true)
    try {
      const r = await runAction({
        checks: '- {id: ready, kind: health}\n- {id: boot, kind: bootstrapped}',
        'node-url': devnet.url,
      })
      expect(r.code).toBe(1)
      expect(r.outputs).toMatchObject({ passed: '0', failed: '2' })
      expect(r.summary).toContain('| ❌ | `boot` bootstrapped | not bootstrapped: P, X, C | P, X, C bootstrapped |')
    } finally {
      devnet.setBootstrapping(false)
    }
  })

  it('check run and sticky PR comment through the GitHub API; a fork PR only gets a notice', async () => {
    const calls: string[] = []
    const checkRuns: { name: string; head_sha: string; conclusion: string; output: { summary: string } }[] = []
    let comments: { id: number; body: string }[] = []
    const reply = (method: string, url: string, json: Record<string, unknown>): [number, unknown] => {
      if (method === 'POST' && url === '/repos/o/r/check-runs') {
        checkRuns.push(json as (typeof checkRuns)[number])
        return [201, { id: 1 }]
      }
      if (method === 'GET' && url.startsWith('/repos/o/r/issues/7/comments')) return [200, comments]
      if (method === 'POST' && url === '/repos/o/r/issues/7/comments') {
        comments = [{ id: 5, body: String(json.body) }]
        return [201, { id: 5 }]
      }
      if (method === 'PATCH' && url === '/repos/o/r/issues/comments/5') return [200, { id: 5 }]
      return [404, { message: 'Not Found' }]
    }
    const github = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        calls.push(`${req.method} ${req.url} ${req.headers.authorization}`)
        const [status, answer] = reply(req.method ?? '', req.url ?? '', body ? JSON.parse(body) : {})
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      })
    })
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve))
    try {
      const event = (fork: string) =>
        JSON.stringify({ pull_request: { number: 7, head: { sha: 'headsha', repo: { full_name: fork } } } })
      const env = {
        GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_SHA: 'mergesha',
        GITHUB_EVENT_PATH: '$WORKSPACE/event.json',
        GITHUB_TOKEN: 'also-set',
      }
      const inputs = {
        checks: '- {id: fuji, kind: network, networkId: 5}',
        'node-url': devnet.url,
        token: 'ghs_token',
        'check-run': 'true',
        'pr-comment': 'on-failure',
      }
      for (const round of [1, 2]) {
        const r = await runAction(inputs, { 'event.json': event('o/r') }, env)
        expect(r.code).toBe(1)
        expect(r.stdout).not.toMatch(/::warning::Could not/)
        expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
          'POST /repos/o/r/check-runs token ghs_token',
          round === 1
            ? 'POST /repos/o/r/issues/7/comments token ghs_token'
            : 'PATCH /repos/o/r/issues/comments/5 token ghs_token',
        ])
        expect(comments[0]?.body).toMatch(
          /^<!-- avalanche-check: Avalanche chain checks -->\n## ❌ Avalanche chain checks/,
        )
        calls.length = 0
      }
      expect(checkRuns[0]).toMatchObject({
        name: 'Avalanche chain checks',
        head_sha: 'headsha',
        status: 'completed',
        conclusion: 'failure',
      })
      expect(checkRuns[0]?.output.summary).toContain('| ❌ | `fuji` network |')
      const fork = await runAction(inputs, { 'event.json': event('someone/r') }, env)
      expect(fork.stdout).toContain('::notice::check-run / pr-comment skipped: this pull request comes from a fork')
      expect(calls).toEqual([])
    } finally {
      github.close()
    }
  })

  it('never shows a secret in its log, summary or outputs across the fault suite', async () => {
    const secrets = { key: 'secret-key-123456', password: 'action-pass-6d2e18', token: 'action-token-a93f05' }
    const f = devnet.fixtures
    const checks = `
- { id: ready, kind: health, timeout: 3s }
- { id: ewoq-x, kind: balance, chain: X, address: ${f.accounts.ewoq.x}, min: 1 AVAX, timeout: 3s }
- { id: ewoq-c, kind: balance, chain: evm, chainId: "43112", address: ${f.data.evm.accounts.ewoq}, min: 0, timeout: 3s }
- { id: height, kind: call, operation: platform.getHeight, assert: { path: $.height, min: 1 }, timeout: 3s }
`
    const inputs = {
      checks,
      'node-url': `http://user:${secrets.password}@${new URL(devnet.url).host}/?token=${secrets.token}`,
      'data-api-url': devnet.url,
      'metrics-url': devnet.url,
      'api-key': secrets.key,
    }
    let failedRuns = 0
    for (const scenario of FAULT_SUITE) {
      for (const faults of [scenario.faults, scenario.exhausted]) {
        devnet.setFaults(faults)
        try {
          const r = await runAction(inputs)
          if (r.code !== 0) failedRuns++
          // The runner masks what ::add-mask:: names; everything else the step prints must hold no secret already.
          const printed = r.stdout.replace(/^::add-mask::.*$/gm, '')
          const everything = `${printed}\n${r.summary}\n${JSON.stringify(r.outputs)}`
          for (const secret of Object.values(secrets)) expect(everything, scenario.name).not.toContain(secret)
        } finally {
          devnet.setFaults(undefined)
        }
      }
    }
    expect(failedRuns, 'some runs failed, so error paths were printed').toBeGreaterThan(0)
  }, 300_000)
})
