import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@avalanche-automation/core'
import { startDevnet } from '@avalanche-automation/devnet'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseChecksFile } from '../src/config.js'
import { nodeSuite } from '../src/run.js'
import { checksFileSchema } from '../src/schema.js'
import { devnetSuite } from '../src/suite.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const repo = join(root, '..', '..')
const schemaFile = join(root, 'checks.schema.json')

let validate: ReturnType<Ajv['compile']> | undefined
/** What the committed schema says of a document, one line per error (none when it is valid). */
function problems(document: unknown): string[] {
  validate ??= new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')))
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}

/** Checks files in the repository: YAML blocks of the READMEs, `checks:` of the workflows, the examples folder. */
function examples(): { where: string; document: unknown }[] {
  const found: { where: string; document: unknown }[] = []
  const fromWorkflow = (
    where: string,
    workflow: { jobs?: Record<string, { steps?: { with?: { checks?: string } }[] }> },
  ) => {
    for (const job of Object.values(workflow?.jobs ?? {}))
      for (const step of job.steps ?? [])
        if (typeof step.with?.checks === 'string')
          found.push({ where: `${where} (inline checks)`, document: parse(step.with.checks) })
  }
  for (const readme of [join(repo, 'README.md'), join(root, 'README.md')]) {
    const text = readFileSync(readme, 'utf8')
    for (const [i, block] of [...text.matchAll(/```ya?ml\n([\s\S]*?)```/g)].entries()) {
      const document = parse(block[1] as string) as Record<string, unknown> | unknown[] | null
      const where = `${readme.slice(repo.length + 1)} yaml block ${i + 1}`
      if (Array.isArray(document) || (document && 'checks' in document && !('jobs' in document)))
        found.push({ where, document })
      else if (document && 'jobs' in document) fromWorkflow(where, document as never)
    }
  }
  const workflows = join(repo, '.github', 'workflows')
  for (const name of readdirSync(workflows))
    fromWorkflow(`.github/workflows/${name}`, parse(readFileSync(join(workflows, name), 'utf8')))
  const folder = join(root, 'examples')
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.yml'))) {
    const text = readFileSync(join(folder, name), 'utf8')
    if (name.endsWith('checks.yml')) found.push({ where: `examples/${name}`, document: parse(text) })
    else fromWorkflow(`examples/${name}`, parse(text))
  }
  return found
}

describe('the JSON Schema of the checks file (checks.schema.json)', () => {
  it('is what the sources generate (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const generated = await checksFileSchema()
    if (process.env.UPDATE_SCHEMA) writeFileSync(schemaFile, `${JSON.stringify(generated, null, 2)}\n`)
    expect(
      JSON.parse(readFileSync(schemaFile, 'utf8')),
      'run UPDATE_SCHEMA=1 pnpm vitest run --project github-action test/schema.test.ts',
    ).toEqual(generated)
  })

  it('accepts every checks example of the repository, the default suites and a file with maintenance windows', async () => {
    const all = examples()
    expect(all.map((e) => e.where)).toEqual(
      expect.arrayContaining([
        'packages/github-action/README.md yaml block 2',
        '.github/workflows/chain-checks.yml (inline checks)',
        'examples/monitor-checks.yml',
      ]),
    )
    for (const { where, document } of all) expect(problems(document), where).toEqual([])
    // The examples the Action itself accepts too (README blocks hold placeholders such as "P-fuji1...").
    for (const { where, document } of all.filter((e) => !e.where.includes('README')))
      await expect(parseChecksFile(JSON.stringify(document), where), where).resolves.toBeTruthy()
    expect(problems(nodeSuite)).toEqual([])
    const devnet = await startDevnet({ index: true })
    const client = createClient({ nodeUrl: devnet.url, dataApiUrl: devnet.url, metricsApiUrl: devnet.url })
    try {
      // Every check kind with its fields (the CLI's default suite covers them all).
      expect(problems(await devnetSuite(devnet, client))).toEqual([])
    } finally {
      await client.close()
      await devnet.close()
    }
  })

  it('rejects what the Action rejects: unknown kinds and fields, wrong values, missing fields, bad windows', async () => {
    const bad: [string, unknown][] = [
      ['unknown kind', [{ id: 'a', kind: 'healthy' }]],
      ['unknown field', [{ id: 'a', kind: 'health', probes: 'readiness' }]],
      ['wrong enum', [{ id: 'a', kind: 'health', probe: 'ready' }]],
      ['missing kind field', [{ id: 'a', kind: 'node-version' }]],
      ['missing id', [{ kind: 'health' }]],
      ['bad severity', [{ id: 'a', kind: 'health', severity: 'fatal' }]],
      ['empty list', []],
      ['unknown top-level key', { checks: [{ id: 'a', kind: 'health' }], maintainance: [] }],
      [
        'window without its end',
        { checks: [{ id: 'a', kind: 'health' }], maintenance: [{ from: '2026-11-24T10:00:00Z' }] },
      ],
      [
        'weekly window on a wrong day',
        {
          checks: [{ id: 'a', kind: 'health' }],
          maintenance: [{ weekly: { days: ['sun'], from: '02:00', to: '03:00' } }],
        },
      ],
      ['uptime above 100', [{ id: 'u', kind: 'uptime', min: 180 }]],
      ['unknown operation', [{ id: 'c', kind: 'call', operation: 'platform.getHieght', assert: { path: '$.height' } }]],
      ['write operation', [{ id: 'c', kind: 'call', operation: 'data.createWebhook', assert: { path: '$.id' } }]],
    ]
    for (const [what, document] of bad) {
      expect(problems(document), what).not.toEqual([])
      await expect(parseChecksFile(JSON.stringify(document), 'bad.yml'), what).rejects.toThrow()
    }
  })
})
