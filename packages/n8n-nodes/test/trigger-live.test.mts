/**
 * The Avalanche Trigger (polling) in a running `n8n start` with the packed package while the devnet's chains grow
 * (issue 14): one workflow per event, activated through n8n's REST API, polled by n8n's own schedule (once a minute,
 * n8n's shortest) and at each activation, and every execution's items compared with what the devnet serves through
 * core: each new block, container, transaction and validator change exactly once, in order; nothing lost or repeated
 * across a deactivation; a backlog larger than Max Items per Poll drained over the next polls, the items saying by how
 * much the trigger was behind.
 */
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type AvalancheClient, createClient } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyValidatorChanges, expectedSince, type Item, keyOf, type Start, startOf } from './growing-chain.mts'
import { manifest, n8nDir } from './n8n.mts'
import { type N8nServer, startN8nServer } from './n8n-server.mts'
import { listExecutions } from './webhook-trigger.mts'

const TRIGGER = 'Avalanche Trigger'
const MAX_ITEMS = 4
/** n8n keeps execution data as `flatted` text; its own copy reads it. */
const flatted = createRequire(join(n8nDir, 'node_modules', 'n8n', 'package.json'))('flatted') as {
  parse: (text: string) => unknown
}

interface Watched {
  event: string
  id: string
  versionId: string
  maxItems: number
}

let devnet: Devnet
let n8n: N8nServer
let core: AvalancheClient
let chainId: string
/** ewoq takes part in most of the devnet's new EVM transactions: a backlog of dozens. */
let ewoq: string
const workflows = new Map<string, Watched>()
/** Where each event's cursor starts: read before activation, the chains standing still until the seeds are in. */
let start: Start
/** Per event: the polls of the scheduled phase and how many new items there were then. */
const firstPhase: Record<string, { polls: number; keys: number }> = {}

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await read()
    if (value !== undefined) return value
    await quiet(250)
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (n8n log: ${n8n.logFile})`)
}

/** The trigger's items of each finished execution of a workflow, oldest execution first. */
async function emitted(w: Watched): Promise<Item[][]> {
  const done = (await listExecutions(n8n.rest, w.id))
    .filter((e) => e.status !== 'running' && e.status !== 'new')
    .sort((a, b) => Number(a.id) - Number(b.id))
  const out: Item[][] = []
  for (const e of done) {
    const full = await n8n.rest<{ data: string }>('GET', `/executions/${e.id}`)
    const data = flatted.parse(full.data) as {
      resultData: { runData: Record<string, { data?: { main: { json: Item }[][] } }[]> }
    }
    out.push((data.resultData.runData[TRIGGER]?.[0]?.data?.main[0] ?? []).map((i) => i.json))
  }
  return out
}

async function executionCount(w: Watched): Promise<number> {
  return (await listExecutions(n8n.rest, w.id)).filter((e) => e.status !== 'running' && e.status !== 'new').length
}

/** The trigger's static data once its first poll stored a cursor (n8n activates through an outbox, a moment later). */
async function cursorStored(w: Watched): Promise<void> {
  await until(`${w.event}: the first poll's cursor`, async () => {
    const wf = await n8n.rest<{ staticData?: Record<string, Record<string, unknown>> | null }>(
      'GET',
      `/workflows/${w.id}`,
    )
    const state = wf.staticData?.[`node:${TRIGGER}`]
    return state && (state.cursor !== undefined || state.validators !== undefined) ? true : undefined
  })
}

const activate = (w: Watched) => n8n.rest('POST', `/workflows/${w.id}/activate`, { versionId: w.versionId })
const deactivate = (w: Watched) => n8n.rest('POST', `/workflows/${w.id}/deactivate`, {})

async function createWorkflow(
  event: string,
  parameters: Record<string, unknown>,
  credential: Record<string, unknown>,
  maxItems = MAX_ITEMS,
) {
  const workflow = await n8n.rest<{ id: string; versionId: string }>('POST', '/workflows', {
    name: `Avalanche Trigger live: ${event}`,
    active: false,
    settings: { executionOrder: 'v1' },
    connections: {},
    nodes: [
      {
        id: `trigger-${event}`,
        name: TRIGGER,
        type: `${manifest.name}.avalancheTrigger`,
        typeVersion: 1,
        position: [0, 0],
        parameters: {
          event,
          maxItems,
          pollTimes: { item: [{ mode: 'everyMinute' }] },
          ...parameters,
        },
        credentials: credential,
      },
    ],
  })
  workflows.set(event, { event, id: workflow.id, versionId: workflow.versionId, maxItems })
}

