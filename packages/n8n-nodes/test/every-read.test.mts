/**
 * Every read-only catalog operation executed through the node against one devnet (admin and index APIs on), with the
 * parameters set as the editor sets them, from the MCP tests' example arguments (mcp-server/test/args.ts). Each
 * answer must equal core's own answer for the same arguments: the node's field mapping loses or changes nothing.
 */
import { type AnyOperation, catalog, createClient, toJson } from '@avalanche-automation/core'
import { type Devnet, startDevnet } from '@avalanche-automation/devnet'
import type { IDataObject } from 'n8n-workflow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validArgs } from '../../mcp-server/test/args.ts'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { type FieldSpec, OPERATION_BY_VALUE, onTop, RESOURCES } from '../nodes/shared/operations'
import { type Credentials, executeFunctions } from './fakes.mts'

const API_KEY = 'every-read-key-3f9a'
const C = 43112

// biome-ignore lint/suspicious/noExplicitAny: loose views of results
type Any = Record<string, any>

let devnet: Devnet
let credentials: Credentials
let core: ReturnType<typeof createClient>
let args: Record<string, Record<string, unknown>>
const node = new Avalanche()

type Pager = { items: (params: unknown, options: { limit: number }) => AsyncIterable<unknown> }
/** Core's pager of a paginated operation (`client.data.listValidators.items`). */
const pager = (op: AnyOperation): Pager => {
  const [service, method] = op.id.split('.') as [string, string]
  return (core as unknown as Record<string, Record<string, Pager>>)[service]?.[method] as Pager
}

beforeAll(async () => {
  devnet = await startDevnet({ seed: 2, admin: true, index: true, apiKeys: { [API_KEY]: 'full' } })
  credentials = {
    avalancheNodeApi: { network: 'custom', baseUrl: devnet.url },
    avalancheDataApi: { apiKey: API_KEY, dataApiUrl: devnet.url, metricsApiUrl: devnet.url },
  }
  core = createClient({
    network: 'custom',
    nodeUrl: devnet.url,
    dataApiUrl: devnet.url,
    metricsApiUrl: devnet.url,
    apiKey: API_KEY,
  })
  args = validArgs(devnet)
  // Values found at run time, as the MCP tools test finds them.
  const latest = (await core.data.listLatestTransactions({ chainId: String(C), pageSize: 1 })) as Any
  args.data_getTransaction = { chainId: C, txHash: latest.transactions[0].txHash }
  const icm = (await core.data.listIcmMessages({ pageSize: 1 })) as Any
  args.data_getIcmMessage = { messageId: icm.messages[0].messageId }
  const l1 = (await core.platform.getCurrentValidators({ subnetID: devnet.fixtures.p.l1SubnetId })) as Any
  args.metrics_getMetricsByValidationId = {
    ...args.metrics_getMetricsByValidationId,
    l1ValidationId: l1.validators[0].validationID,
  }
  args.metrics_getMetricsByNodeId = { ...args.metrics_getMetricsByNodeId, nodeId: l1.validators[0].nodeID }
  const webhook = (await core.data.createWebhook({
    eventType: 'address_activity',
    url: 'http://127.0.0.1:9/avalanche-events',
    chainId: String(C),
    metadata: { addresses: [devnet.fixtures.data.evm.accounts.ewoq] },
  })) as Any
  args.data_getWebhook = { id: webhook.id }
  args.data_getAddressesFromWebhook = { id: webhook.id, limit: 3 }
  args.data_listWebhooks = { status: 'active', limit: 3 }
})
afterAll(() => devnet?.close())

/** A field's value as the editor holds it: lists as comma-separated text, JSON as text, picked IDs "By ID". */
function editorValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value)
    case 'json':
      return JSON.stringify(value)
    case 'number':
      return Number(value)
    case 'boolean':
      return value
    default:
      return field.locator ? { __rl: true, mode: 'id', value: String(value) } : String(value)
  }
}

