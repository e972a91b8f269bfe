import { bytesToHex } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { sha256Fast } from './bytes.js'
import { type LiveChain, World } from './world.js'

/**
 * The live chains keep only checkpoints of their tx IDs and ewoq's change (`change-chain.ts`) and rebuild the rest on
 * demand. These tests pin what a grown world serves: the same IDs, bytes, blocks and UTXOs whether read as each round
 * is accepted, long after in random order, or in order, and the same as before checkpointing (the digests below were
 * taken from the devnet that stored every ID and change).
 *
 * One exception, a fix: a SetL1ValidatorWeightTx used to be re-encoded with its validator's nonce at the time it was
 * read, not the one it was accepted with, so its bytes did not hash to its ID, and the P/block containers holding one
 * (and every later P block ID) depended on when they were first built. The P-Chain's tx IDs are pinned to the old
 * devnet's; its bytes must now hash to them, and the P-Chain blocks are pinned as they are built now.
 */
const options = { seed: 7, xTxs: 900, xDagTxs: 300, utxosPerAddress: 40, xBlockTxs: 4, pBlocks: 60, cBlocks: 20 }
const ROUNDS = 700

/** Halts now and then, so rounds and blocks stop lining up (runs of block times and rounds break). */
function halted(round: number): Set<LiveChain> {
  if (round % 97 === 10 || round % 97 === 11) return new Set(['X'])
  if (round % 131 === 5) return new Set(['P'])
  if (round % 151 === 7) return new Set(['P', 'X', 'C'])
  return new Set()
}

const hex = (bytes: Uint8Array) => bytesToHex(bytes)

/** Every tx and block of a world, position by position. */
interface Snapshot {
  xTxs: string[]
  pTxs: string[]
  blocks: { P: string[]; X: string[]; C: string[] }
}

function emptySnapshot(): Snapshot {
  return { xTxs: [], pTxs: [], blocks: { P: [], X: [], C: [] } }
}

function readXTx(world: World, i: number): string {
  const { id, bytes } = world.x.txBytes(i)
  expect(hex(world.x.txId(i))).toBe(hex(id))
  return `${hex(id)}:${hex(sha256Fast(bytes))}`
}

function readPTx(world: World, j: number): string {
  const { id, bytes } = world.p.tx(j)
  expect(hex(world.p.txId(j))).toBe(hex(id))
  expect(hex(sha256Fast(bytes)), `P tx ${j} bytes`).toBe(hex(id))
  return hex(id)
}

function readBlock(world: World, chain: 'P' | 'X' | 'C', h: number): string {
  const ids = chain === 'P' ? world.p.chain : chain === 'X' ? world.x.chain : world.c.chain
  const block = ids.block(h)
  return `${hex(ids.innerId(h))}:${hex(ids.containerId(h))}:${hex(sha256Fast(block.container))}`
}

/** The UTXOs of the accounts the live txs pay (and ewoq, whose change they spend), as getUTXOs serves them. */
function readUtxos(world: World): string {
  const { ewoq, alice, bob, carol, dave } = world.accounts
  const out: string[] = []
  for (const account of [ewoq, alice, bob, carol, dave, ...world.users.slice(0, 5)]) {
    for (const chain of ['X', 'P'] as const) {
      const table = world.utxos(chain, 'local', account.shortId)
      for (let k = 0; k < table.count; k++) out.push(`${chain}:${account.hex}:${hex(table.utxoId(k))}:${table.hex(k)}`)
    }
  }
  for (const user of world.p.users) {
    const table = world.utxos('P', 'local', user.shortId)
    for (let k = 0; k < table.count; k++) out.push(`P:${user.hex}:${table.hex(k)}`)
  }
  return hex(sha256Fast(new TextEncoder().encode(out.join('\n'))))
}

