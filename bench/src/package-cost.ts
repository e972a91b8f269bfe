/**
 * What a library costs a project that installs it: bytes of its own installed files, bytes with every dependency it
 * pulls in, and the size of an ESM bundle (esbuild, minified, tree-shaken, platform node) of a program that makes one
 * call. Each bundle is run once against the devnet, so that a size is only reported for a bundle that works. Core's
 * program is bundled from its root entry (the whole catalog) and from its lean entry points (one service each).
 */
import { execFile } from 'node:child_process'
import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { devnetFixtures, spawnDevnet } from './devnet-process.ts'

const exec = promisify(execFile)
const benchDir = fileURLToPath(new URL('..', import.meta.url))
const coreDir = fileURLToPath(new URL('../../packages/core', import.meta.url))

export interface InstallSize {
  name: string
  version: string
  ownBytes: number
  /** Own files plus every package of its production dependency closure, each counted once. */
  withDependenciesBytes: number
  dependencyCount: number
}

export interface BundleSize {
  label: string
  call: string
  bytes: number
  gzipBytes: number
  /** What the bundle printed when run against the devnet, or why it failed. */
  ran: string
  ok: boolean
  /** Bytes of the minified output by package (or by core's source folder), largest first. */
  composition: { from: string; bytes: number }[]
}

export interface PackageCostResult {
  install: InstallSize[]
  /** Peers that are not installed here. */
  missing: string[]
  bundles: BundleSize[]
  esbuild: string
}

/** Apparent size of the files under `dir` (symbolic links and nested node_modules are not the package's own). */
function ownBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink() || (entry.isDirectory() && entry.name === 'node_modules')) continue
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? ownBytes(path) : lstatSync(path).size
  }
  return total
}

/** Node's lookup of `name` from `dir`: the nearest node_modules/name up the tree. */
function findPackage(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name)
    try {
      if (statSync(join(candidate, 'package.json')).isFile()) return realpathSync(candidate)
    } catch {}
    if (dirname(at) === at) return undefined
  }
}

interface Manifest {
  name: string
  version: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

function closure(dir: string): Set<string> {
  const seen = new Set<string>()
  const visit = (at: string) => {
    const m = manifest(at)
    for (const dep of Object.keys({ ...m.dependencies, ...m.optionalDependencies })) {
      const found = findPackage(dep, at)
      if (!found || seen.has(found)) continue
      seen.add(found)
      visit(found)
    }
  }
  visit(dir)
  return seen
}

async function installSize(dir: string, own?: number): Promise<InstallSize> {
  const m = manifest(dir)
  const deps = closure(dir)
  const mine = own ?? ownBytes(dir)
  let total = mine
  for (const dep of deps) total += ownBytes(dep)
  return { name: m.name, version: m.version, ownBytes: mine, withDependenciesBytes: total, dependencyCount: deps.size }
}

/** Core as published: the files `npm pack` would ship (dist, src without tests), not the work tree. */
async function corePackedBytes(): Promise<number> {
  const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: coreDir })
  const [info] = JSON.parse(stdout) as { unpackedSize: number }[]
  return info?.unpackedSize ?? ownBytes(coreDir)
}

const PEERS = ['@avalanche-sdk/client', '@avalabs/avalanchejs', 'avalanche', '@avalanche-sdk/chainkit'] as const

interface Entry {
  label: string
  call: string
  source: string
  /** What a working run prints. */
  expect: string
}

export const CORE = '@avalanche-automation/core'
/** Core's entries that make each call: the root entry (the whole catalog), then the lean ones (one service each). */
const CORE_NODE_ENTRIES = [CORE, `${CORE}/node`]
const CORE_DATA_ENTRIES = [CORE, `${CORE}/data`, `${CORE}/data/evm`]

