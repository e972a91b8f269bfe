import { compareBytes } from '../world/bytes.js'
import type { World } from '../world/world.js'

/** Position of an X tx by ID: -1 for the genesis tx (not in the index), undefined if unknown. */
export function findXTx(world: World, id: Uint8Array): number | undefined {
  if (compareBytes(id, world.x.genesis.id) === 0) return -1
  const i = world.index('xTx').find(id)
  return i < 0 ? undefined : i
}

/** The tx with its descriptor (JSON) or just its bytes. */
export function xTxRecord(world: World, position: number) {
  return position < 0 ? world.x.genesis : world.x.tx(position)
}

export function xTxBytes(world: World, position: number) {
  return position < 0 ? world.x.genesis : world.x.txBytes(position)
}

/** Position of a P tx by ID: -(k+1) for genesis validator k, undefined if unknown. */
export function findPTx(world: World, id: Uint8Array): number | undefined {
  const genesis = world.p.genesisTxs.findIndex((g) => compareBytes(g.id, id) === 0)
  if (genesis >= 0) return -(genesis + 1)
  const j = world.index('pTx').find(id)
  return j < 0 ? undefined : j
}

export function pTxRecord(world: World, position: number) {
  if (position < 0) {
    const g = world.p.genesisTxs[-position - 1]
    if (!g) throw new Error('no such genesis tx')
    return g
  }
  return world.p.tx(position)
}

export const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0)
