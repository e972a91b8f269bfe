import { bytesToHex, formatNodeId } from '@avalanche-automation/core'
import { ByteWriter, sha256Fast, u32be } from './bytes.js'
import { type Change, ChangeChain } from './change-chain.js'
import { type Input, type Output, type Owners, sortOutputs, transferOutput } from './components.js'
import {
  GENESIS_TIME,
  NANO_PER_AVAX,
  NETWORK_ID,
  P_BLOCK_SECONDS,
  P_CHAIN_BYTES,
  ROUND_SECONDS,
  SUBNET_EVM_ID,
  TX_FEE,
  X_CHAIN_BYTES,
  YEAR_SECONDS,
} from './constants.js'
import { upperBoundOf } from './growable.js'
import { type Account, derivedAccount, derivedNode, ewoq, localNodes, type NodeIdentity } from './keys.js'
import { Lru } from './lru.js'
import { PLiveTxs } from './p-live.js'
import {
  encodePBlock,
  encodePCommitBlock,
  encodePGenesisBlock,
  encodePProposalBlock,
  encodePTx,
  type PTx,
  type PTxBody,
  type Signer,
} from './platform-codec.js'
import { BlockIdChain, type BuiltBlock, wrapProposerBlock } from './proposervm.js'
import { below, derive, rand, randomBytes, Stream } from './random.js'

const AVAX = (n: number) => BigInt(n) * BigInt(NANO_PER_AVAX)
const DAY = 24 * 3600

export interface PChainOptions {
  seed: number
  /** Last accepted height (blocks 1..blocks exist). */
  blocks: number
  avaxAssetId: Uint8Array
  /** X-Chain owners of the P→X exports. */
  exportOwner: Uint8Array
  /** Stake-locked, time-locked and multisig outputs one BaseTx pays (the last setup tx). */
  locked: Output[]
}

export interface PrimaryValidator {
  node: NodeIdentity
  txId: Uint8Array
  start: number
  end: number
  stake: bigint
  shares: number
  addedHeight: number
  connected: boolean
  uptime: number
  potentialReward: bigint
}

const TRANSFER: Spec = { kind: 'transfer' }

/** A validator whose stake ended: its RewardValidatorTx was committed at `removedHeight`. */
export interface PastValidator extends PrimaryValidator {
  removedHeight: number
}

export interface Delegator {
  txId: Uint8Array
  node: NodeIdentity
  start: number
  end: number
  weight: bigint
  potentialReward: bigint
  addedHeight: number
}

export interface SubnetStaker {
  txId: Uint8Array
  node: NodeIdentity
  start: number
  end: number
  weight: bigint
  addedHeight: number
}

export interface L1Validator {
  node: NodeIdentity
  weight: bigint
  balance: bigint
  startTime: number
  validationId: Uint8Array
  addedHeight: number
  /** The nonce a SetL1ValidatorWeightTx must use next (`getL1Validator` minNonce). */
  minNonce: bigint
}

export interface Blockchain {
  id: Uint8Array
  name: string
  subnetId: Uint8Array
  vmId: Uint8Array
}

export interface AtomicOutput {
  txId: Uint8Array
  outputIndex: number
  amount: bigint
  owner: Uint8Array
}

export interface LocalUtxo {
  txId: Uint8Array
  outputIndex: number
  output: Output
}

/** Setup transactions that give the P-Chain its subnets, L1, validators and exports, before plain transfers. */
type Spec =
  | { kind: 'createSubnet' }
  | { kind: 'createChain'; subnetTx: number; name: string }
  | { kind: 'addSubnetValidator'; subnetTx: number; node: NodeIdentity }
  | { kind: 'convert'; subnetTx: number; chainTx: number }
  | { kind: 'validator'; node: NodeIdentity; stake: bigint; shares: number; seconds: number }
  | { kind: 'delegator'; target: number; stake: bigint; days: number }
  | { kind: 'export'; amount: bigint }
  | { kind: 'locked' }
  | { kind: 'transfer' }
  // Live rounds only (`grow`): the n-th validator added while running (its identity derived when needed),
  | { kind: 'liveValidator'; n: number }
  | { kind: 'reward'; stakerTx: number }
  // The nonce the validator's next weight message must carry when the tx was made (`getL1Validator` minNonce then).
  | { kind: 'l1Weight'; validator: number; weight: bigint; nonce: bigint }
  | { kind: 'l1Balance'; validator: number; amount: bigint }

/** What an IncreaseL1ValidatorBalanceTx of a live round adds. */
const LIVE_BALANCE_INCREASE = AVAX(1) / 10n
/** Live-round counters: validators added (`liveValidator` n), then each L1 validator's weight-message nonce. */
const ADDED_COUNTER = 0
const NONCE_COUNTER = 1
/** The L1's validators (`convert`), whose weights and balances live rounds set in turn. */
const L1_VALIDATORS = 3

