import {
  type AvalancheClient,
  HttpStatusError,
  verifyWebhookSignature,
  type WebhookSignatureError,
} from '@avalanche-automation/core'
import {
  type IDataObject,
  type IExecuteFunctions,
  type IHookFunctions,
  type INodeProperties,
  type INodeType,
  type INodeTypeDescription,
  type IWebhookFunctions,
  type IWebhookResponseData,
  NodeConnectionTypes,
} from 'n8n-workflow'
import { listSearch } from '../shared/listSearch'
import { OPERATION_BY_VALUE, type OperationSpec, onTop } from '../shared/operations'
import { toNodeError } from '../shared/output'
import { fieldProperty, subtitleOf } from '../shared/properties'
import { readParams } from '../shared/run'
import { clientFor, DATA_CREDENTIAL } from '../shared/transport'
import { RecentIds, SecretCache } from './deliveries'

/**
 * A push trigger on the Data API's Webhooks API, the way n8n's own webhook triggers work (Stripe, GitHub): activating
 * the workflow creates a webhook for the workflow's production URL (the test URL while listening for a test event),
 * its ID kept in the node's static data; deactivating deactivates it (the API's DELETE). Each delivery is checked with
 * core's verifyWebhookSignature against the account's shared secret before anything is emitted.
 *
 * The shared secret is read (or rotated) through the API and kept in this process's memory only: not in static data
 * (saved with the workflow and in its exports), items or errors.
 */

const CREATE = OPERATION_BY_VALUE.get('data.createWebhook') as OperationSpec
/** The webhook's receiver, name and description are the trigger's own, not fields. */
const OWN_FIELDS = new Set(['url', 'name', 'description'])
/** The Create form of the Webhook resource, without the fields the trigger fills in. */
const SUBSCRIPTION: OperationSpec = { ...CREATE, fields: CREATE.fields.filter((f) => !OWN_FIELDS.has(f.name)) }

const ROTATE = 'rotateSecret'

interface WebhookState extends IDataObject {
  webhookId?: string
  /** The receiver URL and the subscription (event type, chain, addresses, options) the webhook was created with. */
  key?: string
  /** The messageIds emitted last, oldest first (bounded: see RecentIds). */
  seen?: string[]
}

const secrets = new SecretCache()
const recent = new RecentIds()

/** readParams reads an item's parameters; a hook has no items, so its parameters are item 0's. */
function asItemFunctions(fns: IHookFunctions): IExecuteFunctions {
  return {
    getNode: () => fns.getNode(),
    getNodeParameter: (name: string, _item: number, fallback?: unknown, options?: IDataObject) =>
      fns.getNodeParameter(name, fallback, options),
  } as unknown as IExecuteFunctions
}

/** The createWebhook parameters for this node's fields and `url`, and what names the subscription. */
function subscription(fns: IHookFunctions, url: string) {
  const { params, labels } = readParams(asItemFunctions(fns), SUBSCRIPTION, 0)
  const key = JSON.stringify({ url, params })
  return { params: { ...params, url }, labels, key }
}

const isNotFound = (error: unknown) => HttpStatusError.isInstance(error) && error.status === 404

/** The account's shared secret: read, or made when the account has none yet. */
async function readSecret(client: AvalancheClient): Promise<string> {
  const read = await client.data.getSharedSecret().then(
    (r) => r.secret as string,
    (error: unknown) => (isNotFound(error) ? undefined : Promise.reject(error)),
  )
  return read ?? ((await client.data.generateOrRotateSharedSecret()).secret as string)
}

const trigger = (fns: IHookFunctions) => ({
  state: fns.getWorkflowStaticData('node') as WebhookState,
  url: fns.getNodeWebhookUrl('default') as string,
  client: () => clientFor(fns, DATA_CREDENTIAL),
})

