/**
 * The workflow templates in examples/n8n/ in a real n8n (see n8n.mts): each imported with `n8n import:workflow` as a
 * user's file would be, its Settings node pointed at the devnet's data and at a local chat webhook that records what
 * it receives, run with `n8n execute`, and the posts compared with what the devnet serves through core.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AvalancheClient, createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackedPackage, n8nEnv } from './n8n.mts'
import { type CliResult, execution, n8nCli } from './n8n-cli.mts'

const examples = fileURLToPath(new URL('../../../examples/n8n/', import.meta.url))

let devnet: Devnet
let core: AvalancheClient
let work: string
let n8n: (...args: string[]) => Promise<CliResult>
let chat: Server
let chatUrl: string
/** The bodies the chat webhook received, in order. */
const posts: { text: string }[] = []

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11 })
  core = createClient({ network: 'custom', nodeUrl: devnet.url, dataApiUrl: devnet.url })
  chat = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      posts.push(JSON.parse(body))
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve))
  const address = chat.address()
  chatUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/services/T0/B0/secret`

  work = mkdtempSync(join(tmpdir(), 'n8n-examples-'))
  n8n = n8nCli(work, n8nEnv(work, 20_000 + ((process.pid + 7_919) % 20_000)))
  installPackedPackage(join(work, 'home'))
  // The credentials the templates name, as a user would have created them, pointing at the devnet.
  writeFileSync(
    join(work, 'credentials.json'),
    JSON.stringify([
      {
        id: 'avalancheNodeApi1',
        name: 'Avalanche Node API',
        type: 'avalancheNodeApi',
        data: { network: 'custom', baseUrl: devnet.url },
      },
      {
        id: 'avalancheDataApi1',
        name: 'Avalanche Data API',
        type: 'avalancheDataApi',
        data: { apiKey: '', dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
      },
    ]),
  )
  await succeed('import:credentials', '--input=credentials.json')
}, 120_000)

afterAll(async () => {
  await devnet?.close()
  await new Promise((resolve) => chat?.close(resolve))
  if (work) rmSync(work, { recursive: true, force: true })
})

async function succeed(...args: string[]): Promise<CliResult> {
  const result = await n8n(...args)
  expect(result.code, `n8n ${args.join(' ')}:\n${result.stdout}${result.stderr}`).toBe(0)
  return result
}

type Workflow = { id: string; nodes: { name: string; type: string; parameters: Record<string, unknown> }[] }

/** Imports a template with its Settings node's values replaced (as a user edits them), returning its ID. */
async function importTemplate(file: string, settings: Record<string, unknown>): Promise<string> {
  const workflow = JSON.parse(readFileSync(join(examples, file), 'utf8')) as Workflow
  const node = workflow.nodes.find((n) => n.name === 'Settings')
  if (!node) throw new Error(`${file}: no Settings node`)
  const { assignments } = node.parameters.assignments as { assignments: { name: string; value: unknown }[] }
  for (const [name, value] of Object.entries(settings)) {
    const field = assignments.find((a) => a.name === name)
    if (!field) throw new Error(`${file}: Settings has no field ${name}`)
    field.value = Array.isArray(value) ? JSON.stringify(value) : value
  }
  writeFileSync(join(work, file), JSON.stringify(workflow))
  await succeed('import:workflow', `--input=${file}`)
  return workflow.id
}

/** Runs a workflow from its manual trigger and returns what it posted to the chat webhook. */
async function run(id: string): Promise<string[]> {
  const before = posts.length
  const { stdout } = await succeed('execute', `--id=${id}`, '--rawOutput')
  expect(execution(stdout).status).toBe('success')
  return posts.slice(before).map((p) => p.text)
}

const avax = (wei: bigint | string) => Number(wei) / 1e18
type NativeTx = {
  blockNumber: string
  txHash: string
  value: string
  from: { address: string }
  to: { address: string }
}

describe('the n8n templates in examples/n8n', () => {
  it('every template is a workflow n8n imports, with a schedule, a manual trigger and setup notes', () => {
    for (const file of ['validator-stake-ending.json', 'low-balance.json', 'address-activity-to-chat.json']) {
      const workflow = JSON.parse(readFileSync(join(examples, file), 'utf8')) as Workflow
      const types = workflow.nodes.map((n) => n.type)
      expect(types, file).toEqual(
        expect.arrayContaining([
          'n8n-nodes-base.scheduleTrigger',
          'n8n-nodes-base.manualTrigger',
          'n8n-nodes-base.stickyNote',
          '@avalanche-automation/n8n-nodes-avalanche.avalanche',
        ]),
      )
    }
  })

  it('validator stake ending soon: posts each validator whose stake ends within the days set, and no other', async () => {
    const { validators } = await core.platform.getCurrentValidators({})
    const now = Date.now() / 1000
    const left = validators.map((v) => ({
      nodeID: v.nodeID,
      endTime: Number(v.endTime),
      days: (Number(v.endTime) - now) / 86400,
    }))
    // A threshold half-way in the widest gap between two validators' days left, so the clock cannot move one across.
    const sorted = left.map((v) => v.days).sort((a, b) => a - b)
    const gaps = sorted
      .slice(1)
      .map((d, k) => ({ gap: d - (sorted[k] as number), middle: (d + (sorted[k] as number)) / 2 }))
    const days = gaps.reduce((best, g) => (g.gap > best.gap ? g : best)).middle
    const expected = left.filter((v) => v.days < days)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(validators.length)

    const id = await importTemplate('validator-stake-ending.json', { days, chatWebhookUrl: chatUrl })
    const texts = await run(id)
    expect(texts).toHaveLength(expected.length)
    const posted = texts.map((text) => {
      const match = /^Validator (\S+) stops validating in ([\d.]+) days \((\S+)\): renew its stake before then\.$/.exec(
        text,
      )
      return { nodeID: match?.[1], days: Number(match?.[2]), endsAt: match?.[3] }
    })
    expect(
      posted.map(({ nodeID, endsAt }) => [nodeID, endsAt]),
      texts.join('\n'),
    ).toEqual(expected.map((v) => [v.nodeID, new Date(v.endTime * 1000).toISOString()]))
    posted.forEach((p, k) => {
      expect(Math.abs(p.days - (expected[k]?.days ?? 0))).toBeLessThan(0.02)
    })
  }, 120_000)

  it('low balance: posts the balance when it is below the minimum, nothing when it is not', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const address = devnet.fixtures.data.evm.accounts.alice
    const { nativeTokenBalance } = await core.data.getNativeBalance({ chainId, address })
    const balance = avax(nativeTokenBalance?.balance ?? '0')
    expect(balance).toBeGreaterThan(1)

    const low = await importTemplate('low-balance.json', {
      chainId,
      address,
      minimumBalance: balance + 1,
      chatWebhookUrl: chatUrl,
    })
    expect(await run(low)).toEqual([
      `Low balance: ${address} holds ${balance} AVAX on chain ${chainId}, below the minimum of ${balance + 1}. Top it up.`,
    ])
    const fine = await importTemplate('low-balance.json', {
      chainId,
      address,
      minimumBalance: balance - 1,
      chatWebhookUrl: chatUrl,
    })
    expect(await run(fine)).toEqual([])
  }, 120_000)

  it('activity on watched addresses: posts each transaction of each address once, oldest first, also as the chain grows', async () => {
    const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
    const { ewoq, alice } = devnet.fixtures.data.evm.accounts
    /** The posts the template should make for the transactions of `watched` (newest first, as listed). */
    const postsFor = async (watched: string, options: { limit?: number; startBlock?: number }) => {
      const posts: string[] = []
      const { limit, startBlock } = options
      const params = { chainId, address: watched, ...(startBlock === undefined ? {} : { startBlock }) }
      for await (const item of core.data.listTransactions.items(params, limit === undefined ? {} : { limit })) {
        const tx = item.nativeTransaction as NativeTx
        posts.push(
          `Activity on ${watched}: ${tx.from.address} → ${tx.to.address}, ${avax(tx.value)} AVAX in block ${tx.blockNumber} (tx ${tx.txHash})`,
        )
      }
      return posts
    }
    const blockOf = (text: string) => Number(/ in block (\d+) /.exec(text)?.[1])
    const expectOldestFirst = (texts: string[]) => {
      const blocks = texts.map(blockOf)
      expect(blocks).toEqual([...blocks].sort((a, b) => a - b))
    }
    const watched = [ewoq, alice]
    const recent = [...(await postsFor(ewoq, { limit: 20 })), ...(await postsFor(alice, { limit: 20 }))]
    expect(recent).toHaveLength(40)

    const id = await importTemplate('address-activity-to-chat.json', {
      chainId,
      addresses: watched,
      chatWebhookUrl: chatUrl,
    })
    const first = await run(id)
    expect([...first].sort()).toEqual([...recent].sort())
    expectOldestFirst(first)
    // The next run finds nothing it has not posted.
    expect(await run(id)).toEqual([])
    // The chain grows: the next run posts exactly the new transactions.
    const tip = Math.max(...first.map(blockOf))
    devnet.advance(3)
    const fresh = [
      ...(await postsFor(ewoq, { startBlock: tip + 1 })),
      ...(await postsFor(alice, { startBlock: tip + 1 })),
    ]
    expect(fresh.length).toBeGreaterThan(0)
    expect(fresh.length).toBeLessThan(20)
    const next = await run(id)
    expect([...next].sort()).toEqual([...fresh].sort())
    expectOldestFirst(next)
  }, 180_000)
})
