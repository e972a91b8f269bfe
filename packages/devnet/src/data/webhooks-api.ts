import { createHash } from 'node:crypto'
import type { ApiCall, RouteHandler } from './context.js'
import { badRequest, str } from './http.js'
import { listPage } from './paging.js'
import type { Caller } from './rate-limit.js'
import type { SpecOperation, SpecParam } from './spec.js'

/**
 * The Webhooks API and the signature aggregator: the Data API's writes (data-api.openapi.json `/v1/webhooks*`,
 * `/v1/signatureAggregator/*`). Kept out of spec.gen.ts's table (the schema suite GETs each entry of that table); the
 * spec test checks this one against the description.
 */
const pageToken: SpecParam = { name: 'pageToken', in: 'query', required: false, type: 'string' }
const pageSize: SpecParam = {
  name: 'pageSize',
  in: 'query',
  required: false,
  type: 'integer',
  minimum: 1,
  maximum: 100,
  default: 10,
}
const id: SpecParam = { name: 'id', in: 'path', required: true, type: 'string' }
const network: SpecParam = {
  name: 'network',
  in: 'path',
  required: true,
  type: 'string',
  enum: ['mainnet', 'fuji', 'testnet'],
}
const op = (operationId: string, method: string, path: string, weight: string, params: SpecParam[], status = 200) =>
  ({ api: 'data', operationId, method, path, weight, params, ...(status === 200 ? {} : { status }) }) as SpecOperation

export const WRITE_OPERATIONS: readonly SpecOperation[] = [
  op('createWebhook', 'POST', '/v1/webhooks', 'medium', [], 201),
  op('listWebhooks', 'GET', '/v1/webhooks', 'small', [
    pageToken,
    pageSize,
    { name: 'status', in: 'query', required: false, type: 'string', enum: ['active', 'inactive'] },
  ]),
  op('getWebhook', 'GET', '/v1/webhooks/{id}', 'small', [id]),
  op('deactivateWebhook', 'DELETE', '/v1/webhooks/{id}', 'medium', [id]),
  op('updateWebhook', 'PATCH', '/v1/webhooks/{id}', 'medium', [id]),
  op('generateOrRotateSharedSecret', 'POST', '/v1/webhooks:generateOrRotateSharedSecret', 'medium', [], 201),
  op('getSharedSecret', 'GET', '/v1/webhooks:getSharedSecret', 'small', []),
  op('addAddressesToWebhook', 'PATCH', '/v1/webhooks/{id}/addresses', 'medium', [id]),
  op('removeAddressesFromWebhook', 'DELETE', '/v1/webhooks/{id}/addresses', 'medium', [id]),
  op('getAddressesFromWebhook', 'GET', '/v1/webhooks/{id}/addresses', 'medium', [pageToken, pageSize, id]),
  op('aggregateSignatures', 'POST', '/v1/signatureAggregator/{network}/aggregateSignatures', 'medium', [network], 201),
  op(
    'getAggregatedSignatures',
    'GET',
    '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
    'medium',
    [network, { name: 'txHash', in: 'path', required: true, type: 'string' }],
    201,
  ),
]

const caller = (call: ApiCall): Caller => call.caller as Caller
const body = (call: ApiCall): Record<string, unknown> => {
  const value = call.body ?? {}
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(['the body must be a JSON object'])
  return value as Record<string, unknown>
}
const webhookId = (call: ApiCall) => str(call.params, 'id') as string

/**
 * A deterministic stand-in for an aggregate: the message followed by a 96-byte "signature" derived from it. The
 * devnet has no L1 validators' BLS keys, so this signature does not verify (BLS is not modelled); it stands for the
 * shape of SignatureAggregationResponse (hex), nothing more.
 */
function stubAggregate(message: string): string {
  const hex = message.replace(/^0x/, '').toLowerCase()
  const seed = createHash('sha256').update(hex).digest()
  const signature = Buffer.concat(
    [0, 1, 2].map((i) => createHash('sha256').update(seed).update(Uint8Array.of(i)).digest()),
  )
  return hex + signature.toString('hex')
}

export const writeHandlers: Record<string, RouteHandler> = {
  createWebhook: (call) => call.ctx.webhooks.create(caller(call), body(call)),
  listWebhooks: (call) => {
    const status = str(call.params, 'status')
    const page = listPage(call, call.ctx.webhooks.list(caller(call), status), { status })
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), webhooks: page.items }
  },
  getWebhook: (call) => call.ctx.webhooks.get(caller(call), webhookId(call)),
  updateWebhook: (call) => call.ctx.webhooks.update(caller(call), webhookId(call), body(call)),
  deactivateWebhook: (call) => call.ctx.webhooks.deactivate(caller(call), webhookId(call)),
  addAddressesToWebhook: (call) => call.ctx.webhooks.changeAddresses(caller(call), webhookId(call), body(call), true),
  removeAddressesFromWebhook: (call) =>
    call.ctx.webhooks.changeAddresses(caller(call), webhookId(call), body(call), false),
  getAddressesFromWebhook: (call) => {
    const all = call.ctx.webhooks.addresses(caller(call), webhookId(call))
    const page = listPage(call, all, { id: webhookId(call) })
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      addresses: page.items,
      totalAddresses: all.length,
    }
  },
  generateOrRotateSharedSecret: (call) => ({ secret: call.ctx.webhooks.rotate(caller(call).bucket) }),
  getSharedSecret: (call) => ({ secret: call.ctx.webhooks.secretOf(caller(call).bucket) }),
  aggregateSignatures: (call) => {
    const request = body(call)
    const message = request.message ?? request.justification
    if (typeof message !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(message)) {
      throw badRequest(['Either Message or Justification must be provided, hex-encoded'])
    }
    return { signedMessage: stubAggregate(message) }
  },
  getAggregatedSignatures: (call) => {
    const txHash = str(call.params, 'txHash') as string
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw badRequest(['txHash must be a transaction hash'])
    return { signedMessage: stubAggregate(txHash) }
  },
}
