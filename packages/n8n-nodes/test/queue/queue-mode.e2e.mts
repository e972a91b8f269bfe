/**
 * The Avalanche Webhook Trigger under n8n's queue mode (`pnpm run e2e:queue`, not part of the default run): Redis and
 * PostgreSQL from Debian's packages on loopback, `n8n start` as the main process (it receives the webhooks and queues
 * executions) and two `n8n worker`s (they run them), the devnet advancing and delivering address activity to the
 * webhook trigger's workflow while polling trigger workflows follow its chains. Prints events, executions, duplicates,
 * lost and the latency from event to execution, and fails on a loss or a duplicate.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createClient, signWebhookPayload } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { expectedSince, type Item, keyOf, startOf } from '../growing-chain.mts'
import { ensureN8n, manifest, n8nBin, n8nNode } from '../n8n.mts'
import { freePort, type N8nServer, startN8nServer } from '../n8n-server.mts'
import {
  activate,
  createDataCredential,
  createTriggerWorkflow,
  deliver,
  listExecutions,
  waitForExecutions,
} from '../webhook-trigger.mts'
import { ensureServices, type Service, startPostgres, startRedis } from './services.mts'

const API_KEY = 'queue-mode-e2e-key-3d9b'
/**
 * Rounds of replayed activity, each delivering the latest EVENTS_PER_ROUND transactions of the address as new
 * messages at once: QUEUE_ROUNDS x QUEUE_EVENTS_PER_ROUND events, QUEUE_ROUND_GAP_MS apart (default 10 events/s).
 */
const ROUNDS = Number(process.env.QUEUE_ROUNDS ?? 40)
const EVENTS_PER_ROUND = Number(process.env.QUEUE_EVENTS_PER_ROUND ?? 5)
const ROUND_GAP_MS = Number(process.env.QUEUE_ROUND_GAP_MS ?? 500)
/**
 * The service's retry schedule (10 s, 1 min, 5 min, ... up to a day) compressed so that an attempt n8n did not
 * answer within the documented 10 s is retried within the run: a message counts as lost only after all of them.
 */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000]
/** The live devnet: a round (a block on every chain, new transactions of the address) every ADVANCE_MS for LIVE_MS. */
const ADVANCE_MS = 3_000
const LIVE_MS = Number(process.env.QUEUE_LIVE_MS ?? 130_000)
const POLL_TRIGGER = 'Avalanche Trigger'
/** Messages delivered again, as the service does when it did not get an answer. */
const REDELIVERED = 25
const WORKERS = 2

const say = (message: string) => process.stderr.write(`queue e2e: ${message}\n`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let redis: Service
let postgres: Service
let devnet: Devnet
let main: N8nServer
const workers: { child: ChildProcess; log: string }[] = []

async function startWorker(index: number): Promise<void> {
  const log = join(main.work, `worker-${index}.log`)
  const out = createWriteStream(log)
  const child = spawn(n8nNode, [n8nBin, 'worker', '--concurrency=10'], {
    cwd: main.work,
    env: { ...main.env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(out)
  child.stderr?.pipe(out)
  workers.push({ child, log })
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`n8n worker ${index} exited (${child.exitCode}); log: ${log}`)
    if (readFileSync(log, 'utf8').includes('n8n worker is now ready')) return
    await sleep(250)
  }
  throw new Error(`n8n worker ${index} not ready within 60 s; log: ${log}`)
}

beforeAll(async () => {
  await ensureN8n()
  ensureServices()
  ;[redis, postgres] = await Promise.all([startRedis(), startPostgres()])
  say(`Redis on 127.0.0.1:${redis.port}, PostgreSQL on 127.0.0.1:${postgres.port}`)
  devnet = await startDevnet({
    seed: 16,
    apiKeys: { [API_KEY]: 'full' },
    index: true,
    webhookDelivery: { retryDelaysMs: RETRY_DELAYS_MS },
  })
  const started = Date.now()
  main = await startN8nServer({
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: String(redis.port),
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: '127.0.0.1',
    DB_POSTGRESDB_PORT: String(postgres.port),
    DB_POSTGRESDB_DATABASE: 'n8n',
    DB_POSTGRESDB_USER: 'postgres',
    // n8n's default pool (2 connections) queues its 2-second health ping behind a burst of webhook writes until the
    // ping's 5 s timeout marks the database "not ready" (503 to everything): a burst needs more connections.
    DB_POSTGRESDB_POOL_SIZE: '10',
    N8N_LOG_LEVEL: 'info',
  })
  for (let i = 1; i <= WORKERS; i++) await startWorker(i)
  say(`n8n main and ${WORKERS} workers ready in ${Math.round((Date.now() - started) / 1000)} s`)
}, 600_000)

afterAll(async () => {
  for (const { child } of workers) {
    if (child.exitCode !== null) continue
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
  }
  await main?.stop()
  await devnet?.close()
  await redis?.stop()
  await postgres?.stop()
}, 120_000)

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const tally = (values: string[]) => {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].map(([k, n]) => `${k} x${n}`).join(', ')
}

/** A polling workflow: the Avalanche Trigger on n8n's shortest schedule (every minute). */
async function createPollingWorkflow(event: string, parameters: Record<string, unknown>, credential: unknown) {
  const workflow = await main.rest<{ id: string; versionId: string }>('POST', '/workflows', {
    name: `Avalanche Trigger, queue mode: ${event}`,
    active: false,
    settings: { executionOrder: 'v1' },
    connections: {},
    nodes: [
      {
        id: `trigger-${event}`,
        name: POLL_TRIGGER,
        type: `${manifest.name}.avalancheTrigger`,
        typeVersion: 1,
        position: [0, 0],
        parameters: { event, maxItems: 100, pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
        credentials: credential,
      },
    ],
  })
  return { event, id: workflow.id, versionId: workflow.versionId, webhookId: '' }
}

/** The polling trigger's items of each finished execution, oldest execution first. */
async function polled(workflowId: string): Promise<Item[][]> {
  const done = await waitForExecutions(main.rest, workflowId, 0, { node: POLL_TRIGGER })
  return done.sort((a, b) => Number(a.id) - Number(b.id)).map((e) => e.items as Item[])
}

async function until(what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await ready()) return true
    await sleep(500)
  }
  say(`${what}: not within ${timeoutMs / 1000} s`)
  return false
}

