import { encodeXTx, writeXTxBody, type XTx, xTxId } from './avm-codec.js'
import { BlockTimes } from './block-times.js'
import { ByteWriter, sha256Fast } from './bytes.js'
import { type Change, ChangeChain } from './change-chain.js'
import { type Input, type Output, sortInputs, sortOutputs, transferOutput } from './components.js'
import {
  AvmType,
  C_CHAIN_BYTES,
  CREATE_ASSET_TX_FEE,
  NANO_PER_AVAX,
  NETWORK_ID,
  P_CHAIN_BYTES,
  ROUND_SECONDS,
  TX_FEE,
  X_BLOCK_SECONDS,
  X_CHAIN_BYTES,
} from './constants.js'
import { type Account, ewoq } from './keys.js'
import { LiveBlocks } from './live-blocks.js'
import { Lru } from './lru.js'
import { PeriodicPartition } from './partition.js'
import type { AtomicOutput } from './pchain.js'
import { BlockIdChain, type BuiltBlock, wrapProposerBlock } from './proposervm.js'
import { below, rand, randomBytes, Stream } from './random.js'
import type { UtxoSource } from './utxo-table.js'
import { XDag } from './xdag.js'

export interface AssetInfo {
  index: number
  id: Uint8Array
  name: string
  symbol: string
  denomination: number
  variableCap: boolean
  supply: bigint
}

export interface XTxRecord {
  tx: XTx
  id: Uint8Array
  bytes: Uint8Array
}

export type XTxKind = 'createAsset' | 'fanout' | 'import' | 'send' | 'export'

/** An account the fan-out pays `utxos` outputs; the last ones are `locked` (AVAX, time-locked or shared) if given. */
export interface FundedAccount {
  account: Account
  utxos: number
  locked?: Output[]
}

export interface XChainOptions {
  seed: number
  txCount: number
  /** Txs 0..dagTxs-1 are the DAG era's (vertices, index X/tx); the rest are in the linear chain's blocks. */
  dagTxs: number
  /** Accounts that receive fan-out UTXOs, with how many each. */
  funded: FundedAccount[]
  /** Mean transactions per block (and per vertex). */
  blockTxs: number
  /** P-Chain exports to the X-Chain; the first four are imported by the two import txs. */
  pExports: AtomicOutput[]
  /** Receives the imported funds (the owner of the P-Chain exports). */
  importer: Account
  /** Payment recipients of the bulk transactions. */
  users: Account[]
  /** P-Chain owners of the bulk export transactions. */
  exportReceivers: Account[]
  /** P-Chain height at a time, for proposervm wrappers. */
  pChainHeightAt: (time: number) => number
}

const AVAX_GENESIS_ALLOCATION = 300_000_000n * BigInt(NANO_PER_AVAX)
const FANOUT_WIDTH = 128
const TREE_ARITY = 16
const IMPORTS = 2
const ZERO_ID = new Uint8Array(32)
const utf8 = new TextEncoder()
/** The empty memo of most bulk txs, shared (a zero-length array cannot be written to). */
const NO_MEMO = new Uint8Array()
const ASSET_CYCLE = [0, 0, 1, 0, 2, 0, 3, 0]

/** Assets created by the first X-Chain transactions (AVAX itself comes from the genesis). */
const CREATED_ASSETS = [
  { name: 'Tether USD (devnet)', symbol: 'USDT', denomination: 6, variableCap: true, supply: 10n ** 15n },
  { name: 'Devnet Gold', symbol: 'GOLD', denomination: 0, variableCap: false, supply: 21_000_000n },
  { name: 'Wrapped Ether (devnet)', symbol: 'WETH', denomination: 18, variableCap: false, supply: 18n * 10n ** 18n },
]
/** Fan-out amount = (1 + uniform[0, max)) * unit, per asset index. */
const FANOUT_UNITS = [
  { unit: 10_000_000n, max: 1000 },
  { unit: 1_000_000n, max: 1000 },
  { unit: 1n, max: 100 },
  { unit: 10n ** 12n, max: 100 },
]

interface UtxoRef {
  txId: Uint8Array
  outputIndex: number
  amount: bigint
}

/** The treasury (ewoq) UTXO of each asset before a prefix transaction. */
type Treasury = (UtxoRef | undefined)[]

/** A bulk tx with placeholder fields, for `leafBytes` to fill. */
function leafTx(type: 'base' | 'export'): XTx {
  const placeholder = transferOutput(ZERO_ID, 0n, ZERO_ID)
  return {
    type,
    networkId: NETWORK_ID,
    blockchainId: X_CHAIN_BYTES,
    outputs: [placeholder],
    inputs: [{ txId: ZERO_ID, outputIndex: 0, assetId: ZERO_ID, amount: 0n, sigIndices: [0] }],
    memo: new Uint8Array(),
    credentials: [],
  }
}

interface TreeNode {
  tx: XTx
  /** Output index of each child's funding output. */
  childOutput: number[]
  /** Output index of the payment (send) or -1 (export). */
  paymentIndex: number
  /** Root only: ewoq's AVAX change. */
  changeIndex: number
}