/** The node's parameters for an operation's example arguments; `limit` is the node's Limit of a paginated one. */
function nodeParameters(op: AnyOperation, example: Record<string, unknown>): IDataObject {
  const spec = OPERATION_BY_VALUE.get(op.id)
  if (!spec) throw new Error(`the node lacks ${op.id}`)
  const parameters: IDataObject = { resource: spec.resource, operation: op.id, options: { output: 'raw' } }
  const collection: IDataObject = {}
  for (const [name, value] of Object.entries(example)) {
    if (name === 'limit' && spec.paginated) continue
    const field = spec.fields.find((f) => (f.wire ?? f.name) === name)
    if (!field) throw new Error(`${op.id}: no field for the argument ${name}`)
    if (onTop(field)) parameters[field.name] = editorValue(field, value) as never
    else collection[field.name] = editorValue(field, value) as never
  }
  if (Object.keys(collection).length > 0) parameters[spec.collection] = collection
  if (spec.paginated) Object.assign(parameters, { returnAll: false, limit: Number(example.limit ?? 3) })
  return parameters
}

/** Core's answer for the same arguments, as the node's raw output shows it. */
async function coreAnswer(op: AnyOperation, example: Record<string, unknown>): Promise<unknown[]> {
  const { limit, ...params } = example
  // The MCP arguments are numbers where the wire takes a string (chain IDs): core's schema says which.
  const parsed = typeof params.chainId === 'number' ? { ...params, chainId: String(params.chainId) } : params
  if (!op.pagination) return [await core.call(op, parsed)]
  const records: unknown[] = []
  for await (const record of pager(op).items(parsed, { limit: Number(limit ?? 3) })) records.push(record)
  return records
}

/** A record as the node's item shows it: an object as is, a bare value under one key (`result`, `address`). */
const asItem = (value: unknown): unknown => {
  const json = toJson(value)
  return json && typeof json === 'object' && !Array.isArray(json)
    ? json
    : expect.toSatisfy((item: IDataObject) => {
        const values = Object.values(item)
        return values.length === 1 && JSON.stringify(values[0]) === JSON.stringify(json)
      })
}

/** Answers that carry the time of the call (the health checks' timestamps and durations): items, not equality. */
const TIMED = (op: AnyOperation) => op.service === 'health'
/** No records on the devnet, by design: no staking period has ended (devnet staking-networks.test.ts). */
const EMPTY = new Set(['data.listHistoricalPrimaryNetworkRewards'])

describe('every read-only operation through the node against the devnet', () => {
  // The catalog marks every admin operation as not read-only (the API is privileged); the non-destructive ones read.
  const reads = catalog.filter((op) => op.readOnly || (op.service === 'admin' && op.destructive !== true))

  it('covers the reads of every resource', () => {
    expect(new Set(reads.map((op) => OPERATION_BY_VALUE.get(op.id)?.resource))).toEqual(
      new Set(RESOURCES.map((r) => r.value)),
    )
  })

  it('returns items equal to core for each one', async () => {
    const failures: string[] = []
    let executed = 0
    for (const op of reads) {
      const example = args[op.id.replace('.', '_')] ?? {}
      try {
        const [items] = await node.execute.call(
          executeFunctions({ parameters: [nodeParameters(op, example)], credentials }),
        )
        executed++
        const json = (items ?? []).map((i) => i.json)
        if (json.length === 0 && !EMPTY.has(op.id)) failures.push(`${op.id}: no items`)
        // A secret is withheld from the node's output (secrets.test.mts); the items are checked, not their values.
        if (TIMED(op) || op.secretFields) expect(json.length, op.id).toBe(1)
        else expect(json, op.id).toEqual((await coreAnswer(op, example)).map(asItem))
      } catch (error) {
        failures.push(`${op.id}: ${(error as Error).message}`)
      }
    }
    expect(failures).toEqual([])
    expect(executed).toBe(reads.length)
  })
})
