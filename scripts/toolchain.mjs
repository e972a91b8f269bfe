#!/usr/bin/env node
// Runs a command with the toolchain this repository needs: Node >= 22.19 and the pnpm pinned in package.json.
// When the machine lacks them, both are installed from the npm registry into .toolchain/ (nothing global).
// Written for any Node >= 18 with npm, so that `npm test` and `npm run demo` work on a fresh machine.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const toolchain = join(root, '.toolchain')
const [minMajor, minMinor] = [22, 19]

function say(message) {
  process.stderr.write(`toolchain: ${message}\n`)
}

// Each tool gets its own prefix: `npm install --no-save` prunes whatever else a prefix holds.
function npmInstall(name, spec) {
  say(`installing ${spec} into .toolchain/${name}`)
  const prefix = join(toolchain, name)
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
}

function nodeBinDir() {
  const [major, minor] = process.versions.node.split('.').map(Number)
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return dirname(process.execPath)
  const pkg = `node-${process.platform}-${process.arch}`
  const bin = join(toolchain, 'node', 'node_modules', pkg, 'bin')
  if (!existsSync(join(bin, 'node'))) {
    say(`Node ${process.versions.node} is older than ${minMajor}.${minMinor}`)
    npmInstall('node', `${pkg}@24`)
  }
  return bin
}

/** The bin directory of the pinned pnpm: the machine's own when it matches, else one installed into .toolchain/. */
function pnpmBinDir(version, env) {
  const found = spawnSync('pnpm', ['--version'], { env, encoding: 'utf8' })
  if (found.status === 0 && found.stdout.trim() === version) return undefined
  const prefix = join(toolchain, 'pnpm')
  const manifest = join(prefix, 'node_modules', 'pnpm', 'package.json')
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version
  if (installed !== version) npmInstall('pnpm', `pnpm@${version}`)
  return join(prefix, 'node_modules', '.bin')
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const pnpmVersion = manifest.packageManager.replace(/^pnpm@/, '').split('+')[0]
const env = { ...process.env, PATH: `${nodeBinDir()}${delimiter}${process.env.PATH}` }
// On PATH, not just run by file: turbo looks the package manager up there.
const pnpmBin = pnpmBinDir(pnpmVersion, env)
if (pnpmBin) env.PATH = `${pnpmBin}${delimiter}${env.PATH}`

function run(args) {
  const result = spawnSync('pnpm', args, { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run(['install', '--frozen-lockfile', '--prefer-offline'])
run(process.argv.slice(2))
