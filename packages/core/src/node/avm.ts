import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  addressParam,
  encodingParam,
  goSlice,
  idOrAliasParam,
  idParam,
  record,
  u32,
  u64,
  u64Param,
  utxoRef,
} from '../schemas.js'
import { MAX_UTXO_ADDRESSES, MAX_UTXO_LIMIT } from './limits.js'
import { blockReply, txReply, xChainBlock, xChainTx } from './payloads.js'

/**
 * The X-Chain API (`/ext/bc/X`, service `avm`, `vms/avm/service.go`). `blockchain` picks the chain: `X` (default)
 * or the ID or alias of another chain running the AVM; it is part of the path, not a JSON-RPC parameter.
 */
const blockchain = lazy(() =>
  z
    ._default(idOrAliasParam('X-Chain'), 'X')
    .check(z.describe('X-Chain alias or the ID of another AVM chain; default "X".')),
)

const base = { service: 'avm', endpoint: '/ext/bc/{blockchain}' } as const
const read = { ...base, readOnly: true, idempotent: true } as const

const AMOUNTS = "Amounts are in the asset's smallest unit (nAVAX for AVAX: 1 AVAX = 10^9 nAVAX)."
const PARTIAL =
  'Without includePartial the balance is what the address can spend now alone: UTXOs with exactly one owner (this address) whose locktime has passed. includePartial: true counts every UTXO the address is one of the owners of (multisig, shared, still time-locked): the total a getUTXOs walk sums.'
const JSON_ENCODING =
  'encoding (any case) "hex" (default) or "hexc" returns the bytes as 0x-hex with a 4-byte checksum, "hexnc" without it; "json" returns the decoded object, whose amounts, heights and times are bigint.'

const address = lazy(() => addressParam('X'))
const hexOrJson = lazy(() => encodingParam(['hex', 'hexc', 'hexnc', 'json']))
/** Parameters of no-argument methods: only the chain. */
const chainOnly = lazy(() => z.prefault(z.strictObject({ blockchain: blockchain() }), {}))

/** `getUTXOs` parameters, shared with platform.getUTXOs. */
export const utxoParams = (chain: 'X' | 'P') => {
  const addr = addressParam(chain)
  return {
    addresses: z.array(addr, { error: `expected an array of 1 to ${MAX_UTXO_ADDRESSES} addresses` }).check(
      z.minLength(1, { error: `must hold from 1 to ${MAX_UTXO_ADDRESSES} addresses` }),
      z.maxLength(MAX_UTXO_ADDRESSES, {
        error: `must hold from 1 to ${MAX_UTXO_ADDRESSES} addresses (use .items() to walk more)`,
      }),
    ),
    limit: z._default(
      z.number({ error: `expected a number from 1 to ${MAX_UTXO_LIMIT}` }).check(
        z.int({ error: `expected a whole number from 1 to ${MAX_UTXO_LIMIT}` }),
        z.gte(1, { error: `must be from 1 to ${MAX_UTXO_LIMIT}` }),
        z.lte(MAX_UTXO_LIMIT, {
          error: `must be from 1 to ${MAX_UTXO_LIMIT} (the node returns at most 1024 per call)`,
        }),
      ),
      MAX_UTXO_LIMIT,
    ),
    startIndex: z
      .optional(z.strictObject({ address: addr, utxo: idParam('UTXO ID') }))
      .check(z.describe('Continue after this position: the endIndex of the previous page.')),
    sourceChain: z
      .optional(idOrAliasParam('blockchain'))
      .check(z.describe('Return the atomic UTXOs exported to this chain from sourceChain (ID or alias).')),
    // json fails once a UTXO must be encoded (`formatting.Encode`), so only the byte encodings.
    encoding: encodingParam(['hex', 'hexc', 'hexnc']),
  }
}

/**
 * `getUTXOs` result (`api.GetUTXOsReply`, `api/common_args_responses.go`: no sourceChain), shared with
 * platform.getUTXOs. UTXOs are 0x-hex bytes, with a 4-byte checksum unless the encoding was hexnc.
 */
export const utxoPage: () => UtxoPageSchema = lazy(buildUtxoPage)
/** The schema `utxoPage()` returns: named, so that declaration files refer to it rather than spell it out. */
export interface UtxoPageSchema extends ReturnType<typeof buildUtxoPage> {}
function buildUtxoPage() {
  return record({
    numFetched: u64(),
    utxos: goSlice(z.string()),
    endIndex: record({ address: z.string(), utxo: z.string() }),
    encoding: z.string(),
  })
}

