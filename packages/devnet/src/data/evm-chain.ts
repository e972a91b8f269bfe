import { bytesToHex } from '@avalanche-automation/core'
import { sha256Fast } from '../world/bytes.js'
import { rlp } from '../world/cchain.js'
import { EWOQ_EVM_ADDRESS } from '../world/constants.js'
import { GrowingIdIndex } from '../world/id-index.js'
import { keccak256 } from '../world/keccak.js'
import { Lru } from '../world/lru.js'
import { below, derive, rand } from '../world/random.js'
import { GrowingInt32 } from './growing.js'
import { firstWhere, upperBound } from './paging.js'

/**
 * A synthetic EVM chain as the Data API indexes it, derived from (seed, chain) on demand like the node side: nothing
 * is stored per transaction, so a chain of a million transactions (tens of thousands for one address) costs what the
 * requested pages cost. Layout:
 *   - transactions 0..5 are ewoq's contract deployments (nonces 0..5, so the contract addresses are the real CREATE
 *     addresses): four ERC-20 tokens (the last flagged as spam), one ERC-721 and one ERC-1155 collection; the
 *     deployments mint the ERC-20 supplies and ERC-1155 items to ewoq;
 *   - transaction k >= 6 involves ewoq and user k mod 64 (users 0..2 are alice, bob and carol): a native transfer
 *     either way, or ewoq sending ERC-20 tokens, an ERC-721 (minted to ewoq and passed on in one call) or ERC-1155
 *     items, one id at a time or a batch of several (one `TransferBatch` log: several records with the same
 *     txHash, logIndex and block, sometimes two identical ones); 1 in 40 token calls reverts (no transfers, gas paid);
 *   - the static transactions spread evenly over blocks 1..height (block times genesis + h * blockSeconds);
 *   - a live chain (`spec.tip`) then appends blocks as its tip rises, each holding 1 to 6 new transactions derived by
 *     index like the static ones (live.ts); nothing before them moves, so positions, hashes and page tokens stay valid.
 * Balances are the sums of these transfers (and of gas paid), so a listing and a balance always agree.
 */

export const USERS = 64
export const DEPLOYMENTS = 6
const GWEI = 1_000_000_000n
const WEI_PER_AVAX = 10n ** 18n
/** The well-known ewoq key's C-Chain address (its X/P short ID is 3cb7d3...). */
export const EWOQ_EVM = `0x${bytesToHex(EWOQ_EVM_ADDRESS)}`
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
const EWOQ_ALLOC = 100_000_000n * WEI_PER_AVAX
const USER_ALLOC = 1_000n * WEI_PER_AVAX

/** Random streams of this module (disjoint from the world's, which are < 100). */
const S = {
  kind: 101,
  direction: 102,
  status: 103,
  amount: 104,
  gas: 105,
  token: 106,
  itemId: 107,
  tip: 108,
  baseFee: 109,
  millis: 110,
  price: 111,
  batch: 112,
  liveTxs: 113,
} as const

/** Most transactions of one live block (each holds 1..LIVE_MAX_TXS). */
export const LIVE_MAX_TXS = 6

export type TokenStandard = 'ERC-20' | 'ERC-721' | 'ERC-1155'

export interface ContractInfo {
  index: number
  address: string
  standard: TokenStandard
  name: string
  symbol: string
  decimals: number
  /** USD price of one whole token; undefined for tokens without a market (spam). */
  usd: ((day: number) => number) | undefined
  reputation: 'Benign' | 'Malicious'
  /** ERC-20 supply minted to ewoq at deployment, or per ERC-1155 item. */
  supply: bigint
  /** Share of ERC-20 transfers (of 10). */
  share: number
}

export interface TransferRecord {
  standard: TokenStandard
  contract: ContractInfo
  from: string
  to: string
  logIndex: number
  value: bigint
  tokenId: bigint
}

export type TxKind = 'deploy' | 'native' | 'erc20' | 'erc721' | 'erc1155'

