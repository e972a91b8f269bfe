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
import { type Batch, type Cursor, chainIdOf, type FirstPoll, POLLS } from './polls'

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

/** The items of a poll that left new ones for the next polls say so, and by how many. */
function withProgress({ items, behind = 0, atLeast }: Batch): INodeExecutionData[] {
  if (behind <= 0) return items
  const progress: IDataObject = { catchingUp: true, behind, ...(atLeast ? { behindAtLeast: true } : {}) }
  return items.map((item) => ({ ...item, json: { ...item.json, _trigger: progress } }))
}

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
        description:
          'Most items one poll emits; the rest come with the next polls, and the items of a poll that left some behind carry _trigger: { catchingUp: true, behind: N }',
      },
      {
        displayName: 'On First Activation',
        name: 'firstPoll',
        type: 'options',
        noDataExpression: true,
        default: 'record',
        options: [
          {
            name: 'Emit the Last Items',
            value: 'last',
            description:
              'Emit the newest items that exist already (for validators: those that started last), then what is new',
          },
          {
            name: 'Record Where the Chain Is',
            value: 'record',
            description: 'Emit nothing on the first poll, then only what arrives after it',
          },
        ],
        description: 'What the first poll after activation emits; later polls emit only what is new',
      },
      {
        displayName: 'Number of Last Items',
        name: 'lastItems',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 10,
        displayOptions: { show: { firstPoll: ['last'] } },
        description:
          'How many of the newest existing items to emit, oldest first (beyond Max Items per Poll, the rest follow in the next polls)',
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
      const str = (name: string) => String(this.getNodeParameter(name, '') ?? '').trim()
      const key = JSON.stringify([
        event,
        str('indexName'),
        str('subnetID'),
        EVENT_API[event] === 'dataApi' ? chainIdOf(this) : '',
        str('address'),
      ])
      if (state.key !== key) {
        for (const k of Object.keys(state)) delete state[k]
        state.key = key
      }
      const max = Math.max(1, Number(this.getNodeParameter('maxItems', 100)) || 100)
      const first: FirstPoll =
        this.getNodeParameter('firstPoll', 'record') === 'last'
          ? { mode: 'last', items: Math.max(1, Number(this.getNodeParameter('lastItems', 10)) || 10) }
          : { mode: 'record' }
      const batch = await poll(client, {
        fns: this,
        state,
        max,
        first,
        manual: this.getMode() === 'manual',
        emit: (value, operationId) => ({ json: shapeOutput(value, operationId, 'simplified') }),
      })
      const items = withProgress(batch)
      return items.length ? [items] : null
    } catch (error) {
      throw toNodeError(this.getNode(), error, 0)
    }
  }
}