/** The counter a live round's tx adds one to (`PChain.liveSpec`), or -1. */
function liveCounter(round: number): number {
  if (round % 4 === 1) return ADDED_COUNTER
  if (round % 4 === 2) return NONCE_COUNTER + (Math.floor(round / 4) % L1_VALIDATORS)
  return -1
}

const ADDED_VALIDATORS = 10
const DELEGATORS = 12
const EXPORTS = 6
const P_USERS = 16
const GENESIS_ALLOCATION = AVAX(50_000_000)
const GENESIS_STAKE = AVAX(2_000)
/**
 * Stake durations are decades long so that the fixed timeline (blocks from 2025-01-01) keeps its stakers current
 * whenever the devnet runs: genesis validators end 20 years after genesis (2044-12-27), added validators
 * 7,000-7,164 days after they are added, delegators 6,000-6,166 days (capped at their validator's end), subnet
 * validators 7,000 days (before their genesis validator ends).
 */
const GENESIS_STAKE_SECONDS = 20 * YEAR_SECONDS
const GENESIS_STAKE_END = GENESIS_TIME + GENESIS_STAKE_SECONDS
const VALIDATOR_DAYS = 7_000
const DELEGATOR_DAYS = 6_000
const SUBNET_VALIDATOR_DAYS = 7_000
/**
 * Stakes added while the devnet runs last 30 s of chain time (15 rounds), so a test sees them end: a custom network
 * may lower the minimum stake duration (`--min-stake-duration`, `config/flags.go`; 24 h on the local network).
 */
const LIVE_STAKE_SECONDS = 30

/**
 * The P-Chain: genesis validators, then one block per setup transaction (a permissioned subnet with a chain and
 * validators, a subnet converted to an L1, primary-network validators and delegators, exports to the X-Chain), then
 * blocks of 1-3 plain transfers. Every transaction pays from ewoq's P-Chain change, so they form one chain; it is
 * computed once at startup (ids and change amounts in typed arrays) and transactions are re-derived on demand.
 */
export class PChain {
  readonly seed: number
  /** Last accepted height: the static chain's, then one or two more a round (`grow`). */
  height: number
  txCount: number
  /** The height the chain started at (blocks after it were added by `grow`). */
  readonly staticHeight: number
  readonly setupCount: number
  readonly avaxAssetId: Uint8Array
  readonly genesisHash: Uint8Array
  readonly genesisUtxoTxId: Uint8Array
  readonly genesisTxs: { tx: PTx; id: Uint8Array; bytes: Uint8Array }[]
  /** Current primary-network validators (one whose stake ended leaves: `pastValidatorsAt`). */
  readonly primaryValidators: PrimaryValidator[] = []
  readonly delegators: Delegator[] = []
  readonly subnetValidators: SubnetStaker[] = []
  readonly l1Validators: L1Validator[] = []
  readonly blockchains: Blockchain[] = []
  readonly exportsToX: AtomicOutput[] = []
  readonly users: Account[]
  readonly subnetId: Uint8Array
  readonly l1SubnetId: Uint8Array
  readonly l1ManagerAddress: Uint8Array
  /** The L1's validators, sorted by node ID as ConvertSubnetToL1Tx requires. */
  private readonly l1Nodes: NodeIdentity[]
  readonly chain: BlockIdChain
  readonly genesisBlock: Uint8Array
  readonly genesisBlockId: Uint8Array

  /** The setup txs' specs; the static chain's other txs are transfers, and the live ones follow from `live`. */
  private readonly specs: Spec[]
  private readonly staticTxCount: number
  /** The txs and blocks live rounds added: rounds, times and rewards, from which their specs and heights follow. */
  private readonly live = new PLiveTxs(ROUND_SECONDS, NONCE_COUNTER + 3, (round) => liveCounter(round))
  private readonly exportOwner: Uint8Array
  private readonly locked: Output[]
  /**
   * Every tx spends ewoq's change the one before it left (a RewardValidatorTx spends none and passes it on): tx IDs
   * and changes are checkpointed and rebuilt on demand.
   */
  private readonly txs: ChangeChain<PTx>
  /** First tx of each static block (heights 0..staticHeight + 1). */
  private readonly blockFirstTx: Int32Array
  private readonly liveNodes = new Lru<number, NodeIdentity>(64)
  private readonly txCache = new Lru<number, { tx: PTx; id: Uint8Array; bytes: Uint8Array }>(1024)
  private readonly blockCache = new Lru<number, BuiltBlock>(256)

