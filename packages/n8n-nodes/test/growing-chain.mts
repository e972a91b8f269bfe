/**
 * What the Avalanche Trigger should emit while the devnet's chains grow, read from the devnet through core: where each
 * event's cursor starts, every item that arrived since (in order, as a key per item), and validator changes checked
 * by applying them to the set at the start. Shared by the poll() test and the running-n8n test.
 */
import type { AvalancheClient } from '@avalanche-automation/core'
import { expect } from 'vitest'

export type Item = Record<string, unknown> & { _trigger?: { catchingUp: boolean; behind: number } }

/** The events whose new items form a sequence (validator changes are a set difference, see `applyValidatorChanges`). */
export const SEQUENCE_EVENTS = ['pChainBlock', 'xChainBlock', 'indexContainer', 'evmBlock', 'addressTransaction']

/** An emitted item as `expectedSince` lists it. */
export const keyOf: Record<string, (item: Item) => string> = {
  pChainBlock: (i) => String(i.height),
  xChainBlock: (i) => String(i.height),
  indexContainer: (i) => `${i.index}:${i.id}`,
  evmBlock: (i) => String(i.blockNumber),
  addressTransaction: (i) => String((i.nativeTransaction as Record<string, unknown>).txHash),
}

export interface Start {
  /** Per sequence event: the last height, index position or block already there (`X/block` for the index). */
  seeds: Record<string, bigint>
  validators: string[]
}

/** Where the chains are: what a trigger activated now records. */
export async function startOf(core: AvalancheClient, chainId: string, address: string): Promise<Start> {
  const newest = (await core.data.listTransactions({ chainId, address, pageSize: 1 })).transactions?.[0]
  return {
    seeds: {
      pChainBlock: (await core.platform.getHeight()).height,
      xChainBlock: (await core.avm.getHeight()).height,
      indexContainer: (await core.index.getLastAccepted({ indexName: 'X/block' })).index,
      evmBlock: BigInt((await core.data.getLatestBlocks({ chainId, pageSize: 1 })).blocks?.[0]?.blockNumber ?? 0),
      addressTransaction: BigInt(newest?.nativeTransaction?.blockNumber ?? 0),
    },
    validators: (await core.platform.getCurrentValidators({})).validators.map((v) => v.nodeID),
  }
}

/** Every item of each sequence event since `start`, oldest first, as `keyOf` keys. */
export async function expectedSince(
  core: AvalancheClient,
  { seeds }: Start,
  chainId: string,
  address: string,
): Promise<Record<string, string[]>> {
  const seed = (event: string) => seeds[event] as bigint
  const after = (event: string, to: bigint) =>
    Array.from({ length: Number(to - seed(event)) }, (_, k) => String(seed(event) + 1n + BigInt(k)))
  const last = (await core.index.getLastAccepted({ indexName: 'X/block' })).index
  const { containers } = await core.index.getContainerRange({
    indexName: 'X/block',
    startIndex: seed('indexContainer') + 1n,
    numToFetch: Number(last - seed('indexContainer')),
  })
  const txs: string[] = []
  const startBlock = Number(seed('addressTransaction')) + 1
  for await (const tx of core.data.listTransactions.items({ chainId, address, sortOrder: 'asc', startBlock }))
    txs.push(tx.nativeTransaction?.txHash as string)
  const evm = (await core.data.getLatestBlocks({ chainId, pageSize: 1 })).blocks?.[0]?.blockNumber ?? 0
  return {
    pChainBlock: after('pChainBlock', (await core.platform.getHeight()).height),
    xChainBlock: after('xChainBlock', (await core.avm.getHeight()).height),
    indexContainer: containers.map((c) => `${c.index}:${c.id}`),
    evmBlock: after('evmBlock', BigInt(evm)),
    addressTransaction: txs,
  }
}

/**
 * Applies validator changes in order to the set at the start, failing on one that is not news (a validator added
 * twice, or removed while absent); answers whether the result is the current set.
 */
export async function applyValidatorChanges(core: AvalancheClient, start: Start, changes: Item[]): Promise<boolean> {
  const set = new Set(start.validators)
  for (const c of changes) {
    const nodeID = String(c.nodeID)
    if (c.change === 'added') {
      expect(set.has(nodeID), `added twice: ${nodeID}`).toBe(false)
      set.add(nodeID)
    } else expect(set.delete(nodeID), `removed while absent: ${nodeID}`).toBe(true)
  }
  const now = (await core.platform.getCurrentValidators({})).validators.map((v) => v.nodeID)
  return JSON.stringify([...set].sort()) === JSON.stringify([...now].sort())
}
