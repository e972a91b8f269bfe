/**
 * What each event of the Avalanche Trigger reads per poll. Every poll emits at most `max` items, oldest first, and
 * moves its cursor only past what it emitted, so a backlog drains over the next polls without loss or repeat; the
 * items of a poll that left some behind say so (`_trigger`). The first poll either records where the chain is or
 * moves the cursor back by the last N items and polls from there.
 */
import type { AvalancheClient } from '@avalanche-automation/core'
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow'

/** Most records one poll reads while looking for new ones (Data API walks). */
export const SCAN_CAP = 1000

export type Cursor = IDataObject & { cursor?: string; seen?: string[]; validators?: string[] }
type Emit = (value: unknown, operationId: string) => INodeExecutionData

/** What the first poll of an activation does when the node has no cursor yet. */
export type FirstPoll = { mode: 'record' } | { mode: 'last'; items: number }

export interface PollContext {
  fns: IPollFunctions
  state: Cursor
  max: number
  manual: boolean
  first: FirstPoll
  emit: Emit
}

/** The items of one poll and how many new ones were left for the next polls (`atLeast`: counted up to a cap). */
export interface Batch {
  items: INodeExecutionData[]
  behind?: number
  atLeast?: boolean
}
export type Poll = (client: AvalancheClient, p: PollContext) => Promise<Batch>

const none: Batch = { items: [] }

const str = (fns: IPollFunctions, name: string, fallback = ''): string =>
  String(fns.getNodeParameter(name, fallback) ?? fallback).trim()

/** The picked (or typed) EVM chain ID: a resource locator's value. Only read for the events that show the field. */
export const chainIdOf = (fns: IPollFunctions): string =>
  String(fns.getNodeParameter('chainId', '', { extractValue: true }) ?? '').trim()

/**
 * The cursor of a numbered sequence (block heights, index positions) on the first poll: `newest` under Record, else
 * N before it (−1 when the sequence is shorter, so it starts at its first element). Returns false to end the poll.
 */
function seedNumbered(state: Cursor, newest: bigint, first: FirstPoll): boolean {
  if (state.cursor !== undefined) return true
  if (first.mode === 'record') {
    state.cursor = newest.toString()
    return false
  }
  const back = newest - BigInt(first.items)
  state.cursor = (back < -1n ? -1n : back).toString()
  return true
}

/** New blocks of a chain with getHeight/getBlockByHeight (X-Chain: avm, P-Chain: platform). */
function chainBlocks(service: 'avm' | 'platform'): Poll {
  return async (client, { state, max, manual, first, emit }) => {
    const api = client[service]
    const { height } = await api.getHeight()
    const block = async (h: bigint) =>
      emit(
        { height: h, ...(await api.getBlockByHeight({ height: h, encoding: 'json' })) },
        `${service}.getBlockByHeight`,
      )
    if (manual) return { items: [await block(height)] }
    if (!seedNumbered(state, height, first)) return none
    const items: INodeExecutionData[] = []
    let h = BigInt(state.cursor as string) + 1n
    for (; h <= height && items.length < max; h++) {
      items.push(await block(h))
      state.cursor = h.toString()
    }
    return { items, behind: Number(height - h + 1n) }
  }
}

const indexContainer: Poll = async (client, { fns, state, max, manual, first, emit }) => {
  const indexName = str(fns, 'indexName', 'X/block') as 'X/block'
  const last = await client.index.getLastAccepted({ indexName })
  if (manual) return { items: [emit(last, 'index.getLastAccepted')] }
  if (!seedNumbered(state, last.index, first)) return none
  const start = BigInt(state.cursor as string) + 1n
  if (start > last.index) return none
  const items: INodeExecutionData[] = []
  for await (const container of client.index.getContainerRange.items(
    { indexName, startIndex: start },
    { limit: max },
  )) {
    if (container.index > last.index) break
    items.push(emit(container, 'index.getContainerRange'))
    state.cursor = container.index.toString()
  }
  return { items, behind: Number(last.index - BigInt(state.cursor as string)) }
}

type Validator = { nodeID: string; startTime?: bigint }
const newestFirst = (a: Validator, b: Validator) => Number((b.startTime ?? 0n) - (a.startTime ?? 0n))

const validatorSetChange: Poll = async (client, { fns, state, max, manual, first, emit }) => {
  const subnetID = str(fns, 'subnetID')
  const { validators } = await client.platform.getCurrentValidators(subnetID ? { subnetID } : {})
  const current = new Map(validators.map((v) => [v.nodeID, v]))
  if (manual) {
    // The validator that joined last, as an "added" change would show it.
    const sample = [...validators].sort(newestFirst)[0]
    return sample
      ? { items: [emit({ change: 'added', nodeID: sample.nodeID, validator: sample }, OP_VALIDATORS)] }
      : none
  }
  if (!state.validators) {
    // The set has no history: the last N changes are taken to be the N validators that started last.
    const skip = first.mode === 'last' ? first.items : 0
    state.validators = [...validators]
      .sort(newestFirst)
      .slice(skip)
      .map((v) => v.nodeID)
      .sort()
    if (first.mode === 'record') return none
  }
  const known = new Set(state.validators)
  const changes: IDataObject[] = []
  const joined = validators.filter((v) => !known.has(v.nodeID)).sort((a, b) => -newestFirst(a, b))
  for (const validator of joined) changes.push({ change: 'added', nodeID: validator.nodeID, validator } as never)
  for (const nodeID of state.validators) if (!current.has(nodeID)) changes.push({ change: 'removed', nodeID })
  const emitted = changes.slice(0, max)
  // Only the emitted changes move the stored set, so the rest are reported by later polls.
  for (const c of emitted) {
    if (c.change === 'added') known.add(String(c.nodeID))
    else known.delete(String(c.nodeID))
  }
  state.validators = [...known].sort()
  return { items: emitted.map((c) => emit(c, OP_VALIDATORS)), behind: changes.length - emitted.length }
}
const OP_VALIDATORS = 'platform.getCurrentValidators'