  constructor(options: PChainOptions) {
    this.seed = options.seed
    this.avaxAssetId = options.avaxAssetId
    this.exportOwner = options.exportOwner
    this.locked = options.locked
    this.users = Array.from({ length: P_USERS }, (_, k) => derivedAccount(this.seed, `p-user-${k}`))
    this.l1ManagerAddress = derive(this.seed, 'l1-manager', 20)
    this.l1Nodes = [0, 1, 2]
      .map((k) => derivedNode(this.seed, `l1-validator-${k}`))
      .sort((a, b) => Buffer.compare(a.shortId, b.shortId))
    this.specs = this.setupSpecs()
    this.setupCount = this.specs.length
    if (options.blocks < this.setupCount + 1) {
      throw new RangeError(`pBlocks must be at least ${this.setupCount + 1}`)
    }
    this.height = options.blocks
    this.staticHeight = options.blocks

    // Block layout: one setup tx per block, then 1-3 transfers per block.
    this.blockFirstTx = new Int32Array(this.height + 2)
    let next = 0
    for (let h = 1; h <= this.height; h++) {
      this.blockFirstTx[h] = next
      next += h <= this.setupCount ? 1 : 1 + below(this.seed, Stream.pBlockSize, h, 3)
    }
    this.blockFirstTx[this.height + 1] = next
    this.txCount = next
    this.staticTxCount = next

    this.genesisHash = derive(0, 'p-chain-genesis')
    this.genesisUtxoTxId = derive(0, 'p-chain-genesis-utxos')
    this.genesisTxs = localNodes.map((node) => this.genesisValidatorTx(node))
    for (const [k, g] of this.genesisTxs.entries()) {
      const node = localNodes[k] as NodeIdentity
      this.primaryValidators.push({
        node,
        txId: g.id,
        start: GENESIS_TIME,
        end: GENESIS_STAKE_END,
        stake: GENESIS_STAKE,
        shares: 100_000,
        addedHeight: 0,
        connected: true,
        uptime: 100,
        potentialReward: reward(GENESIS_STAKE, GENESIS_STAKE_SECONDS),
      })
    }

    this.txs = new ChangeChain<PTx>(
      () => ({ txId: this.genesisUtxoTxId, outputIndex: 0, amount: GENESIS_ALLOCATION }),
      (j, before) => {
        const { tx, changeIndex, change } = this.makeTx(j, before)
        const bytes = encodePTx(tx)
        const id = sha256Fast(bytes)
        // Rebuilding a segment for a reader: keep the tx, as its block will ask for it next.
        if (j < this.txs.length) this.txCache.set(j, { tx, id, bytes })
        const after = tx.type === 'rewardValidator' ? before : { txId: id, outputIndex: changeIndex, amount: change }
        return { id, after, value: tx }
      },
    )
    for (let j = 0; j < this.txCount; j++) {
      this.accept(j)
    }
    const subnet = this.specs.findIndex((s) => s.kind === 'createSubnet')
    const l1 = this.specs.findIndex((s) => s.kind === 'convert')
    this.subnetId = this.txId(subnet)
    this.l1SubnetId = this.txId((this.specs[l1] as { subnetTx: number }).subnetTx)

    this.genesisBlock = encodePGenesisBlock(this.genesisHash)
    this.genesisBlockId = sha256Fast(this.genesisBlock)
    this.chain = new BlockIdChain(this.height, this.genesisBlockId, (h, parentInner, parentContainer) =>
      this.buildBlock(h, parentInner, parentContainer),
    )
  }

  private setupSpecs(): Spec[] {
    const specs: Spec[] = [
      { kind: 'createSubnet' },
      { kind: 'createChain', subnetTx: 0, name: 'devnet-subnet-evm' },
      ...localNodes.slice(0, 3).map((node): Spec => ({ kind: 'addSubnetValidator', subnetTx: 0, node })),
      { kind: 'createSubnet' },
      { kind: 'createChain', subnetTx: 5, name: 'devnet-l1' },
      { kind: 'convert', subnetTx: 5, chainTx: 6 },
    ]
    for (let k = 0; k < ADDED_VALIDATORS; k++) {
      specs.push({
        kind: 'validator',
        node: derivedNode(this.seed, `validator-${k}`),
        stake: AVAX(2_000 + 100 * below(this.seed, Stream.validator, k, 31)),
        shares: 10_000 * (2 + below(this.seed, Stream.validator, 100 + k, 19)),
        seconds: (VALIDATOR_DAYS + below(this.seed, Stream.validator, 200 + k, 165)) * DAY,
      })
    }
    for (let k = 0; k < DELEGATORS; k++) {
      specs.push({
        kind: 'delegator',
        target: (k * 3) % (localNodes.length + ADDED_VALIDATORS),
        stake: AVAX(25 + below(this.seed, Stream.validator, 300 + k, 476)),
        days: DELEGATOR_DAYS + below(this.seed, Stream.validator, 400 + k, 167),
      })
    }
    for (let k = 0; k < EXPORTS; k++) specs.push({ kind: 'export', amount: AVAX(100 + k) })
    specs.push({ kind: 'locked' })
    return specs
  }

  private genesisValidatorTx(node: NodeIdentity) {
    const tx: PTx = {
      type: 'addPermissionlessValidator',
      base: { networkId: NETWORK_ID, blockchainId: P_CHAIN_BYTES, outputs: [], inputs: [], memo: new Uint8Array() },
      validator: { nodeId: node.shortId, start: GENESIS_TIME, end: GENESIS_STAKE_END, weight: GENESIS_STAKE },
      subnetId: P_CHAIN_BYTES,
      signer: { publicKey: node.publicKey, proofOfPossession: node.proofOfPossession },
      stake: [transferOutput(this.avaxAssetId, GENESIS_STAKE, ewoq.shortId)],
      validationRewardsOwner: ownersOf(ewoq.shortId),
      delegationRewardsOwner: ownersOf(ewoq.shortId),
      shares: 100_000,
      credentials: [],
    }
    const bytes = encodePTx(tx)
    return { tx, id: sha256Fast(bytes), bytes }
  }