export class AvalancheWebhookTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Avalanche Webhook Trigger',
    name: 'avalancheWebhookTrigger',
    icon: { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: subtitleOf('eventType', SUBSCRIPTION.fields.find((f) => f.name === 'eventType')?.optionNames ?? {}),
    description: 'Starts the workflow on address or validator activity pushed by the Avalanche Data API',
    defaults: { name: 'Avalanche Webhook Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: DATA_CREDENTIAL, required: true }],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
    properties: [
      {
        displayName:
          'Activating the workflow creates a Data API webhook for its production URL, deactivating deactivates it. Every delivery is checked against the shared secret of the account before it starts the workflow.',
        name: 'notice',
        type: 'notice',
        default: '',
      },
      ...SUBSCRIPTION.fields.filter(onTop).map((f) => fieldProperty(f, {}, true)),
      {
        displayName: 'Options',
        name: SUBSCRIPTION.collection,
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          ...SUBSCRIPTION.fields.filter((f) => !onTop(f)).map((f) => fieldProperty(f, {})),
          {
            displayName: 'Rotate Shared Secret on Activation',
            name: ROTATE,
            type: 'boolean',
            default: false,
            description:
              "Whether to replace the account's shared secret when the workflow is activated. Every other receiver of the account's webhooks then needs the new secret.",
          },
        ].sort((a, b) => a.displayName.localeCompare(b.displayName)) as INodeProperties[],
      },
    ],
  }

  methods = { listSearch: { searchEvmChains: listSearch.searchEvmChains } }

  webhookMethods = {
    default: {
      /** The webhook exists, is active and watches what the node says for this URL; else it is made again. */
      async checkExists(this: IHookFunctions): Promise<boolean> {
        const { state, url, client } = trigger(this)
        if (state.webhookId === undefined) return false
        const api = await client()
        try {
          const webhook = await api.data.getWebhook({ id: state.webhookId })
          if (webhook.status === 'active' && state.key === subscription(this, url).key) return true
          if (webhook.status === 'active') await api.data.deactivateWebhook({ id: state.webhookId })
        } catch (error) {
          if (!isNotFound(error)) throw toNodeError(this.getNode(), error, 0)
        }
        delete state.webhookId
        delete state.key
        return false
      },

      async create(this: IHookFunctions): Promise<boolean> {
        const { state, url, client } = trigger(this)
        const { params, labels, key } = subscription(this, url)
        const api = await client()
        try {
          const options = this.getNodeParameter(SUBSCRIPTION.collection, {}) as IDataObject
          const secret =
            options[ROTATE] === true
              ? ((await api.data.generateOrRotateSharedSecret()).secret as string)
              : await readSecret(api)
          const workflow = this.getWorkflow()
          const webhook = await api.data.createWebhook({
            ...params,
            name: `n8n: ${workflow.name ?? workflow.id}`.slice(0, 100),
            description: `Created by n8n's Avalanche Webhook Trigger for workflow ${workflow.id}`,
          } as never)
          state.webhookId = webhook.id
          state.key = key
          secrets.set(webhook.id, secret)
          return true
        } catch (error) {
          throw toNodeError(this.getNode(), error, 0, labels)
        }
      },

      async delete(this: IHookFunctions): Promise<boolean> {
        const { state, client } = trigger(this)
        const id = state.webhookId
        if (id === undefined) return true
        try {
          await (await client()).data.deactivateWebhook({ id })
        } catch (error) {
          if (!isNotFound(error)) return false
        }
        secrets.forget(id)
        delete state.webhookId
        delete state.key
        return true
      },
    },
  }

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const request = this.getRequestObject()
    const body = this.getBodyData()
    const raw = (request as { rawBody?: Buffer }).rawBody ?? JSON.stringify(body)
    const state = this.getWorkflowStaticData('node') as WebhookState
    const webhookId = state.webhookId ?? ''
    let problem: WebhookSignatureError | undefined
    try {
      problem = await secrets.verify(
        webhookId,
        (secret) => verifyWebhookSignature(raw, request.headers['x-signature'], secret),
        {
          fetch: async () => readSecret(await clientFor(this, DATA_CREDENTIAL)),
        },
      )
    } catch (error) {
      throw toNodeError(this.getNode(), error, 0)
    }
    if (problem) {
      // The sender learns that the signature failed and why (missing, malformed, mismatch), never the secret.
      this.getResponseObject().status(401).json({ message: problem.message }).end()
      return { noWebhookResponse: true }
    }
    // A delivery of another webhook of the account, or one already emitted (the service retries, and may deliver a
    // message twice or out of order): answered 200 so it is not retried, and not emitted.
    const messageId = typeof body.messageId === 'string' ? body.messageId : undefined
    if (body.webhookId !== webhookId || (messageId && !recent.add(webhookId, messageId, state))) {
      return { webhookResponse: { received: true, emitted: false } }
    }
    return { workflowData: [[{ json: body }]] }
  }
}
