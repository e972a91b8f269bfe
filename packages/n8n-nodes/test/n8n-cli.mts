/**
 * n8n's CLI (`n8n import:*`, `n8n execute`) for the tests that run workflows in a real n8n without a server: an n8n
 * whose data lives in a folder, and the execution `n8n execute --rawOutput` prints.
 */
import { spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { n8nBin, n8nNode } from './n8n.mts'

export interface CliResult {
  code: number | null
  /** The signal that ended n8n, when one did (then `code` is null). */
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/**
 * A runner of the n8n CLI in `work` with `env`. Its output goes to files, not pipes: Node writes to a pipe
 * asynchronously, and n8n's exit after printing a large execution can cut it short when the reader is slow (a busy
 * machine); writes to a file are synchronous.
 */
export function n8nCli(work: string, env: NodeJS.ProcessEnv): (...args: string[]) => Promise<CliResult> {
  let runs = 0
  const run = (args: string[]) =>
    new Promise<CliResult>((resolve, reject) => {
      const [out, err] = ['out', 'err'].map((kind) => join(work, `n8n-${++runs}.${kind}`)) as [string, string]
      const [outFd, errFd] = [openSync(out, 'w'), openSync(err, 'w')]
      const child = spawn(n8nNode, [n8nBin, ...args], { cwd: work, env, stdio: ['ignore', outFd, errFd] })
      const read = () => {
        closeSync(outFd)
        closeSync(errFd)
        return { stdout: readFileSync(out, 'utf8'), stderr: readFileSync(err, 'utf8') }
      }
      child.on('error', (error) => {
        read()
        reject(error)
      })
      child.on('close', (code, signal) => resolve({ code, signal, ...read() }))
    })
  // Once in CI, on a busy machine, n8n printed the execution and its error report and then was ended by a signal
  // instead of exiting (likely a native addon, isolated-vm or sqlite3, crashing at exit; no test sends signals to it).
  // The run's outcome was in the output all along, so such a run is made once more, and said.
  return async (...args) => {
    const first = await run(args)
    if (first.signal === null) return first
    process.stderr.write(`n8n ${args.join(' ')}: ended by ${first.signal}, running it once more\n`)
    return run(args)
  }
}

export type RunData = Record<
  string,
  { executionStatus: string; executionTime: number; data?: { main: { json: Record<string, unknown> }[][] } }[]
>

/** `n8n execute --rawOutput` prints the execution as pretty JSON between log lines (and an error report after it). */
export function execution(stdout: string) {
  const start = stdout.search(/^\{/m)
  const end = stdout.indexOf('\n}', start) + 2
  if (start < 0 || end < 2) throw new Error(`no execution JSON in the output:\n${stdout.slice(0, 2000)}`)
  return JSON.parse(stdout.slice(start, end)) as {
    status: string
    data: { resultData: { error?: { message: string; description?: string }; runData: RunData } }
  }
}