  /** Derives tx j (its spec known, the txs before it accepted), stores its ID and ewoq's change after it. */
  private accept(j: number): PTx {
    if (j !== this.txs.length) throw new RangeError(`P-Chain tx ${j} accepted out of order`)
    const { value: tx, id } = this.txs.append()
    this.record(j, tx, id)
    return tx
  }

  /** Block height holding tx j: the first block whose txs end after j (commit blocks hold none). */
  txHeight(j: number): number {
    if (j < this.setupCount) return j + 1
    if (j >= this.staticTxCount) return this.staticHeight + 1 + this.live.blockOffset(j - this.staticTxCount)
    return upperBoundOf(this.blockFirstTx, this.staticHeight + 2, j) - 1
  }

  blockTxRange(height: number): [number, number] {
    if (height <= this.staticHeight)
      return [this.blockFirstTx[height] as number, this.blockFirstTx[height + 1] as number]
    const { tx, commit } = this.live.blockAt(height - this.staticHeight - 1)
    const first = this.staticTxCount + tx
    return commit ? [first + 1, first + 1] : [first, first + 1]
  }

  blockTime(height: number): number {
    if (height > this.staticHeight) return this.live.time(this.live.blockAt(height - this.staticHeight - 1).tx)
    return GENESIS_TIME + height * P_BLOCK_SECONDS
  }

  /**
   * One round of a live devnet at `time`: a block with one tx (in turn a transfer, a validator added, an L1
   * validator's weight set, an L1 validator's balance increased); when a validator's stake has ended, the node
   * proposes its RewardValidatorTx instead, in a proposal block followed by a commit block
   * (`vms/platformvm/block/builder/builder.go` buildBlock: a staker to remove comes before any decision tx).
   */
  grow(round: number, time: number): void {
    const ended = this.primaryValidators.find((v) => v.end <= time)
    const j = this.txCount
    this.live.push(round, time, ended ? this.findTx(ended.txId) : undefined)
    this.txCount = j + 1
    this.height++
    this.chain.extend(this.height)
    this.accept(j)
    if (ended) {
      // The proposal block (the reward tx), then its commit block (no tx): `blockKind`.
      this.height++
      this.chain.extend(this.height)
    }
  }

  /** Live tx k's spec: a reward, or what its round adds (`liveCounter` counts the validators and nonces before it). */
  private liveSpec(k: number): Spec {
    const stakerTx = this.live.stakerOf(k)
    if (stakerTx >= 0) return { kind: 'reward', stakerTx }
    const round = this.live.round(k)
    const validator = Math.floor(round / 4) % L1_VALIDATORS
    switch (round % 4) {
      case 1:
        return { kind: 'liveValidator', n: this.live.counterBefore(k, ADDED_COUNTER) }
      case 2: {
        const weight = BigInt(50 + below(this.seed, Stream.liveValidator, 1_000_000 + round, 451))
        const nonce = BigInt(this.live.counterBefore(k, NONCE_COUNTER + validator))
        return { kind: 'l1Weight', validator, weight, nonce }
      }
      case 3:
        return { kind: 'l1Balance', validator, amount: LIVE_BALANCE_INCREASE }
      default:
        return TRANSFER
    }
  }

  /** What a validator spec stakes; a live validator's identity is derived again rather than kept. */
  private validatorOf(spec: Spec & { kind: 'validator' | 'liveValidator' }) {
    if (spec.kind === 'validator') return spec
    const n = spec.n
    return {
      node: this.liveNodes.getOrCreate(n, () => derivedNode(this.seed, `live-validator-${n}`)),
      stake: AVAX(2_000 + 100 * below(this.seed, Stream.liveValidator, n, 31)),
      shares: 20_000,
      seconds: LIVE_STAKE_SECONDS,
    }
  }

  /** Position of the tx with this ID (a linear scan: only used for the few stakers that end). */
  private findTx(id: Uint8Array): number {
    for (let j = this.txCount - 1; j >= 0; j--) if (Buffer.compare(this.txId(j), id) === 0) return j
    throw new RangeError('staker tx not found')
  }

  /** Acceptance time of block h as (seconds, nanoseconds): the index timestamps. */
  acceptedAt(height: number): [number, number] {
    return [this.blockTime(height), rand(this.seed, Stream.nanos, 2_000_000_000 + height) % 900_000_000]
  }

  /**
   * The P-Chain height at a unix time (for proposervm wrappers of other chains). It never changes for a time already
   * passed, so blocks that record it keep their IDs as the chain grows.
   */
  heightAt(time: number): number {
    const live = this.live.blocksUpTo(time)
    if (live > 0) return this.staticHeight + live
    return Math.max(0, Math.min(this.staticHeight, Math.floor((time - GENESIS_TIME) / P_BLOCK_SECONDS)))
  }

