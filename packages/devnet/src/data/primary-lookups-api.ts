import { cb58Decode } from '@avalanche-automation/core'
import { findXTx } from '../node/tx-lookup.js'
import { compareBytes } from '../world/bytes.js'
import { GENESIS_TIME } from '../world/constants.js'
import { idString } from '../world/json-values.js'
import type { RouteHandler } from './context.js'
import { badRequest, notFound, type Params, str } from './http.js'
import { paginate } from './paging.js'
import type { PrimaryChain } from './primary-network.js'
import { chainInfo, chainOf, firstBlockAtOrAfter, page, timestamps } from './primary-network-api.js'

/**
 * The Data API's Primary Network lookups by ID: one transaction (`.../transactions/{txHash}`, data-api.openapi.json
 * getTxByHash), one block or the latest blocks of the P- or X-Chain (getBlockById, listLatestPrimaryNetworkBlocks)
 * and an X-Chain asset (getAssetDetails): the node's own txs, blocks and assets (avm.getTx, platform.getBlock,
 * avm.getAssetDescription), in the shapes the listings already use.
 */

/** A cb58 ID of 32 bytes, or undefined when the text is not one. */
function id32(text: string): Uint8Array | undefined {
  try {
    return cb58Decode(text, 32)
  } catch {
    return undefined
  }
}

/** Blocks are listed for the P- and X-Chain (the C-Chain's are EVM blocks: /v1/chains/{chainId}/blocks). */
function blockChain(params: Params): 'p' | 'x' {
  const chain = chainOf(params)
  if (chain === 'c') throw badRequest(['blocks are served for the P-Chain and the X-Chain only'])
  return chain
}

export const primaryLookupHandlers: Record<string, RouteHandler> = {
  getTxByHash: ({ ctx, params }) => {
    const { primary, world } = ctx
    const chain: PrimaryChain = chainOf(params)
    const hash = str(params, 'txHash') as string
    const bytes = id32(hash)
    if (!bytes) throw badRequest([`Invalid txHash: ${hash} (expected a cb58 transaction ID)`])
    if (chain === 'p') {
      const j = world.index('pTx').find(bytes)
      if (j >= 0) return primary.renderP(j)
    } else if (chain === 'x') {
      const i = world.index('xTx').find(bytes)
      if (i >= 0) return primary.renderX(i)
    } else {
      const i = world.cAtomic.txs.findIndex((t) => compareBytes(t.id, bytes) === 0)
      if (i >= 0) return primary.renderC(i)
    }
    throw notFound(`Transaction ${hash} not found on the ${chain.toUpperCase()}-Chain`)
  },

  getBlockById: ({ ctx, params }) => {
    const { primary, world } = ctx
    const chain = blockChain(params)
    const blockId = str(params, 'blockId') as string
    const count = primary.blockCount(chain)
    // "A block identifier which is either a block number or the block hash" (the blockId parameter).
    let h = /^\d{1,15}$/.test(blockId) ? Number(blockId) : -1
    if (h < 0) {
      const bytes = id32(blockId)
      if (!bytes) throw badRequest([`Invalid blockId: ${blockId} (expected a block number or a cb58 block hash)`])
      h = world.index(chain === 'p' ? 'pBlock' : 'xBlock').find(bytes)
    }
    if (h < 1 || h > count) throw notFound(`Block ${blockId} not found on the ${chain.toUpperCase()}-Chain`)
    return primary.renderBlock(chain, h)
  },

  listLatestPrimaryNetworkBlocks: (call) => {
    const { params } = call
    const { primary } = call.ctx
    const chain = blockChain(params)
    const [start, end] = timestamps(params)
    const count = primary.blockCount(chain)
    const lowest = start === undefined ? 1 : Math.max(1, firstBlockAtOrAfter(primary, chain, start, count))
    const highest = end === undefined ? count : Math.min(count, firstBlockAtOrAfter(primary, chain, end + 1, count) - 1)
    // Newest first, by height (the description's "latest blocks").
    const result = paginate(page(call, { chain, start, end }), function* (from) {
      for (let h = from ?? highest; h >= lowest; h--) yield [h, h] as const
    })
    return {
      ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
      blocks: result.items.map((h) => primary.renderBlock(chain, h)),
      chainInfo: chainInfo(chain, params),
    }
  },

  getAssetDetails: ({ ctx, params }) => {
    const { world } = ctx
    const assetId = str(params, 'assetId') as string
    const bytes = id32(assetId)
    const asset = bytes && world.x.assets.find((a) => compareBytes(a.id, bytes) === 0)
    if (!bytes || !asset) throw notFound(`Asset ${assetId} not found on the X-Chain`)
    // The asset's CreateAssetTx, or the X-Chain genesis for AVAX (avm.getAssetDescription finds both).
    const position = findXTx(world, bytes) ?? -1
    return {
      assetId: idString(asset.id),
      name: asset.name,
      symbol: asset.symbol,
      denomination: asset.denomination,
      type: 'secp256k1',
      createdAtTimestamp: position < 0 ? GENESIS_TIME : ctx.primary.time('x', position),
      cap: asset.variableCap ? 'variable' : 'fixed',
    }
  },
}
