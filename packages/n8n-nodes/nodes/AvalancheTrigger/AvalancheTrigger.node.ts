import type { AvalancheClient } from '@avalanche-automation/core'
import {
  type IDataObject,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  type IPollFunctions,
  NodeConnectionTypes,
  NodeOperationError,
} from 'n8n-workflow'
import {
  assertApi,
  authenticationProperty,
  CREDENTIAL_OF,
  credentialNotices,
  credentials,
} from '../shared/authentication'
import { listSearch } from '../shared/listSearch'
import type { Api } from '../shared/operations'
import { shapeOutput, toNodeError } from '../shared/output'
import { subtitleOf } from '../shared/properties'
import { clientFor } from '../shared/transport'

/** The API (credential) each event reads. */
const EVENT_API: Record<string, Api> = {
  pChainBlock: 'nodeApi',
  xChainBlock: 'nodeApi',
  indexContainer: 'nodeApi',
  validatorSetChange: 'nodeApi',
  evmBlock: 'dataApi',
  addressTransaction: 'dataApi',
}
const eventsOf = (api: Api) => Object.keys(EVENT_API).filter((e) => EVENT_API[e] === api)
/** Most records one poll reads while looking for new ones (Data API walks). */
const SCAN_CAP = 1000

type Cursor = IDataObject & { cursor?: string; seen?: string[]; validators?: string[] }
type Emit = (value: unknown, operationId: string) => INodeExecutionData
type Poll = (client: AvalancheClient, p: PollContext) => Promise<INodeExecutionData[]>

interface PollContext {
  fns: IPollFunctions
  state: Cursor
  max: number
  manual: boolean
  emit: Emit
}

const str = (fns: IPollFunctions, name: string, fallback = ''): string =>
  String(fns.getNodeParameter(name, fallback) ?? fallback).trim()

/** The picked (or typed) EVM chain ID: a resource locator's value. Only read for the events that show the field. */
const chainIdOf = (fns: IPollFunctions): string =>
  String(fns.getNodeParameter('chainId', '', { extractValue: true }) ?? '').trim()

/** New blocks of a chain with getHeight/getBlockByHeight (X-Chain: avm, P-Chain: platform). */
function chainBlocks(service: 'avm' | 'platform'): Poll {
  return async (client, { state, max, manual, emit }) => {
    const api = client[service]
    const { height } = await api.getHeight()
    if (manual)
      return [
        emit({ height, ...(await api.getBlockByHeight({ height, encoding: 'json' })) }, `${service}.getBlockByHeight`),
      ]
    if (state.cursor === undefined) {
      state.cursor = height.toString()
      return []
    }
    const out: INodeExecutionData[] = []
    for (let h = BigInt(state.cursor) + 1n; h <= height && out.length < max; h++) {
      const block = await api.getBlockByHeight({ height: h, encoding: 'json' })
      out.push(emit({ height: h, ...block }, `${service}.getBlockByHeight`))
      state.cursor = h.toString()
    }
    return out
  }
}

const indexContainer: Poll = async (client, { fns, state, max, manual, emit }) => {
  const indexName = str(fns, 'indexName', 'X/block') as 'X/block'
  const last = await client.index.getLastAccepted({ indexName })
  if (manual) return [emit(last, 'index.getLastAccepted')]
  if (state.cursor === undefined) {
    state.cursor = last.index.toString()
    return []
  }
  const out: INodeExecutionData[] = []
  const start = BigInt(state.cursor) + 1n
  if (start > last.index) return out
  for await (const container of client.index.getContainerRange.items(
    { indexName, startIndex: start },
    { limit: max },
  )) {
    if (container.index > last.index) break
    out.push(emit(container, 'index.getContainerRange'))
    state.cursor = container.index.toString()
  }
  return out
}

const validatorSetChange: Poll = async (client, { fns, state, max, manual, emit }) => {
  const subnetID = str(fns, 'subnetID')
  const { validators } = await client.platform.getCurrentValidators(subnetID ? { subnetID } : {})
  const current = new Map(validators.map((v) => [v.nodeID, v]))
  if (manual) {
    const sample = validators[0]
    return [
      emit(
        { change: 'added', nodeID: sample?.nodeID ?? null, validator: sample ?? null },
        'platform.getCurrentValidators',
      ),
    ]
  }
  const previous = state.validators
  if (!previous) {
    state.validators = [...current.keys()].sort()
    return []
  }
  const known = new Set(previous)
  const changes: IDataObject[] = []
  for (const [nodeID, validator] of current)
    if (!known.has(nodeID)) changes.push({ change: 'added', nodeID, validator } as never)
  for (const nodeID of previous) if (!current.has(nodeID)) changes.push({ change: 'removed', nodeID })
  const emitted = changes.slice(0, max)
  // Only the emitted changes move the stored set, so the rest are reported by later polls.
  const next = new Set(previous)
  for (const c of emitted) {
    if (c.change === 'added') next.add(String(c.nodeID))
    else next.delete(String(c.nodeID))
  }
  state.validators = [...next].sort()
  return emitted.map((c) => emit(c, 'platform.getCurrentValidators'))
}