export interface EvmTx {
  k: number
  kind: TxKind
  block: number
  blockIndex: number
  hash: string
  from: string
  to: string
  value: bigint
  success: boolean
  gasLimit: number
  gasUsed: number
  baseFee: bigint
  tip: bigint
  gasPrice: bigint
  nonce: number
  input: string
  method: {
    callType: 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION'
    methodHash: string
    methodName: string
  }
  contract: ContractInfo | undefined
  transfers: TransferRecord[]
}

export interface EvmBlockInfo {
  number: number
  hash: string
  parentHash: string
  timestamp: number
  millis: number
  txCount: number
  firstTx: number
  baseFee: bigint
  gasUsed: number
  gasLimit: number
  feesSpent: bigint
  cumulativeTransactions: number
}

export interface EvmChainSpec {
  /** Decimal EVM chain ID. */
  chainId: string
  /** cb58 blockchain ID (the P-Chain's createChain tx). */
  blockchainId: string
  subnetId: string
  name: string
  description: string
  /** Latest static block (blocks 1..height hold the static transactions; 0 is the genesis block). */
  height: number
  /** Static transactions, spread evenly over blocks 1..height. */
  txCount: number
  /**
   * The chain's current tip when it grows (at least `height`): blocks height + 1..tip() are live blocks, appended
   * after the static ones, whose times `liveBlockTime` gives. Undefined: the chain stands still.
   */
  tip?: () => number
  liveBlockTime?: (height: number) => number
  genesisTime: number
  blockSeconds: number
  /** The block hash at a height, when the node side defines it (the C-Chain's `C/block` index). */
  blockHash?: (height: number) => Uint8Array
  /** Distinguishes chains that share a seed. */
  salt: number
  /** The chain's gas token (18 decimals) and its USD price by day. */
  nativeToken: { name: string; symbol: string; description: string; usd: (day: number) => number }
}

const ERC20_SPECS = [
  { name: 'Devnet USD Coin', symbol: 'USDC.d', decimals: 6, supply: 10n ** 15n, share: 4, reputation: 'Benign' },
  { name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18, supply: 10n ** 24n, share: 3, reputation: 'Benign' },
  { name: 'Devnet Joe', symbol: 'JOE', decimals: 18, supply: 10n ** 27n, share: 2, reputation: 'Benign' },
  {
    name: 'Claim Rewards (devnet spam)',
    symbol: 'CLAIM',
    decimals: 18,
    supply: 10n ** 30n,
    share: 1,
    reputation: 'Malicious',
  },
] as const

/** Token units of one ERC-20 transfer: (1 + uniform[0, max)) * unit. */
const ERC20_UNITS = [
  { unit: 10_000n, max: 1_000_000 },
  { unit: 10n ** 12n, max: 1_000_000 },
  { unit: 10n ** 14n, max: 1_000_000 },
  { unit: 10n ** 21n, max: 10 },
]
export const ITEM_IDS = 5
const ITEM_SUPPLY = 1_000_000n

const SELECTORS = {
  transfer: { methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
  mint: { methodHash: '0x40c10f19', methodName: 'mint(address,uint256)' },
  safeTransfer1155: {
    methodHash: '0xf242432a',
    methodName: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  },
  safeBatchTransfer1155: {
    methodHash: '0x2eb2c2d6',
    methodName: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  },
} as const

/** Prices: AVAX between 20 and 30 USD, moving by day. */
export function avaxUsd(seed: number, day: number): number {
  return 20 + (rand(seed, S.price, day) % 1000) / 100
}

const checksums = new Map<string, string>()
/** EIP-55 mixed-case form of a lower-case 0x address. */
export function checksumAddress(lower: string): string {
  let cached = checksums.get(lower)
  if (cached) return cached
  const hex = lower.slice(2)
  const hash = keccak256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf
    const c = hex[i] as string
    out += nibble >= 8 ? c.toUpperCase() : c
  }
  if (checksums.size > 50_000) checksums.clear()
  checksums.set(lower, out)
  cached = out
  return cached
}

