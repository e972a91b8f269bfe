/**
 * The Avalanche Webhook Trigger under n8n's queue mode (`pnpm run e2e:queue`, not part of the default run): Redis and
 * PostgreSQL from Debian's packages on loopback, `n8n start` as the main process (it receives the webhooks and queues
 * executions) and two `n8n worker`s (they run them), the devnet delivering address activity to the workflow. Prints
 * events, executions, duplicates, lost and the latency from event to execution, and fails on a loss or a duplicate.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createClient, signWebhookPayload } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureN8n, n8nBin, n8nNode } from '../n8n.mts'
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

it('runs every delivered event exactly once across the workers', async () => {
  const core = createClient({ network: 'custom', dataApiUrl: devnet.url, apiKey: API_KEY })
  const credentialId = await createDataCredential(main.rest, 'Devnet Data API', API_KEY, devnet.url)
  const workflow = await createTriggerWorkflow(main.rest, 'Avalanche webhook, queue mode', credentialId, {
    eventType: 'address_activity',
    chainId: { __rl: true, mode: 'id', value: devnet.fixtures.data.evm.chains[0]?.chainId },
    addresses: devnet.fixtures.data.evm.accounts.ewoq,
  })
  await activate(main.rest, workflow)
  const url = `${main.url}/webhook/${workflow.webhookId}/webhook`
  let webhookId: string | undefined
  for (let i = 0; i < 120 && !webhookId; i++) {
    webhookId = (await core.data.listWebhooks({ status: 'active' })).webhooks?.find((w) => w.url === url)?.id
    if (!webhookId) await sleep(250)
  }
  if (!webhookId) throw new Error('the activation created no webhook on the devnet')

  // Events: each replay delivers new messages at once, as a busy address's activity would arrive.
  const sentAt = new Map<string, number>()
  for (let round = 0; round < ROUNDS; round++) {
    const at = Date.now()
    for (const id of devnet.replayWebhookActivity(webhookId, EVENTS_PER_ROUND)) sentAt.set(id, at)
    await sleep(ROUND_GAP_MS)
  }
  const events = sentAt.size
  let executions = await waitForExecutions(main.rest, workflow.id, events, { timeoutMs: 180_000, partial: true })

  // Redeliveries of messages already run, signed as the service signs them: none may run again.
  const secret = (await core.data.getSharedSecret()).secret as string
  const redelivered = executions.slice(0, REDELIVERED).map((e) => JSON.stringify(e.items[0]))
  const answers = await Promise.all(redelivered.map((body) => deliver(url, body, signWebhookPayload(body, secret))))
  expect(answers.map((a) => a.status)).toEqual(Array(redelivered.length).fill(200))
  await sleep(5_000)
  executions = await waitForExecutions(main.rest, workflow.id, events, { timeoutMs: 10_000, partial: true })

  const messageIds = executions.flatMap((e) => e.items.map((i) => String(i.messageId)))
  const distinct = new Set(messageIds)
  const duplicates = messageIds.length - distinct.size
  const lost = [...sentAt.keys()].filter((id) => !distinct.has(id)).length
  const failed = executions.filter((e) => e.status !== 'success').length
  const latency = (field: 'startedAt' | 'stoppedAt') =>
    executions
      .map((e) => Date.parse(String(e[field])) - (sentAt.get(String(e.items[0]?.messageId)) ?? Number.NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b)
  const [start, end] = [latency('startedAt'), latency('stoppedAt')]
  const perWorker = workers.map(({ log }) => readFileSync(log, 'utf8').match(/Worker finished execution/g)?.length ?? 0)
  const attempts = devnet.webhookAttempts.filter((a) => sentAt.has(a.messageId))
  const outcomes = new Map<string, number>()
  for (const a of attempts)
    outcomes.set(`${a.attempt}:${a.outcome}`, (outcomes.get(`${a.attempt}:${a.outcome}`) ?? 0) + 1)
  const statuses = new Map<string, number>()
  for (const e of await listExecutions(main.rest, workflow.id))
    statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1)
  const figures = [
    ['events delivered by the devnet', events],
    [
      'delivery attempts (first tries answered 2xx)',
      `${attempts.length} (${attempts.filter((a) => a.attempt === 1 && a.outcome === 200).length})`,
    ],
    ['redeliveries of run messages (signed)', redelivered.length],
    ['attempts by attempt:outcome', [...outcomes].map(([k, n]) => `${k} x${n}`).join(', ')],
    ['executions', executions.length],
    ['executions by status', [...statuses].map(([k, n]) => `${k} x${n}`).join(', ')],
    ['executions per worker', perWorker.join(' + ')],
    ['failed executions', failed],
    ['duplicates', duplicates],
    ['lost', lost],
    [
      'event -> execution started, p50 / p95 / max (ms)',
      `${quantile(start, 0.5)} / ${quantile(start, 0.95)} / ${start.at(-1)}`,
    ],
    [
      'event -> execution finished, p50 / p95 / max (ms)',
      `${quantile(end, 0.5)} / ${quantile(end, 0.95)} / ${end.at(-1)}`,
    ],
  ] as const
  say(
    `figures (n8n queue mode: main + ${WORKERS} workers, Redis, PostgreSQL; webhook trigger; ${events} events at ${Math.round((EVENTS_PER_ROUND * 1000) / ROUND_GAP_MS)}/s)`,
  )
  for (const [name, value] of figures) say(`  ${name.padEnd(52)} ${value}`)

  expect((await listExecutions(main.rest, workflow.id)).length).toBe(events)
  expect({ duplicates, lost, failed }).toEqual({ duplicates: 0, lost: 0, failed: 0 })
  expect(perWorker.filter((n) => n > 0)).toHaveLength(WORKERS)
}, 600_000)
