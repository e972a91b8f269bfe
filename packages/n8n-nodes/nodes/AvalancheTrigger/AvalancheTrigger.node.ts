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
import { shapeOutput, toNodeError } from '../shared/output'
import { clientFor, DATA_CREDENTIAL, NODE_CREDENTIAL } from '../shared/transport'

const NODE_EVENTS = ['xChainBlock', 'pChainBlock', 'indexContainer', 'validatorSetChange']
const DATA_EVENTS = ['evmBlock', 'addressTransaction']
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
  const indexName = str(fns, 'indexName', 'X/tx') as 'X/tx'
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
  const chainId = str(fns, 'chainId', '43114')
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
  const chainId = str(fns, 'chainId', '43114')
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

export class AvalancheTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Avalanche Trigger',
    name: 'avalancheTrigger',
    icon: { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{$parameter["event"]}}',
    description: 'Starts the workflow on new Avalanche blocks, index containers, transactions or validator changes',
    defaults: { name: 'Avalanche Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [
      { name: NODE_CREDENTIAL, required: true, displayOptions: { show: { event: NODE_EVENTS } } },
      { name: DATA_CREDENTIAL, required: true, displayOptions: { show: { event: DATA_EVENTS } } },
    ],
    properties: [
      {
        displayName: 'Event',
        name: 'event',
        type: 'options',
        noDataExpression: true,
        default: 'pChainBlock',
        options: [
          { name: 'New EVM Block (Data API)', value: 'evmBlock', description: 'A block of an EVM chain' },
          { name: 'New Index Container', value: 'indexContainer', description: 'A container accepted into an index' },
          { name: 'New P-Chain Block', value: 'pChainBlock', description: 'A P-Chain block accepted by the node' },
          {
            name: 'New Transaction for Address (Data API)',
            value: 'addressTransaction',
            description: 'A transaction of an EVM address',
          },
          { name: 'New X-Chain Block', value: 'xChainBlock', description: 'An X-Chain block accepted by the node' },
          {
            name: 'Validator Set Change',
            value: 'validatorSetChange',
            description: 'A validator added to or removed from the current validator set',
          },
        ],
      },
      {
        displayName: 'Index Name',
        name: 'indexName',
        type: 'options',
        default: 'X/tx',
        options: ['X/tx', 'X/block', 'P/block', 'C/block', 'X/vtx'].map((v) => ({ name: v, value: v })),
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
        type: 'string',
        default: '43114',
        displayOptions: { show: { event: DATA_EVENTS } },
        description: 'EVM chain ID (43114 for the C-Chain, 43113 on Fuji)',
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

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    const event = this.getNodeParameter('event') as string
    const poll = POLLS[event]
    try {
      if (!poll) throw new NodeOperationError(this.getNode(), `Unknown event "${event}"`)
      const client = await clientFor(this, DATA_EVENTS.includes(event) ? DATA_CREDENTIAL : NODE_CREDENTIAL)
      const state = this.getWorkflowStaticData('node') as Cursor
      const key = JSON.stringify([
        event,
        str(this, 'indexName', ''),
        str(this, 'subnetID', ''),
        str(this, 'chainId', ''),
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