function createAddress(sender: Uint8Array, nonce: number): string {
  const nonceBytes = nonce === 0 ? new Uint8Array() : Uint8Array.of(nonce)
  return `0x${bytesToHex(keccak256(rlp([sender, nonceBytes])).subarray(12))}`
}

const pad32 = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0')

/** ABI arguments of `safeBatchTransferFrom(from, to, ids[], values[], "")`: five head words, then the three tails. */
function batchArguments(from: string, to: string, items: [bigint, bigint][]): string {
  const array = (values: bigint[]) =>
    pad32(values.length.toString(16)) + values.map((v) => pad32(v.toString(16))).join('')
  const words = 1 + items.length
  const ids = 5 * 32
  const values = ids + words * 32
  const data = values + words * 32
  return [pad32(from), pad32(to), pad32(ids.toString(16)), pad32(values.toString(16)), pad32(data.toString(16))]
    .concat(array(items.map(([id]) => id)), array(items.map(([, v]) => v)), pad32('0'))
    .join('')
}

/** The EVM accounts shared by the devnet's EVM chains (the same keys on every chain). */
export function evmUsers(seed: number): string[] {
  return Array.from({ length: USERS }, (_, u) => {
    const name = u === 0 ? 'alice' : u === 1 ? 'bob' : u === 2 ? 'carol' : `user-${u}`
    return `0x${bytesToHex(derive(seed, `evm/${name}`, 20))}`
  })
}

export class EvmChain {
  readonly contracts: ContractInfo[]
  readonly users: string[]
  private readonly userIndex: Map<string, number>
  private readonly contractIndex: Map<string, number>
  private readonly txCache = new Lru<number, EvmTx>(4096)
  private readonly blockCache = new Lru<number, EvmBlockInfo>(1024)
  private readonly balanceCache = new Lru<string, Map<string, bigint>>(256)
  /** Per address, the balances at the latest block computed: later blocks add only the transactions since. */
  private readonly latestBalances = new Lru<string, { block: number; balances: Map<string, bigint> }>(256)
  /** ewoq's sent transactions before transaction 1024 * c, for each chunk c reached so far. */
  private readonly ewoqNonces = new GrowingInt32()
  private readonly nonceChunks = new Lru<number, Uint16Array>(64)
  /** Per user, its sent transactions before its (256 * i)th candidate, for each i reached so far. */
  private readonly userNonces = new Map<number, GrowingInt32>()
  /** End (exclusive transaction position) of each live block reached so far: block height + 1 + i ends at [i]. */
  private readonly liveEnds = new GrowingInt32()
  private readonly blockIndex = new GrowingIdIndex(
    () => this.height + 1,
    (h) => this.blockHashBytes(h),
  )

  constructor(
    readonly seed: number,
    readonly spec: EvmChainSpec,
  ) {
    this.users = evmUsers(seed)
    this.userIndex = new Map(this.users.map((a, u) => [a, u]))
    const ewoq = Uint8Array.from(Buffer.from(EWOQ_EVM.slice(2), 'hex'))
    const avax = (day: number) => avaxUsd(seed, day)
    this.contracts = [
      ...ERC20_SPECS.map(
        (t, i): ContractInfo => ({
          index: i,
          address: createAddress(ewoq, i),
          standard: 'ERC-20',
          name: t.name,
          symbol: t.symbol,
          decimals: t.decimals,
          usd:
            t.symbol === 'USDC.d' ? () => 1 : t.symbol === 'WAVAX' ? avax : t.symbol === 'JOE' ? () => 0.35 : undefined,
          reputation: t.reputation,
          supply: t.supply,
          share: t.share,
        }),
      ),
      {
        index: 4,
        address: createAddress(ewoq, 4),
        standard: 'ERC-721',
        name: 'Devnet Punks',
        symbol: 'DPUNK',
        decimals: 0,
        usd: undefined,
        reputation: 'Benign',
        supply: 0n,
        share: 0,
      },
      {
        index: 5,
        address: createAddress(ewoq, 5),
        standard: 'ERC-1155',
        name: 'Devnet Items',
        symbol: 'ITEM',
        decimals: 0,
        usd: undefined,
        reputation: 'Benign',
        supply: ITEM_SUPPLY,
        share: 0,
      },
    ]
    this.contractIndex = new Map(this.contracts.map((c) => [c.address, c.index]))
    if (spec.txCount < DEPLOYMENTS) throw new RangeError(`an EVM chain needs at least ${DEPLOYMENTS} transactions`)
  }

