import { type AvalancheClient, type ClientOptions, createClientFor } from './client.js'
import { services } from './services.js'
import { createNodeTransport } from './transports/node.js'

export { catalog, describeOperation, findOperation } from './catalog.js'
export type { AvalancheClient, ClientOptions } from './client.js'
/** Types of every Data API schema, generated from its OpenAPI description (e.g. `DataApi.NativeTransaction`). */
export type * as DataApi from './data/generated/data-api.gen.js'
/** Types of every Metrics API schema, generated from its OpenAPI description (e.g. `MetricsApi.MetricsValue`). */
export type * as MetricsApi from './data/generated/metrics-api.gen.js'
export { DATA_API_WEIGHTS, METRICS_API_WEIGHTS } from './data/params.js'
export { formatAddress, hrpForNetwork, isAddress, type ParsedAddress, parseAddress } from './encoding/address.js'
export { formatAmount, parseAmount } from './encoding/amount.js'
export {
  AVM_TYPE,
  type AvmTxType,
  avmTxTypes,
  type DecodedAvmBlock,
  type DecodedAvmTx,
  decodeAvmBlock,
  decodeAvmTx,
  decodeXChainBlock,
} from './encoding/avm.js'
export {
  isSpendableAlone,
  type PChainBalance,
  type PChainBalanceKind,
  PChainBalances,
  pChainBalanceKind,
  type XChainBalance,
  XChainBalances,
} from './encoding/balances.js'
export { base58Encode } from './encoding/base58.js'
export { canonicalJson } from './encoding/canonical-json.js'
export { cb58Decode, cb58Encode, isCb58 } from './encoding/cb58.js'
export { CodecReader, CodecWriter } from './encoding/codec.js'
export { bytesEqual, checksum, concatBytes, sha256 } from './encoding/hash.js'
export { bytesToHex, hexDecode, hexEncode, hexToBytes } from './encoding/hex.js'
export {
  EMPTY_ID,
  formatNodeId,
  idFromBytes,
  isId,
  isNodeId,
  PRIMARY_NETWORK_ID,
  parseNodeId,
  utxoId,
} from './encoding/ids.js'
export { type DecodedProposerBlock, decodeProposerBlock, isProposerBlock } from './encoding/proposervm.js'
export {
  type DecodedUtxo,
  decodeUtxo,
  SECP256K1_TRANSFER_OUTPUT,
  STAKEABLE_LOCK_OUTPUT,
} from './encoding/utxo.js'
export * from './errors.js'
export type { CallOptions } from './execute.js'
export { parseJsonLossless, stringifyJson, toJson } from './json.js'
export type { Logger } from './logger.js'
export { type NetworkName, networks } from './networks.js'
export { type Container, type IndexName, indexNames } from './node/index.js'
export type { XChainBlock, XChainTx } from './node/payloads.js'
export {
  type AnyOperation,
  defineOperation,
  type Operation,
  type OperationParams,
  type OperationResult,
  type PaginationKind,
  type Service,
} from './operation.js'
export type { PageItem, Paginated } from './pagination/attach.js'
export { type IndexWalkParams, isNoneAccepted, NONE_ACCEPTED } from './pagination/indexRange.js'
export { itemKey, PAGE_TOKEN_LIFETIME_MS, type PageTokenWalkOptions } from './pagination/pageToken.js'
export type { WalkOptions } from './pagination/types.js'
export type { Utxo, UtxoWalkParams } from './pagination/utxos.js'
export {
  walkXChainHistory,
  type XChainDagEntry,
  type XChainHistoryBlock,
  type XChainHistoryCursor,
  type XChainHistoryEntry,
  type XChainHistoryParams,
  type XChainLinearEntry,
} from './pagination/xChainHistory.js'
export { createRedactor, redactUrl } from './redact.js'
export { backoffDelay, defaultRetryPolicy, type RetryPolicy, type Sleep, serverDelay } from './retry.js'
export { services } from './services.js'
export type { HttpRequest, HttpResponse, Transport } from './transport.js'
export { createNodeTransport, type NodeTransport, type NodeTransportOptions } from './transports/node.js'
export {
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookSignatureError,
  type WebhookSignatureProblem,
  type WebhookSignatureScheme,
} from './webhook-signature.js'

/** A client of every service, with Node's http/https as its default transport: what bundlers get (it adds no bytes). */
export function createClient(options: ClientOptions = {}): AvalancheClient {
  return createClientFor(services, createNodeTransport, options)
}