beforeAll(async () => {
  devnet = await startDevnet({ seed: 21, index: true })
  core = createClient({ network: 'custom', nodeUrl: devnet.url, dataApiUrl: devnet.url })
  chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
  ewoq = devnet.fixtures.data.evm.accounts.ewoq
  n8n = await startN8nServer()
  const node = await n8n.rest<{ id: string }>('POST', '/credentials', {
    name: 'Devnet Node API',
    type: 'avalancheNodeApi',
    data: { network: 'custom', baseUrl: devnet.url },
  })
  const data = await n8n.rest<{ id: string }>('POST', '/credentials', {
    name: 'Devnet Data API',
    type: 'avalancheDataApi',
    data: { apiKey: '', dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  })
  const nodeCredential = { avalancheNodeApi: { id: node.id, name: 'Devnet Node API' } }
  const dataCredential = { avalancheDataApi: { id: data.id, name: 'Devnet Data API' } }
  const chain = { __rl: true, mode: 'list', value: chainId }
  await createWorkflow('pChainBlock', { authentication: 'nodeApi' }, nodeCredential)
  await createWorkflow('xChainBlock', { authentication: 'nodeApi' }, nodeCredential)
  await createWorkflow('indexContainer', { authentication: 'nodeApi', indexName: 'X/block' }, nodeCredential)
  await createWorkflow('validatorSetChange', { authentication: 'nodeApi' }, nodeCredential)
  await createWorkflow('evmBlock', { authentication: 'dataApi', chainId: chain }, dataCredential)
  const address = { authentication: 'dataApi', chainId: chain, address: ewoq }
  await createWorkflow('addressTransaction', address, dataCredential, 10)

  start = await startOf(core, chainId, ewoq)
}, 240_000)

afterAll(async () => {
  await n8n?.stop()
  await devnet?.close()
})

const expected = () => expectedSince(core, start, chainId, ewoq)
const validatorsDone = async () =>
  applyValidatorChanges(core, start, (await emitted(workflows.get('validatorSetChange') as Watched)).flat())

describe('the Avalanche Trigger in a running n8n, the devnet advancing', () => {
  it('activation records where each chain is and emits nothing', async () => {
    for (const w of workflows.values()) await activate(w)
    for (const w of workflows.values()) await cursorStored(w)
    for (const w of workflows.values()) expect(await executionCount(w), w.event).toBe(0)
  }, 60_000)

  it("n8n's schedule polls: each new block, transaction and validator change arrives, oldest first", async () => {
    devnet.advance(4)
    const want = await expected()
    // Every event has something new after four rounds (a validator is added once every four P-Chain blocks).
    for (const [event, keys] of Object.entries(want)) expect(keys.length, event).toBeGreaterThan(0)
    // The next scheduled poll of each workflow (n8n polls every minute at a random second).
    for (const w of workflows.values())
      await until(
        `${w.event}: a scheduled poll`,
        async () => ((await executionCount(w)) > 0 ? true : undefined),
        90_000,
      )
    for (const [event, keys] of Object.entries(want)) {
      const polls = await emitted(workflows.get(event) as Watched)
      const all = polls.flat()
      expect(all.length, event).toBeGreaterThan(0)
      expect(all.map(keyOf[event] as (i: Item) => string), event).toEqual(keys.slice(0, all.length))
      firstPhase[event] = { polls: polls.length, keys: keys.length }
    }
  }, 150_000)

  it('deactivated while the chains grow, reactivated: catches up over the next polls, saying by how much it is behind', async () => {
    devnet.advance(4)
    for (const w of workflows.values()) await deactivate(w)
    await quiet(2_000)
    devnet.advance(10)
    const want = await expected()
    // Each activation polls once: reactivate until every workflow has emitted everything (at most 4 items a poll).
    for (let cycle = 0; cycle < 12; cycle++) {
      const pending = []
      for (const w of workflows.values()) {
        const count = (await emitted(w)).flat().length
        if (w.event === 'validatorSetChange' ? await validatorsDone() : count >= (want[w.event]?.length ?? 0)) continue
        pending.push(w)
      }
      if (!pending.length) break
      await Promise.all(
        pending.map(async (w) => {
          const before = await executionCount(w)
          await activate(w)
          await until(`${w.event}: the activation's poll`, async () =>
            (await executionCount(w)) > before ? true : undefined,
          )
          await deactivate(w)
        }),
      )
      await quiet(1_000)
    }
    for (const [event, keys] of Object.entries(want)) {
      const polls = await emitted(workflows.get(event) as Watched)
      const all = polls.flat()
      expect(all.map(keyOf[event] as (i: Item) => string), event).toEqual(keys)
      // A poll that left items for later says how many; the next poll starts right after it.
      let seen = 0
      let caughtUp = 0
      polls.forEach((items, k) => {
        expect(items.length, event).toBeLessThanOrEqual((workflows.get(event) as Watched).maxItems)
        seen += items.length
        const progress = items[0]?._trigger
        for (const item of items) expect(item._trigger, event).toEqual(progress)
        if (!progress) return
        caughtUp++
        expect(progress.catchingUp, event).toBe(true)
        // What was new when the poll ran and not yet emitted (the chains stood still during each phase).
        const known = k < (firstPhase[event]?.polls ?? 0) ? (firstPhase[event]?.keys ?? 0) : keys.length
        expect(progress.behind, `${event}, poll ${k + 1}`).toBe(known - seen)
      })
      expect(caughtUp, `${event} catching up`).toBeGreaterThan(0)
      expect(polls.at(-1)?.[0]?._trigger, event).toBeUndefined()
    }

    // Validator changes: each one once, applying them to the set at activation gives the set now.
    expect(await validatorsDone()).toBe(true)
    const changes = (await emitted(workflows.get('validatorSetChange') as Watched)).flat()
    expect(changes.some((c) => c.change === 'removed')).toBe(true)
    expect(changes.some((c) => c.change === 'added')).toBe(true)
  }, 300_000)
})