  get chainId(): string {
    return this.spec.chainId
  }

  /** The latest block: the tip of a live chain, else the static height. */
  get height(): number {
    return this.spec.tip ? Math.max(this.spec.height, this.spec.tip()) : this.spec.height
  }

  /** Transactions up to the latest block. */
  get txCount(): number {
    return this.grow(this.height)
  }

  /** Lays out the live blocks up to `height` (once each, by index); answers the transactions up to it. */
  private grow(height: number): number {
    const { spec } = this
    for (let h = spec.height + 1 + this.liveEnds.length; h <= height; h++) {
      this.liveEnds.push((this.liveEnds.last() ?? spec.txCount) + 1 + this.r(S.liveTxs, h, LIVE_MAX_TXS))
    }
    return height <= spec.height ? spec.txCount : this.liveEnds.at(height - spec.height - 1)
  }

  private r(stream: number, index: number, n: number): number {
    return below(this.seed, stream + 1000 * this.spec.salt, index, n)
  }

  // ---------------------------------------------------------------- blocks

  /** First transaction of block h (h = height + 1 gives txCount). */
  blockStart(h: number): number {
    if (h <= 1) return 0
    const { spec } = this
    if (h <= spec.height) return Math.floor(((h - 1) * spec.txCount) / spec.height)
    return this.grow(Math.min(h - 1, this.height))
  }

  blockOf(k: number): number {
    const { spec } = this
    if (k >= spec.txCount) {
      this.grow(this.height)
      return spec.height + 1 + upperBound(this.liveEnds.view(), k)
    }
    let h = Math.floor((k * spec.height) / spec.txCount) + 1
    while (h > 1 && this.blockStart(h) > k) h--
    while (h < spec.height && this.blockStart(h + 1) <= k) h++
    return h
  }

  blockTime(h: number): number {
    const { spec } = this
    if (h > spec.height && spec.liveBlockTime) return spec.liveBlockTime(h)
    return spec.genesisTime + h * spec.blockSeconds
  }

  /** The last block at or before a time (0 when before the first). */
  blockAtTime(time: number): number {
    const { spec } = this
    const last = Math.max(0, Math.min(spec.height, Math.floor((time - spec.genesisTime) / spec.blockSeconds)))
    const height = this.height
    if (last < spec.height || height === spec.height) return last
    return firstWhere(spec.height + 1, height + 1, (h) => this.blockTime(h) > time) - 1
  }

  blockHashBytes(h: number): Uint8Array {
    if (this.spec.blockHash) return this.spec.blockHash(h)
    return sha256Fast(new TextEncoder().encode(`avalanche-devnet/${this.seed}/${this.spec.chainId}/block/${h}`))
  }

  baseFee(h: number): bigint {
    return 25n * GWEI + BigInt(this.r(S.baseFee, h, 20)) * GWEI
  }

  block(h: number): EvmBlockInfo {
    return this.blockCache.getOrCreate(h, () => {
      const first = this.blockStart(h)
      const end = h === 0 ? 0 : this.blockStart(h + 1)
      let gasUsed = 0
      let fees = 0n
      for (let k = first; k < end; k++) {
        const used = this.gas(k).used
        gasUsed += used
        fees += BigInt(used) * this.gasPrice(k, h)
      }
      return {
        number: h,
        hash: `0x${bytesToHex(this.blockHashBytes(h))}`,
        parentHash: h === 0 ? `0x${'0'.repeat(64)}` : `0x${bytesToHex(this.blockHashBytes(h - 1))}`,
        timestamp: this.blockTime(h),
        millis: this.blockTime(h) * 1000 + this.r(S.millis, h, 1000),
        txCount: end - first,
        firstTx: first,
        baseFee: this.baseFee(h),
        gasUsed,
        gasLimit: Math.max(15_000_000, gasUsed),
        feesSpent: fees,
        cumulativeTransactions: end,
      }
    })
  }