/** Grows a world round by round, reading what each round added right after it. */
function growReadingEachRound(): { world: World; snapshot: Snapshot } {
  const world = new World(options)
  const snapshot = emptySnapshot()
  const readNew = () => {
    for (let i = snapshot.xTxs.length; i < world.x.txCount; i++) snapshot.xTxs.push(readXTx(world, i))
    for (let j = snapshot.pTxs.length; j < world.p.txCount; j++) snapshot.pTxs.push(readPTx(world, j))
    const heights = { P: world.p.height, X: world.x.blockCount, C: world.c.height }
    for (const chain of ['P', 'X', 'C'] as const) {
      const list = snapshot.blocks[chain]
      for (let h = list.length + 1; h <= heights[chain]; h++) list.push(readBlock(world, chain, h))
    }
  }
  readNew()
  for (let round = 1; round <= ROUNDS; round++) {
    world.advance(halted(round))
    readNew()
  }
  return { world, snapshot }
}

function digest(snapshot: Snapshot): Record<string, string> {
  const of = (list: string[]) => hex(sha256Fast(new TextEncoder().encode(list.join('\n'))))
  return {
    xTxs: of(snapshot.xTxs),
    pTxs: of(snapshot.pTxs),
    pBlocks: of(snapshot.blocks.P),
    xBlocks: of(snapshot.blocks.X),
    cBlocks: of(snapshot.blocks.C),
  }
}

/** A permutation of 0..n-1 from a fixed LCG, so the order is random-looking but the same on every run. */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i)
  let s = seed
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0
    const k = s % (i + 1)
    ;[order[i], order[k]] = [order[k] as number, order[i] as number]
  }
  return order
}

const BEFORE_CHECKPOINTS = {
  xTxs: '00fc02bc7258025067ebc485929a95d3b29d2fb97afe636f3a012e0e89aca1bc',
  pTxs: '9ecb1c0ae8f2f2279c3d0126f1296fd526cf0d95ee51c6d3fca40e26949c7fc6',
  // After the fix above (before it, this digest depended on when each block was first read).
  pBlocks: '37d860d1dd804340c4fa99fc86952c24fb48cc7022cd5c7330d05c2d4eca0190',
  xBlocks: 'd833e4008d879bccbdb72173c99e5464ca3cf3677a745be95c8659796c6d093e',
  cBlocks: '50fbee57afb7776b31188aa71cf85da61ca0934928612b40a6b83cc88a97b233',
  utxos: '553bd756bd8662c44db83398cfe086db50dadd50132715269e0ae09df5ef45e9',
}

describe('a grown world', () => {
  it('serves what the devnet served before it checkpointed IDs, read as each round is accepted', () => {
    const { world, snapshot } = growReadingEachRound()
    expect({ ...digest(snapshot), utxos: readUtxos(world) }).toEqual(BEFORE_CHECKPOINTS)
  })

  it('serves the same txs, blocks and UTXOs read long after, in random order, backwards and in order', () => {
    const { snapshot } = growReadingEachRound()
    // A second world grown without reading anything: every ID is rebuilt from checkpoints when first read.
    const world = new World(options)
    for (let round = 1; round <= ROUNDS; round++) world.advance(halted(round))
    expect(world.x.txCount).toBe(snapshot.xTxs.length)
    expect(world.p.txCount).toBe(snapshot.pTxs.length)
    for (const i of shuffled(world.x.txCount, 1)) expect(readXTx(world, i), `X tx ${i}`).toBe(snapshot.xTxs[i])
    for (const j of shuffled(world.p.txCount, 2)) expect(readPTx(world, j), `P tx ${j}`).toBe(snapshot.pTxs[j])
    const utxos = readUtxos(world)
    const heights = { P: world.p.height, X: world.x.blockCount, C: world.c.height }
    for (const chain of ['P', 'X', 'C'] as const) {
      for (const k of shuffled(heights[chain], 3)) {
        expect(readBlock(world, chain, k + 1), `${chain} block ${k + 1}`).toBe(snapshot.blocks[chain][k])
      }
    }
    const fresh = new World(options)
    for (let round = 1; round <= ROUNDS; round++) fresh.advance(halted(round))
    expect(readUtxos(fresh)).toBe(utxos)
    for (let i = fresh.x.txCount - 1; i >= 0; i--) expect(readXTx(fresh, i)).toBe(snapshot.xTxs[i])
    for (let j = 0; j < fresh.p.txCount; j++) expect(readPTx(fresh, j)).toBe(snapshot.pTxs[j])
  })
})
