/** Child processes of the bench, pinned off the devnet's core: one-shot scripts that print JSON, and IPC workers. */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { pinning } from './devnet-process.ts'

const exec = promisify(execFile)

const command = (script: string, args: string[]) => {
  const path = fileURLToPath(new URL(script, import.meta.url))
  return [...(pinning()?.bench ?? []), process.execPath, path, ...args]
}

/** Runs `script` (relative to this folder) in a fresh process and parses the one JSON line it prints. */
export async function runChild<T>(script: string, args: string[]): Promise<T> {
  const [file, ...rest] = command(script, args)
  const { stdout } = await exec(file as string, rest, { maxBuffer: 1 << 24 })
  return JSON.parse(stdout) as T
}

export interface Worker {
  request<T>(message: object): Promise<T>
  /** Sends `{type: 'stop'}`, returns its answer and waits for the process to end. */
  stop<T>(): Promise<T>
}

/** A long-lived child driven over IPC: each request gets the reply with the same id. */
export function startWorker(script: string, args: string[]): Worker {
  const [file, ...rest] = command(script, args)
  const child: ChildProcess = spawn(file as string, rest, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  child.on('message', (reply: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const waiter = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.ok) waiter?.resolve(reply.value)
    else waiter?.reject(new Error(`${script} ${args.join(' ')}: ${reply.error}`))
  })
  child.on('exit', (code) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`${script} exited (${code}): ${stderr.slice(-2000)}`))
    pending.clear()
  })
  const request = <T>(message: object) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ ...message, id })
    })
  return {
    request,
    async stop<T>() {
      const value = await request<T>({ type: 'stop' })
      const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve()
      child.disconnect()
      await exited
      return value
    },
  }
}