  /** A block number by hash (0x hex), or undefined. */
  findBlock(hash: string): number | undefined {
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
    const h = this.blockIndex.find(Uint8Array.from(Buffer.from(hash.slice(2), 'hex')))
    return h < 0 ? undefined : h
  }

  // ---------------------------------------------------------------- transactions

  kind(k: number): TxKind {
    if (k < DEPLOYMENTS) return 'deploy'
    const r = this.r(S.kind, k, 100)
    return r < 50 ? 'native' : r < 80 ? 'erc20' : r < 90 ? 'erc721' : 'erc1155'
  }

  /** The user transaction k >= 6 involves. */
  userOf(k: number): number {
    return k % USERS
  }

  /** Native transfers from the user to ewoq (the only transactions ewoq does not send). */
  private userSends(k: number): boolean {
    return this.kind(k) === 'native' && this.r(S.direction, k, 4) === 0
  }

  /** Which ERC-20 a token transfer moves (by share: 4 USDC.d, 3 WAVAX, 2 JOE, 1 CLAIM in 10). */
  erc20Of(k: number): number {
    const r = this.r(S.token, k, 10)
    return r < 4 ? 0 : r < 7 ? 1 : r < 9 ? 2 : 3
  }

  /** Gas limit and gas used of transaction k (no need to build it: block totals read only these). */
  gas(k: number): { limit: number; used: number } {
    const kind = this.kind(k)
    if (kind === 'deploy') return { limit: 3_000_000, used: 1_500_000 + this.r(S.gas, k, 500_000) }
    if (kind === 'native') return { limit: 21_000, used: 21_000 }
    if (!this.success(k)) {
      const limit = kind === 'erc20' ? 100_000 : kind === 'erc721' ? 200_000 : 150_000
      return { limit, used: 23_000 + this.r(S.gas, k + 1, 10_000) }
    }
    if (kind === 'erc20') return { limit: 100_000, used: 34_000 + this.r(S.gas, k, 18_000) }
    if (kind === 'erc721') return { limit: 200_000, used: 90_000 + this.r(S.gas, k, 40_000) }
    return { limit: 150_000, used: 60_000 + this.r(S.gas, k, 30_000) }
  }

  /** Effective gas price of transaction k in block h: the block's base fee plus a tip of 0-2 gwei. */
  gasPrice(k: number, h: number): bigint {
    return this.baseFee(h) + BigInt(this.r(S.tip, k, 3)) * GWEI
  }

  private success(k: number): boolean {
    const kind = this.kind(k)
    return kind === 'deploy' || kind === 'native' || this.r(S.status, k, 40) !== 0
  }

  /** The contract a transaction calls or creates, if any. */
  contractOf(k: number): number | undefined {
    const kind = this.kind(k)
    if (kind === 'deploy') return k
    if (kind === 'erc20') return this.erc20Of(k)
    if (kind === 'erc721') return 4
    if (kind === 'erc1155') return 5
    return undefined
  }