/**
 * The X-Chain. Transactions 0..txCount-1 (index `X/tx` order) are:
 *   - 3 CreateAssetTx (USDT variable cap, GOLD, WETH), paid from ewoq's AVAX;
 *   - F fan-out BaseTx, each paying 128 small UTXOs to the funded accounts (this is where ewoq's thousands of UTXOs
 *     come from) and returning change to ewoq;
 *   - 2 ImportTx spending P-Chain exports;
 *   - the bulk: a 16-ary tree of txs in heap order. Tx t spends the funding output its parent made for it, pays a user
 *     (BaseTx) or exports to the P-Chain (ExportTx), and makes one funding output per child holding exactly what that
 *     child's subtree spends. Inputs therefore always spend real earlier outputs, yet tx t depends only on its
 *     ~log16(n) ancestors, so any tx is derived in O(log n) without the ones before it.
 * Subtree sums come from prefix sums of per-tx spends, checkpointed every 16 txs (8 bytes per 16 txs).
 *
 * Two eras, like Mainnet's X-Chain: txs 0..dagTxs-1 were accepted in DAG vertices before Cortina (`dag`; index X/tx
 * and X/vtx), the rest in the linear chain's blocks 1..blockCount after it (index X/block, avm.getBlock*).
 */
export class XChain {
  /** Transactions before the bulk: asset creations, fan-outs, imports. */
  static prefixLength(fanoutEntries: number): number {
    return CREATED_ASSETS.length + Math.ceil(fanoutEntries / FANOUT_WIDTH) + IMPORTS
  }

  readonly seed: number
  /** The static chain's txs, then those `grow` added (BaseTx transfers in new linear-era blocks). */
  txCount: number
  readonly staticTxCount: number
  readonly prefixCount: number
  readonly treeCount: number
  readonly fanoutCount: number
  readonly assets: AssetInfo[]
  readonly genesis: XTxRecord
  /** The DAG era: its vertices, the stop vertex, the Cortina time. */
  readonly dag: XDag
  /** Linear-era blocks (height 1..blockCount; height 0 is the linear chain's genesis block). */
  blockCount: number
  readonly staticBlockCount: number

  private readonly options: XChainOptions
  private readonly fundedStarts: number[]
  private readonly fanoutEntries: number
  private readonly prefixIds: Uint8Array
  private readonly snapshots: Treasury[]
  private readonly mintOutputIndex: number
  private checkpoints: BigUint64Array | undefined
  private internalIds: Uint8Array | undefined
  private internalDone: Uint8Array | undefined
  /** Internal tree nodes (~3 KB each); ancestors are few and siblings share one, so a small cache suffices. */
  private readonly nodes = new Lru<number, TreeNode>(2048)
  private lastInternal = -1
  private lastInternalNode: TreeNode | undefined
  /** Signed bytes and IDs of recently served txs (~400 bytes each); descriptors are rebuilt when JSON is asked. */
  private readonly encoded = new Lru<number, { id: Uint8Array; bytes: Uint8Array }>(16_384)
  /** Live txs' bytes from the segments rebuilt last (a few segments: a block built next finds its txs here). */
  private readonly liveEncoded = new Lru<number, { id: Uint8Array; bytes: Uint8Array }>(256)
  private readonly records = new Lru<number, XTxRecord>(512)
  private readonly blocks = new Lru<number, BuiltBlock>(256)
  /** Linear-era txs (dagTxs..txCount-1, counted from 0) into blocks. */
  private readonly linear: PeriodicPartition
  private readonly blockScratch = new ByteWriter(16_384)
  /** `leafBytes`' reused txs: their outputs, input, memo and credentials are set per leaf. */
  private readonly leafTxs = {
    send: leafTx('base'),
    export: { ...leafTx('export'), outputs: [], exportedOutputs: [] as Output[] },
  }
  private linearGenesis: { bytes: Uint8Array; id: Uint8Array; chain: BlockIdChain } | undefined
  /** Who the txs `grow` adds pay, in turn. */
  private readonly liveRecipients: Account[]
  /** The added txs (counted from 0): each spends ewoq's AVAX change the one before left; IDs are checkpointed. */
  private readonly live = new ChangeChain<undefined>(
    () => this.rootChange(),
    (l, spent) => {
      const { tx, change, changeIndex } = this.liveTx(l, spent)
      let id: Uint8Array
      if (l < this.live.length) {
        // Rebuilding a segment for a reader: keep the bytes too, as a block or index page will ask for them next.
        const bytes = encodeXTx(tx)
        id = sha256Fast(bytes)
        this.liveEncoded.set(l, { id, bytes })
      } else id = xTxId(tx)
      return { id, after: { txId: id, outputIndex: changeIndex, amount: change }, value: undefined }
    },
  )
  /** Per added block: its first added tx and its time. */
  private readonly liveBlocks = new LiveBlocks((round) => 1 + below(this.seed, Stream.liveX, 1_000_000_000 + round, 3))
  private readonly liveTimes = new BlockTimes(ROUND_SECONDS)

