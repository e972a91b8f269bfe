import { decodeXChainBlock } from '../encoding/avm.js'
import { hexDecode, hexEncode } from '../encoding/hex.js'
import { ApiDisabledError, PaginationLimitError, ResponseShapeError } from '../errors.js'
import type { CallOptions } from '../execute.js'
import { avm } from '../node/avm.js'
import { type Container, index } from '../node/index.js'
import type { XChainBlock, XChainTx } from '../node/payloads.js'
import { isNoneAccepted, walkIndex, walkIndexPages } from './indexRange.js'
import type { Call } from './types.js'

/**
 * A place in the X-Chain's history. `dag`: a position in index `X/tx` (the transactions accepted before Cortina, when
 * the X-Chain was a DAG). `linear`: a block height of the linear chain since Cortina, and a transaction's index in
 * that block (default 0 as a start, the block's last tx as an end).
 */
export type XChainHistoryCursor =
  | { era: 'dag'; position: bigint | number }
  | { era: 'linear'; height: bigint | number; txIndex?: number }

export interface XChainHistoryParams {
  /** Where to start (inclusive). Default `{ era: 'dag', position: 0 }`: the very first transaction. */
  from?: XChainHistoryCursor
  /**
   * Where to stop (inclusive). Default: the last transaction accepted when the walk reaches each era (the last
   * container of `X/tx`, then the last block of `X/block`, or avm.getHeight without the index API).
   */
  to?: XChainHistoryCursor
  /** @deprecated An X/tx position: the same as `from: { era: 'dag', position: startIndex }`. */
  startIndex?: bigint | number
  /** @deprecated An X/tx position: the same as `to: { era: 'dag', position: endIndex }` (the walk stays in the DAG era). */
  endIndex?: bigint | number
  /** `json` (default) gives decoded transactions; `hex` the signed bytes, with no request per transaction. */
  encoding?: 'json' | 'hex'
  /** Requests in flight at once (index pages, getTx, getBlockByHeight); order is kept. 1..64, default 4. */
  concurrency?: number
}

interface EntryBase {
  /** Transaction ID. */
  txId: string
  /** avm.getTx's decoded object (encoding json), or the signed bytes as 0x-hex with the node's checksum (hex). */
  tx: XChainTx | string
  /** Where to resume after this entry: pass it as `from`. */
  next: XChainHistoryCursor
}

/** A transaction of the DAG era (before Cortina), from index `X/tx`. */
export interface XChainDagEntry extends EntryBase {
  era: 'dag'
  /** Its `X/tx` container: position, acceptance time, signed bytes. */
  container: Container
}

/** A transaction of the linear era (since Cortina), from the block that holds it. */
export interface XChainLinearEntry extends EntryBase {
  era: 'linear'
  block: XChainHistoryBlock
  /** The transaction's position in its block, from 0. */
  txIndex: number
}

export type XChainHistoryEntry = XChainDagEntry | XChainLinearEntry

export interface XChainHistoryBlock {
  height: bigint
  /** The AVM block ID, as avm.getBlock takes it. */
  id: string
  parentId: string
  /** Block time, Unix seconds. */
  time: bigint
  /**
   * The `X/block` container when the walk read the index: its `id` is the proposervm block ID (what
   * index.getContainerByID takes), `index` its position, `timestamp` when this node accepted it. Absent when the walk
   * used avm.getBlockByHeight.
   */
  container?: Container
}

/** The transactions of one block, ready to yield. */
interface BlockTxs {
  block: XChainHistoryBlock
  txs: { txId: string; tx: XChainTx | string }[]
}

type ResolvedCursor = { era: 'dag'; position: bigint } | { era: 'linear'; height: bigint; txIndex: number | undefined }

interface Plan {
  from: ResolvedCursor
  to: ResolvedCursor | undefined
  encoding: 'json' | 'hex'
  concurrency: number
}

/**
 * Every X-Chain transaction in acceptance order, across both eras of the chain:
 * 1. the DAG era: the containers of index `X/tx`, which stopped growing at Cortina (2023) and is empty on networks
 *    with Cortina at genesis (local networks);
 * 2. the linear era: the transactions inside the blocks of index `X/block` (each a proposervm block wrapping the AVM
 *    block, decoded here), in block order and in their order inside each block.
 *
 * Each entry says its `era`; linear entries carry their block (height, IDs, time) and `txIndex`. Resume a walk with
 * an entry's `next` as `from`. With `encoding: "json"` each DAG transaction costs one avm.getTx and each block one
 * avm.getBlockByHeight; with `hex` the index pages are all the walk requests.
 *
 * Without the index API (a node without `--index-enabled=true`, e.g. the public API nodes) the walk reads the linear
 * era block by block with avm.getBlockByHeight from height 1 to avm.getHeight; the DAG era cannot be reached there
 * and is skipped. Blocks below the first one of an incomplete `X/block` index (`--index-allow-incomplete`) are read
 * the same way. Memory stays bounded by `concurrency` pages and blocks whatever the length of the history.
 *
 * @example
 * for await (const entry of walkXChainHistory(client)) {
 *   if (entry.era === 'linear') console.log(entry.block.height, entry.txIndex, entry.txId)
 *   else console.log(entry.container.index, entry.txId)
 * }
 */
