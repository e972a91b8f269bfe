import type { AvalancheClient, CallOptions } from '@avalanche-automation/core'
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow'
import { NodeOperationError } from 'n8n-workflow'
import type { FieldSpec, OperationSpec } from './operations'

/** Turns the item's n8n parameters into the operation's wire parameters (core validates them). */
export function readParams(fns: IExecuteFunctions, spec: OperationSpec, itemIndex: number): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  const additional = spec.fields.some((f) => !f.required)
    ? (fns.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject)
    : {}
  for (const field of spec.fields) {
    const raw = field.required
      ? fns.getNodeParameter(field.name, itemIndex, undefined, { extractValue: field.locator !== undefined })
      : additional[field.name]
    if (raw === undefined || raw === null) continue
    const value = convert(fns, field, raw, itemIndex)
    if (value !== undefined) params[field.name] = value
  }
  return params
}

function convert(fns: IExecuteFunctions, field: FieldSpec, raw: unknown, itemIndex: number): unknown {
  switch (field.kind) {
    case 'list': {
      if (Array.isArray(raw)) return raw.map(String)
      const text = String(raw).trim()
      if (text === '' && !field.required) return undefined
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    }
    case 'json': {
      if (typeof raw !== 'string') return raw
      if (raw.trim() === '') return undefined
      try {
        return JSON.parse(raw)
      } catch {
        throw new NodeOperationError(fns.getNode(), `The field "${field.displayName}" is not valid JSON`, {
          itemIndex,
          description: 'Enter a JSON value, e.g. {"key": "value"} or ["a", "b"]',
        })
      }
    }
    case 'string':
      if (typeof raw === 'string' && raw.trim() === '' && !field.required) return undefined
      return typeof raw === 'number' ? String(raw) : raw
    default:
      return raw
  }
}

/**
 * The records of one call: a paginated operation streams its walker's records (up to `limit`, or all of them),
 * any other operation yields its single result.
 */
export async function* records(
  client: AvalancheClient,
  spec: OperationSpec,
  params: Record<string, unknown>,
  limit: number | undefined,
  options: CallOptions = {},
): AsyncGenerator<unknown> {
  const [service, method] = spec.value.split('.') as [string, string]
  if (!spec.paginated) {
    yield await client.call(spec.op, params, options)
    return
  }
  const fn = (
    client as unknown as Record<
      string,
      Record<string, { items: (params: unknown, options: unknown) => AsyncGenerator<unknown> }>
    >
  )[service]?.[method]
  if (!fn) throw new Error(`No client function for ${spec.value}`)
  yield* fn.items(params, limit === undefined ? options : { ...options, limit })
}