  constructor(options: XChainOptions) {
    this.options = options
    this.seed = options.seed
    this.fundedStarts = []
    let entries = 0
    for (const f of options.funded) {
      this.fundedStarts.push(entries)
      entries += f.utxos
    }
    this.fanoutEntries = entries
    this.fanoutCount = Math.ceil(entries / FANOUT_WIDTH)
    this.prefixCount = XChain.prefixLength(entries)
    if (options.txCount < this.prefixCount + 1) {
      throw new RangeError(
        `xTxs must be at least ${this.prefixCount + 1} to hold the asset, fan-out and import transactions`,
      )
    }
    if (!Number.isInteger(options.dagTxs) || options.dagTxs < 0 || options.dagTxs >= options.txCount) {
      throw new RangeError(
        `xDagTxs must be an integer from 0 to ${options.txCount - 1} (xTxs - 1), got ${options.dagTxs}`,
      )
    }
    this.txCount = options.txCount
    this.staticTxCount = options.txCount
    this.treeCount = options.txCount - this.prefixCount
    this.liveRecipients = [...options.funded.slice(1).map((f) => f.account), ...options.users.slice(0, 4)]

    this.genesis = xGenesis()
    this.assets = [
      {
        index: 0,
        id: this.genesis.id,
        name: 'Avalanche',
        symbol: 'AVAX',
        denomination: 9,
        variableCap: false,
        supply: AVAX_GENESIS_ALLOCATION,
      },
    ]

    // Walk the prefix once: it is short (a few hundred txs at most) and sequential by nature.
    this.prefixIds = new Uint8Array(this.prefixCount * 32)
    this.snapshots = [[{ txId: this.genesis.id, outputIndex: 0, amount: AVAX_GENESIS_ALLOCATION }]]
    let mintIndex = -1
    for (let i = 0; i < this.prefixCount; i++) {
      const built = this.buildPrefixTx(i)
      const bytes = encodeXTx(built.tx)
      const id = sha256Fast(bytes)
      this.prefixIds.set(id, i * 32)
      this.snapshots.push(built.after(id))
      if (i < CREATED_ASSETS.length) {
        const spec = CREATED_ASSETS[i] as (typeof CREATED_ASSETS)[number]
        this.assets.push({ index: i + 1, id, ...spec })
        if (spec.variableCap) mintIndex = built.mintIndex
      }
    }
    this.mintOutputIndex = mintIndex

    // Vertices and blocks: sizes 1..2n-1 for a mean of n, repeating every 64 so tx -> vertex or block is O(log 64).
    const maxSize = 2 * options.blockTxs - 1
    this.dag = new XDag(this.seed, options.dagTxs, maxSize, (i) => this.txBytes(i))
    this.linear = new PeriodicPartition(this.seed, Stream.xBlockSize, maxSize, this.txCount - options.dagTxs)
    this.blockCount = this.linear.groups
    this.staticBlockCount = this.blockCount
  }

  // ---------------------------------------------------------------- a live chain

  private get liveTxCount(): number {
    return this.txCount - this.staticTxCount
  }

  /**
   * One round of a live devnet at `time`: a linear-era block of 1-3 BaseTx transfers, each spending ewoq's AVAX change
   * (the bulk tree root's, then the previous added tx's) and paying one of the named accounts or users.
   */
  grow(round: number, time: number): void {
    const count = this.liveBlocks.push(round)
    for (let k = 0; k < count; k++) this.live.append()
    this.liveTimes.push(time)
    this.txCount += count
    this.blockCount++
    this.linearGenesis?.chain.extend(this.blockCount)
  }

  /** Added tx l (counted from 0): spends ewoq's AVAX change `spent`, pays a recipient, returns the change to ewoq. */
  private liveTx(
    l: number,
    spent: Change = this.live.before(l),
  ): { tx: XTx; change: bigint; changeIndex: number; paymentIndex: number } {
    const avax = this.assetId(0)
    const amount = BigInt(1 + below(this.seed, Stream.liveX, l, 1000)) * 1_000_000n
    const payee = this.liveRecipients[l % this.liveRecipients.length] as Account
    const pay = transferOutput(avax, amount, payee.shortId)
    const change = spent.amount - amount - BigInt(TX_FEE)
    const changeOutput = transferOutput(avax, change, ewoq.shortId)
    const outputs = sortOutputs([pay, changeOutput])
    const tx: XTx = {
      type: 'base',
      networkId: NETWORK_ID,
      blockchainId: X_CHAIN_BYTES,
      outputs,
      inputs: [refInput(spent, avax)],
      memo: new Uint8Array(),
      credentials: this.signatures(this.staticTxCount + l, 1),
    }
    return { tx, change, changeIndex: outputs.indexOf(changeOutput), paymentIndex: outputs.indexOf(pay) }
  }

  /** ewoq's AVAX change after the bulk tree's root (its treasury until the chain grows). */
  private rootChange(): UtxoRef {
    const root = this.node(0)
    const output = root.tx.outputs[root.changeIndex] as Output
    return { txId: this.txId(this.prefixCount), outputIndex: root.changeIndex, amount: output.amount }
  }

  /**
   * The linear chain's genesis block (height 0) and the block ID chain hanging from it, built on first use: its
   * parent is the stop vertex (`vms/avm/state/state.go` initializeChainState), whose ID commits to the whole DAG.
   */
  private linearChain(): { bytes: Uint8Array; id: Uint8Array; chain: BlockIdChain } {
    if (!this.linearGenesis) {
      const bytes = new ByteWriter(96)
        .u16(0)
        .u32(AvmType.standardBlock)
        .bytes(this.dag.stopVertex().id)
        .u64(0)
        .u64(this.dag.cortinaTime)
        .bytes(ZERO_ID)
        .u32(0)
        .finish()
      const id = sha256Fast(bytes)
      const chain = new BlockIdChain(this.blockCount, id, (h, inner, container) => this.buildBlock(h, inner, container))
      this.linearGenesis = { bytes, id, chain }
    }
    return this.linearGenesis
  }