export async function* walkXChainHistory(
  client: { call: Call },
  params: XChainHistoryParams = {},
  options: CallOptions = {},
): AsyncGenerator<XChainHistoryEntry> {
  const plan = resolvePlan(params)
  if (plan.from.era === 'dag') {
    yield* walkDagEra(client.call, plan, plan.from.position, options)
    if (plan.to?.era === 'dag') return
  }
  yield* walkLinearEra(client.call, plan, options)
}

async function* walkDagEra(
  call: Call,
  plan: Plan,
  start: bigint,
  options: CallOptions,
): AsyncGenerator<XChainDagEntry> {
  let last: bigint
  try {
    last = ((await call(index.getLastAccepted, { indexName: 'X/tx' }, options)) as Container).index
  } catch (error) {
    // No index API: the DAG era is out of reach. An empty X/tx: a network with Cortina at genesis.
    if (ApiDisabledError.isInstance(error) || isNoneAccepted(error)) return
    throw error
  }
  const end = plan.to?.era === 'dag' && plan.to.position < last ? plan.to.position : last
  if (start > end) return
  const containers = walkIndex(
    call,
    { indexName: 'X/tx', startIndex: start, endIndex: end, concurrency: plan.concurrency },
    options,
  )
  const entry = (container: Container, tx: XChainTx | string): XChainDagEntry => ({
    era: 'dag',
    txId: container.id,
    tx,
    container,
    next: { era: 'dag', position: container.index + 1n },
  })
  if (plan.encoding === 'hex') {
    // The container is the signed tx, hex with checksum: what avm.getTx would answer.
    for await (const container of containers) yield entry(container, container.bytes)
    return
  }
  yield* inOrder(containers, plan.concurrency, async (container) => {
    const reply = (await call(avm.getTx, { txID: container.id, encoding: 'json' }, options)) as { tx: XChainTx }
    return entry(container, reply.tx)
  })
}

async function* walkLinearEra(call: Call, plan: Plan, options: CallOptions): AsyncGenerator<XChainLinearEntry> {
  const from = plan.from.era === 'linear' ? plan.from : { height: 1n, txIndex: undefined }
  const to = plan.to?.era === 'linear' ? plan.to : undefined
  const indexed = await indexedHeights(call, options)
  const tip = indexed ? indexed.last : ((await call(avm.getHeight, {}, options)) as { height: bigint }).height
  const last = to && to.height < tip ? to.height : tip

  async function* blocks(): AsyncGenerator<() => Promise<BlockTxs>> {
    const beforeIndex = indexed ? min(last, indexed.first - 1n) : last
    for (let height = from.height; height <= beforeIndex; height++) {
      const h = height
      yield () => blockByHeight(call, h, plan.encoding, options)
    }
    if (!indexed) return
    const first = from.height > indexed.first ? from.height : indexed.first
    if (first > last) return
    const pages = walkIndexPages(
      call,
      {
        indexName: 'X/block',
        startIndex: first - indexed.first,
        endIndex: last - indexed.first,
        concurrency: plan.concurrency,
      },
      options,
    )
    for await (const page of pages) {
      for (const container of page) yield () => indexedBlock(call, container, indexed.first, plan.encoding, options)
    }
  }

  for await (const { block, txs } of inOrder(blocks(), plan.concurrency, (fetch) => fetch())) {
    const skip = block.height === from.height ? (from.txIndex ?? 0) : 0
    const stop = to && block.height === to.height && to.txIndex !== undefined ? to.txIndex : txs.length - 1
    for (let k = skip; k <= stop && k < txs.length; k++) {
      const { txId, tx } = txs[k] as BlockTxs['txs'][number]
      yield {
        era: 'linear',
        txId,
        tx,
        block,
        txIndex: k,
        next: { era: 'linear', height: block.height, txIndex: k + 1 },
      }
    }
  }
}

/**
 * The heights the `X/block` index holds, from its last container: its position p and height h put height h - p at
 * position 0 (blocks are indexed one per height, in order). Undefined without the index API or while it is empty.
 */
async function indexedHeights(call: Call, options: CallOptions): Promise<{ first: bigint; last: bigint } | undefined> {
  let container: Container
  try {
    container = (await call(index.getLastAccepted, { indexName: 'X/block' }, options)) as Container
  } catch (error) {
    if (ApiDisabledError.isInstance(error) || isNoneAccepted(error)) return undefined
    throw error
  }
  const { height } = decodeXChainBlock(hexDecode(container.bytes)).block
  return { first: height - container.index, last: height }
}