export const avm = {
  getAllBalances: defineOperation({
    ...read,
    id: 'avm.getAllBalances',
    summary: 'Every asset balance of one X-Chain address, as {asset, balance} items (balance in the smallest unit).',
    params: () =>
      z.strictObject({ blockchain: blockchain(), address: address(), includePartial: z.optional(z.boolean()) }),
    result: () => record({ balances: z.array(record({ asset: z.string(), balance: u64() })) }),
    deprecated: { since: 'v1.9.12', use: 'avm.getUTXOs' },
  }),
  getBalance: defineOperation({
    ...read,
    id: 'avm.getBalance',
    summary: 'The balance of one asset held by an X-Chain address, in the smallest unit, with the UTXOs it sums.',
    params: () =>
      z.strictObject({
        blockchain: blockchain(),
        address: address(),
        assetID: idOrAliasParam('asset'),
        includePartial: z.optional(z.boolean()),
      }),
    result: () =>
      record({
        balance: u64(),
        utxoIDs: goSlice(utxoRef()),
      }),
    deprecated: { since: 'v1.9.12', use: 'avm.getUTXOs' },
  }),
  getAssetDescription: defineOperation({
    ...read,
    id: 'avm.getAssetDescription',
    summary: "An asset's ID, name, symbol and denomination (the number of decimal places of its smallest unit).",
    params: () => z.strictObject({ blockchain: blockchain(), assetID: idOrAliasParam('asset') }),
    result: () => record({ assetID: z.string(), name: z.string(), symbol: z.string(), denomination: u32() }),
  }),
  getBlock: defineOperation({
    ...read,
    id: 'avm.getBlock',
    summary: 'An X-Chain block by ID, as hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ blockchain: blockchain(), blockID: idParam('block ID'), encoding: hexOrJson() }),
    result: () => blockReply(xChainBlock()),
  }),
  getBlockByHeight: defineOperation({
    ...read,
    id: 'avm.getBlockByHeight',
    summary: 'The accepted X-Chain block at a height, as hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ blockchain: blockchain(), height: u64Param(), encoding: hexOrJson() }),
    result: () => blockReply(xChainBlock()),
  }),
  getHeight: defineOperation({
    ...read,
    id: 'avm.getHeight',
    summary: 'The height of the last accepted X-Chain block.',
    params: chainOnly,
    result: () => record({ height: u64() }),
  }),
  getTx: defineOperation({
    ...read,
    id: 'avm.getTx',
    summary: 'An X-Chain transaction by ID, as signed hex bytes or as a decoded JSON object.',
    params: () => z.strictObject({ blockchain: blockchain(), txID: idParam('transaction ID'), encoding: hexOrJson() }),
    result: () => txReply(xChainTx()),
  }),
  getTxFee: defineOperation({
    ...read,
    id: 'avm.getTxFee',
    summary: 'The X-Chain base transaction fee and asset-creation fee, in nAVAX.',
    params: chainOnly,
    result: () => record({ txFee: u64(), createAssetTxFee: u64() }),
  }),
  getTxStatus: defineOperation({
    ...read,
    id: 'avm.getTxStatus',
    summary: 'Whether this node has accepted an X-Chain transaction: Accepted or Unknown.',
    params: () => z.strictObject({ blockchain: blockchain(), txID: idParam('transaction ID') }),
    result: () => record({ status: z.enum(['Accepted', 'Processing', 'Rejected', 'Unknown']) }),
    deprecated: { since: 'v1.10.0', use: 'avm.getTx' },
  }),
  getUTXOs: defineOperation({
    ...read,
    id: 'avm.getUTXOs',
    summary: 'One page (up to 1024) of the UTXOs that reference any of the given X-Chain addresses, as hex bytes.',
    params: () => z.strictObject({ blockchain: blockchain(), ...utxoParams('X') }),
    result: utxoPage,
    pagination: { kind: 'utxoCursor' },
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const avmDescriptions = (): Descriptions<typeof avm> => ({
  'avm.getAllBalances': `Deprecated since avalanchego v1.9.12: walk avm.getUTXOs instead (core's XChainBalances sums it by these same rules). Takes a single address (not an array). asset is the asset's alias (e.g. "AVAX") or ID. ${AMOUNTS} ${PARTIAL}`,
  'avm.getBalance': `Deprecated since avalanchego v1.9.12: walk avm.getUTXOs instead (core's XChainBalances sums it by these same rules). assetID is an asset ID or alias such as "AVAX". ${AMOUNTS} ${PARTIAL}`,
  'avm.getAssetDescription':
    'assetID is an asset ID or alias ("AVAX"). AVAX has denomination 9: a raw amount of 1000000000 is 1 AVAX.',
  'avm.getBlock': JSON_ENCODING,
  'avm.getBlockByHeight': JSON_ENCODING,
  'avm.getTx': `${JSON_ENCODING} Unknown IDs fail with JSON-RPC message "not found" (JsonRpcError.isNotFound). The node keeps only accepted transactions, of both eras (before and since Cortina): an answer means accepted.`,
  'avm.getTxFee': '1 AVAX = 10^9 nAVAX.',
  'avm.getTxStatus':
    'Deprecated since avalanchego v1.10.0: use avm.getTx (fails with "not found" when unknown), which reads the same state. Not index.isAccepted on X/tx: that index holds only the txs from before Cortina (2023). Current nodes answer only Accepted or Unknown; older ones also Processing and Rejected.',
  'avm.getUTXOs':
    "When numFetched equals limit there may be more: pass endIndex as startIndex, or use .items() / .pages(), which walk every page and drop duplicates. With sourceChain, returns atomic UTXOs exported from that chain to this one. Lists time-locked and multisig UTXOs too (.items() decodes each one's amount, owners, threshold and locktime), so their sum is the includePartial total, not what the address can spend alone.",
})
