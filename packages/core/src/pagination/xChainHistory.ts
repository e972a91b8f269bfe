import type { CallOptions } from '../execute.js'
import { avm } from '../node/avm.js'
import type { Container } from '../node/index.js'
import type { OperationResult } from '../operation.js'
import { walkIndex } from './indexRange.js'
import type { Call } from './types.js'

export interface XChainHistoryParams {
  /** First position in the X/tx index (inclusive). Default 0. */
  startIndex?: bigint | number
  /** Last position (inclusive). Default: the last accepted transaction when the walk starts. */
  endIndex?: bigint | number
  /** `json` (default) gives decoded transactions; `hex` the signed bytes. */
  encoding?: 'json' | 'hex'
  /** Requests in flight at once, for the index pages and for getTx; order is kept. Default 4. */
  concurrency?: number
}

export interface XChainHistoryEntry {
  /** The container of index X/tx: id, position, acceptance time, bytes. */
  container: Container
  /** avm.getTx of the container's ID. */
  tx: OperationResult<typeof avm.getTx>['tx']
}

/**
 * The X-Chain's history in acceptance order, as the seed describes it: containers of the `X/tx` index, each read
 * back with avm.getTx. Needs a node with `--index-enabled=true`.
 *
 * @example
 * for await (const { container, tx } of walkXChainHistory(client, { startIndex: 0 })) console.log(container.index, tx)
 */
export async function* walkXChainHistory(
  client: { call: Call },
  params: XChainHistoryParams = {},
  options: CallOptions = {},
): AsyncGenerator<XChainHistoryEntry> {
  const { call } = client
  const concurrency = params.concurrency ?? 4
  const encoding = params.encoding ?? 'json'
  const walk: Parameters<typeof walkIndex>[1] = { indexName: 'X/tx', concurrency }
  if (params.startIndex !== undefined) walk.startIndex = params.startIndex
  if (params.endIndex !== undefined) walk.endIndex = params.endIndex
  const pending: Promise<XChainHistoryEntry>[] = []
  for await (const container of walkIndex(call, walk, options)) {
    const entry = (
      call(avm.getTx, { txID: container.id, encoding }, options) as Promise<OperationResult<typeof avm.getTx>>
    ).then((reply) => ({ container, tx: reply.tx }))
    entry.catch(() => {}) // awaited in order below
    pending.push(entry)
    if (pending.length >= concurrency) yield await (pending.shift() as Promise<XChainHistoryEntry>)
  }
  while (pending.length > 0) yield await (pending.shift() as Promise<XChainHistoryEntry>)
}