  /** Linear-era block IDs: inner (avm) and proposervm container IDs by height. */
  get chain(): BlockIdChain {
    return this.linearChain().chain
  }

  get genesisBlock(): Uint8Array {
    return this.linearChain().bytes
  }

  get genesisBlockId(): Uint8Array {
    return this.linearChain().id
  }

  /** Txs before this index were accepted in the DAG era. */
  get dagTxCount(): number {
    return this.dag.txCount
  }

  isDagTx(i: number): boolean {
    return i < this.dag.txCount
  }

  /** Acceptance time (unix seconds) of tx i: its vertex's or its block's. */
  txTime(i: number): number {
    return this.isDagTx(i) ? this.dag.vertexTime(this.dag.vertexOf(i)) : this.blockTime(this.blockOf(i) + 1)
  }

  // ---------------------------------------------------------------- transactions

  kind(i: number): XTxKind {
    if (i < CREATED_ASSETS.length) return 'createAsset'
    if (i < CREATED_ASSETS.length + this.fanoutCount) return 'fanout'
    if (i < this.prefixCount) return 'import'
    if (i >= this.staticTxCount) return 'send'
    return this.treeKind(i - this.prefixCount)
  }

  /** Tx i with its descriptor (for JSON and UTXO scans). */
  tx(i: number): XTxRecord {
    return this.records.getOrCreate(i, () => this.buildTx(i))
  }

  /**
   * Tx i's ID and signed bytes: what the index and hex getTx serve. `remember` false keeps a leaf out of the cache:
   * the index's walks read each tx once, and 100,000 leaves through a 16,384-entry LRU only churned it (every entry
   * outlived young-generation GC to be dropped later).
   */
  txBytes(i: number, remember = true): { id: Uint8Array; bytes: Uint8Array } {
    const cached = this.encoded.get(i)
    if (cached) return cached
    const t = i - this.prefixCount
    if (t < 0 || i >= this.staticTxCount || this.isInternal(t)) return this.buildTx(i)
    const bytes = this.leafBytes(t)
    const encoded = { id: sha256Fast(bytes), bytes }
    if (remember) this.encoded.set(i, encoded)
    return encoded
  }

  /** Builds tx i without touching the record cache (bulk scans would only churn it). */
  buildTx(i: number): XTxRecord {
    if (i < this.prefixCount) {
      const { tx } = this.buildPrefixTx(i)
      return { tx, id: this.prefixIds.subarray(i * 32, i * 32 + 32), bytes: encodeXTx(tx) }
    }
    if (i >= this.staticTxCount) {
      const { tx } = this.liveTx(i - this.staticTxCount)
      return { tx, id: this.txId(i), bytes: encodeXTx(tx) }
    }
    const t = i - this.prefixCount
    const { tx } = this.node(t)
    const bytes = encodeXTx(tx)
    const id = sha256Fast(bytes)
    if (this.isInternal(t)) this.storeInternalId(t, id)
    this.encoded.set(i, { id, bytes })
    return { tx, id, bytes }
  }

  txId(i: number): Uint8Array {
    if (i < this.prefixCount) return this.prefixIds.subarray(i * 32, i * 32 + 32)
    if (i >= this.staticTxCount) return this.live.id(i - this.staticTxCount)
    const t = i - this.prefixCount
    if (this.isInternal(t) && this.internalDone?.[t] === 1) {
      return (this.internalIds as Uint8Array).subarray(t * 32, t * 32 + 32)
    }
    const cached = this.encoded.get(i)
    if (cached) return cached.id
    // Hash in place: ID scans over millions of txs should not copy or cache every tx's bytes.
    const id = xTxId(this.node(t).tx)
    if (this.isInternal(t)) this.storeInternalId(t, id)
    return id
  }

  private signatures(i: number, count: number): Uint8Array[][] {
    const credentials: Uint8Array[][] = []
    for (let k = 0; k < count; k++) {
      const sig = randomBytes(this.seed, Stream.signature, i * 8 + k, 65)
      sig[64] = (sig[64] as number) & 1
      credentials.push([sig])
    }
    return credentials
  }

  private assetId(index: number): Uint8Array {
    return (this.assets[index] as AssetInfo).id
  }