function entries(nodeUrl: string, dataUrl: string, chainId: string, address: string, pHeight: number): Entry[] {
  const url = JSON.stringify(nodeUrl)
  const list = `{ chainId: ${JSON.stringify(chainId)}, address: ${JSON.stringify(address)}, pageSize: 1 }`
  const node = 'platform.getHeight'
  const data = 'data listNativeTransactions, 1 page'
  return [
    ...CORE_NODE_ENTRIES.map((entry) => ({
      label: entry,
      call: node,
      expect: String(pHeight),
      source: `import { createClient } from '${entry}'
const client = createClient({ nodeUrl: ${url} })
console.log(String((await client.platform.getHeight()).height))
await client.close()`,
    })),
    {
      label: '@avalanche-sdk/client (createAvalancheClient, README quick start)',
      call: node,
      expect: String(pHeight),
      source: `import { createAvalancheClient } from '@avalanche-sdk/client'
import { avalanche } from '@avalanche-sdk/client/chains'
const client = createAvalancheClient({ chain: avalanche, transport: { type: 'http', url: ${url} } })
console.log(String((await client.pChain.getHeight()).height))`,
    },
    {
      label: '@avalanche-sdk/client (createAvalancheCoreClient + getHeight, tree-shakable)',
      call: node,
      expect: String(pHeight),
      source: `import { createAvalancheCoreClient } from '@avalanche-sdk/client'
import { avalanche } from '@avalanche-sdk/client/chains'
import { getHeight } from '@avalanche-sdk/client/methods/pChain'
const client = createAvalancheCoreClient({ chain: avalanche, transport: { type: 'http', url: ${url} + '/ext/bc/P' } })
console.log(String((await getHeight(client)).height))`,
    },
    {
      label: '@avalabs/avalanchejs 5 (pvm.PVMApi)',
      call: node,
      expect: String(pHeight),
      source: `import { pvm } from '@avalabs/avalanchejs'
console.log(String((await new pvm.PVMApi(${url}).getHeight()).height))`,
    },
    {
      label: 'avalanche 3.16 (Avalanche().PChain())',
      call: node,
      expect: String(pHeight),
      source: `import { Avalanche } from 'avalanche'
const u = new URL(${url})
const avalanche = new Avalanche(u.hostname, Number(u.port), 'http', 12345)
console.log((await avalanche.PChain().getHeight()).toString(10))`,
    },
    ...CORE_DATA_ENTRIES.map((entry) => ({
      label: entry,
      call: data,
      expect: '1',
      source: `import { createClient } from '${entry}'
const client = createClient({ dataApiUrl: ${JSON.stringify(dataUrl)} })
console.log(String((await client.data.listNativeTransactions(${list})).transactions.length))
await client.close()`,
    })),
    {
      label: '@avalanche-sdk/chainkit (AvalancheCore + standalone function, FUNCTIONS.md)',
      call: data,
      expect: '1',
      source: `import { AvalancheCore } from '@avalanche-sdk/chainkit/core.js'
import { dataEvmAddressTransactionsListNative } from '@avalanche-sdk/chainkit/funcs/dataEvmAddressTransactionsListNative.js'
const sdk = new AvalancheCore({ enableTelemetry: false })
const res = await dataEvmAddressTransactionsListNative(sdk, ${list}, { serverURL: ${JSON.stringify(dataUrl)} })
if (!res.ok) throw res.error
console.log(String(res.value.result.transactions.length))`,
    },
    {
      label: '@avalanche-sdk/chainkit (Avalanche class, README)',
      call: data,
      expect: '1',
      source: `import { Avalanche } from '@avalanche-sdk/chainkit'
const sdk = new Avalanche({ enableTelemetry: false })
const page = await sdk.data.evm.address.transactions.listNative(${list}, { serverURL: ${JSON.stringify(dataUrl)} })
console.log(String(page.result.transactions.length))`,
    },
  ]
}

/** Output bytes grouped by the package each input belongs to (core's own files by their folder under src). */
function composition(metafile: Metafile): { from: string; bytes: number }[] {
  const totals = new Map<string, number>()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)?.[1]
      const core = /packages\/core\/dist\//.test(input) ? '@avalanche-automation/core' : undefined
      // The entry program itself is a few bytes: leave it out.
      if (!pkg && !core) continue
      const from = (pkg ?? core) as string
      totals.set(from, (totals.get(from) ?? 0) + bytesInOutput)
    }
  }
  return [...totals].map(([from, bytes]) => ({ from, bytes })).sort((a, b) => b.bytes - a.bytes)
}

export async function packageCost(log: (line: string) => void): Promise<PackageCostResult> {
  log('package cost: install sizes, then esbuild bundles of one call per library...')
  const install = [await installSize(coreDir, await corePackedBytes())]
  const missing: string[] = []
  for (const name of PEERS) {
    const dir = findPackage(name, benchDir)
    // A peer that could not be installed here is reported, not dropped.
    if (dir) install.push(await installSize(dir))
    else missing.push(name)
  }

  const fixtures = await devnetFixtures({})
  const devnet = await spawnDevnet([])
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'))
  const bundles: BundleSize[] = []
  try {
    const chainId = fixtures.data.evm.chains[0]?.chainId ?? '43112'
    const list = entries(devnet.url, devnet.url, chainId, fixtures.data.evm.accounts.ewoq, fixtures.p.height)
    for (const [i, entry] of list.entries()) {
      let built: Awaited<ReturnType<typeof build<{ metafile: true; write: false }>>>
      try {
        built = await build({
          stdin: { contents: entry.source, resolveDir: benchDir, sourcefile: `entry-${i}.mjs`, loader: 'js' },
          bundle: true,
          minify: true,
          treeShaking: true,
          format: 'esm',
          platform: 'node',
          target: 'node22',
          write: false,
          logLevel: 'silent',
          metafile: true,
          // CommonJS inside an ESM bundle needs `require` for Node's built-in modules.
          banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
        })
      } catch (error) {
        const ran = `fails: esbuild: ${(error as Error).message.split('\n')[0]}`
        bundles.push({ label: entry.label, call: entry.call, bytes: 0, gzipBytes: 0, ran, ok: false, composition: [] })
        continue
      }
      const code = built.outputFiles[0]?.contents ?? new Uint8Array()
      const file = join(dir, `bundle-${i}.mjs`)
      writeFileSync(file, code)
      const guard = fileURLToPath(new URL('./peers/guard-preload.ts', import.meta.url))
      let ran: string
      let ok = false
      try {
        const { stdout } = await exec(process.execPath, ['--import', guard, file], { timeout: 30_000 })
        ran = stdout.trim().split('\n').at(-1) ?? ''
        ok = ran === entry.expect
      } catch (error) {
        ran = `fails: ${String((error as { stderr?: string }).stderr || (error as Error).message)
          .trim()
          .split('\n')
          .slice(-3)
          .join(' ')
          .slice(0, 200)}`
      }
      bundles.push({
        label: entry.label,
        call: entry.call,
        bytes: code.length,
        gzipBytes: gzipSync(code, { level: 9 }).length,
        ran,
        ok,
        composition: composition(built.metafile),
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await devnet.stop()
  }
  const esbuild = (manifest(findPackage('esbuild', benchDir) as string) as Manifest).version
  return { install, missing, bundles, esbuild }
}
