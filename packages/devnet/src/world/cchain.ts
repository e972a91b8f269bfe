import { concatBytes } from '@avalanche-automation/core'
import { BlockTimes } from './block-times.js'
import { C_BLOCK_SECONDS, GENESIS_TIME, ROUND_SECONDS } from './constants.js'
import { keccak256 } from './keccak.js'
import { Lru } from './lru.js'
import { BlockIdChain, type BuiltBlock, wrapProposerBlock } from './proposervm.js'
import { derive, rand, randomBytes, Stream } from './random.js'

type RlpItem = Uint8Array | RlpItem[]

function rlpLength(length: number, offset: number): Uint8Array {
  if (length <= 55) return Uint8Array.of(offset + length)
  const digits = uint(length)
  return concatBytes(Uint8Array.of(offset + 55 + digits.length), digits)
}

export function rlp(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && (item[0] as number) < 0x80) return item
    return concatBytes(rlpLength(item.length, 0x80), item)
  }
  const payload = concatBytes(...item.map(rlp))
  return concatBytes(rlpLength(payload.length, 0xc0), payload)
}

/** Minimal big-endian bytes of a non-negative integer (RLP scalars). */
function uint(value: number | bigint): Uint8Array {
  let v = BigInt(value)
  const out: number[] = []
  while (v > 0n) {
    out.unshift(Number(v & 0xffn))
    v >>= 8n
  }
  return Uint8Array.from(out)
}

const EMPTY_LIST_HASH = keccak256(rlp([]))
const BLACKHOLE = Uint8Array.from([1, ...new Array(19).fill(0)])
const CHAIN_ID = 43112
const BASE_FEE = 25_000_000_000n

/**
 * C-Chain blocks exist only for the `C/block` index (the devnet does not serve the EVM RPC). Each is a coreth-shaped
 * RLP block (header, one signed legacy transfer, no uncles, version, no extra data) wrapped in a proposervm block.
 * Hashes chain through keccak-256 of the header like Ethereum; roots and signatures are derived filler, not tries.
 */
export class CChain {
  readonly chain: BlockIdChain
  readonly genesisHash: Uint8Array
  private readonly cache = new Lru<number, BuiltBlock>(256)
  readonly staticHeight: number
  /** Times of the blocks `grow` added. */
  private readonly liveTimes = new BlockTimes(ROUND_SECONDS)

  constructor(
    private readonly seed: number,
    public height: number,
    private readonly pChainHeightAt: (time: number) => number,
  ) {
    this.staticHeight = height
    this.genesisHash = keccak256(rlp(this.header(0, new Uint8Array(32), new Uint8Array(32), 0)))
    this.chain = new BlockIdChain(height, this.genesisHash, (h, parentInner, parentContainer) =>
      this.build(h, parentInner, parentContainer),
    )
  }

  blockTime(height: number): number {
    if (height > this.staticHeight) return this.liveTimes.at(height - this.staticHeight - 1)
    return GENESIS_TIME + height * C_BLOCK_SECONDS
  }

  /** One round of a live devnet: a block at `time`. */
  grow(time: number): void {
    this.liveTimes.push(time)
    this.height++
    this.chain.extend(this.height)
  }

  acceptedAt(height: number): [number, number] {
    return [this.blockTime(height), rand(this.seed, Stream.nanos, 1_000_000_000 + height) % 900_000_000]
  }

  private header(height: number, parentHash: Uint8Array, txHash: Uint8Array, gasUsed: number): RlpItem[] {
    return [
      parentHash,
      EMPTY_LIST_HASH,
      BLACKHOLE,
      derive(this.seed, `c-state-root/${height}`),
      txHash,
      derive(this.seed, `c-receipt-root/${height}`),
      new Uint8Array(256),
      uint(1),
      uint(height),
      uint(15_000_000),
      uint(gasUsed),
      uint(this.blockTime(height)),
      new Uint8Array(),
      new Uint8Array(32),
      new Uint8Array(8),
      keccak256(rlp(new Uint8Array())),
      uint(BASE_FEE),
      uint(0),
      uint(0),
      uint(0),
      uint(0),
      new Uint8Array(32),
    ]
  }

  private build(height: number, parentHash: Uint8Array, parentContainer: Uint8Array): BuiltBlock {
    const cached = this.cache.get(height)
    if (cached) return cached
    const r = randomBytes(this.seed, Stream.cBlock, height * 2, 32)
    const s = randomBytes(this.seed, Stream.cBlock, height * 2 + 1, 32)
    const tx: RlpItem[] = [
      uint(height),
      uint(BASE_FEE),
      uint(21_000),
      derive(this.seed, `c-recipient/${height % 32}`, 20),
      uint(BigInt(1 + (rand(this.seed, Stream.cBlock, height) % 1000)) * 10n ** 15n),
      new Uint8Array(),
      uint(CHAIN_ID * 2 + 35 + (rand(this.seed, Stream.cBlock, 10_000_000 + height) & 1)),
      r,
      s,
    ]
    const header = this.header(height, parentHash, keccak256(rlp(tx)), 21_000)
    const inner = rlp([header, [tx], [], uint(0), new Uint8Array()])
    const innerId = keccak256(rlp(header))
    const time = this.blockTime(height)
    const container = wrapProposerBlock(parentContainer, time, this.pChainHeightAt(time), inner)
    const block = { inner, innerId, container: container.bytes, containerId: container.id }
    this.cache.set(height, block)
    return block
  }
}