  get now(): number {
    return this.blockTime(this.height)
  }

  txId(j: number): Uint8Array {
    return this.txs.id(j)
  }

  tx(j: number): { tx: PTx; id: Uint8Array; bytes: Uint8Array } {
    return this.txCache.getOrCreate(j, () => {
      const { tx } = this.makeTx(j)
      return { tx, id: this.txId(j), bytes: encodePTx(tx) }
    })
  }

  /** ewoq's latest P-Chain change (with the stakes and rewards of ended validators, its local UTXOs). */
  treasuryUtxo(): LocalUtxo {
    const input = this.txs.current()
    return {
      txId: input.txId,
      outputIndex: input.outputIndex,
      output: transferOutput(this.avaxAssetId, input.amount, ewoq.shortId),
    }
  }

  /**
   * What the validators whose stake ended left to ewoq (their rewards owner): each stake output back as a UTXO of the
   * staker tx at index len(outputs) + i, then the reward at len(outputs) + len(stake)
   * (`vms/platformvm/txs/executor/proposal_tx_executor.go` rewardValidatorTx, unstakeUTXOs).
   */
  rewardUtxos(): LocalUtxo[] {
    const out: LocalUtxo[] = []
    for (let k = 0; k < this.live.rewardsLength; k++) {
      const v = this.pastValidator(k)
      const { tx } = this.tx(this.live.rewardStaker(k))
      if (tx.type !== 'addPermissionlessValidator') continue
      const base = tx.base.outputs.length
      tx.stake.forEach((output, i) => {
        out.push({ txId: v.txId, outputIndex: base + i, output })
      })
      const reward = transferOutput(this.avaxAssetId, v.potentialReward, ewoq.shortId)
      if (v.potentialReward > 0n) out.push({ txId: v.txId, outputIndex: base + tx.stake.length, output: reward })
    }
    return out
  }

  /** The validators whose stake ended that validated at height h (added at or before it, removed after it). */
  pastValidatorsAt(h: number): PastValidator[] {
    const out: PastValidator[] = []
    // Live stakes all last as long, so removal heights ascend: those removed after h are a suffix.
    for (let k = this.live.rewardsLength - 1; k >= 0 && this.removedHeight(k) > h; k--) {
      const v = this.pastValidator(k)
      if (v.addedHeight <= h) out.push(v)
    }
    return out.reverse()
  }

  /** Validators whose stake ended so far (`pastValidatorAt(k)` for k below it, oldest first). */
  get pastValidatorCount(): number {
    return this.live.rewardsLength
  }

  pastValidatorAt(k: number): PastValidator {
    return this.pastValidator(k)
  }

  private pastValidator(k: number): PastValidator {
    const j = this.live.rewardStaker(k)
    const { tx, id } = this.tx(j)
    return { ...this.validatorRecord(j, tx, id), removedHeight: this.removedHeight(k) }
  }

  /** The height of the commit block of reward k, after its proposal block: where its validator left. */
  private removedHeight(k: number): number {
    return this.txHeight(this.staticTxCount + this.live.rewardTx(k)) + 1
  }

  /** Transfers paid to one P-Chain user (scan of the transfer txs; they are few). */
  userUtxos(shortIdHex: string): LocalUtxo[] {
    const user = this.users.findIndex((u) => u.hex === shortIdHex)
    if (user < 0) return []
    const out: LocalUtxo[] = []
    for (let j = this.setupCount + user; j < this.txCount; j += P_USERS) {
      if (this.spec(j).kind !== 'transfer') continue
      const { tx } = this.tx(j)
      tx.base.outputs.forEach((o, index) => {
        if (Buffer.compare(o.addresses[0] as Uint8Array, ewoq.shortId) !== 0)
          out.push({ txId: this.txId(j), outputIndex: index, output: o })
      })
    }
    return out
  }

  /** The outputs of the locked setup tx that an address (hex) owns or co-owns. */
  lockedUtxos(shortIdHex: string): LocalUtxo[] {
    const j = this.specs.findIndex((s) => s.kind === 'locked')
    const change = this.txs.after(j).outputIndex
    const out: LocalUtxo[] = []
    this.tx(j).tx.base.outputs.forEach((output, index) => {
      if (index !== change && output.addresses.some((a) => bytesToHex(a) === shortIdHex))
        out.push({ txId: this.txId(j), outputIndex: index, output })
    })
    return out
  }

  /** ewoq's change that tx j spends: the output of the last tx before j that spent one (a RewardValidatorTx does not). */
  private treasuryInput(change: Change): Input {
    return {
      txId: change.txId,
      outputIndex: change.outputIndex,
      assetId: this.avaxAssetId,
      amount: change.amount,
      sigIndices: [0],
    }
  }

