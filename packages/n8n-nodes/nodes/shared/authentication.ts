import { type INode, type INodeCredentialDescription, type INodeProperties, NodeOperationError } from 'n8n-workflow'
import type { Api } from './operations'
import { DATA_CREDENTIAL, NODE_CREDENTIAL } from './transport'

/** The credential type of each API (each value of the `authentication` parameter). */
export const CREDENTIAL_OF: Record<Api, string> = { nodeApi: NODE_CREDENTIAL, dataApi: DATA_CREDENTIAL }

const API_NAMES: Record<Api, string> = { nodeApi: 'Avalanche Node API', dataApi: 'Avalanche Data API' }

/**
 * Which credential the node uses, the way n8n's own nodes with several credentials choose (Discord's Connection
 * Type): the editor takes a parameter named `authentication` as the node's main auth field, hides it from the
 * parameters, offers its options when a credential is created, and sets it to the type of the credential the user
 * picks. Nothing the user chose (resource, operation, event) is that field, so picking a credential never changes it.
 */
export const authenticationProperty: INodeProperties = {
  displayName: 'API',
  name: 'authentication',
  type: 'options',
  noDataExpression: true,
  options: [
    {
      name: 'Data API',
      value: 'dataApi',
      description: 'The Avalanche Data API and Metrics API (AvaCloud), with the Avalanche Data API credential',
    },
    {
      name: 'Node API',
      value: 'nodeApi',
      description:
        "An Avalanche node's APIs (Info, Health, P-Chain, X-Chain, Index, Admin), with the Avalanche Node API credential",
    },
  ],
  default: 'nodeApi',
}

/** Each credential is shown for its API. */
export const credentials: INodeCredentialDescription[] = [
  { name: NODE_CREDENTIAL, required: true, displayOptions: { show: { authentication: ['nodeApi'] } } },
  { name: DATA_CREDENTIAL, required: true, displayOptions: { show: { authentication: ['dataApi'] } } },
]

/**
 * Notices for a choice (`parameter` = resource or event) that needs the other API's credential than the one selected:
 * what to pick instead. The choice itself stays, so selecting the right credential carries on where the user was.
 */
export function credentialNotices(parameter: string, needs: Record<Api, string[]>, subject: string): INodeProperties[] {
  return (['nodeApi', 'dataApi'] as const).map((api) => {
    const other: Api = api === 'nodeApi' ? 'dataApi' : 'nodeApi'
    return {
      displayName: `${subject} needs an ${API_NAMES[api]} credential: select one under Credential above, or create one (its type: ${api === 'nodeApi' ? 'Node API' : 'Data API'})`,
      name: `${api}Notice`,
      type: 'notice',
      default: '',
      displayOptions: { show: { authentication: [other], [parameter]: needs[api] } },
    }
  })
}

/**
 * Stops with the notice's advice when the node's `authentication` (`selected`: the API of its credential) is not the
 * API `api` the chosen operation or event needs.
 */
export function assertApi(node: INode, selected: unknown, api: Api, itemIndex = 0): void {
  if (selected === api) return
  throw new NodeOperationError(node, `This needs an ${API_NAMES[api]} credential`, {
    itemIndex,
    description: `Select an ${API_NAMES[api]} credential under Credential (the node has an ${API_NAMES[selected as Api] ?? String(selected)} one)`,
  })
}
