/** Runs the devnet CLI in its own process, so that the client under test and the server each get a core. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { type Devnet, type DevnetOptions, startDevnet } from '@avalanche-automation/devnet'

const cli = fileURLToPath(new URL('../../packages/devnet/dist/cli.mjs', import.meta.url))

export interface DevnetProcess {
  url: string
  /** CPU time the devnet process has used so far (Linux: /proc; 0 elsewhere), to tell when it is the ceiling. */
  cpuMs(): number
  stop(): Promise<void>
}

/** How every devnet process of this run fared under its load: up until stopped, and its peak RSS (sampled). */
export const devnetLoad: { args: string[]; peakRssMb: number; upUntilStopped: boolean }[] = []

/** utime + stime of a process from /proc/<pid>/stat, in ms (Linux counts in ticks of 1/100 s). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** The cores a process may run on (`0`, `0-1`), from /proc; undefined where there is no /proc. */
function cpusAllowed(pid: number): string | undefined {
  try {
    return /Cpus_allowed_list:\s+(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  } catch {
    return undefined
  }
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  } catch {
    return 0 // not Linux, or the process is gone
  }
}

let pinned: { devnet: string[]; bench: string[] } | undefined | null = null

/**
 * With taskset (util-linux) on a machine of 2+ cores, the devnet gets the last core and the bench the others. Decided
 * once, by the first call: the orchestrator then pins itself to the bench's cores, after which Node counts only those
 * (availableParallelism follows the process's affinity) and every devnet would inherit the clients' core.
 */
export function pinning(): { devnet: string[]; bench: string[] } | undefined {
  if (pinned !== null) return pinned
  const cores = availableParallelism()
  pinned =
    cores < 2 || spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0
      ? undefined
      : { devnet: ['taskset', '-c', String(cores - 1)], bench: ['taskset', '-c', `0-${cores - 2}`] }
  return pinned
}

export async function spawnDevnet(args: string[]): Promise<DevnetProcess> {
  const command = [...(pinning()?.devnet ?? []), process.execPath, cli, '--port', '0', ...args]
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const [url] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`devnet exited before printing its URL: ${stderr}`)
    }),
  ])) as [string]
  // The machine line of the results says where the devnet runs: check it (Linux), rather than trust taskset.
  const core = pinning()?.devnet.at(-1)
  const allowed = cpusAllowed(child.pid as number)
  if (core !== undefined && allowed !== undefined && allowed !== core) {
    child.kill('SIGKILL')
    throw new Error(`the devnet runs on cores ${allowed}, not on core ${core} as pinned`)
  }
  let peakRssMb = 0
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(child.pid as number))
  }, 100)
  return {
    url: url.trim(),
    cpuMs: () => cpuMsOf(child.pid as number),
    async stop() {
      clearInterval(sampler)
      devnetLoad.push({ args, peakRssMb, upUntilStopped: child.exitCode === null && child.signalCode === null })
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}

/**
 * The fixtures (IDs, addresses, counts, balances) of the world a devnet started with these options serves: the world
 * is derived from its options alone, so an in-process devnet with the same options knows what the spawned one holds.
 */
export async function devnetFixtures(options: DevnetOptions): Promise<Devnet['fixtures']> {
  const devnet = await startDevnet({ ...options, port: 0 })
  try {
    return devnet.fixtures
  } finally {
    await devnet.close()
  }
}