  private sigs(j: number, count: number): Uint8Array[][] {
    return Array.from({ length: count }, (_, k) => [
      randomBytes(this.seed, Stream.signature, 1_000_000_000 + j * 4 + k, 65),
    ])
  }

  /** Derives tx j from its spec and ewoq's change before it. */
  private makeTx(j: number, before: Change = this.txs.before(j)): { tx: PTx; change: bigint; changeIndex: number } {
    const spec = this.spec(j)
    const height = this.txHeight(j)
    const time = this.blockTime(height)
    const input = this.treasuryInput(before)
    if (spec.kind === 'reward') {
      const base = {
        networkId: NETWORK_ID,
        blockchainId: P_CHAIN_BYTES,
        outputs: [],
        inputs: [],
        memo: new Uint8Array(),
      }
      const tx: PTx = { type: 'rewardValidator', stakerTxId: this.txId(spec.stakerTx), base, credentials: [] }
      return { tx, change: input.amount, changeIndex: input.outputIndex }
    }
    let spent = BigInt(TX_FEE)
    const extra: Output[] = []
    let memo = new Uint8Array()
    let body: PTxBody
    let credentials = 1
    switch (spec.kind) {
      case 'createSubnet':
        body = { type: 'createSubnet', owner: ownersOf(ewoq.shortId) }
        break
      case 'createChain':
        body = {
          type: 'createChain',
          subnetId: this.txId(spec.subnetTx),
          chainName: spec.name,
          vmId: SUBNET_EVM_ID,
          fxIds: [],
          genesisData: new TextEncoder().encode(
            JSON.stringify({
              config: { chainId: 99_000 + j },
              alloc: { '8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': { balance: '0x52b7d2dcc80cd2e4000000' } },
              gasLimit: '0x7a1200',
            }),
          ),
          subnetAuth: [0],
        }
        credentials = 2
        break
      case 'addSubnetValidator':
        body = {
          type: 'addSubnetValidator',
          validator: { nodeId: spec.node.shortId, start: time, end: time + SUBNET_VALIDATOR_DAYS * DAY, weight: 100n },
          subnetId: this.txId(spec.subnetTx),
          subnetAuth: [0],
        }
        credentials = 2
        break
      case 'convert': {
        const validators = this.l1Nodes.map((node, k) => ({
          nodeId: node.shortId,
          weight: BigInt(100 * (k + 1)),
          balance: AVAX(k + 1),
          signer: signerOf(node),
          remainingBalanceOwner: { threshold: 1, addresses: [ewoq.shortId] },
          deactivationOwner: { threshold: 1, addresses: [ewoq.shortId] },
        }))
        for (const v of validators) spent += v.balance
        body = {
          type: 'convertSubnetToL1',
          subnetId: this.txId(spec.subnetTx),
          chainId: this.txId(spec.chainTx),
          address: this.l1ManagerAddress,
          validators,
          subnetAuth: [0],
        }
        credentials = 2
        break
      }
      case 'validator':
      case 'liveValidator': {
        const v = this.validatorOf(spec)
        spent += v.stake
        body = {
          type: 'addPermissionlessValidator',
          validator: { nodeId: v.node.shortId, start: time, end: time + v.seconds, weight: v.stake },
          subnetId: P_CHAIN_BYTES,
          signer: signerOf(v.node),
          stake: [transferOutput(this.avaxAssetId, v.stake, ewoq.shortId)],
          validationRewardsOwner: ownersOf(ewoq.shortId),
          delegationRewardsOwner: ownersOf(ewoq.shortId),
          shares: v.shares,
        }
        break
      }
      case 'delegator': {
        spent += spec.stake
        const target = this.validatorSpec(spec.target)
        body = {
          type: 'addPermissionlessDelegator',
          validator: {
            nodeId: target.node.shortId,
            start: time,
            end: Math.min(target.end, time + spec.days * DAY),
            weight: spec.stake,
          },
          subnetId: P_CHAIN_BYTES,
          stake: [transferOutput(this.avaxAssetId, spec.stake, ewoq.shortId)],
          rewardsOwner: ownersOf(ewoq.shortId),
        }
        break
      }
      case 'export':
        spent += spec.amount
        body = {
          type: 'export',
          destinationChain: X_CHAIN_BYTES,
          exportedOutputs: [transferOutput(this.avaxAssetId, spec.amount, this.exportOwner)],
        }
        break
      case 'locked':
        // A BaseTx may pay stake-locked outputs from unlocked funds (`vms/platformvm/utxo/verifier.go`
        // VerifySpendUTXOs: locked produced beyond locked consumed is taken from the unlocked inputs).
        for (const output of this.locked) {
          spent += output.amount
          extra.push(output)
        }
        body = { type: 'base' }
        break
      case 'l1Weight': {
        const v = this.l1Validators[spec.validator] as L1Validator
        body = { type: 'setL1ValidatorWeight', message: this.weightMessage(v, spec.weight, spec.nonce) }
        break
      }
      case 'l1Balance': {
        spent += spec.amount
        const v = this.l1Validators[spec.validator] as L1Validator
        body = { type: 'increaseL1ValidatorBalance', validationId: v.validationId, balance: spec.amount }
        break
      }
      case 'transfer': {
        const user = this.users[(j - this.setupCount) % P_USERS] as Account
        const amount = BigInt(1 + below(this.seed, Stream.pPay, j, 100_000)) * 1_000_000n
        spent += amount
        extra.push(transferOutput(this.avaxAssetId, amount, user.shortId))
        if (j % 7 === 0) memo = new TextEncoder().encode(`devnet transfer ${j}`)
        body = { type: 'base' }
        break
      }
    }
    const change = input.amount - spent
    const changeOutput = transferOutput(this.avaxAssetId, change, ewoq.shortId)
    const outputs = sortOutputs([changeOutput, ...extra])
    const tx = {
      ...body,
      base: { networkId: NETWORK_ID, blockchainId: P_CHAIN_BYTES, outputs, inputs: [input], memo },
      credentials: this.sigs(j, credentials),
    } as PTx
    return { tx, change, changeIndex: outputs.indexOf(changeOutput) }
  }

