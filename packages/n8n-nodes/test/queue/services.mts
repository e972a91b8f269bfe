/**
 * Redis and PostgreSQL from Debian's packages for n8n's queue mode, each on a free loopback port with its data in a
 * temporary folder: installed with apt-get when missing (as root), started for the run and stopped after it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../n8n-server.mts'

const say = (message: string) => process.stderr.write(`queue e2e: ${message}\n`)

/** PostgreSQL's server binaries (Debian keeps them out of PATH, under /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const major = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  return major && existsSync(join(root, major, 'bin', 'initdb')) ? join(root, major, 'bin') : undefined
}

const hasRedis = () => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Installs redis-server and postgresql with apt-get unless they are there. */
export function ensureServices(): void {
  const missing = [...(hasRedis() ? [] : ['redis-server']), ...(postgresBin() ? [] : ['postgresql'])]
  if (missing.length === 0) return
  if (process.getuid?.() !== 0)
    throw new Error(`Queue mode needs ${missing.join(' and ')}: run as root, or apt-get install ${missing.join(' ')}`)
  say(`installing ${missing.join(', ')} with apt-get`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env })
}

export interface Service {
  port: number
  stop: () => Promise<void>
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill('SIGTERM')
  return exited
}

/** redis-server on loopback, nothing saved to disk. */
export async function startRedis(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'queue-redis-'))
  const port = await freePort()
  const log = createWriteStream(join(dir, 'redis.log'))
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' })
      break
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    port,
    stop: async () => {
      await stopChild(child)
      log.end()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A PostgreSQL cluster on loopback with a database `n8n`, trust authentication for the local user `postgres`. The
 * server refuses to run as root: as root it runs as the `postgres` user the package creates.
 */
export async function startPostgres(): Promise<Service & { user: string; database: string }> {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (ensureServices installs it)')
  const dir = mkdtempSync(join(tmpdir(), 'queue-postgres-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, id('-u'), id('-g'))
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' })
  const data = join(dir, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ])
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'])
  return {
    port,
    user: 'postgres',
    database: 'n8n',
    stop: async () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
