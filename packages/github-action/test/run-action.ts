import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

/** Reads GITHUB_OUTPUT's `name<<delimiter` blocks. */
function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const re = /^(.+?)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm
  for (let m = re.exec(text); m; m = re.exec(text)) out[m[1] as string] = m[3] as string
  return out
}

/**
 * Runs dist/index.js as the runner does: inputs in INPUT_* env (action.yml's defaults for the rest), GITHUB_OUTPUT
 * and GITHUB_STEP_SUMMARY files, the workspace's files written first. `$WORKSPACE` in extra env becomes its path.
 * `bundle`: the folder of index.js and its chunks (dist/ by default).
 */
export async function runAction(
  inputs: Record<string, string>,
  workspace: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
  bundle = dist,
) {
  const dir = mkdtempSync(join(tmpdir(), 'avalanche-action-'))
  for (const [name, text] of Object.entries(workspace)) writeFileSync(join(dir, name), text)
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary.md') }
  writeFileSync(files.output, '')
  writeFileSync(files.summary, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    GITHUB_WORKSPACE: dir,
    'INPUT_FAIL-ON': 'error',
    INPUT_CONCURRENCY: '4',
    INPUT_TITLE: 'Avalanche chain checks',
    'INPUT_CHECK-RUN': 'false',
    'INPUT_PR-COMMENT': 'never',
    'INPUT_HISTORY-SIZE': '30',
    INPUT_INCIDENTS: 'false',
    'INPUT_FAIL-AFTER': '2',
    'INPUT_RECOVER-AFTER': '1',
    'INPUT_INCIDENT-LABELS': 'avalanche-incident',
    'INPUT_VALIDATE-ONLY': 'false',
  }
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  for (const [name, value] of Object.entries(extraEnv)) env[name] = value.replace('$WORKSPACE', dir)
  const result = await run(process.execPath, [join(bundle, 'index.js')], { env, cwd: dir }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )
  return {
    ...result,
    dir,
    outputs: readOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
  }
}
