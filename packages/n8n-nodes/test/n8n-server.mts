/**
 * A running `n8n start` on the loopback interface for the editor test: the packed package installed (n8n.mts), the
 * owner account set up through n8n's REST API (`POST /rest/owner/setup`, what the setup screen sends), so a browser
 * only needs the session cookie that call returns.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installPackedPackage, n8nBin, n8nEnv, n8nNode } from './n8n.mts'

export const OWNER = { email: 'owner@example.com', password: 'Avalanche-e2e-1', firstName: 'Ava', lastName: 'Owner' }

export interface N8nServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** The owner's session cookie (`n8n-auth`). */
  authCookie: string
  /** n8n's log, for failure reports. */
  logFile: string
  /** The folder with the environment n8n runs in (HOME; the user folder is its `home`), for more n8n processes. */
  work: string
  /** The environment n8n was started with. */
  env: NodeJS.ProcessEnv
  /** Logged-in REST call (JSON in and out). */
  rest: <T>(method: string, path: string, body?: unknown) => Promise<T>
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`n8n start exited with code ${child.exitCode} (log: ${logFile})`)
    try {
      // n8n answers "n8n is starting up" (as text) until its REST API is mounted.
      const response = await fetch(`${url}/rest/settings`)
      if (response.ok && response.headers.get('content-type')?.includes('application/json')) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`n8n did not answer on ${url} within ${timeoutMs / 1000} s (log: ${logFile})`)
}

/**
 * Starts n8n with this package installed, sets up the owner, and returns its URL and the owner's cookie. `extraEnv`
 * adds to n8n's environment (the queue-mode script's database and Redis).
 */
export async function startN8nServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<N8nServer> {
  const work = mkdtempSync(join(tmpdir(), 'n8n-editor-'))
  installPackedPackage(join(work, 'home'))
  const [port, brokerPort] = [await freePort(), await freePort()]
  const url = `http://127.0.0.1:${port}`
  const logFile = join(work, 'n8n.log')
  const log = createWriteStream(logFile)
  const env = {
    ...n8nEnv(work, brokerPort),
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_SECURE_COOKIE: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    ...extraEnv,
  }
  const child = spawn(n8nNode, [n8nBin, 'start'], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    log.end()
    rmSync(work, { recursive: true, force: true })
  }
  try {
    await waitUntilUp(url, child, logFile, 120_000)
    const setup = await fetch(`${url}/rest/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    })
    if (!setup.ok) throw new Error(`owner setup failed: HTTP ${setup.status} ${await setup.text()}`)
    const authCookie = /n8n-auth=([^;]+)/.exec(setup.headers.get('set-cookie') ?? '')?.[1]
    if (!authCookie)
      throw new Error(
        `owner setup returned no n8n-auth cookie: ${JSON.stringify([...setup.headers])} ${await setup.text()}`,
      )
    const rest = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${url}/rest${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: `n8n-auth=${authCookie}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`${method} /rest${path}: HTTP ${response.status} ${text}`)
      return (JSON.parse(text) as { data: T }).data
    }
    return { url, authCookie, logFile, work, env, rest, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
