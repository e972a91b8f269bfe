/**
 * A secret an operation answers (the catalog's `secretFields`: the webhooks' signing secret) never reaches the
 * assistant. An assistant's context is no place for a credential: the model may repeat it, the client may log the
 * conversation, another tool may receive it. The field is taken out of the result, which says instead how the user
 * reads the secret outside the assistant. Core already redacts the value from its logs and errors.
 */
import { type AnyOperation, catalog } from '@avalanche-automation/core'

/** The field that replaces the secret fields in a result. */
export const WITHHELD = 'withheld'

/** What the description of a tool that answers a secret adds. */
export const SECRET_NOTE =
  'Here the secret never reaches the assistant: the result holds `withheld` instead, which says how the user reads it outside the assistant.'

export const withheldProperty = {
  type: 'string',
  description: 'The secret is not given to the assistant; this says how to read it outside the assistant.',
}

/** How the user reads the secret: the read-only operation that answers it, by HTTP and through core. */
function howToRead(op: AnyOperation, dataUrl: string): string {
  const read = catalog.find((o) => o.readOnly && o.secretFields?.some((f) => op.secretFields?.includes(f))) ?? op
  const [method, path] = read.endpoint.split(' ') as [string, string]
  const [service, name] = read.id.split('.') as [string, string]
  const base = dataUrl.replace(/\/+$/, '') || '<Data API URL>'
  const curl = `curl${method === 'GET' ? '' : ` -X ${method}`} -H "x-glacier-api-key: $AVALANCHE_DATA_API_KEY" "${base}${path}"`
  return `${curl}, or client.${service}.${name}() of @avalanche-automation/core`
}

/** The note that stands for the secret fields of `op`'s result. */
export function withheldNote(op: AnyOperation, dataUrl: string): string {
  const fields = (op.secretFields ?? []).join(', ')
  const what = op.readOnly ? `${fields} withheld` : `Done; the new ${fields} is withheld`
  return `${what}: the assistant never sees secrets. Read it yourself, outside the assistant: ${howToRead(op, dataUrl)}.`
}

/** `result` without `op`'s secret fields, and a note on how to read them instead. */
export function withholdSecrets(
  op: AnyOperation,
  result: Record<string, unknown>,
  dataUrl: string,
): Record<string, unknown> {
  if (!op.secretFields) return result
  const kept = Object.fromEntries(Object.entries(result).filter(([key]) => !op.secretFields?.includes(key)))
  return { ...kept, [WITHHELD]: withheldNote(op, dataUrl) }
}