  /**
   * The signed Warp message of a SetL1ValidatorWeightTx: an L1ValidatorWeight (validation ID, the validator's next
   * nonce, the weight) in an AddressedCall from the L1's manager, signed by the L1's validators
   * (`vms/platformvm/warp/message/l1_validator_weight.go`, `warp/payload/addressed_call.go`, `warp/message.go`,
   * `warp/signature.go` BitSetSignature; codec type IDs from each package's codec.go). The signature is filler.
   */
  private weightMessage(v: L1Validator, weight: bigint, nonce: bigint): Uint8Array {
    const weightMsg = new ByteWriter(64).u16(0).u32(3).bytes(v.validationId).u64(nonce).u64(weight).finish()
    const call = new ByteWriter(128).u16(0).u32(1).sizedBytes(this.l1ManagerAddress).sizedBytes(weightMsg).finish()
    const l1Chain = this.blockchains.find((b) => Buffer.compare(b.subnetId, this.l1SubnetId) === 0)
    const signature = derive(this.seed, `l1-weight/${bytesToHex(v.validationId)}/${nonce}`, 96)
    return new ByteWriter(320)
      .u16(0)
      .u32(NETWORK_ID)
      .bytes(l1Chain?.id ?? new Uint8Array(32))
      .sizedBytes(call)
      .u32(0)
      .sizedBytes(Uint8Array.of(0b111))
      .bytes(signature)
      .finish()
  }

  /** Primary validator k: the 5 genesis ones, then the added ones in the order of their setup txs. */
  private validatorSpec(k: number): { node: NodeIdentity; end: number } {
    if (k < localNodes.length) return { node: localNodes[k] as NodeIdentity, end: GENESIS_STAKE_END }
    let seen = localNodes.length
    for (const [index, spec] of this.specs.entries()) {
      if (spec.kind !== 'validator') continue
      if (seen++ === k) return { node: spec.node, end: this.blockTime(index + 1) + spec.seconds }
    }
    throw new RangeError(`no primary validator ${k}`)
  }

  /** The validator an AddPermissionlessValidatorTx (tx j) added. */
  private validatorRecord(j: number, tx: PTx, id: Uint8Array): PrimaryValidator {
    const spec = this.spec(j) as Spec & { kind: 'validator' | 'liveValidator' }
    if (tx.type !== 'addPermissionlessValidator') throw new TypeError(`P-Chain tx ${j} adds no validator`)
    // Validator k among the genesis, setup and live ones (uptime and connectivity vary with it).
    const k =
      spec.kind === 'liveValidator' ? localNodes.length + ADDED_VALIDATORS + spec.n : this.primaryValidators.length
    return {
      node: this.validatorOf(spec).node,
      txId: id,
      ...pick(tx.validator),
      stake: tx.validator.weight,
      shares: tx.shares,
      addedHeight: this.txHeight(j),
      connected: k % 4 !== 3,
      uptime: 80 + below(this.seed, Stream.uptime, k, 2001) / 100,
      potentialReward: reward(tx.validator.weight, tx.validator.end - tx.validator.start),
    }
  }