const evmBlock: Poll = async (client, { fns, state, max, manual, emit }) => {
  const chainId = chainIdOf(fns)
  const fresh: { blockNumber: string }[] = []
  for await (const block of client.data.getLatestBlocks.items({ chainId }, { limit: manual ? 1 : SCAN_CAP })) {
    const b = block as unknown as { blockNumber: string }
    if (state.cursor !== undefined && BigInt(b.blockNumber) <= BigInt(state.cursor)) break
    fresh.push(b)
    if (state.cursor === undefined) break
  }
  if (manual) return fresh.slice(0, 1).map((b) => emit(b, 'data.getLatestBlocks'))
  if (state.cursor === undefined) {
    if (fresh[0]) state.cursor = fresh[0].blockNumber
    return []
  }
  const batch = fresh.reverse().slice(0, max)
  const newest = batch[batch.length - 1]
  if (newest) state.cursor = newest.blockNumber
  return batch.map((b) => emit(b, 'data.getLatestBlocks'))
}

const addressTransaction: Poll = async (client, { fns, state, max, manual, emit }) => {
  const chainId = chainIdOf(fns)
  const address = str(fns, 'address')
  type Tx = { nativeTransaction: { blockNumber: string; txHash: string } }
  const seen = new Set(state.seen ?? [])
  const fresh: Tx[] = []
  const walk = client.data.listTransactions.items(
    { chainId, address, sortOrder: 'desc' },
    { limit: manual ? 1 : SCAN_CAP },
  )
  for await (const item of walk) {
    const tx = item as unknown as Tx
    const { blockNumber, txHash } = tx.nativeTransaction
    if (state.cursor !== undefined) {
      const block = BigInt(blockNumber)
      const cursor = BigInt(state.cursor)
      if (block < cursor || (block === cursor && seen.has(txHash))) break
    }
    fresh.push(tx)
    if (state.cursor === undefined) break
  }
  if (manual) return fresh.slice(0, 1).map((t) => emit(t, 'data.listTransactions'))
  const seeding = state.cursor === undefined
  if (seeding) state.cursor = '0'
  const batch = seeding ? fresh.slice(0, 1) : fresh.reverse().slice(0, max)
  for (const tx of batch) {
    const { blockNumber, txHash } = tx.nativeTransaction
    if (state.cursor !== blockNumber) {
      state.cursor = blockNumber
      seen.clear()
    }
    seen.add(txHash)
  }
  state.seen = [...seen]
  return seeding ? [] : batch.map((t) => emit(t, 'data.listTransactions'))
}

const POLLS: Record<string, Poll> = {
  xChainBlock: chainBlocks('avm'),
  pChainBlock: chainBlocks('platform'),
  indexContainer,
  validatorSetChange,
  evmBlock,
  addressTransaction,
}

/** The events, as the Event field and n8n's node picker ("On new P-Chain block") show them. */
const EVENTS = [
  {
    name: 'New EVM Block',
    value: 'evmBlock',
    action: 'On new EVM block',
    description: 'A new block of an EVM chain such as the C-Chain, from the Data API',
  },
  {
    name: 'New Index Container',
    value: 'indexContainer',
    action: 'On new index container',
    description: "A container accepted into one of the node's indexes (the node needs --index-enabled=true)",
  },
  {
    name: 'New P-Chain Block',
    value: 'pChainBlock',
    action: 'On new P-Chain block',
    description: 'A P-Chain block accepted by the node',
  },
  {
    name: 'New Transaction of an Address',
    value: 'addressTransaction',
    action: 'On new transaction of an address',
    description: 'A transaction an EVM address took part in, from the Data API',
  },
  {
    name: 'New X-Chain Block',
    value: 'xChainBlock',
    action: 'On new X-Chain block',
    description: 'An X-Chain block accepted by the node',
  },
  {
    name: 'Validator Added or Removed',
    value: 'validatorSetChange',
    action: 'On validator added or removed',
    description: 'A validator joined or left the current validator set of the Primary Network or a subnet',
  },
]