  /** Builds prefix tx i from the treasury before it; `after(id)` gives the treasury once its ID is known. */
  private buildPrefixTx(i: number): { tx: XTx; after: (id: Uint8Array) => Treasury; mintIndex: number } {
    const before = this.snapshots[i] as Treasury
    const avax = before[0] as UtxoRef
    const base = { networkId: NETWORK_ID, blockchainId: X_CHAIN_BYTES, memo: new Uint8Array() }
    const avaxId = this.assetId(0)

    if (i < CREATED_ASSETS.length) {
      const spec = CREATED_ASSETS[i] as (typeof CREATED_ASSETS)[number]
      const change = transferOutput(avaxId, avax.amount - BigInt(CREATE_ASSET_TX_FEE), ewoq.shortId)
      const supply = { ...transferOutput(new Uint8Array(32), spec.supply, ewoq.shortId) }
      const mint: Output = { ...supply, typeId: 6, amount: 0n }
      // Initial-state outputs sort by codec bytes: the mint output (type 6) before the transfer output (type 7).
      const stateOutputs = spec.variableCap ? [mint, supply] : [supply]
      const tx: XTx = {
        ...base,
        type: 'createAsset',
        outputs: [change],
        inputs: [refInput(avax, avaxId)],
        name: spec.name,
        symbol: spec.symbol,
        denomination: spec.denomination,
        states: [{ fxIndex: 0, outputs: stateOutputs }],
        credentials: this.signatures(i, 1),
      }
      const supplyIndex = 1 + stateOutputs.indexOf(supply)
      return {
        tx,
        mintIndex: spec.variableCap ? 1 + stateOutputs.indexOf(mint) : -1,
        after: (id) => {
          const next = [...before]
          next[0] = { txId: id, outputIndex: 0, amount: change.amount }
          next[i + 1] = { txId: id, outputIndex: supplyIndex, amount: spec.supply }
          return next
        },
      }
    }

    const fanout = i - CREATED_ASSETS.length
    if (fanout < this.fanoutCount) {
      const first = fanout * FANOUT_WIDTH
      const last = Math.min(first + FANOUT_WIDTH, this.fanoutEntries)
      const spent = [BigInt(TX_FEE), 0n, 0n, 0n]
      const outputs: Output[] = []
      for (let e = first; e < last; e++) {
        const { asset, output } = this.fanoutEntry(e)
        spent[asset] = (spent[asset] as bigint) + output.amount
        outputs.push(output)
      }
      const used = [0, 1, 2, 3].filter((a) => a === 0 || (spent[a] as bigint) > 0n)
      const changes = new Map<number, Output>()
      for (const a of used) {
        const change = transferOutput(
          this.assetId(a),
          (before[a] as UtxoRef).amount - (spent[a] as bigint),
          ewoq.shortId,
        )
        changes.set(a, change)
        outputs.push(change)
      }
      const sorted = sortOutputs(outputs)
      const inputs = sortInputs(used.map((a) => refInput(before[a] as UtxoRef, this.assetId(a))))
      const tx: XTx = { ...base, type: 'base', outputs: sorted, inputs, credentials: this.signatures(i, inputs.length) }
      return {
        tx,
        mintIndex: -1,
        after: (id) => {
          const next = [...before]
          for (const [a, change] of changes)
            next[a] = { txId: id, outputIndex: sorted.indexOf(change), amount: change.amount }
          return next
        },
      }
    }

    const k = i - CREATED_ASSETS.length - this.fanoutCount
    const imported = this.options.pExports.slice(2 * k, 2 * k + 2)
    const importedInputs = sortInputs(imported.map((e) => refInput(e, avaxId)))
    const total = imported.reduce((sum, e) => sum + e.amount, 0n)
    const tx: XTx = {
      ...base,
      type: 'import',
      outputs: [transferOutput(avaxId, total - BigInt(TX_FEE), this.options.importer.shortId)],
      inputs: [],
      sourceChain: P_CHAIN_BYTES,
      importedInputs,
      credentials: this.signatures(i, importedInputs.length),
    }
    return { tx, mintIndex: -1, after: () => before }
  }

  /** Fan-out entry e: its asset and output (random for its account, or one of the account's `locked` outputs). */
  private fanoutEntry(e: number): { asset: number; output: Output } {
    let funded = 0
    while (funded + 1 < this.fundedStarts.length && (this.fundedStarts[funded + 1] as number) <= e) funded++
    const { locked = [], utxos } = this.options.funded[funded] as FundedAccount
    const lockedAt = e - (this.fundedStarts[funded] as number) - (utxos - locked.length)
    if (lockedAt >= 0) return { asset: 0, output: locked[lockedAt] as Output }
    const asset = ASSET_CYCLE[e % ASSET_CYCLE.length] as number
    const { unit, max } = FANOUT_UNITS[asset] as { unit: bigint; max: number }
    const amount = BigInt(1 + below(this.seed, Stream.fanoutAmount, e, max)) * unit
    const owner = (this.options.funded[funded] as { account: Account }).account.shortId
    return { asset, output: transferOutput(this.assetId(asset), amount, owner) }
  }

  // ---------------------------------------------------------------- the tree

  private treeKind(t: number): 'send' | 'export' {
    return below(this.seed, Stream.treeKind, t, 16) === 0 ? 'export' : 'send'
  }

  /** nAVAX tx t pays out (to its user or to the P-Chain). */
  private pay(t: number): number {
    return (1 + below(this.seed, Stream.treePay, t, 50_000)) * 1_000_000
  }

  private spend(t: number): number {
    return this.pay(t) + TX_FEE
  }

  private isInternal(t: number): boolean {
    return TREE_ARITY * t + 1 < this.treeCount
  }

  private storeInternalId(t: number, id: Uint8Array): void {
    if (!this.internalIds || !this.internalDone) {
      const internal = Math.ceil((this.treeCount - 1) / TREE_ARITY)
      this.internalIds = new Uint8Array(internal * 32)
      this.internalDone = new Uint8Array(internal)
    }
    this.internalIds.set(id, t * 32)
    this.internalDone[t] = 1
  }