  private nonceOf(k: number): number {
    // A sender's nonce counts its transactions before k. Whether a transaction is ewoq's or a user's depends on its
    // index alone, so the checkpoints (every 1024 transactions for ewoq, every 256 of a user's candidates) extend as
    // far as a request reaches, live transactions included, and never change.
    if (!this.userSends(k)) {
      const chunk = k >>> 10
      const cp = this.ewoqNonces
      for (let c = cp.length; c <= chunk; c++) {
        let count = c === 0 ? 0 : cp.at(c - 1)
        for (let j = (c - 1) * 1024; c > 0 && j < c * 1024; j++) if (!this.userSends(j)) count++
        cp.push(count)
      }
      const prefix = this.nonceChunks.getOrCreate(chunk, () => {
        const out = new Uint16Array(1024)
        let count = 0
        for (let i = 0; i < 1024; i++) {
          out[i] = count
          if (!this.userSends(chunk * 1024 + i)) count++
        }
        return out
      })
      return cp.at(chunk) + (prefix[k & 1023] as number)
    }
    const u = this.userOf(k)
    let cp = this.userNonces.get(u)
    if (!cp) {
      cp = new GrowingInt32()
      this.userNonces.set(u, cp)
    }
    const sends = (s: number) => {
      const j = u + s * USERS
      return j >= DEPLOYMENTS && this.userSends(j)
    }
    const step = Math.floor((k - u) / USERS)
    for (let c = cp.length; c <= step >>> 8; c++) {
      let count = c === 0 ? 0 : cp.at(c - 1)
      for (let s = (c - 1) * 256; c > 0 && s < c * 256; s++) if (sends(s)) count++
      cp.push(count)
    }
    let count = cp.at(step >>> 8)
    for (let s = step & ~255; s < step; s++) if (sends(s)) count++
    return count
  }

  /** Transaction hash: random-looking, with the position folded into its last 4 bytes so lookups need no table. */
  private hashOf(k: number): string {
    const bytes = sha256Fast(new TextEncoder().encode(`avalanche-devnet/${this.seed}/${this.spec.chainId}/tx/${k}`))
    const view = new DataView(bytes.buffer, bytes.byteOffset, 32)
    view.setUint32(28, (k ^ view.getUint32(0)) >>> 0)
    return `0x${bytesToHex(bytes)}`
  }

  /** Position of a transaction by hash, or undefined. */
  findTx(hash: string): number | undefined {
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
    const bytes = Buffer.from(hash.slice(2), 'hex')
    const k = (bytes.readUInt32BE(28) ^ bytes.readUInt32BE(0)) >>> 0
    if (k >= this.txCount) return undefined
    return this.hashOf(k) === hash.toLowerCase() ? k : undefined
  }

  tx(k: number): EvmTx {
    return this.txCache.getOrCreate(k, () => this.buildTx(k))
  }