export class AvalancheTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Avalanche Trigger',
    name: 'avalancheTrigger',
    icon: { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: subtitleOf('event', Object.fromEntries(EVENTS.map((e) => [e.value, e.name]))),
    // n8n's node picker merges this trigger with the Avalanche node into one "Avalanche" entry that always shows
    // this description, for actions too: it speaks for both.
    description:
      'Query Avalanche nodes, the Data API and the Metrics API, or start a workflow on new blocks, transactions, index containers and validator changes',
    defaults: { name: 'Avalanche Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials,
    properties: [
      authenticationProperty,
      {
        displayName: 'Event',
        name: 'event',
        type: 'options',
        noDataExpression: true,
        default: 'pChainBlock',
        options: EVENTS,
      },
      ...credentialNotices('event', { nodeApi: eventsOf('nodeApi'), dataApi: eventsOf('dataApi') }, 'This event'),
      {
        displayName: 'Index Name',
        name: 'indexName',
        type: 'options',
        default: 'X/block',
        options: [
          { name: 'C/block', value: 'C/block', description: 'C-Chain blocks accepted by the node' },
          { name: 'P/block', value: 'P/block', description: 'P-Chain blocks accepted by the node' },
          {
            name: 'X/block',
            value: 'X/block',
            description: 'X-Chain blocks: since Cortina (2023) they carry every new X-Chain transaction',
          },
          {
            name: 'X/tx',
            value: 'X/tx',
            description:
              'X-Chain transactions from before Cortina (2023) only: this index no longer grows (new ones are in X/block)',
          },
          {
            name: 'X/vtx',
            value: 'X/vtx',
            description: 'X-Chain vertices from before Cortina (2023) only: this index no longer grows',
          },
        ],
        displayOptions: { show: { event: ['indexContainer'] } },
        description: 'Index to follow (the node needs --index-enabled=true)',
      },
      {
        displayName: 'Subnet ID',
        name: 'subnetID',
        type: 'string',
        default: '',
        displayOptions: { show: { event: ['validatorSetChange'] } },
        description: 'Subnet whose validators to watch; empty for the Primary Network',
      },
      {
        displayName: 'Chain ID',
        name: 'chainId',
        type: 'resourceLocator',
        default: { mode: 'list', value: '' },
        required: true,
        modes: [
          {
            displayName: 'From List',
            name: 'list',
            type: 'list',
            typeOptions: { searchListMethod: 'searchEvmChains', searchable: true },
          },
          { displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 43114' },
        ],
        displayOptions: { show: { event: eventsOf('dataApi') } },
        description: 'EVM chain to watch (43114 is the C-Chain, 43113 the Fuji C-Chain)',
      },
      {
        displayName: 'Address',
        name: 'address',
        type: 'string',
        default: '',
        required: true,
        placeholder: '0x...',
        displayOptions: { show: { event: ['addressTransaction'] } },
      },
      {
        displayName: 'Max Items per Poll',
        name: 'maxItems',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 100,
        description: 'Most items one poll emits; the rest come with the next polls',
      },
    ],
  }

  methods = { listSearch: { searchEvmChains: listSearch.searchEvmChains } }

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    const event = this.getNodeParameter('event') as string
    const poll = POLLS[event]
    try {
      if (!poll) throw new NodeOperationError(this.getNode(), `Unknown event "${event}"`)
      const api = EVENT_API[event] ?? 'nodeApi'
      assertApi(this.getNode(), this.getNodeParameter('authentication', api), api)
      const client = await clientFor(this, CREDENTIAL_OF[api])
      const state = this.getWorkflowStaticData('node') as Cursor
      const key = JSON.stringify([
        event,
        str(this, 'indexName', ''),
        str(this, 'subnetID', ''),
        EVENT_API[event] === 'dataApi' ? chainIdOf(this) : '',
        str(this, 'address', ''),
      ])
      if (state.key !== key) {
        for (const k of Object.keys(state)) delete state[k]
        state.key = key
      }
      const items = await poll(client, {
        fns: this,
        state,
        max: Math.max(1, Number(this.getNodeParameter('maxItems', 100)) || 100),
        manual: this.getMode() === 'manual',
        emit: (value, operationId) => ({ json: shapeOutput(value, operationId, 'simplified') }),
      })
      return items.length ? [items] : null
    } catch (error) {
      throw toNodeError(this.getNode(), error, 0)
    }
  }
}
