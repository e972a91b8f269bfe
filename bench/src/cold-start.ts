/**
 * Cold start: the CPU time and wall time of fresh processes, `node -e 0`, a program making one call through Node's
 * http (the floor: Node plus the request itself), the same call through core (its root entry and its lean /node
 * entry) and through the peers that have it, and the GitHub Action's bundle (dist/index.js) running one check, all
 * against the devnet. Runs alternate; medians. CPU is the process's own
 * (process.cpuUsage at exit, all threads), which a busy machine disturbs less than wall time.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { pinning } from './devnet-process.ts'

export interface ColdStart {
  cpuMs: number
  wallMs: number
}
export interface ColdStartResult {
  node: ColdStart
  http: ColdStart
  core: ColdStart
  coreNode: ColdStart
  avalanchejs: ColdStart
  sdkClient: ColdStart
  action: ColdStart
  runs: number
}

const oneCall = fileURLToPath(new URL('./one-call.mjs', import.meta.url))
const action = fileURLToPath(new URL('../../packages/github-action/dist/index.js', import.meta.url))

export function benchColdStart(url: string, runs: number): ColdStartResult {
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'))
  try {
    // Prints the process's CPU time on exit; loaded by --import, so it costs the same in every program.
    const hook = join(dir, 'cpu-at-exit.mjs')
    writeFileSync(
      hook,
      "process.on('exit', () => { const c = process.cpuUsage(); process.stderr.write('\\ncpu-ms ' + (c.user + c.system) / 1000 + '\\n') })\n",
    )
    const summary = join(dir, 'summary.md')
    const output = join(dir, 'output.txt')
    const actionEnv = {
      ...process.env,
      INPUT_CHECKS: '- {id: version, kind: node-version, min: v1.0.0}',
      'INPUT_NODE-URL': url,
      'INPUT_FAIL-ON': 'never',
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
    }
    const programs: Record<keyof Omit<ColdStartResult, 'runs'>, { args: string[]; env?: NodeJS.ProcessEnv }> = {
      node: { args: ['-e', '0'] },
      http: { args: [oneCall, 'http', url] },
      core: { args: [oneCall, 'core', url] },
      coreNode: { args: [oneCall, 'core-node', url] },
      avalanchejs: { args: [oneCall, 'avalanchejs', url] },
      sdkClient: { args: [oneCall, 'sdk-client', url] },
      action: { args: [action], env: actionEnv },
    }
    const samples: Record<string, ColdStart[]> = Object.fromEntries(Object.keys(programs).map((name) => [name, []]))
    const pin = pinning()?.bench ?? []
    for (let r = 0; r <= runs; r++) {
      for (const [name, { args, env }] of Object.entries(programs)) {
        writeFileSync(summary, '')
        writeFileSync(output, '')
        const command = [...pin, process.execPath, '--import', hook, ...args]
        const started = performance.now()
        const run = spawnSync(command[0] as string, command.slice(1), { env: env ?? process.env, encoding: 'utf8' })
        const wallMs = performance.now() - started
        const cpu = /cpu-ms ([\d.]+)/.exec(run.stderr)
        if (run.status !== 0 || !cpu) throw new Error(`cold start of ${name} failed: ${run.stderr.slice(0, 500)}`)
        if (r > 0) samples[name]?.push({ cpuMs: Number(cpu[1]), wallMs }) // run 0 warms the disk cache
      }
    }
    const median = (name: string, key: keyof ColdStart) => {
      const sorted = (samples[name] ?? []).map((s) => s[key]).sort((a, b) => a - b)
      return sorted[Math.floor(sorted.length / 2)] ?? 0
    }
    const of = (name: string): ColdStart => ({ cpuMs: median(name, 'cpuMs'), wallMs: median(name, 'wallMs') })
    return {
      node: of('node'),
      http: of('http'),
      core: of('core'),
      coreNode: of('coreNode'),
      avalanchejs: of('avalanchejs'),
      sdkClient: of('sdkClient'),
      action: of('action'),
      runs,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
