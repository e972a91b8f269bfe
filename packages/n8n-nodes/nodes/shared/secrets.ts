import type { IDataObject, INodeProperties } from 'n8n-workflow'
import type { OperationSpec } from './operations'

/**
 * The Webhooks API's shared secret (Get Shared Secret, Generate or Rotate Shared Secret) stays out of the node's
 * output unless the user turns on Include Secret in Output. n8n saves every execution's data (each node's output) in
 * its database and shows it to anyone who can open the workflow's executions, so a secret in an item is a secret
 * stored there; n8n's own nodes keep the webhook secrets they create out of items too (its GitHub and Stripe triggers
 * hold them in the workflow's static data). Core already keeps it out of errors and logs (secretFields).
 * An AI agent never gets it: the option is hidden from the tool variant and ignored when the node runs as a tool.
 */

export const INCLUDE_SECRET = 'includeSecret'

/** The option and the warning shown while it is on, for the operations that answer a secret. */
export function secretProperties(operations: string[]): INodeProperties[] {
  const show = { resource: ['webhook'], operation: operations }
  return [
    {
      displayName: 'Include Secret in Output',
      name: INCLUDE_SECRET,
      type: 'boolean',
      default: false,
      displayOptions: { show, hide: { '@tool': [true] } },
      description:
        "Whether to put the shared secret in the output item. n8n saves each execution's data, so the secret is then stored with this workflow's executions: turn it on only when a later node needs it, e.g. to save it in your receiver's secret store.",
    },
    {
      displayName:
        "The shared secret will be saved in this workflow's execution data, readable by everyone who can open its executions",
      name: 'includeSecretNotice',
      type: 'notice',
      default: '',
      displayOptions: { show: { ...show, [INCLUDE_SECRET]: [true] }, hide: { '@tool': [true] } },
    },
  ]
}

/**
 * The item of an operation that answers a secret: without `include` (or run as an AI tool) its secret fields are
 * replaced by a note saying where the secret is and how to get it.
 */
export function secretOutput(json: IDataObject, spec: OperationSpec, include: boolean, asTool: boolean): IDataObject {
  const fields = spec.op.secretFields ?? []
  if (include && !asTool) return json
  const out: IDataObject = {}
  for (const [key, value] of Object.entries(json)) if (!fields.includes(key)) out[key] = value
  const rotated =
    spec.value === 'data.generateOrRotateSharedSecret'
      ? 'A new shared secret now signs the webhooks of this account. '
      : ''
  out.secretWithheld = true
  out.note = asTool
    ? `${rotated}The shared secret is never given to an AI agent.`
    : `${rotated}The shared secret is not in the output, as n8n saves each execution's data: turn on Include Secret in Output to pass it to the next node.`
  return out
}
