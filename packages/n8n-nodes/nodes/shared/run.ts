import type { AvalancheClient, CallOptions } from '@avalanche-automation/core'
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow'
import { NodeOperationError } from 'n8n-workflow'
import { type FieldSpec, type OperationSpec, onTop } from './operations'

/** An item's wire parameters, and the label of each field by its wire path (for errors that name a parameter). */
export interface ReadParams {
  params: Record<string, unknown>
  labels: Record<string, string>
}

/** Sets `value` at a dot path of `target` (`metadata.addresses`), making the objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  const last = keys.pop() as string
  let node = target
  for (const key of keys) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[last] = value
}

/**
 * Turns the item's n8n parameters into the operation's wire parameters (core validates them). A field shown only for
 * some values of another parameter (`when`) is read only while it is shown.
 */
export function readParams(fns: IExecuteFunctions, spec: OperationSpec, itemIndex: number): ReadParams {
  const params: Record<string, unknown> = {}
  const labels: Record<string, string> = {}
  const additional = spec.fields.some((f) => !onTop(f))
    ? (fns.getNodeParameter(spec.collection, itemIndex, {}) as IDataObject)
    : {}
  const shown = (field: FieldSpec) =>
    Object.entries(field.when ?? {}).every(([name, values]) =>
      values.includes(String(fns.getNodeParameter(name, itemIndex, ''))),
    )
  for (const field of spec.fields) {
    if (!shown(field)) continue
    const wire = field.wire ?? field.name
    labels[wire] = field.displayName
    const raw = onTop(field)
      ? fns.getNodeParameter(field.name, itemIndex, field.required ? undefined : null, {
          extractValue: field.locator !== undefined,
        })
      : additional[field.name]
    if (raw === undefined || raw === null) continue
    const value = convert(fns, field, raw, itemIndex)
    if (value !== undefined) setPath(params, wire, value)
  }
  return { params: spec.assemble ? spec.assemble(params) : params, labels }
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
