import { xBlockJson, xTxJson } from '../world/avm-codec.js'
import { compareBytes } from '../world/bytes.js'
import type { Output } from '../world/components.js'
import { CREATE_ASSET_TX_FEE, TX_FEE, X_CHAIN_BYTES } from '../world/constants.js'
import { idString, jsonU64 } from '../world/json-values.js'
import { type NodeContext, unixNow } from './context.js'
import { goIdFromString, parseServiceAddress } from './ids.js'
import { method, RpcError, type RpcService } from './jsonrpc.js'
import { bool, type Encoding, encoding, id, string, u64 } from './params.js'
import { findXTx, isZero, xTxBytes, xTxRecord } from './tx-lookup.js'
import { encodeBytes, getUtxos, getUtxosParams } from './utxos.js'

/** Encodes a tx or block for `encoding`: bytes as hex (checksummed unless hexnc), or the JSON object. */
function render(bytes: Uint8Array, enc: Encoding, json: () => unknown): unknown {
  return enc === 'json' ? json() : encodeBytes(bytes, enc)
}

/** `vm.lookupAssetID`: the alias "AVAX", else a cb58 ID. */
function lookupAsset(ctx: NodeContext, asset: string): Uint8Array {
  if (asset === 'AVAX') return ctx.world.assetIds[0] as Uint8Array
  try {
    return goIdFromString(asset)
  } catch {
    throw new RpcError(`asset '${asset}' not found`)
  }
}

function parseAddress(ctx: NodeContext, address: string): Uint8Array {
  try {
    return parseServiceAddress(address, X_CHAIN_BYTES, ctx.state)
  } catch (error) {
    throw new RpcError(`problem parsing address '${address}': ${(error as Error).message}`)
  }
}

/**
 * Whether avm.getBalance and getAllBalances count an output (`vms/avm/service.go` GetBalance, GetAllBalances): a
 * secp256k1fx transfer output; without includePartial only one with exactly one owner and `locktime <= now`.
 */
function counted(out: Output, includePartial: boolean, now: bigint): boolean {
  return out.typeId === 7 && (includePartial || (out.addresses.length === 1 && out.locktime <= now))
}

function assetIndex(ctx: NodeContext, assetId: Uint8Array): number {
  return ctx.world.assetIds.findIndex((a) => compareBytes(a, assetId) === 0)
}

function xBlock(ctx: NodeContext, height: number, enc: Encoding) {
  const { x } = ctx.world
  if (height === 0) {
    // The linear chain's genesis: the stop vertex's child (`vms/avm/state/state.go` initializeChainState).
    return render(x.genesisBlock, enc, () =>
      xBlockJson({ parentId: x.dag.stopVertex().id, height: 0, time: x.blockTime(0) }, [], x.genesisBlockId),
    )
  }
  const block = x.chain.block(height)
  return render(block.inner, enc, () =>
    xBlockJson(
      { parentId: x.chain.innerId(height - 1), height, time: x.blockTime(height) },
      x.blockTxs(height),
      block.innerId,
    ),
  )
}

/**
 * The X-Chain service (`vms/avm/service.go`), served on /ext/bc/X and the chain's other routes. getTx/getTxStatus
 * find the txs of both eras (the DAG era's are in the VM's state too); getBlock*, getHeight know only the linear
 * chain's blocks, which start at the stop vertex (`vms/avm/vm.go` Linearize).
 */
export const avmService: RpcService<NodeContext> = {
  name: 'avm',
  methods: {
    getAllBalances: method({ address: string, includePartial: bool }, (args, ctx) => {
      const table = ctx.world.utxos('X', 'local', parseAddress(ctx, args.address))
      const balances: { asset: string; balance: string }[] = []
      const now = unixNow(ctx)
      table
        .sum((out) => counted(out, args.includePartial, now))
        .forEach((amount, k) => {
          if (amount === 0n) return
          balances.push({
            asset: k === 0 ? 'AVAX' : idString(ctx.world.assetIds[k] as Uint8Array),
            balance: jsonU64(amount),
          })
        })
      return { balances }
    }),

    getBalance: method({ address: string, assetID: string, includePartial: bool }, (args, ctx) => {
      const owner = parseAddress(ctx, args.address)
      const assetId = lookupAsset(ctx, args.assetID)
      const table = ctx.world.utxos('X', 'local', owner)
      const k = assetIndex(ctx, assetId)
      const utxoIDs: { txID: string; outputIndex: number }[] = []
      let balance = 0n
      const now = unixNow(ctx)
      for (let u = 0; u < table.count; u++) {
        if (table.assetIndex(u) !== k) continue
        const output = table.output(u)
        if (!counted(output, args.includePartial, now)) continue
        balance += output.amount
        utxoIDs.push({ txID: idString(table.txId(u)), outputIndex: table.outputIndex(u) })
      }
      return { balance: jsonU64(k < 0 ? 0n : balance), utxoIDs: k < 0 ? [] : utxoIDs }
    }),

    getAssetDescription: method({ assetID: string }, (args, ctx) => {
      const assetId = lookupAsset(ctx, args.assetID)
      const position = findXTx(ctx.world, assetId)
      if (position === undefined) throw new RpcError('not found')
      const k = assetIndex(ctx, assetId)
      const asset = ctx.world.x.assets[k]
      if (!asset) throw new RpcError("transaction doesn't create an asset")
      return {
        assetID: idString(asset.id),
        name: asset.name,
        symbol: asset.symbol,
        denomination: String(asset.denomination),
      }
    }),

    getBlock: method({ blockID: id, encoding }, (args, ctx) => {
      const height = ctx.world.index('xBlock').find(args.blockID)
      if (height < 0) throw new RpcError(`couldn't get block with id ${idString(args.blockID)}: not found`)
      return { block: xBlock(ctx, height, args.encoding), encoding: args.encoding }
    }),

    getBlockByHeight: method({ height: u64, encoding }, (args, ctx) => {
      if (args.height > BigInt(ctx.world.x.blockCount)) {
        throw new RpcError(`couldn't get block at height ${args.height}: not found`)
      }
      return { block: xBlock(ctx, Number(args.height), args.encoding), encoding: args.encoding }
    }),

    getHeight: method({}, (_args, ctx) => ({ height: jsonU64(ctx.world.x.blockCount) })),

    getTx: method({ txID: id, encoding }, (args, ctx) => {
      if (isZero(args.txID)) throw new RpcError('nil transaction ID')
      const position = findXTx(ctx.world, args.txID)
      if (position === undefined) throw new RpcError('not found')
      if (args.encoding === 'json') {
        const record = xTxRecord(ctx.world, position)
        return { tx: xTxJson(record.tx, record.id), encoding: args.encoding }
      }
      return { tx: encodeBytes(xTxBytes(ctx.world, position).bytes, args.encoding), encoding: args.encoding }
    }),

    getTxFee: method({}, () => ({ txFee: jsonU64(TX_FEE), createAssetTxFee: jsonU64(CREATE_ASSET_TX_FEE) })),

    getTxStatus: method({ txID: id }, (args, ctx) => {
      if (isZero(args.txID)) throw new RpcError('nil transaction ID')
      return { status: findXTx(ctx.world, args.txID) === undefined ? 'Unknown' : 'Accepted' }
    }),

    getUTXOs: method(getUtxosParams, (args, ctx) => getUtxos(ctx, 'X', args)),
  },
}