  /** Sum of spend(0..x-1). */
  private prefixSpend(x: number): bigint {
    if (!this.checkpoints) {
      const cp = new BigUint64Array(Math.floor(this.treeCount / 16) + 1)
      let total = 0n
      let block = 0
      for (let k = 1; k < cp.length; k++) {
        block = 0
        for (let t = (k - 1) * 16; t < k * 16; t++) block += this.spend(t)
        total += BigInt(block)
        cp[k] = total
      }
      this.checkpoints = cp
    }
    const k = x >>> 4
    let partial = 0
    for (let t = k * 16; t < x; t++) partial += this.spend(t)
    return (this.checkpoints[k] as bigint) + BigInt(partial)
  }

  /** Sum of spend(lo..end-1): summed directly when short, else from the checkpoints. */
  private rangeSpend(lo: number, end: number): bigint {
    if (end - lo <= 24) {
      let sum = 0
      for (let t = lo; t < end; t++) sum += this.spend(t)
      return BigInt(sum)
    }
    return this.prefixSpend(end) - this.prefixSpend(lo)
  }

  /** What tx t's subtree spends: its funding amount. */
  private fund(t: number): bigint {
    let total = 0n
    let lo = t
    let hi = t
    while (lo < this.treeCount) {
      const top = Math.min(hi, this.treeCount - 1)
      total += this.rangeSpend(lo, top + 1)
      lo = TREE_ARITY * lo + 1
      hi = TREE_ARITY * hi + TREE_ARITY
    }
    return total
  }

  private node(t: number): TreeNode {
    // Siblings are usually built in a row: remembering the last internal node skips the LRU's bookkeeping.
    if (t === this.lastInternal) return this.lastInternalNode as TreeNode
    const cached = this.nodes.get(t)
    if (cached) {
      this.lastInternal = t
      this.lastInternalNode = cached
      return cached
    }
    const i = this.prefixCount + t
    const avaxId = this.assetId(0)
    let input: Input
    let rootChange: Output | undefined
    if (t === 0) {
      const treasury = (this.snapshots[this.prefixCount] as Treasury)[0] as UtxoRef
      input = refInput(treasury, avaxId)
      rootChange = transferOutput(avaxId, treasury.amount - this.fund(0), ewoq.shortId)
    } else {
      input = this.treeInput(t)
    }
    const kind = this.treeKind(t)
    const pay = transferOutput(avaxId, BigInt(this.pay(t)), this.payee(t, kind))
    const outputs: Output[] = kind === 'send' ? [pay] : []
    const funding: Output[] = []
    for (let c = TREE_ARITY * t + 1; c <= Math.min(TREE_ARITY * t + TREE_ARITY, this.treeCount - 1); c++) {
      funding.push(transferOutput(avaxId, this.fund(c), ewoq.shortId))
    }
    outputs.push(...funding)
    if (rootChange) outputs.push(rootChange)
    const sorted = sortOutputs(outputs)
    const tx: XTx = {
      type: kind === 'send' ? 'base' : 'export',
      networkId: NETWORK_ID,
      blockchainId: X_CHAIN_BYTES,
      outputs: sorted,
      inputs: [input],
      memo: this.treeMemo(t),
      credentials: this.signatures(i, 1),
    }
    if (kind === 'export') {
      tx.destinationChain = this.destination(t)
      tx.exportedOutputs = [pay]
    }
    const node: TreeNode = {
      tx,
      childOutput: funding.map((f) => sorted.indexOf(f)),
      paymentIndex: kind === 'send' ? sorted.indexOf(pay) : -1,
      changeIndex: rootChange ? sorted.indexOf(rootChange) : -1,
    }
    if (this.isInternal(t)) {
      this.nodes.set(t, node)
      this.lastInternal = t
      this.lastInternalNode = node
    }
    return node
  }

  /** Tx t (t > 0) spends its funding output in its parent. */
  private treeInput(t: number): Input {
    const parent = Math.floor((t - 1) / TREE_ARITY)
    return {
      txId: this.txId(this.prefixCount + parent),
      outputIndex: this.node(parent).childOutput[t - (TREE_ARITY * parent + 1)] as number,
      assetId: this.assetId(0),
      amount: this.fund(t),
      sigIndices: [0],
    }
  }

  private treeMemo(t: number): Uint8Array {
    return t % 10 === 3 ? utf8.encode(`devnet payment ${t}`) : NO_MEMO
  }

  private destination(t: number): Uint8Array {
    return this.exportChain(t) === 'C' ? C_CHAIN_BYTES : P_CHAIN_BYTES
  }

  /**
   * Signed bytes of leaf tx t (no children: most of the tree), encoded from a reused tx with the fields `node` gives
   * it: the index serves leaves by the million, and a tx object graph apiece was a third of their cost.
   */
  private leafBytes(t: number): Uint8Array {
    const kind = this.treeKind(t)
    const pay = transferOutput(this.assetId(0), BigInt(this.pay(t)), this.payee(t, kind))
    const tx = kind === 'send' ? this.leafTxs.send : this.leafTxs.export
    if (kind === 'send') tx.outputs[0] = pay
    else {
      ;(tx.exportedOutputs as Output[])[0] = pay
      tx.destinationChain = this.destination(t)
    }
    tx.inputs[0] = this.treeInput(t)
    tx.memo = this.treeMemo(t)
    tx.credentials = this.signatures(this.prefixCount + t, 1)
    return encodeXTx(tx)
  }

  /** Where bulk export t goes: one in four to the C-Chain (ewoq's, for the C-Chain's imports), the rest to the P-Chain. */
  private exportChain(t: number): 'P' | 'C' {
    return below(this.seed, Stream.exportChain, t, 4) === 0 ? 'C' : 'P'
  }

