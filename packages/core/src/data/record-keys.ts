/**
 * The fields that name a record of the Data and Metrics APIs: its hash, ID or position (txHash, blockNumber,
 * logIndex, utxoId, ...), the chain or subnet it belongs to, the address or token it is about, the timestamp of a
 * series point. Two uses, one list:
 * - the schema generator (`scripts/generate.ts`) keeps these required when the description requires them and makes
 *   every other field optional at parse time, because the live service omits fields its description requires
 *   (data-api.md 0b.2: `tokenReputation` off the C-Chain, `ChainInfo.description`, `EvmBlock.baseFee` before Apricot
 *   Phase 3, chainkit's overlay making `evmChainId` optional), and one missing detail must not fail a whole page;
 * - page walks (`itemKey`) tell where they stopped by these fields when a listing restarts.
 * Plain data without imports: the generator loads this file directly.
 */
export const RECORD_KEYS: readonly string[] = [
  'txHash',
  'logIndex',
  'blockHash',
  'blockNumber',
  'hash',
  'id',
  'chainId',
  'blockchainId',
  'subnetId',
  'assetId',
  'address',
  'tokenId',
  'nodeId',
  'validationId',
  'utxoId',
  'messageId',
  'timestamp',
  'srcBlockchainId',
  'destBlockchainId',
]