  /** Collects the validator sets, chains and exports a setup tx creates. */
  private record(j: number, tx: PTx, id: Uint8Array): void {
    const height = this.txHeight(j)
    const spec = this.spec(j)
    switch (tx.type) {
      case 'rewardValidator': {
        // Removed when the commit block after this proposal block is accepted.
        const k = this.primaryValidators.findIndex((v) => Buffer.compare(v.txId, tx.stakerTxId) === 0)
        this.primaryValidators.splice(k, 1)
        break
      }
      case 'setL1ValidatorWeight': {
        const v = this.l1Validators[(spec as { validator: number }).validator] as L1Validator
        v.weight = (spec as { weight: bigint }).weight
        v.minNonce += 1n
        break
      }
      case 'increaseL1ValidatorBalance': {
        const v = this.l1Validators[(spec as { validator: number }).validator] as L1Validator
        v.balance += tx.balance
        break
      }
      case 'createChain':
        this.blockchains.push({ id, name: tx.chainName, subnetId: tx.subnetId, vmId: tx.vmId })
        break
      case 'addSubnetValidator': {
        const node = localNodes.find((n) => Buffer.compare(n.shortId, tx.validator.nodeId) === 0) as NodeIdentity
        this.subnetValidators.push({ txId: id, node, ...pick(tx.validator), addedHeight: height })
        break
      }
      case 'convertSubnetToL1':
        tx.validators.forEach((v, k) => {
          const node = this.l1Nodes[k] as NodeIdentity
          this.l1Validators.push({
            node,
            weight: v.weight,
            balance: v.balance,
            startTime: this.blockTime(height),
            validationId: sha256Fast(Buffer.concat([tx.subnetId, u32be(k)])),
            addedHeight: height,
            minNonce: 0n,
          })
        })
        break
      case 'addPermissionlessValidator':
        this.primaryValidators.push(this.validatorRecord(j, tx, id))
        break
      case 'addPermissionlessDelegator': {
        const v = this.primaryValidators.find((p) => Buffer.compare(p.node.shortId, tx.validator.nodeId) === 0)
        this.delegators.push({
          txId: id,
          node: (v as PrimaryValidator).node,
          ...pick(tx.validator),
          potentialReward: reward(tx.validator.weight, tx.validator.end - tx.validator.start),
          addedHeight: height,
        })
        break
      }
      case 'export':
        this.exportsToX.push({
          txId: id,
          outputIndex: tx.base.outputs.length,
          amount: (tx.exportedOutputs[0] as Output).amount,
          owner: this.exportOwner,
        })
        break
      default:
        break
    }
  }

  private spec(j: number): Spec {
    if (j < this.setupCount) return this.specs[j] as Spec
    return j < this.staticTxCount ? TRANSFER : this.liveSpec(j - this.staticTxCount)
  }

  /**
   * Standard, or (added by `grow` for a RewardValidatorTx) proposal or commit: the proposal block holds the reward
   * tx, the commit block after it holds none (every other block holds at least one tx).
   */
  blockKind(height: number): 'standard' | 'proposal' | 'commit' {
    if (height <= this.staticHeight) return 'standard'
    const [first, end] = this.blockTxRange(height)
    if (first === end) return 'commit'
    return this.spec(first).kind === 'reward' ? 'proposal' : 'standard'
  }

  private buildBlock(height: number, parentInnerId: Uint8Array, parentContainerId: Uint8Array): BuiltBlock {
    const cached = this.blockCache.get(height)
    if (cached) return cached
    const [first, end] = this.blockTxRange(height)
    const txs: PTx[] = []
    for (let j = first; j < end; j++) txs.push(this.tx(j).tx)
    const time = this.blockTime(height)
    const kind = this.blockKind(height)
    const inner =
      kind === 'proposal'
        ? encodePProposalBlock(parentInnerId, height, time, txs[0] as PTx)
        : kind === 'commit'
          ? encodePCommitBlock(parentInnerId, height, time)
          : encodePBlock(parentInnerId, height, time, txs)
    const innerId = sha256Fast(inner)
    const container = wrapProposerBlock(parentContainerId, time, Math.max(0, height - 1), inner)
    const block = { inner, innerId, container: container.bytes, containerId: container.id }
    this.blockCache.set(height, block)
    return block
  }

  /** Txs of a block with their IDs, for JSON rendering. */
  blockTxs(height: number): { tx: PTx; id: Uint8Array }[] {
    const [first, end] = this.blockTxRange(height)
    const out: { tx: PTx; id: Uint8Array }[] = []
    for (let j = first; j < end; j++) out.push({ tx: this.tx(j).tx, id: this.txId(j) })
    return out
  }
}

export function nodeIdText(shortId: Uint8Array): string {
  return formatNodeId(shortId)
}

function ownersOf(address: Uint8Array): Owners {
  return { locktime: 0n, threshold: 1, addresses: [address] }
}

function signerOf(node: NodeIdentity): Signer {
  return { publicKey: node.publicKey, proofOfPossession: node.proofOfPossession }
}

function pick(v: { start: number; end: number; weight: bigint }) {
  return { start: v.start, end: v.end, weight: v.weight }
}

/** A plausible staking reward: 8% a year, pro rata. */
function reward(stake: bigint, seconds: number): bigint {
  return (stake * 8n * BigInt(seconds)) / (100n * BigInt(YEAR_SECONDS))
}

/** The potential rewards of every current staker (nAVAX). */
export function stakingRewards(p: PChain): bigint {
  return [...p.primaryValidators, ...p.delegators].reduce((sum, s) => sum + s.potentialReward, 0n)
}

/** platform.getCurrentSupply of the Primary Network: the 360M AVAX genesis supply plus the stakers' rewards (nAVAX). */
export function currentSupply(p: PChain): bigint {
  return 360_000_000n * BigInt(NANO_PER_AVAX) + stakingRewards(p)
}