  private buildTx(k: number): EvmTx {
    const kind = this.kind(k)
    const h = this.blockOf(k)
    const baseFee = this.baseFee(h)
    const gasPrice = this.gasPrice(k, h)
    const tip = gasPrice - baseFee
    const { limit: gasLimit, used: gasUsed } = this.gas(k)
    const success = this.success(k)
    const user = this.users[this.userOf(k)] as string
    const base = {
      k,
      kind,
      block: h,
      blockIndex: k - this.blockStart(h),
      hash: this.hashOf(k),
      success,
      baseFee,
      tip,
      gasPrice,
      gasLimit,
      gasUsed,
      nonce: this.nonceOf(k),
    }
    const transfers: TransferRecord[] = []
    if (kind === 'deploy') {
      const contract = this.contracts[k] as ContractInfo
      if (contract.standard === 'ERC-20') {
        transfers.push(this.transfer(contract, ZERO_ADDRESS, EWOQ_EVM, 0, contract.supply, 0n))
      } else if (contract.standard === 'ERC-1155') {
        for (let id = 1; id <= ITEM_IDS; id++) {
          transfers.push(this.transfer(contract, ZERO_ADDRESS, EWOQ_EVM, id - 1, ITEM_SUPPLY, BigInt(id)))
        }
      }
      return {
        ...base,
        from: EWOQ_EVM,
        to: contract.address,
        value: 0n,
        input: `0x60806040${bytesToHex(derive(this.seed, `bytecode/${k}`, 64))}`,
        method: { callType: 'CONTRACT_CREATION', methodHash: '0x60806040', methodName: 'Contract Creation' },
        contract,
        transfers,
      }
    }
    if (kind === 'native') {
      const userSends = this.userSends(k)
      const value = userSends
        ? BigInt(1 + this.r(S.amount, k, 10_000)) * 10n ** 12n
        : BigInt(1 + this.r(S.amount, k, 1_000_000)) * 10n ** 12n
      return {
        ...base,
        from: userSends ? user : EWOQ_EVM,
        to: userSends ? EWOQ_EVM : user,
        value,
        input: '0x',
        method: { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' },
        contract: undefined,
        transfers,
      }
    }
    const contract = this.contracts[this.contractOf(k) as number] as ContractInfo
    let method: EvmTx['method']
    let input: string
    if (kind === 'erc20') {
      const { unit, max } = ERC20_UNITS[contract.index] as { unit: bigint; max: number }
      const value = BigInt(1 + this.r(S.amount, k, max)) * unit
      if (success) transfers.push(this.transfer(contract, EWOQ_EVM, user, 0, value, 0n))
      method = { callType: 'CONTRACT_CALL', ...SELECTORS.transfer }
      input = `${SELECTORS.transfer.methodHash}${pad32(user)}${pad32(value.toString(16))}`
    } else if (kind === 'erc721') {
      const tokenId = BigInt(k)
      if (success) {
        transfers.push(this.transfer(contract, ZERO_ADDRESS, EWOQ_EVM, 0, 1n, tokenId))
        transfers.push(this.transfer(contract, EWOQ_EVM, user, 1, 1n, tokenId))
      }
      method = { callType: 'CONTRACT_CALL', ...SELECTORS.mint }
      input = `${SELECTORS.mint.methodHash}${pad32(user)}${pad32(tokenId.toString(16))}`
    } else {
      const items = this.erc1155Items(k)
      if (success)
        for (const [id, value] of items) transfers.push(this.transfer(contract, EWOQ_EVM, user, 0, value, id))
      if (items.length === 1) {
        const [[id, value]] = items as [[bigint, bigint]]
        method = { callType: 'CONTRACT_CALL', ...SELECTORS.safeTransfer1155 }
        input = `${SELECTORS.safeTransfer1155.methodHash}${pad32(EWOQ_EVM)}${pad32(user)}${pad32(id.toString(16))}${pad32(value.toString(16))}${pad32('a0')}${pad32('0')}`
      } else {
        method = { callType: 'CONTRACT_CALL', ...SELECTORS.safeBatchTransfer1155 }
        input = `${SELECTORS.safeBatchTransfer1155.methodHash}${batchArguments(EWOQ_EVM, user, items)}`
      }
    }
    return {
      ...base,
      from: EWOQ_EVM,
      to: contract.address,
      value: 0n,
      input,
      method,
      contract,
      transfers,
    }
  }

  /**
   * The (id, amount) pairs an ERC-1155 call moves: one in three is a `safeBatchTransferFrom` of 2 to 4 entries, and
   * one batch in four lists its first entry twice. A batch emits one `TransferBatch` log, which the Data API lists as
   * one record per entry, all with that log's index (data-api.md 0b.1; `Erc1155Transfer`, data-api.openapi.json line
   * 23090, holds one `erc1155Token`): two records of a batch may be identical in every field.
   */
  erc1155Items(k: number): [id: bigint, value: bigint][] {
    const item = (i: number): [bigint, bigint] => [
      BigInt(1 + this.r(S.itemId, k * 8 + i, ITEM_IDS)),
      BigInt(1 + this.r(S.amount, k * 8 + i, 10)),
    ]
    const r = this.r(S.batch, k, 12)
    if (r >= 4) return [item(0)]
    const items = Array.from({ length: 2 + (r % 3) }, (_, i) => item(i))
    if (r === 0) items.push(items[0] as [bigint, bigint])
    return items
  }

  private transfer(
    contract: ContractInfo,
    from: string,
    to: string,
    logIndex: number,
    value: bigint,
    tokenId: bigint,
  ): TransferRecord {
    return { standard: contract.standard, contract, from, to, logIndex, value, tokenId }
  }

  // ---------------------------------------------------------------- addresses

  contract(address: string): ContractInfo | undefined {
    const i = this.contractIndex.get(address.toLowerCase())
    return i === undefined ? undefined : this.contracts[i]
  }

  /**
   * Candidate transactions of an address in [lo, hi), in either direction from `start` (inclusive): every one for
   * ewoq, every 64th for a user, the calls of a contract. Callers filter candidates by what they list.
   */
  *candidates(
    address: string,
    lo: number,
    hi: number,
    start: number | undefined,
    descending: boolean,
  ): Iterable<number> {
    const a = address.toLowerCase()
    const from = descending ? Math.min(hi - 1, start ?? hi - 1) : Math.max(lo, start ?? lo)
    if (a === EWOQ_EVM) {
      if (descending) for (let k = from; k >= lo; k--) yield k
      else for (let k = from; k < hi; k++) yield k
      return
    }
    const u = this.userIndex.get(a)
    if (u !== undefined) {
      const low = Math.max(lo, DEPLOYMENTS)
      if (descending) {
        let k = from - ((((from - u) % USERS) + USERS) % USERS)
        for (; k >= low; k -= USERS) yield k
      } else {
        let k = from + ((((u - from) % USERS) + USERS) % USERS)
        for (; k < hi; k += USERS) if (k >= low) yield k
      }
      return
    }
    const c = this.contractIndex.get(a)
    if (c === undefined) return
    if (descending) {
      for (let k = from; k >= lo; k--) if (this.contractOf(k) === c) yield k
    } else {
      for (let k = from; k < hi; k++) if (this.contractOf(k) === c) yield k
    }
  }

  /** Transactions in the half-open block range [startBlock, endBlock) as positions [lo, hi). */
  txRange(startBlock: number | undefined, endBlock: number | undefined): [number, number] {
    const lo = startBlock === undefined ? 0 : this.blockStart(Math.max(1, startBlock))
    const hi = endBlock === undefined ? this.txCount : this.blockStart(Math.max(1, endBlock))
    return [lo, Math.max(lo, hi)]
  }

  /**
   * Balances of an address at the end of a block: native (wei, after gas) and, per token key ("<contract>" for
   * ERC-20, "<contract>#<id>" for ERC-1155), the sum of its transfers.
   */
  balances(address: string, blockNumber: number): Map<string, bigint> {
    const a = address.toLowerCase()
    const key = `${a}@${blockNumber}`
    return this.balanceCache.getOrCreate(key, () => {
      // Start from the latest block already summed when it is not after this one (a growing chain asks for each new
      // tip in turn: each costs the transactions since the last, not the address's whole history).
      const latest = this.latestBalances.get(a)
      const from = latest && latest.block <= blockNumber ? latest : undefined
      const out = new Map<string, bigint>(from?.balances ?? [])
      if (!from) out.set('native', a === EWOQ_EVM ? EWOQ_ALLOC : this.userIndex.has(a) ? USER_ALLOC : 0n)
      const add = (k: string, v: bigint) => out.set(k, (out.get(k) ?? 0n) + v)
      const [lo, hi] = this.txRange(from ? from.block + 1 : undefined, blockNumber + 1)
      for (const k of this.candidates(a, lo, hi, undefined, false)) {
        const tx = this.tx(k)
        if (tx.from === a) add('native', -BigInt(tx.gasUsed) * tx.gasPrice)
        if (tx.success && tx.value > 0n) {
          if (tx.from === a) add('native', -tx.value)
          if (tx.to === a) add('native', tx.value)
        }
        for (const t of tx.transfers) {
          if (t.standard === 'ERC-721') continue
          const tokenKey = t.standard === 'ERC-20' ? t.contract.address : `${t.contract.address}#${t.tokenId}`
          if (t.from === a) add(tokenKey, -t.value)
          if (t.to === a) add(tokenKey, t.value)
        }
      }
      if (!latest || latest.block < blockNumber) this.latestBalances.set(a, { block: blockNumber, balances: out })
      return out
    })
  }

  /** The day (since the epoch) of a block, for historical prices. */
  dayOf(h: number): number {
    return Math.floor(this.blockTime(h) / 86_400)
  }
}
