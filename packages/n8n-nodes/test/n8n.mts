/**
 * A real n8n 2.x for the end-to-end test, installed once per lockfile into a cache folder outside the workspace
 * (it is 2.9 GB and 2,370 packages). The install follows the recipe that works offline from the npm registry:
 * `npm install --ignore-scripts` with the committed lockfile (the manifest pins linkedom, whose newest release needs
 * a package the registry lacks), then `npm rebuild` of the two native modules the CLI needs (sqlite3 builds from
 * source, isolated-vm ships a Node 24 prebuild); the other install scripts (kafka, oracle, …) are not needed.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'
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

// n8n 2.x refuses Node < 24: on an older Node (the CI matrix runs 22 too), a Node 24 binary from the npm registry is
// installed beside it, as scripts/toolchain.mjs does for the repository.
const nodeMajor = Number(process.versions.node.split('.')[0])
const nodePackage = `node-${process.platform}-${process.arch}`
/** The Node that runs n8n: this one when it is 24 or later, else the one installed with n8n. */
export const n8nNode =
  nodeMajor >= 24 ? process.execPath : join(n8nDir, 'node24', 'node_modules', nodePackage, 'bin', 'node')

const say = (message: string) => process.stderr.write(`n8n e2e: ${message}\n`)

function step(args: string[], cwd: string, log: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' })
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
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
  if (existsSync(ready) && existsSync(n8nNode)) return
  const staging = `${n8nDir}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  cpSync(manifestDir, staging, { recursive: true })
  const log = join(staging, 'install.log')
  say(`installing n8n ${version} into ${n8nDir} (first run only: about 3-4 minutes, 2.9 GB)`)
  const started = Date.now()
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`
  // Native modules are built for the Node that runs n8n: npm runs under it (`#!/usr/bin/env node` finds it first).
  let env = process.env
  try {
    if (nodeMajor < 24) {
      say(`installing Node 24 for n8n (this is Node ${process.versions.node})`)
      const prefix = join(staging, 'node24')
      await step(
        ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${nodePackage}@24`],
        staging,
        log,
      )
      const bin = join(prefix, 'node_modules', nodePackage, 'bin')
      env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }
    }
    await step(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], staging, log, env)
    say(`packages installed (${elapsed()}); building sqlite3 from source and isolated-vm`)
    await step(['rebuild', 'sqlite3', 'isolated-vm', '--loglevel=error'], staging, log, env)
  } catch (error) {
    say(`install failed after ${elapsed()}; the partial install stays in ${staging} for inspection`)
    throw error
  }
  writeFileSync(join(staging, '.installed'), `n8n ${version}, installed in ${elapsed()}\n`)
  rmSync(n8nDir, { recursive: true, force: true })
  renameSync(staging, n8nDir)
  say(`n8n ${version} ready (${elapsed()})`)
}

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
/** This package's manifest (its name prefixes the node types: `<name>.avalanche`). */
export const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  name: string
  version: string
}

/**
 * Installs the packed tarball the way n8n installs a community package: unpacked under
 * `<userFolder>/.n8n/nodes/node_modules`, its dev and peer dependencies dropped, the package listed in
 * `<userFolder>/.n8n/nodes/package.json`.
 */
export function installPackedPackage(userFolder: string): void {
  const packDir = join(userFolder, 'pack')
  execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: packageRoot, stdio: 'pipe' })
  const tarball = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz')) as string)
  const nodesDir = join(userFolder, '.n8n', 'nodes')
  const installed = join(nodesDir, 'node_modules', manifest.name)
  mkdirSync(installed, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
  const {
    devDependencies: _d,
    peerDependencies: _p,
    ...shipped
  } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
  writeFileSync(join(installed, 'package.json'), JSON.stringify(shipped, null, 2))
  writeFileSync(
    join(nodesDir, 'package.json'),
    JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [manifest.name]: shipped.version } }),
  )
}

/** The environment of an n8n whose data lives in `work`: no telemetry, no nags, its own task-broker port. */
export function n8nEnv(work: string, brokerPort: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: work,
    N8N_USER_FOLDER: join(work, 'home'),
    N8N_ENCRYPTION_KEY: 'avalanche-e2e-encryption-key',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    // Another n8n on this machine (or a parallel run) must not collide on the task broker's port.
    N8N_RUNNERS_BROKER_PORT: String(brokerPort),
  }
}
