/**
 * A real n8n 2.x for the end-to-end test, installed once per lockfile into a cache folder outside the workspace
 * (it is 2.9 GB and 2,370 packages). The install follows the recipe that works offline from the npm registry:
 * `npm install --ignore-scripts` with the committed lockfile (the manifest pins linkedom, whose newest release needs
 * a package the registry lacks), then `npm rebuild` of the two native modules the CLI needs (sqlite3 builds from
 * source, isolated-vm ships a Node 24 prebuild); the other install scripts (kafka, oracle, …) are not needed.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const manifestDir = fileURLToPath(new URL('./n8n/', import.meta.url))
const lock = readFileSync(join(manifestDir, 'package-lock.json'))
const version = JSON.parse(readFileSync(join(manifestDir, 'package.json'), 'utf8')).dependencies.n8n as string

/** Where n8n is installed: `$AVALANCHE_N8N_CACHE`, else `~/.cache/avalanche-automation/n8n-<version>-<lock hash>`. */
export const n8nDir =
  process.env.AVALANCHE_N8N_CACHE ??
  join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'avalanche-automation',
    `n8n-${version}-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`,
  )
export const n8nBin = join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n')
const ready = join(n8nDir, '.installed')

const say = (message: string) => process.stderr.write(`n8n e2e: ${message}\n`)

function step(args: string[], cwd: string, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' })
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.pipe(out)
    child.stderr.pipe(out)
    child.on('error', reject)
    child.on('close', (code) => {
      out.end()
      if (code === 0) resolve()
      else {
        const tail = readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')
        reject(new Error(`npm ${args.join(' ')} failed with exit code ${code} (log: ${log})\n${tail}`))
      }
    })
  })
}

/** Installs n8n unless this lockfile's install is already in the cache. Prints each step and its duration. */
export async function ensureN8n(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    throw new Error(
      `n8n ${version} needs Node 24 or later (this is ${process.versions.node}): run the tests with \`npm test\`, which installs Node 24 into .toolchain/, or switch to Node 24`,
    )
  }
  if (existsSync(ready)) return
  const staging = `${n8nDir}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  cpSync(manifestDir, staging, { recursive: true })
  const log = join(staging, 'install.log')
  say(`installing n8n ${version} into ${n8nDir} (first run only: about 3-4 minutes, 2.9 GB)`)
  const started = Date.now()
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`
  try {
    await step(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], staging, log)
    say(`packages installed (${elapsed()}); building sqlite3 from source and isolated-vm`)
    await step(['rebuild', 'sqlite3', 'isolated-vm', '--loglevel=error'], staging, log)
  } catch (error) {
    say(`install failed after ${elapsed()}; the partial install stays in ${staging} for inspection`)
    throw error
  }
  writeFileSync(join(staging, '.installed'), `n8n ${version}, installed in ${elapsed()}\n`)
  rmSync(n8nDir, { recursive: true, force: true })
  renameSync(staging, n8nDir)
  say(`n8n ${version} ready (${elapsed()})`)
}
