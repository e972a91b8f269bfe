import { bytesToHex, isNodeId } from '@avalanche-automation/core'
import { C_CHAIN_ID, P_CHAIN_ID, X_CHAIN_ID } from '../world/constants.js'
import { idString } from '../world/json-values.js'
import type { ApiCall, RouteHandler } from './context.js'
import { badRequest, list, notFound, num, type Params, str } from './http.js'
import { conversionOf } from './l1-history.js'
import { mergeSorted, paginate, requestKey } from './paging.js'
import { addressShortId, type PrimaryChain, PrimaryNetwork, pastValidators } from './primary-network.js'

/** The service stops a transactions page once its UTXOs reach this many (seed 001, rule 3). */
export const UTXO_PAGE_THRESHOLD = 500

/** Blockchain IDs and aliases per chain: the spec's (mainnet, fuji, aliases) plus the devnet's own IDs. */
const CHAIN_IDS: Record<PrimaryChain, string[]> = {
  p: ['p-chain', P_CHAIN_ID],
  x: [
    'x-chain',
    X_CHAIN_ID,
    '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
  ],
  c: [
    'c-chain',
    C_CHAIN_ID,
    '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  ],
}

/** Every blockchainId the devnet accepts (the description's enum lists only mainnet and fuji IDs). */
export const BLOCKCHAIN_IDS = [...CHAIN_IDS.p, ...CHAIN_IDS.x, ...CHAIN_IDS.c]
export const X_CHAIN_IDS = CHAIN_IDS.x
export const P_CHAIN_IDS = CHAIN_IDS.p

/** The blockchainId values a route accepts: its description's enum (BlockchainId, XChainId or PChainId) widened. */
export function blockchainIdsOf(enumValues: readonly string[]): string[] {
  if (!enumValues.includes('x-chain')) return P_CHAIN_IDS
  return enumValues.includes('p-chain') ? BLOCKCHAIN_IDS : X_CHAIN_IDS
}

export function chainOf(params: Params): PrimaryChain {
  const id = str(params, 'blockchainId') as string
  return (Object.keys(CHAIN_IDS) as PrimaryChain[]).find((c) => CHAIN_IDS[c].includes(id)) as PrimaryChain
}

export function chainInfo(chain: PrimaryChain, params: Params) {
  return { chainName: `${chain}-chain`, network: str(params, 'network') as string }
}

export function timestamps(params: Params): [number | undefined, number | undefined] {
  const start = num(params, 'startTimestamp')
  const end = num(params, 'endTimestamp')
  if (start !== undefined && end !== undefined && end < start) {
    throw badRequest(['endTimestamp must not be less than startTimestamp'])
  }
  return [start, end]
}

/**
 * A page request keyed by the filters as given: a time range, not the positions it resolves to, which move on as the
 * chains grow (a token issued before growth stays valid for the same request).
 */
export function page(call: ApiCall, filters: Record<string, unknown>) {
  return {
    tokens: call.ctx.tokens,
    request: requestKey(call.route, filters),
    pageToken: str(call.params, 'pageToken'),
    pageSize: num(call.params, 'pageSize') ?? 10,
  }
}

/** Positions in [lo, hi) from `start`, optionally only those in the sorted sets, in either direction. */
function* positions(
  sets: Int32Array[] | undefined,
  lo: number,
  hi: number,
  start: number | undefined,
  descending: boolean,
): Iterable<number> {
  const from = start ?? (descending ? hi - 1 : lo)
  if (sets) {
    for (const i of mergeSorted(sets, from, descending)) {
      if (descending ? i >= hi : i < lo) continue
      if (descending ? i < lo : i >= hi) return
      yield i
    }
    return
  }
  if (descending) for (let i = Math.min(from, hi - 1); i >= lo; i--) yield i
  else for (let i = Math.max(from, lo); i < hi; i++) yield i
}

/** P-, X- or C-Chain form: the listing's answer is the description's oneOf of the three (data-api.md 0b.7). */
function renderer(primary: PrimaryNetwork, chain: PrimaryChain) {
  if (chain === 'c') return (i: number) => primary.renderC(i)
  return (i: number) => (chain === 'x' ? primary.renderX(i) : primary.renderP(i))
}

export const primaryNetworkHandlers: Record<string, RouteHandler> = {
  listLatestPrimaryNetworkTransactions: (call) => {
    const { params } = call
    const { primary, world } = call.ctx
    const chain = chainOf(params)
    const addresses = str(params, 'addresses')
      ?.split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '')
    const l1ValidationId = str(params, 'l1ValidationId')
    const txTypes = list(params, 'txTypes')
    const [start, end] = timestamps(params)
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    if (!addresses?.length && l1ValidationId === undefined) {
      const used = (['txTypes', 'startTimestamp', 'endTimestamp'] as const).filter((k) => params[k] !== undefined)
      if (used.length) {
        throw badRequest(
          used.map(
            (k) =>
              `${k} needs an addresses filter (or l1ValidationId on the P-Chain): the latest transactions cannot be filtered by ${k} alone`,
          ),
        )
      }
    }
    if (l1ValidationId !== undefined && chain !== 'p') {
      throw badRequest(['l1ValidationId is only supported on the P-Chain'])
    }
    const owners = addresses?.map((a) => {
      const id = addressShortId(a)
      if (id === undefined) throw badRequest([`Invalid address format: ${a}`])
      return id
    })
    const info = chainInfo(chain, params)
    let sets: Int32Array[] | undefined
    if (l1ValidationId !== undefined) {
      const v = world.p.l1Validators.find(
        (l) =>
          idString(l.validationId) === l1ValidationId ||
          `0x${bytesToHex(l.validationId)}` === l1ValidationId.toLowerCase(),
      )
      // The conversion that registered it, then the txs that changed its weight or balance.
      sets = v ? [Int32Array.of(conversionOf(v)), primary.l1.positions(idString(v.validationId))] : [new Int32Array()]
    } else if (owners?.length) {
      sets = owners.map((o) => primary.byOwner(chain, o))
    }
    const [lo, hi] = primary.timeRange(chain, start, end)
    const render = renderer(primary, chain)
    const result = paginate(
      {
        ...page(call, { ...info, owners, l1ValidationId, txTypes, start, end, descending }),
        budget: { limit: UTXO_PAGE_THRESHOLD, cost: PrimaryNetwork.utxoCount },
      },
      function* (from) {
        for (const i of positions(sets, lo, hi, from, descending)) {
          if (txTypes && !txTypes.includes(primary.txType(chain, i))) continue
          yield [i, render(i)] as const
        }
      },
    )
    return {
      ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
      transactions: result.items,
      chainInfo: info,
    }
  },

  listAssetTransactions: (call) => {
    const { params } = call
    const { primary } = call.ctx
    const assetId = str(params, 'assetId') as string
    const txTypes = list(params, 'txTypes')
    const [start, end] = timestamps(params)
    const set = primary.byAsset(assetId)
    if (!set) throw notFound(`Asset ${assetId} not found on the X-Chain`)
    const [lo, hi] = primary.timeRange('x', start, end)
    const info = chainInfo('x', params)
    const result = paginate(
      {
        ...page(call, { network: info.network, assetId, txTypes, start, end }),
        budget: { limit: UTXO_PAGE_THRESHOLD, cost: PrimaryNetwork.utxoCount },
      },
      function* (from) {
        for (const i of positions([set], lo, hi, from, true)) {
          if (txTypes && !txTypes.includes(primary.txType('x', i))) continue
          yield [i, primary.renderX(i)] as const
        }
      },
    )
    return {
      ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
      transactions: result.items,
      chainInfo: info,
    }
  },

  listPrimaryNetworkBlocksByNodeId: (call) => {
    const { params } = call
    const { primary, world } = call.ctx
    const chain = chainOf(params)
    const nodeId = str(params, 'nodeId') as string
    if (!isNodeId(nodeId)) throw badRequest([`Invalid nodeId: ${nodeId} (expected NodeID- followed by cb58)`])
    if (chain === 'c') throw badRequest(['blocks by node are listed for the P-Chain and the X-Chain only'])
    const [start, end] = timestamps(params)
    const count = primary.blockCount(chain)
    const lowest = start === undefined ? 1 : Math.max(1, firstBlockAtOrAfter(primary, chain, start, count))
    const highest = end === undefined ? count : Math.min(count, firstBlockAtOrAfter(primary, chain, end + 1, count) - 1)
    const { p } = world
    const validator =
      p.primaryValidators.some((v) => v.node.nodeId === nodeId) ||
      pastValidators(p).some((v) => v.node.nodeId === nodeId)
    const result = paginate(page(call, { chain, nodeId, start, end }), function* (from) {
      if (!validator) return
      for (let h = from ?? highest; h >= lowest; h--) {
        if (primary.proposer(chain, h) === nodeId) yield [h, h] as const
      }
    })
    return {
      ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
      blocks: result.items.map((h) => primary.renderBlock(chain, h)),
      chainInfo: chainInfo(chain, params),
    }
  },
}

export function firstBlockAtOrAfter(primary: PrimaryNetwork, chain: 'x' | 'p', time: number, count: number): number {
  let lo = 1
  let hi = count + 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (primary.blockTime(chain, mid) >= time) hi = mid
    else lo = mid + 1
  }
  return lo
}