const evmBlock: Poll = async (client, { fns, state, max, manual, first, emit }) => {
  const chainId = chainIdOf(fns)
  const blocks = client.data.getLatestBlocks.items({ chainId }, { limit: SCAN_CAP })
  const newest = (await blocks.next()).value as { blockNumber: string } | undefined
  if (!newest) return none
  if (manual) return { items: [emit(newest, 'data.getLatestBlocks')] }
  const latest = BigInt(newest.blockNumber)
  if (!seedNumbered(state, latest, first)) return none
  const from = BigInt(state.cursor as string) + 1n
  const behind = latest - from + 1n
  if (behind <= 0n) return none
  let batch: unknown[]
  if (behind <= BigInt(SCAN_CAP)) {
    // The new blocks fit in one walk of the newest-first listing: read down to the cursor, emit the oldest.
    const fresh: unknown[] = [newest]
    for await (const b of blocks) {
      if (BigInt((b as { blockNumber: string }).blockNumber) < from) break
      fresh.push(b)
    }
    batch = fresh.reverse().slice(0, max)
  } else {
    // Far behind: the oldest missed blocks by number, so nothing between the cursor and the walk's reach is lost.
    batch = []
    for (let n = from; n < from + BigInt(max); n++)
      batch.push(await client.data.getBlock({ chainId, blockId: n.toString() }))
  }
  state.cursor = (from + BigInt(batch.length) - 1n).toString()
  return { items: batch.map((b) => emit(b, 'data.getLatestBlocks')), behind: Number(behind) - batch.length }
}

type Tx = { nativeTransaction: { blockNumber: string; txHash: string } }
const blockOf = (tx: Tx) => tx.nativeTransaction.blockNumber
const hashOf = (tx: Tx) => tx.nativeTransaction.txHash

/**
 * Transactions of an address. The cursor is the block of the newest emitted transaction and `seen` the transactions
 * of that block up to it (emitted, or there before activation); each poll walks oldest first from that block, skips
 * what it has seen, and counts what it leaves for later up to SCAN_CAP.
 */
const addressTransaction: Poll = async (client, { fns, state, max, manual, first, emit }) => {
  const chainId = chainIdOf(fns)
  const address = str(fns, 'address')
  const walk = (sortOrder: 'asc' | 'desc', startBlock?: number) =>
    client.data.listTransactions.items(
      { chainId, address, sortOrder, ...(startBlock === undefined ? {} : { startBlock }) },
      { limit: SCAN_CAP },
    )
  const out = (txs: unknown[]) => txs.map((t) => emit(t, 'data.listTransactions'))
  if (manual) {
    const newest = (await walk('desc').next()).value
    return newest ? { items: out([newest]) } : none
  }
  if (state.cursor === undefined) {
    // Record: the position after the newest transaction; Last N: the position before the N newest.
    const skip = first.mode === 'last' ? first.items : 0
    const newestFirst: Tx[] = []
    for await (const item of walk('desc')) {
      const mark = newestFirst[skip]
      if (mark && blockOf(item as unknown as Tx) !== blockOf(mark)) break
      newestFirst.push(item as unknown as Tx)
    }
    const mark = newestFirst[skip]
    state.cursor = mark ? blockOf(mark) : '0'
    state.seen = newestFirst
      .slice(skip)
      .filter((t) => mark && blockOf(t) === blockOf(mark))
      .map(hashOf)
    if (first.mode === 'record') return none
  }
  const seen = new Set(state.seen ?? [])
  const cursor = state.cursor
  const batch: Tx[] = []
  let left = 0
  let scanned = 0
  for await (const item of walk('asc', Number(cursor))) {
    const tx = item as unknown as Tx
    scanned++
    if (blockOf(tx) === cursor && seen.has(hashOf(tx))) continue
    if (batch.length < max) batch.push(tx)
    else left++
    if (scanned >= SCAN_CAP) break
  }
  for (const tx of batch) {
    if (blockOf(tx) !== state.cursor) {
      state.cursor = blockOf(tx)
      seen.clear()
    }
    seen.add(hashOf(tx))
  }
  state.seen = [...seen]
  return { items: out(batch), behind: left, atLeast: left > 0 && scanned >= SCAN_CAP }
}

export const POLLS: Record<string, Poll> = {
  xChainBlock: chainBlocks('avm'),
  pChainBlock: chainBlocks('platform'),
  indexContainer,
  validatorSetChange,
  evmBlock,
  addressTransaction,
}