/** Block `height` read with avm.getBlockByHeight: decoded JSON, or bytes split here. */
async function blockByHeight(
  call: Call,
  height: bigint,
  encoding: 'json' | 'hex',
  options: CallOptions,
): Promise<BlockTxs> {
  const reply = (await call(avm.getBlockByHeight, { height, encoding }, options)) as { block: XChainBlock | string }
  let result: BlockTxs
  if (typeof reply.block === 'string') {
    const { block } = decodeXChainBlock(hexDecode(reply.block))
    result = {
      block: { height: block.height, id: block.id, parentId: block.parentId, time: block.time },
      txs: block.txs.map((tx) => ({ txId: tx.id, tx: hexEncode(tx.bytes) })),
    }
  } else {
    result = { block: blockFromJson(reply.block), txs: reply.block.txs.map((tx) => ({ txId: txIdOf(tx), tx })) }
  }
  if (result.block.height !== height) {
    throw new ResponseShapeError(avm.getBlockByHeight.id, `asked for height ${height}, got ${result.block.height}`)
  }
  return result
}

/** An `X/block` container, decoded; with json, its txs come from avm.getBlockByHeight and must be the same IDs. */
async function indexedBlock(
  call: Call,
  container: Container,
  firstHeight: bigint,
  encoding: 'json' | 'hex',
  options: CallOptions,
): Promise<BlockTxs> {
  const { block } = decodeXChainBlock(hexDecode(container.bytes))
  if (block.height !== firstHeight + container.index) {
    throw new PaginationLimitError(
      index.getContainerRange.id,
      `X/block position ${container.index} holds height ${block.height}, expected ${firstHeight + container.index}: the index is not one block per height`,
    )
  }
  const info = { height: block.height, id: block.id, parentId: block.parentId, time: block.time, container }
  if (encoding === 'hex') return { block: info, txs: block.txs.map((tx) => ({ txId: tx.id, tx: hexEncode(tx.bytes) })) }
  const decoded = await blockByHeight(call, block.height, 'json', options)
  const ids = decoded.txs.map((t) => t.txId)
  if (ids.join() !== block.txs.map((t) => t.id).join()) {
    throw new ResponseShapeError(
      avm.getBlockByHeight.id,
      `block ${block.height} lists txs [${ids}], its X/block container [${block.txs.map((t) => t.id)}]`,
    )
  }
  return { block: info, txs: decoded.txs }
}

function blockFromJson(block: XChainBlock): XChainHistoryBlock {
  return { height: block.height, id: block.id ?? '', parentId: block.parentID, time: block.time ?? 0n }
}

function txIdOf(tx: XChainTx): string {
  if (!tx.id) throw new ResponseShapeError(avm.getBlockByHeight.id, 'a transaction of the block has no id')
  return tx.id
}

/** Maps items to promises with up to `concurrency` pending, yielding results in the items' order. */
async function* inOrder<T, R>(
  items: AsyncIterable<T>,
  concurrency: number,
  map: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const pending: Promise<R>[] = []
  for await (const item of items) {
    const result = map(item)
    result.catch(() => {}) // awaited in order below; this only prevents an unhandled rejection meanwhile
    pending.push(result)
    if (pending.length >= concurrency) yield await (pending.shift() as Promise<R>)
  }
  while (pending.length > 0) yield await (pending.shift() as Promise<R>)
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)

function resolvePlan(params: XChainHistoryParams): Plan {
  const concurrency = params.concurrency ?? 4
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new RangeError(`concurrency must be a whole number from 1 to 64, got ${concurrency}`)
  }
  const encoding = params.encoding ?? 'json'
  if (encoding !== 'json' && encoding !== 'hex') {
    throw new RangeError(`encoding must be "json" or "hex", got ${JSON.stringify(encoding)}`)
  }
  if (params.from && params.startIndex !== undefined) {
    throw new RangeError('pass from or startIndex, not both (startIndex is from: { era: "dag", position })')
  }
  if (params.to && params.endIndex !== undefined) {
    throw new RangeError('pass to or endIndex, not both (endIndex is to: { era: "dag", position })')
  }
  const from =
    params.startIndex !== undefined
      ? { era: 'dag' as const, position: whole(params.startIndex, 'startIndex') }
      : cursor(params.from ?? { era: 'dag', position: 0 }, 'from')
  const toCursor = params.endIndex !== undefined ? { era: 'dag' as const, position: params.endIndex } : params.to
  return { from, to: toCursor && cursor(toCursor, 'to'), encoding, concurrency }
}

function cursor(value: XChainHistoryCursor, name: string): ResolvedCursor {
  if (value?.era === 'dag') return { era: 'dag', position: whole(value.position, `${name}.position`) }
  if (value?.era === 'linear') {
    const { txIndex } = value
    if (txIndex !== undefined && !(Number.isSafeInteger(txIndex) && txIndex >= 0)) {
      throw new RangeError(`${name}.txIndex must be a whole number >= 0, got ${txIndex}`)
    }
    return { era: 'linear', height: whole(value.height, `${name}.height`), txIndex }
  }
  throw new RangeError(
    `${name} must be { era: "dag", position } or { era: "linear", height, txIndex? }, got era ${String((value as { era?: unknown })?.era)}`,
  )
}

function whole(value: bigint | number, name: string): bigint {
  if (
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'bigint' && value >= 0n)
  ) {
    return BigInt(value)
  }
  throw new RangeError(`${name} must be a whole number >= 0, got ${String(value)}`)
}