  private payee(t: number, kind: 'send' | 'export'): Uint8Array {
    if (kind === 'export' && this.exportChain(t) === 'C') return ewoq.shortId
    const list = kind === 'send' ? this.options.users : this.options.exportReceivers
    return (list[t % list.length] as Account).shortId
  }

  // ---------------------------------------------------------------- UTXOs

  /** Local UTXOs owned by a 20-byte address (hex), unsorted. */
  localUtxos(hex: string): UtxoSource[] {
    const out: UtxoSource[] = []
    const owner = Buffer.from(hex, 'hex')
    const ownedBy = (o: Output) => o.addresses.some((a) => sameBytes(a, owner))
    // The fan-outs paying this account, or paying another account an output this one co-owns.
    const fanouts = new Set<number>()
    this.options.funded.forEach((f, k) => {
      if (f.account.hex !== hex && !f.locked?.some(ownedBy)) return
      const first = this.fundedStarts[k] as number
      for (let j = Math.floor(first / FANOUT_WIDTH); j * FANOUT_WIDTH < first + f.utxos; j++) fanouts.add(j)
    })
    for (const j of [...fanouts].sort((a, b) => a - b)) {
      const i = CREATED_ASSETS.length + j
      const id = this.txId(i)
      // ewoq also owns each fan-out's change outputs: those are treasury, listed by treasuryUtxos if unspent.
      const changes = new Set(
        (this.snapshots[i + 1] as Treasury).filter((r) => r && sameBytes(r.txId, id)).map((r) => r?.outputIndex),
      )
      this.tx(i).tx.outputs.forEach((output, index) => {
        if (!changes.has(index) && ownedBy(output)) out.push({ txId: id, outputIndex: index, output })
      })
    }
    if (hex === ewoq.hex) out.push(...this.treasuryUtxos())
    if (hex === this.options.importer.hex) {
      for (let k = 0; k < IMPORTS; k++) {
        const i = CREATED_ASSETS.length + this.fanoutCount + k
        out.push({ txId: this.txId(i), outputIndex: 0, output: this.tx(i).tx.outputs[0] as Output })
      }
    }
    const recipient = this.liveRecipients.findIndex((r) => r.hex === hex)
    for (let l = recipient; recipient >= 0 && l < this.liveTxCount; l += this.liveRecipients.length) {
      const { tx, paymentIndex } = this.liveTx(l)
      out.push({
        txId: this.txId(this.staticTxCount + l),
        outputIndex: paymentIndex,
        output: tx.outputs[paymentIndex] as Output,
      })
    }
    const user = this.options.users.findIndex((u) => u.hex === hex)
    if (user >= 0) {
      for (let t = user; t < this.treeCount; t += this.options.users.length) {
        if (this.treeKind(t) !== 'send') continue
        const node = this.node(t)
        out.push({
          txId: this.txId(this.prefixCount + t),
          outputIndex: node.paymentIndex,
          output: node.tx.outputs[node.paymentIndex] as Output,
        })
      }
    }
    return out
  }

  /** ewoq's unspent treasury outputs: the root's AVAX change, each asset's last change, the USDT mint output. */
  private treasuryUtxos(): UtxoSource[] {
    const avax = this.live.current()
    const out: UtxoSource[] = [
      {
        txId: avax.txId,
        outputIndex: avax.outputIndex,
        output: transferOutput(this.assetId(0), avax.amount, ewoq.shortId),
      },
    ]
    const final = this.snapshots[this.prefixCount] as Treasury
    for (let a = 1; a < this.assets.length; a++) {
      const ref = final[a] as UtxoRef
      const output = transferOutput(this.assetId(a), ref.amount, ewoq.shortId)
      out.push({ txId: ref.txId, outputIndex: ref.outputIndex, output })
    }
    if (this.mintOutputIndex >= 0) {
      const mint: Output = { ...transferOutput(this.assetId(1), 0n, ewoq.shortId), typeId: 6 }
      out.push({ txId: this.txId(0), outputIndex: this.mintOutputIndex, output: mint })
    }
    return out
  }

  /** Atomic UTXOs this chain exported to the P-Chain for one P-side owner (hex). */
  exportsTo(hex: string): UtxoSource[] {
    const receiver = this.options.exportReceivers.findIndex((r) => r.hex === hex)
    if (receiver < 0) return []
    const out: UtxoSource[] = []
    const step = this.options.exportReceivers.length
    for (let t = receiver; t < this.treeCount; t += step) {
      if (this.treeKind(t) !== 'export' || this.exportChain(t) !== 'P') continue
      const { tx } = this.tx(this.prefixCount + t)
      out.push({
        txId: this.txId(this.prefixCount + t),
        outputIndex: tx.outputs.length,
        output: (tx.exportedOutputs as Output[])[0] as Output,
      })
    }
    return out
  }

  /** How many bulk exports a P-side owner received (a cheap scan: no tx is built). */
  exportCount(hex: string): number {
    const receiver = this.options.exportReceivers.findIndex((r) => r.hex === hex)
    if (receiver < 0) return 0
    let count = 0
    for (let t = receiver; t < this.treeCount; t += this.options.exportReceivers.length) {
      if (this.treeKind(t) === 'export' && this.exportChain(t) === 'P') count++
    }
    return count
  }

