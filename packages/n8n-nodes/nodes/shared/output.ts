import { AvalancheError, formatAmount, HttpStatusError, InvalidParamsError, toJson } from '@avalanche-automation/core'
import { type IDataObject, type INode, type JsonObject, NodeApiError, NodeOperationError } from 'n8n-workflow'
import { fieldName } from './names'

/** Result fields that the P-Chain (and the X-Chain fee) report in nAVAX: Simplified adds `<field>Avax` beside them. */
const NAVAX_FIELDS = new Set([
  'balance',
  'unlocked',
  'lockedStakeable',
  'lockedNotStakeable',
  'unlockeds',
  'stakeAmount',
  'weight',
  'supply',
  'txFee',
  'createAssetTxFee',
  'potentialReward',
  'accruedDelegateeReward',
  'amount',
])

/** Services and operations whose amounts are AVAX in nAVAX (9 decimals). */
export function knowsAvaxAmounts(operationId: string): boolean {
  return operationId.startsWith('platform.') || operationId === 'avm.getTxFee'
}

function addAvax(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(addAvax)
  if (!value || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Date) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    out[key] = addAvax(v)
    if (typeof v === 'bigint' && NAVAX_FIELDS.has(key)) out[`${key}Avax`] = formatAmount(v, 9)
  }
  return out
}

/** The key of an item whose record is a bare value (a webhook's address), else `result`. */
const VALUE_KEYS: Record<string, string> = { 'data.getAddressesFromWebhook': 'address' }

/** One output item's JSON: bigint as decimal strings; Simplified adds formatted AVAX amounts when the unit is known. */
export function shapeOutput(value: unknown, operationId: string, output: string): IDataObject {
  const shaped = output === 'raw' || !knowsAvaxAmounts(operationId) ? value : addAvax(value)
  const json = toJson(shaped)
  return json && typeof json === 'object' && !Array.isArray(json)
    ? (json as IDataObject)
    : { [VALUE_KEYS[operationId] ?? 'result']: json as never }
}

/** What to do about a core error, shown as the n8n error's description. */
function fixFor(error: AvalancheError): string {
  const e = error as AvalancheError & { flag?: string; status?: number; rpcMessage?: string }
  switch (error.code) {
    case 'API_DISABLED':
      return `Start the node with ${e.flag}, or point the credential at a node that serves this API`
    case 'CHAIN_BOOTSTRAPPING':
      return 'The node is still bootstrapping this chain; retry once it is done'
    case 'JSON_RPC':
      return `The node rejected the call: ${e.rpcMessage}. Check the operation's fields`
    case 'TIMEOUT':
    case 'NETWORK':
      return "Check the credential's base URL and that n8n can reach it (a local node needs N8N_SSRF_ALLOWED_HOSTNAMES when SSRF protection is on)"
    case 'RESPONSE_SHAPE':
      return 'The service answered in an unexpected shape; check that the base URL points at the right service'
    case 'PAGINATION_LIMIT':
      return 'Use a Limit instead of Return All, or narrow the query'
    default:
      if (e.status === 401 || e.status === 403) return 'Check the API key or header of the credential'
      if (e.status === 429) return 'Rate limited: add an API key to the credential or poll less often'
      if (e.status === 404) return 'Not found: check the IDs and the base URL'
      return error.details ?? 'Check the fields and the credential'
  }
}

/** Call options named as the node's Options show them. */
const OPTION_LABELS: Record<string, string> = { timeoutMs: 'Timeout' }

/**
 * A parameter path as the user sees the field: `addresses[0]` → `"Addresses", item 1` (lists count from 1 in the
 * field), `startIndex.address` → `"Start Index", Address`. `labels` names the fields by their wire path where the
 * parameter is not the field (`metadata.addresses[1]` → `"Addresses", item 2`).
 */
export function fieldLabel(path: string, labels: Record<string, string> = {}): string {
  const own = Object.keys(labels)
    .filter((wire) => path === wire || path.startsWith(`${wire}.`) || path.startsWith(`${wire}[`))
    .sort((a, b) => b.length - a.length)[0]
  const [top = '', ...rest] = own
    ? [
        own,
        ...path
          .slice(own.length)
          .split(/(?=[.[])/)
          .filter(Boolean),
      ]
    : path.split(/(?=[.[])/)
  const parts = rest.map((p) => (p.startsWith('[') ? `item ${Number(p.slice(1, -1)) + 1}` : fieldName(p.slice(1))))
  return [`"${labels[top] ?? OPTION_LABELS[top] ?? fieldName(top)}"`, ...parts].join(', ')
}

/**
 * Maps anything thrown by core to NodeOperationError (bad parameters) or NodeApiError (the service said no); `labels`
 * (from readParams) names fields whose wire path is not their name.
 */
export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex: number,
  labels: Record<string, string> = {},
): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error
  if (InvalidParamsError.isInstance(error)) {
    const issues = error.issues.map((i) => (i.path ? `${fieldLabel(i.path, labels)}: ${i.message}` : i.message))
    const fields = [...new Set(error.issues.filter((i) => i.path).map((i) => fieldLabel(i.path, labels).split(',')[0]))]
    const lead = error.issues.every((i) => i.path) ? 'Invalid value in' : 'Invalid parameters:'
    return new NodeOperationError(node, `${lead} ${issues.join('; ')}`, {
      itemIndex,
      description: fields.length
        ? `Fix the field${fields.length > 1 ? 's' : ''} ${fields.join(', ')}`
        : 'Fix the fields of this operation',
    })
  }
  if (AvalancheError.isInstance(error)) {
    const httpCode = HttpStatusError.isInstance(error) ? String(error.status) : error.code === 'JSON_RPC' ? '200' : null
    const response: JsonObject = { message: error.shortMessage, code: error.code }
    if (HttpStatusError.isInstance(error)) response.body = toJson(error.body) as JsonObject
    if (error.code === 'JSON_RPC') {
      const rpc = error as AvalancheError & { rpcCode: number; rpcMessage: string }
      response.rpcCode = rpc.rpcCode
      response.rpcMessage = rpc.rpcMessage
    }
    // The service's own words (the body's message) lead; JSON-RPC errors carry them in shortMessage already.
    const message =
      HttpStatusError.isInstance(error) && error.details
        ? `${error.details} (${error.shortMessage})`
        : error.shortMessage
    return new NodeApiError(node, response, {
      message,
      description: fixFor(error),
      itemIndex,
      ...(httpCode ? { httpCode } : {}),
    })
  }
  return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex })
}
