import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@avalanche-automation/devnet'
import { afterAll, describe, expect, it } from 'vitest'
import { executeFunctions } from './fakes.mts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )
}

describe('built package', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

  it('builds every file the n8n field lists', () => {
    expect(existsSync(dist), 'run the build first (turbo run build)').toBe(true)
    for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(existsSync(join(root, file)), file).toBe(true)
    for (const icon of [
      'nodes/Avalanche/avalanche.svg',
      'nodes/AvalancheTrigger/avalanche.dark.svg',
      'credentials/avalanche.svg',
    ])
      expect(existsSync(join(dist, icon)), icon).toBe(true)
    expect(existsSync(join(dist, 'nodes/Avalanche/Avalanche.node.json'))).toBe(true)
  })

  it('uses no restricted globals, console or unlisted imports in dist (the verification scanner rules)', () => {
    const found: string[] = []
    for (const file of jsFiles(dist)) {
      const code = readFileSync(file, 'utf8')
      for (const m of code.matchAll(
        /\b(setTimeout|clearTimeout|setInterval|clearInterval|setImmediate|clearImmediate|globalThis|__dirname|__filename)\b|\bprocess\.(?=[A-Za-z_$])|\bconsole\.|\bglobal\.|\beval\(|new Function\(/g,
      ))
        found.push(`${file.slice(dist.length)}: ${m[0]}`)
      for (const m of code.matchAll(/require\("([^"]+)"\)/g)) {
        const target = m[1] as string
        if (!target.startsWith('.') && !['n8n-workflow', 'crypto', 'node:crypto', 'zod'].includes(target))
          found.push(`${file.slice(dist.length)}: require(${target})`)
      }
    }
    expect(found).toEqual([])
  })

  it('loads as CommonJS and exposes the node classes', async () => {
    const { createRequire } = await import('node:module')
    const require = createRequire(join(root, 'package.json'))
    const started = performance.now()
    const mod = require(join(root, pkg.n8n.nodes[0]))
    expect(typeof mod.Avalanche).toBe('function')
    expect(new mod.Avalanche().description.usableAsTool).toBe(true)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(typeof require(join(root, pkg.n8n.nodes[1])).AvalancheTrigger).toBe('function')
    expect(typeof require(join(root, pkg.n8n.nodes[2])).AvalancheWebhookTrigger).toBe('function')
  })

  it('runs from the bundle (zod without JIT, injected transport and sleep) against the devnet', async () => {
    const { createRequire } = await import('node:module')
    const require = createRequire(join(root, 'package.json'))
    const { Avalanche } = require(join(root, pkg.n8n.nodes[0]))
    const devnet = await startDevnet({ seed: 5, xTxs: 50 })
    try {
      const credentials = { avalancheNodeApi: { network: 'custom', baseUrl: devnet.url } }
      const ewoq = devnet.fixtures.accounts.ewoq
      const [items] = await new Avalanche().execute.call(
        executeFunctions({
          parameters: [
            { resource: 'nodeInfo', operation: 'info.getNodeVersion' },
            { resource: 'xChain', operation: 'avm.getUTXOs', addresses: ewoq.x, limit: 3 },
            { resource: 'pChain', operation: 'platform.getBalance', addresses: 'nope' },
          ],
          credentials,
          continueOnFail: true,
        }),
      )
      expect(items[0].json.version).toBe(devnet.fixtures.nodeVersion)
      expect(items.slice(1, 4).map((i: { pairedItem: unknown }) => i.pairedItem)).toEqual([
        { item: 1 },
        { item: 1 },
        { item: 1 },
      ])
      expect(items[4]).toMatchObject({ pairedItem: { item: 2 } })
      expect(items[4].json.error).toMatch(/^Invalid value in "Addresses", item 1: /)
    } finally {
      await devnet.close()
    }
  })

  describe('packed', () => {
    const out = mkdtempSync(join(tmpdir(), 'n8n-pack-'))
    afterAll(() => rmSync(out, { recursive: true, force: true }))

    it('has no runtime dependencies and only n8n-workflow as peer', () => {
      execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: root, stdio: 'pipe' })
      const tarball = readdirSync(out).find((f) => f.endsWith('.tgz')) as string
      const packed = JSON.parse(
        execFileSync('tar', ['-xzOf', join(out, tarball), 'package/package.json'], { encoding: 'utf8' }),
      )
      expect(packed.dependencies ?? {}).toEqual({})
      expect(packed.peerDependencies).toEqual({ 'n8n-workflow': '*' })
      expect(packed.keywords).toContain('n8n-community-node-package')
      expect(packed.license).toBe('MIT')
      const files = execFileSync('tar', ['-tzf', join(out, tarball)], { encoding: 'utf8' }).split('\n')
      expect(files.filter((f) => f.endsWith('.ts'))).toEqual([])
      expect(statSync(join(out, tarball)).size).toBeLessThan(256 * 1024)
    }, 60_000)
  })
})
