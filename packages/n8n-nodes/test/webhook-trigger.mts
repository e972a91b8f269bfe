/**
 * The Avalanche Webhook Trigger in a running n8n, through n8n's REST API (what the editor sends): the Data API
 * credential, a workflow with the trigger, its activation, and its executions read back with their items. Shared by
 * the default e2e test and the queue-mode script.
 */
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { manifest, n8nDir } from './n8n.mts'

export const TRIGGER_NAME = 'Avalanche Webhook Trigger'
export const triggerType = `${manifest.name}.avalancheWebhookTrigger`

/** A logged-in REST call of n8n (n8n-server.mts `rest`). */
export type Rest = <T>(method: string, path: string, body?: unknown) => Promise<T>

/** n8n keeps execution data as `flatted` text; its own copy reads it. */
const flatted = createRequire(join(n8nDir, 'node_modules', 'n8n', 'package.json'))('flatted') as {
  parse: (text: string) => unknown
}

export async function createDataCredential(rest: Rest, name: string, apiKey: string, url: string): Promise<string> {
  const created = await rest<{ id: string }>('POST', '/credentials', {
    name,
    type: 'avalancheDataApi',
    data: { apiKey, dataApiUrl: url, metricsApiUrl: url },
  })
  return created.id
}

export interface TriggerWorkflow {
  id: string
  versionId: string
  /** The trigger node's webhook ID: its URLs are `<n8n>/webhook/<id>/webhook` and `<n8n>/webhook-test/<id>/webhook`. */
  webhookId: string
}

/** A workflow whose only node is the trigger with `parameters`, using the Data API credential `credentialId`. */
export async function createTriggerWorkflow(
  rest: Rest,
  name: string,
  credentialId: string,
  parameters: Record<string, unknown>,
): Promise<TriggerWorkflow> {
  const webhookId = randomUUID()
  const workflow = await rest<{ id: string; versionId: string }>('POST', '/workflows', {
    name,
    active: false,
    settings: { executionOrder: 'v1' },
    connections: {},
    nodes: [
      {
        id: randomUUID(),
        name: TRIGGER_NAME,
        type: triggerType,
        typeVersion: 1,
        position: [0, 0],
        webhookId,
        parameters,
        credentials: { avalancheDataApi: { id: credentialId, name: credentialId } },
      },
    ],
  })
  return { id: workflow.id, versionId: workflow.versionId, webhookId }
}

export const activate = (rest: Rest, w: TriggerWorkflow) =>
  rest('POST', `/workflows/${w.id}/activate`, { versionId: w.versionId })
export const deactivate = (rest: Rest, w: TriggerWorkflow) => rest('POST', `/workflows/${w.id}/deactivate`, {})

export interface Execution {
  id: string
  mode: string
  status: string
  startedAt: string
  stoppedAt?: string
  /** The items the trigger emitted. */
  items: Record<string, unknown>[]
}

type ExecutionSummary = Omit<Execution, 'items'>

/** The workflow's executions, newest first (every page of n8n's list). */
export async function listExecutions(rest: Rest, workflowId: string): Promise<ExecutionSummary[]> {
  const filter = encodeURIComponent(JSON.stringify({ workflowId }))
  const all: ExecutionSummary[] = []
  let cursor: string | null = null
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const page: { results: ExecutionSummary[]; nextCursor?: string | null } = await rest(
      'GET',
      `/executions?filter=${filter}&limit=100${after}`,
    )
    all.push(...page.results)
    cursor = page.nextCursor ?? null
  } while (cursor)
  // While executions are added, an execution can sit on both sides of a page boundary: listed once here.
  return [...new Map(all.map((e) => [e.id, e])).values()]
}

/** One execution with the items of its trigger (`node`, by default the webhook trigger). */
export async function readExecution(rest: Rest, summary: ExecutionSummary, node = TRIGGER_NAME): Promise<Execution> {
  const full = await rest<{ data: string }>('GET', `/executions/${summary.id}`)
  const data = flatted.parse(full.data) as {
    resultData: { runData: Record<string, { data?: { main: { json: Record<string, unknown> }[][] } }[]> }
  }
  const items = (data.resultData.runData[node]?.[0]?.data?.main[0] ?? []).map((i) => i.json)
  return { ...summary, items }
}

/**
 * Waits until the workflow has `count` finished executions (of `mode`, if given), or fails saying how many it has
 * (with `partial`, answers those it has).
 */
export async function waitForExecutions(
  rest: Rest,
  workflowId: string,
  count: number,
  {
    mode,
    timeoutMs = 30_000,
    partial = false,
    node,
  }: { mode?: string; timeoutMs?: number; partial?: boolean; node?: string } = {},
): Promise<Execution[]> {
  const deadline = Date.now() + timeoutMs
  let done: ExecutionSummary[] = []
  while (Date.now() < deadline) {
    done = (await listExecutions(rest, workflowId)).filter(
      (e) => e.status !== 'running' && e.status !== 'new' && (mode === undefined || e.mode === mode),
    )
    if (done.length >= count) break
    await new Promise((r) => setTimeout(r, 250))
  }
  if (done.length < count && !partial)
    throw new Error(`expected ${count} executions of workflow ${workflowId}, found ${done.length}`)
  // A few at a time: hundreds of reads at once take every connection of n8n's database pool, and its health ping
  // then times out (n8n answers 503 "Database is not ready!" until it recovers).
  const read: Execution[] = []
  for (let i = 0; i < done.length; i += 8)
    read.push(...(await Promise.all(done.slice(i, i + 8).map((e) => readExecution(rest, e, node)))))
  return read
}

/** POSTs a body to a webhook URL as the Data API does, with the signature given (or none). */
export async function deliver(url: string, body: string, signature?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
    body,
  })
  return { status: response.status, text: await response.text() }
}