it('runs every event exactly once across the workers, the webhook trigger and the polling trigger', async () => {
  const chainId = devnet.fixtures.data.evm.chains[0]?.chainId as string
  const ewoq = devnet.fixtures.data.evm.accounts.ewoq
  const core = createClient({ network: 'custom', nodeUrl: devnet.url, dataApiUrl: devnet.url, apiKey: API_KEY })
  const dataId = await createDataCredential(main.rest, 'Devnet Data API', API_KEY, devnet.url)
  const node = await main.rest<{ id: string }>('POST', '/credentials', {
    name: 'Devnet Node API',
    type: 'avalancheNodeApi',
    data: { network: 'custom', baseUrl: devnet.url },
  })
  const chain = { __rl: true, mode: 'id', value: chainId }
  const workflow = await createTriggerWorkflow(main.rest, 'Avalanche webhook, queue mode', dataId, {
    eventType: 'address_activity',
    chainId: chain,
    addresses: ewoq,
  })
  const dataCredential = { avalancheDataApi: { id: dataId, name: 'Devnet Data API' } }
  const pollers = [
    await createPollingWorkflow('evmBlock', { authentication: 'dataApi', chainId: chain }, dataCredential),
    await createPollingWorkflow(
      'addressTransaction',
      { authentication: 'dataApi', chainId: chain, address: ewoq },
      dataCredential,
    ),
    await createPollingWorkflow(
      'pChainBlock',
      { authentication: 'nodeApi' },
      { avalancheNodeApi: { id: node.id, name: 'Devnet Node API' } },
    ),
  ]
  // Where the chains are before anything is activated: each polling trigger records it on activation.
  const chainStart = await startOf(core, chainId, ewoq)
  for (const w of [workflow, ...pollers]) await activate(main.rest, w)
  const url = `${main.url}/webhook/${workflow.webhookId}/webhook`
  let webhookId: string | undefined
  await until(
    'the webhook',
    async () => {
      webhookId = (await core.data.listWebhooks({ status: 'active' })).webhooks?.find((w) => w.url === url)?.id
      return webhookId !== undefined
    },
    30_000,
  )
  if (!webhookId) throw new Error('the activation created no webhook on the devnet')
  for (const w of pollers)
    await until(
      `${w.event}: the activation's cursor`,
      async () => {
        const saved = await main.rest<{ staticData?: Record<string, { cursor?: unknown }> | null }>(
          'GET',
          `/workflows/${w.id}`,
        )
        return saved.staticData?.[`node:${POLL_TRIGGER}`]?.cursor !== undefined
      },
      60_000,
    )

  // The live devnet: a round every ADVANCE_MS (new blocks; the address's new transactions delivered to the webhook)
  // while bursts of replayed activity arrive, for LIVE_MS.
  const sentAt = new Map<string, number>()
  const liveStart = Date.now()
  let rounds = 0
  const advancing = (async () => {
    while (Date.now() - liveStart < LIVE_MS) {
      devnet.advance(1)
      rounds++
      await sleep(ADVANCE_MS)
    }
  })()
  for (let round = 0; round < ROUNDS; round++) {
    const at = Date.now()
    for (const id of devnet.replayWebhookActivity(webhookId, EVENTS_PER_ROUND)) sentAt.set(id, at)
    await sleep(ROUND_GAP_MS)
  }
  await advancing
  // Every message the devnet sent this webhook (replays and the live rounds' new transactions), once its first
  // attempt ended (answered or timed out after 10 s).
  await sleep(12_000)
  const sent = new Set([
    ...sentAt.keys(),
    ...devnet.webhookAttempts.filter((a) => a.webhookId === webhookId).map((a) => a.messageId),
  ])
  const events = sent.size
  let executions = await waitForExecutions(main.rest, workflow.id, events, { timeoutMs: 180_000, partial: true })

  // Redeliveries of messages already run, signed as the service signs them: none may run again.
  const secret = (await core.data.getSharedSecret()).secret as string
  const redelivered = executions.slice(0, REDELIVERED).map((e) => JSON.stringify(e.items[0]))
  const answers = await Promise.all(redelivered.map((body) => deliver(url, body, signWebhookPayload(body, secret))))
  expect(answers.map((a) => a.status)).toEqual(Array(redelivered.length).fill(200))

  // The polling trigger: every new item since activation, once and in order, after n8n's next scheduled polls.
  const want = await expectedSince(core, chainStart, chainId, ewoq)
  await until(
    'the polling trigger catching up',
    async () => {
      for (const w of pollers) if ((await polled(w.id)).flat().length < (want[w.event]?.length ?? 0)) return false
      return true
    },
    150_000,
  )
  await sleep(5_000)
  executions = await waitForExecutions(main.rest, workflow.id, events, { timeoutMs: 10_000, partial: true })

  const messageIds = executions.flatMap((e) => e.items.map((i) => String(i.messageId)))
  const distinct = new Set(messageIds)
  const duplicates = messageIds.length - distinct.size
  const lost = [...sent].filter((id) => !distinct.has(id)).length
  const failed = executions.filter((e) => e.status !== 'success').length
  const latency = (field: 'startedAt' | 'stoppedAt') =>
    executions
      .map((e) => Date.parse(String(e[field])) - (sentAt.get(String(e.items[0]?.messageId)) ?? Number.NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b)
  const [begun, ended] = [latency('startedAt'), latency('stoppedAt')]
  const perWorker = workers.map(({ log }) => readFileSync(log, 'utf8').match(/Worker finished execution/g)?.length ?? 0)
  const attempts = devnet.webhookAttempts.filter((a) => sent.has(a.messageId))
  const statuses = (await listExecutions(main.rest, workflow.id)).map((e) => e.status)
  const polling = await Promise.all(
    pollers.map(async (w) => {
      const polls = await polled(w.id)
      const keys = polls.flat().map(keyOf[w.event] as (i: Item) => string)
      const expected = want[w.event] ?? []
      return {
        event: w.event,
        polls: polls.length,
        expected: expected.length,
        emitted: keys.length,
        duplicates: keys.length - new Set(keys).size,
        lost: expected.filter((k) => !keys.includes(k)).length,
        inOrder: JSON.stringify(keys) === JSON.stringify(expected),
      }
    }),
  )
  const figures: [string, string | number][] = [
    [
      'webhook trigger: events sent by the devnet',
      `${events} (${sentAt.size} replayed, ${events - sentAt.size} from ${rounds} live rounds)`,
    ],
    ['  delivery attempts by attempt:outcome', tally(attempts.map((a) => `${a.attempt}:${a.outcome}`))],
    ['  redeliveries of run messages (signed)', redelivered.length],
    ['  executions', executions.length],
    ['  executions by status', tally(statuses)],
    ['  duplicates', duplicates],
    ['  lost', lost],
    [
      '  event -> execution started, p50 / p95 / max (ms)',
      `${quantile(begun, 0.5)} / ${quantile(begun, 0.95)} / ${begun.at(-1)}`,
    ],
    [
      '  event -> execution finished, p50 / p95 / max (ms)',
      `${quantile(ended, 0.5)} / ${quantile(ended, 0.95)} / ${ended.at(-1)}`,
    ],
    ...polling.map((p): [string, string] => [
      `polling trigger ${p.event}`,
      `${p.expected} new, ${p.emitted} emitted in ${p.polls} polls, duplicates ${p.duplicates}, lost ${p.lost}, in order: ${p.inOrder}`,
    ]),
    ['executions per worker (all workflows)', perWorker.join(' + ')],
  ]
  say(
    `figures (n8n queue mode: main + ${WORKERS} workers, Redis, PostgreSQL; replays at ${Math.round((EVENTS_PER_ROUND * 1000) / ROUND_GAP_MS)} events/s, a devnet round every ${ADVANCE_MS / 1000} s for ${LIVE_MS / 1000} s)`,
  )
  for (const [name, value] of figures) say(`  ${name.padEnd(52)} ${value}`)
  for (const id of new Set(messageIds.filter((m, k) => messageIds.indexOf(m) !== k))) {
    const runs = executions.filter((e) => e.items.some((i) => i.messageId === id)).map((e) => `${e.id}@${e.startedAt}`)
    const tries = devnet.webhookAttempts
      .filter((a) => a.messageId === id)
      .map((a) => `${a.attempt}:${a.outcome}@${new Date(a.at).toISOString()}`)
    say(`  duplicate ${id}: executions ${runs.join(', ')}; attempts ${tries.join(', ')}`)
  }

  expect({ duplicates, lost, failed }).toEqual({ duplicates: 0, lost: 0, failed: 0 })
  for (const p of polling) expect(p, p.event).toMatchObject({ duplicates: 0, lost: 0, inOrder: true })
  expect(perWorker.filter((n) => n > 0)).toHaveLength(WORKERS)
}, 900_000)