  /**
   * The bulk exports to the C-Chain accepted before `time` (unix seconds), in acceptance order: the UTXOs they left in
   * the C-Chain's shared memory (exported outputs are indexed after the tx's outputs, `vms/avm/txs/export_tx.go`).
   */
  cExports(time: number): (UtxoSource & { time: number })[] {
    const out: (UtxoSource & { time: number })[] = []
    for (let t = 0; t < this.treeCount; t++) {
      const i = this.prefixCount + t
      const accepted = this.txTime(i)
      if (accepted >= time) break
      if (this.treeKind(t) !== 'export' || this.exportChain(t) !== 'C') continue
      const { tx } = this.node(t)
      const output = (tx.exportedOutputs as Output[])[0] as Output
      out.push({ txId: this.txId(i), outputIndex: tx.outputs.length, output, time: accepted })
    }
    return out
  }

  /** P-Chain exports still in shared memory (not imported by the two import txs). */
  pendingImports(): AtomicOutput[] {
    return this.options.pExports.slice(2 * IMPORTS)
  }

  // ---------------------------------------------------------------- blocks

  /** Container index of the block holding linear-era tx i (i >= dagTxCount; block height = that + 1). */
  blockOf(i: number): number {
    if (i >= this.staticTxCount) return this.staticBlockCount + this.liveBlocks.blockOf(i - this.staticTxCount)
    return this.linear.groupOf(i - this.dag.txCount)
  }

  /** Txs [first, end) of the block at height h (1..blockCount). */
  blockTxRange(height: number): [number, number] {
    if (height > this.staticBlockCount) {
      const k = height - this.staticBlockCount - 1
      const [first, end] = this.liveBlocks.range(k)
      return [this.staticTxCount + first, this.staticTxCount + end]
    }
    const [first, end] = this.linear.range(height - 1)
    return [first + this.dag.txCount, end + this.dag.txCount]
  }

  /** Block h's time: the linear chain starts at the Cortina time (height 0); added blocks carry their round's. */
  blockTime(height: number): number {
    if (height > this.staticBlockCount) return this.liveTimes.at(height - this.staticBlockCount - 1)
    return this.dag.cortinaTime + height * X_BLOCK_SECONDS
  }

  /** Acceptance time of block h as (seconds, nanoseconds): the index timestamps. */
  acceptedAt(height: number): [number, number] {
    return [this.blockTime(height), rand(this.seed, Stream.nanos, height) % 900_000_000]
  }

  private buildBlock(height: number, parentInnerId: Uint8Array, parentContainerId: Uint8Array): BuiltBlock {
    const cached = this.blocks.get(height)
    if (cached) return cached
    const [first, end] = this.blockTxRange(height)
    const time = this.blockTime(height)
    const w = this.blockScratch.reset()
    w.u16(0).u32(AvmType.standardBlock).bytes(parentInnerId).u64(height).u64(time).bytes(ZERO_ID)
    w.u32(end - first)
    // A block embeds each tx without its codec version.
    for (let i = first; i < end; i++) {
      const cached = i >= this.staticTxCount ? this.liveEncoded.get(i - this.staticTxCount) : this.encoded.get(i)
      if (cached) w.bytes(cached.bytes.subarray(2))
      else if (i < this.prefixCount) writeXTxBody(w, this.buildPrefixTx(i).tx)
      else if (i >= this.staticTxCount) writeXTxBody(w, this.liveTx(i - this.staticTxCount).tx)
      else writeXTxBody(w, this.node(i - this.prefixCount).tx)
    }
    const inner = w.finish()
    const innerId = sha256Fast(inner)
    const container = wrapProposerBlock(parentContainerId, time, this.options.pChainHeightAt(time), inner)
    const block = { inner, innerId, container: container.bytes, containerId: container.id }
    this.blocks.set(height, block)
    return block
  }

  blockTxs(height: number): XTxRecord[] {
    const [first, end] = this.blockTxRange(height)
    const out: XTxRecord[] = []
    for (let i = first; i < end; i++) out.push(this.tx(i))
    return out
  }
}

let genesisRecord: XTxRecord | undefined

/**
 * The X-Chain genesis transaction: the AVAX CreateAssetTx allocating 300M AVAX to ewoq. It does not depend on the
 * seed, so the AVAX asset ID (its tx ID) is the same on every devnet.
 */
export function xGenesis(): XTxRecord {
  if (!genesisRecord) {
    const tx: XTx = {
      type: 'createAsset',
      networkId: NETWORK_ID,
      blockchainId: X_CHAIN_BYTES,
      outputs: [],
      inputs: [],
      memo: new TextEncoder().encode('avalanche-devnet genesis'),
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      // Initial-state outputs carry no asset ID (the asset is the tx itself); the zero placeholder is never encoded.
      states: [{ fxIndex: 0, outputs: [transferOutput(new Uint8Array(32), AVAX_GENESIS_ALLOCATION, ewoq.shortId)] }],
      credentials: [],
    }
    const bytes = encodeXTx(tx)
    genesisRecord = { tx, id: sha256Fast(bytes), bytes }
  }
  return genesisRecord
}

function refInput(ref: { txId: Uint8Array; outputIndex: number; amount: bigint }, assetId: Uint8Array): Input {
  return { txId: ref.txId, outputIndex: ref.outputIndex, assetId, amount: ref.amount, sigIndices: [0] }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0
}
