import { bytesToHex, formatNodeId, parseAddress } from '@avalanche-automation/core'
import { localOutputs, type XTx } from '../world/avm-codec.js'
import { compareBytes } from '../world/bytes.js'
import type { CAtomicTx } from '../world/c-atomic.js'
import type { Input, Output } from '../world/components.js'
import { C_CHAIN_ID, GENESIS_TIME, P_CHAIN_ID, X_CHAIN_ID } from '../world/constants.js'
import { chainAddress, hexNc, idString } from '../world/json-values.js'
import { ewoq } from '../world/keys.js'
import { Lru } from '../world/lru.js'
import type { PastValidator, PChain } from '../world/pchain.js'
import type { PTx } from '../world/platform-codec.js'
import { below } from '../world/random.js'
import { utxoIdBytes } from '../world/utxo-table.js'
import type { World } from '../world/world.js'
import { checksumAddress } from './evm-chain.js'
import { GrowingInt32 } from './growing.js'
import { L1History } from './l1-history.js'
import { firstWhere } from './paging.js'

export type PrimaryChain = 'p' | 'x' | 'c'

/** The spec's PrimaryNetworkTxType for each devnet transaction kind. */
const X_TYPES: Record<XTx['type'], string> = {
  base: 'BaseTx',
  createAsset: 'CreateAssetTx',
  import: 'ImportTx',
  export: 'ExportTx',
}
const P_TYPES: Record<PTx['type'], string> = {
  base: 'BaseTx',
  createSubnet: 'CreateSubnetTx',
  createChain: 'CreateChainTx',
  addSubnetValidator: 'AddSubnetValidatorTx',
  addPermissionlessValidator: 'AddPermissionlessValidatorTx',
  addPermissionlessDelegator: 'AddPermissionlessDelegatorTx',
  export: 'ExportTx',
  convertSubnetToL1: 'ConvertSubnetToL1Tx',
  rewardValidator: 'RewardValidatorTx',
  setL1ValidatorWeight: 'SetL1ValidatorWeightTx',
  increaseL1ValidatorBalance: 'IncreaseL1ValidatorBalanceTx',
}

/**
 * The P-Chain's block types by kind (avalanchego `vms/platformvm/block`: banff standard_block.go, proposal_block.go
 * with the RewardValidatorTx a live devnet proposes when a stake ends, commit_block.go).
 */
const P_BLOCK_TYPES = {
  standard: 'BanffStandardBlock',
  proposal: 'BanffProposalBlock',
  commit: 'BanffCommitBlock',
} as const

/** Stream for block proposers (the world's streams are < 100, the EVM model's 101..111). */
const PROPOSER_STREAM = 120

/** The chain ID each listing reports for a chain. */
export const CHAIN_ID: Record<PrimaryChain, string> = { p: P_CHAIN_ID, x: X_CHAIN_ID, c: C_CHAIN_ID }

/** A resolved output: what a UTXO listing needs about the output an input spends or a tx creates. */
export interface ResolvedOutput {
  output: Output
  txId: Uint8Array
  outputIndex: number
  /** Where the output was created. */
  chain: PrimaryChain
  /** Creation time (block time of the creating tx). */
  time: number
  /** P-Chain block height of the creating tx (P outputs). */
  height: number
}

/** Sorted positions per key, appended to as a scan goes on. */
class PostingLists {
  private readonly lists = new Map<string, GrowingInt32>()
  add(key: string, position: number): void {
    let list = this.lists.get(key)
    if (!list) {
      list = new GrowingInt32()
      this.lists.set(key, list)
    }
    if (list.last() !== position) list.push(position)
  }
  get(key: string): Int32Array | undefined {
    return this.lists.get(key)?.view()
  }
}

interface Postings {
  byOwner: PostingLists
  byAsset: PostingLists
  /** Transactions scanned so far: a chain that grew is scanned from here on, not again from the start. */
  scanned: number
}

/**
 * The Primary Network as the Data API indexes it: the devnet's own X and P transactions (same IDs, amounts, owners
 * and times as avm.getTx and platform.getTx), rendered in the spec's shapes, and address and asset postings (sorted
 * positions of the transactions each address or asset took part in, 4 bytes a posting) built on first use by one
 * scan of the chain, like the node side's ID tables, and extended by the transactions a live chain appends.
 */
export class PrimaryNetwork {
  private readonly postingsOf: Partial<Record<PrimaryChain, Postings>> = {}
  private readonly outputCache = new Lru<string, ResolvedOutput[]>(4096)
  private readonly rewards = new Map<string, Uint8Array>()
  /** The L1 validations' changes, for listings by validation ID and txs' `l1ValidatorDetails`. */
  readonly l1: L1History

  constructor(readonly world: World) {
    this.l1 = new L1History(world)
  }

  // ---------------------------------------------------------------- chains

  count(chain: PrimaryChain): number {
    if (chain === 'c') return this.world.cAtomic.txs.length
    return chain === 'x' ? this.world.x.txCount : this.world.p.txCount
  }

  time(chain: PrimaryChain, position: number): number {
    const { x, p } = this.world
    if (chain === 'c') return this.cTx(position).time
    return chain === 'x' ? x.txTime(position) : p.blockTime(p.txHeight(position))
  }

  /** Positions [lo, hi) of the transactions with startTimestamp <= time <= endTimestamp. */
  timeRange(chain: PrimaryChain, start: number | undefined, end: number | undefined): [number, number] {
    const n = this.count(chain)
    const lo = start === undefined ? 0 : firstWhere(0, n, (i) => this.time(chain, i) >= start)
    const hi = end === undefined ? n : firstWhere(0, n, (i) => this.time(chain, i) > end)
    return [lo, Math.max(lo, hi)]
  }

  txType(chain: PrimaryChain, position: number): string {
    if (chain === 'c') return this.cTx(position).type === 'import' ? 'ImportTx' : 'ExportTx'
    return chain === 'x'
      ? (X_TYPES[this.world.x.tx(position).tx.type] ?? 'UNKNOWN')
      : (P_TYPES[this.world.p.tx(position).tx.type] ?? 'UNKNOWN')
  }

  /** Sorted positions of the transactions an address (20-byte hex; on the C-Chain an EVM address too) took part in. */
  byOwner(chain: PrimaryChain, ownerHex: string): Int32Array {
    return this.postings(chain).byOwner.get(ownerHex) ?? new Int32Array()
  }

  /** Sorted positions of the X-Chain transactions that moved or created an asset (cb58). */
  byAsset(assetId: string): Int32Array | undefined {
    return this.postings('x').byAsset.get(assetId)
  }

  private postings(chain: PrimaryChain): Postings {
    this.postingsOf[chain] ??= {
      byOwner: new PostingLists(),
      byAsset: new PostingLists(),
      scanned: 0,
    }
    const postings = this.postingsOf[chain]
    const n = this.count(chain)
    if (postings.scanned < n) {
      this.scan(chain, postings, n)
      postings.scanned = n
    }
    return postings
  }

  private scan(chain: PrimaryChain, postings: Postings, n: number): void {
    const { byOwner: owners, byAsset: assets, scanned } = postings
    for (let i = scanned; i < n; i++) {
      const { consumed, emitted } = chain === 'x' ? this.xUtxos(i) : chain === 'p' ? this.pUtxos(i) : this.cUtxos(i)
      if (chain === 'c') for (const e of this.cTx(i).evm) owners.add(bytesToHex(e.address), i)
      for (const r of [...consumed, ...emitted]) {
        for (const a of r.output.addresses) owners.add(bytesToHex(a), i)
        if (chain === 'x') assets.add(idString(r.output.assetId), i)
      }
      if (chain === 'x') {
        const { tx, id } = this.world.x.tx(i)
        if (tx.type === 'createAsset') assets.add(idString(id), i)
      }
    }
  }

  // ---------------------------------------------------------------- outputs

  /** The outputs a tx created, by output index (X: local then exported; P: outputs, stake, exported). */
  private outputsOf(txId: Uint8Array): ResolvedOutput[] | undefined {
    const key = Buffer.from(txId).toString('latin1')
    const cached = this.outputCache.get(key)
    if (cached) return cached
    const { world } = this
    let list: ResolvedOutput[] | undefined
    const make = (outputs: Output[], chain: 'x' | 'p', time: number, height: number) =>
      outputs.map((output, outputIndex) => ({ output, txId, outputIndex, chain, time, height }))
    if (compareBytes(txId, world.x.genesis.id) === 0) {
      list = make(localOutputs(world.x.genesis.tx, txId), 'x', GENESIS_TIME, 0)
    } else if (compareBytes(txId, world.p.genesisUtxoTxId) === 0) {
      list = undefined
    } else {
      const i = world.index('xTx').find(txId)
      if (i >= 0) {
        const { tx, id } = world.x.tx(i)
        list = make([...localOutputs(tx, id), ...(tx.exportedOutputs ?? [])], 'x', this.time('x', i), 0)
      } else {
        const j = world.index('pTx').find(txId)
        if (j >= 0) {
          const { tx } = world.p.tx(j)
          list = make(pOutputs(tx), 'p', this.time('p', j), world.p.txHeight(j))
        }
      }
    }
    if (list) this.outputCache.set(key, list)
    return list
  }

  /** The output a UTXO names, with where and when it was created (the P-Chain genesis allocation included). */
  resolve(input: Pick<Input, 'txId' | 'outputIndex' | 'assetId' | 'amount'>): ResolvedOutput {
    const found = this.outputsOf(input.txId)?.[input.outputIndex]
    if (found) return found
    // The P-Chain genesis allocation (not a transaction): ewoq's AVAX.
    return {
      output: {
        assetId: input.assetId,
        typeId: 7,
        amount: input.amount,
        locktime: 0n,
        threshold: 1,
        addresses: [ewoq.shortId],
      },
      txId: input.txId,
      outputIndex: input.outputIndex,
      chain: 'p',
      time: GENESIS_TIME,
      height: 0,
    }
  }

  xUtxos(i: number): { consumed: ResolvedOutput[]; emitted: ResolvedOutput[] } {
    const { tx, id } = this.world.x.tx(i)
    const consumed = [...tx.inputs, ...(tx.importedInputs ?? [])].map((input) => this.resolve(input))
    const time = this.time('x', i)
    const emitted = [...localOutputs(tx, id), ...(tx.exportedOutputs ?? [])].map((output, outputIndex) => ({
      output,
      txId: id,
      outputIndex,
      chain: 'x' as const,
      time,
      height: 0,
    }))
    return { consumed, emitted }
  }

  private cTx(i: number): CAtomicTx {
    return this.world.cAtomic.txs[i] as CAtomicTx
  }

  /** A C-Chain import consumes X-Chain export UTXOs; an export creates UTXOs on the C-Chain for its destination. */
  cUtxos(i: number): { consumed: ResolvedOutput[]; emitted: ResolvedOutput[] } {
    const tx = this.cTx(i)
    const consumed = tx.consumed.map((u) => ({ ...u, chain: 'x' as const, height: 0 }))
    const emitted = tx.exported.map((output, outputIndex) => {
      return { output, txId: tx.id, outputIndex, chain: 'c' as const, time: tx.time, height: tx.height }
    })
    return { consumed, emitted }
  }

  pUtxos(j: number): { consumed: ResolvedOutput[]; emitted: ResolvedOutput[] } {
    const { p } = this.world
    const { tx } = p.tx(j)
    const id = p.txId(j)
    const consumed = tx.base.inputs.map((input) => this.resolve(input))
    const time = this.time('p', j)
    const height = p.txHeight(j)
    const emitted = pOutputs(tx).map((output, outputIndex) => ({
      output,
      txId: id,
      outputIndex,
      chain: 'p' as const,
      time,
      height,
    }))
    return { consumed, emitted }
  }

  // ---------------------------------------------------------------- rendering

  assetAmount(assetId: Uint8Array, amount: bigint) {
    const asset = this.world.x.assets.find((a) => compareBytes(a.id, assetId) === 0)
    return {
      assetId: idString(assetId),
      name: asset?.name ?? 'Unknown',
      symbol: asset?.symbol ?? '',
      denomination: asset?.denomination ?? 0,
      type: 'secp256k1',
      amount: amount.toString(),
    }
  }

  private sums(list: ResolvedOutput[]) {
    const totals = new Map<string, { id: Uint8Array; amount: bigint }>()
    for (const r of list) {
      if (r.output.typeId !== 7) continue
      const key = idString(r.output.assetId)
      const entry = totals.get(key) ?? { id: r.output.assetId, amount: 0n }
      entry.amount += r.output.amount
      totals.set(key, entry)
    }
    return [...totals.values()].map((t) => this.assetAmount(t.id, t.amount))
  }

  /**
   * An X-Chain transaction: a DAG-era tx as XChainNonLinearTransaction (`chainFormat` non-linear, the `vertices` it
   * was accepted in), a linear-era tx as XChainLinearTransaction (`blockHeight`, `blockHash`): data-api.openapi.json
   * components XChainNonLinearTransaction (L15769) and XChainLinearTransaction (L15879).
   */
  renderX(i: number): Record<string, unknown> {
    const { x } = this.world
    const { tx, id } = x.tx(i)
    const time = this.time('x', i)
    const { consumed, emitted } = this.xUtxos(i)
    const localCount = localOutputs(tx, id).length
    const utxo = (r: ResolvedOutput, consumedHere: boolean) => {
      const exported = r.chain === 'x' && r.outputIndex >= localCount && !consumedHere && tx.type === 'export'
      const consumedOn = exported ? idString(tx.destinationChain as Uint8Array) : X_CHAIN_ID
      return this.avmUtxo(r, consumedOn, consumedHere ? { id, time } : undefined)
    }
    const out: Record<string, unknown> = {
      txHash: idString(id),
      chainFormat: x.isDagTx(i) ? 'non-linear' : 'linear',
      timestamp: time,
      txType: X_TYPES[tx.type],
      memo: hexNc(tx.memo),
      consumedUtxos: consumed.map((r) => utxo(r, true)),
      emittedUtxos: emitted.map((r) => utxo(r, false)),
      amountUnlocked: this.sums(consumed),
      amountCreated: this.sums(emitted),
    }
    if (x.isDagTx(i)) {
      const k = x.dag.vertexOf(i)
      out.vertices = [{ hash: idString(x.dag.vertexId(k)), height: k, timestamp: x.dag.vertexTime(k) }]
    } else {
      const height = x.blockOf(i) + 1
      out.blockHeight = height
      out.blockHash = idString(x.chain.innerId(height))
    }
    if (tx.type === 'import') {
      out.sourceChain = idString(tx.sourceChain as Uint8Array)
      out.destinationChain = X_CHAIN_ID
    } else if (tx.type === 'export') {
      out.sourceChain = X_CHAIN_ID
      out.destinationChain = idString(tx.destinationChain as Uint8Array)
    }
    if (tx.type === 'createAsset') {
      const asset = x.assets.find((a) => compareBytes(a.id, id) === 0)
      out.assetCreated = {
        assetId: idString(id),
        name: tx.name,
        symbol: tx.symbol,
        denomination: tx.denomination,
        type: 'secp256k1',
        createdAtTimestamp: time,
        cap: asset?.variableCap ? 'variable' : 'fixed',
      }
    }
    return out
  }

  /** A UTXO in the `Utxo` form of the X-Chain and C-Chain listings; `consumer` is the tx consuming it, if listed. */
  avmUtxo(r: ResolvedOutput, consumedOn: string, consumer?: { id: Uint8Array; time: number }) {
    const out: Record<string, unknown> = {
      addresses: r.output.addresses.map((a) => chainAddress('X', a).slice(2)),
      asset: this.assetAmount(r.output.assetId, r.output.typeId === 7 ? r.output.amount : 0n),
      consumedOnChainId: consumedOn,
      createdOnChainId: CHAIN_ID[r.chain],
      utxoId: idString(utxoIdBytes(r.txId, r.outputIndex)),
      creationTxHash: idString(r.txId),
      locktime: Number(r.output.locktime),
      outputIndex: String(r.outputIndex),
      threshold: r.output.threshold,
      timestamp: r.time,
      utxoType: r.output.typeId === 6 ? 'mint' : 'transfer',
    }
    if (consumer) {
      out.consumingTxHash = idString(consumer.id)
      out.consumingTxTimestamp = consumer.time
    }
    return out
  }

  /**
   * A C-Chain atomic tx as CChainImportTransaction or CChainExportTransaction (data-api.openapi.json components,
   * L16157 and L16029): the EVM side as 0x addresses (`evmOutputs` / `evmInputs`), the shared-memory side as UTXOs.
   */
  renderC(i: number): Record<string, unknown> {
    const tx = this.cTx(i)
    const { consumed, emitted } = this.cUtxos(i)
    const evmTotal = tx.evm.reduce((sum, e) => sum + e.amount, 0n)
    const avax = this.assetAmount(this.world.assetIds[0] as Uint8Array, evmTotal)
    const imported = tx.type === 'import'
    const out: Record<string, unknown> = {
      txHash: idString(tx.id),
      blockHeight: tx.height,
      blockHash: `0x${bytesToHex(this.world.c.chain.innerId(tx.height))}`,
      timestamp: tx.time,
      memo: '0x',
      amountUnlocked: imported ? this.sums(consumed) : [avax],
      amountCreated: imported ? [avax] : this.sums(emitted),
      sourceChain: imported ? idString(tx.otherChain) : C_CHAIN_ID,
      destinationChain: imported ? C_CHAIN_ID : idString(tx.otherChain),
      txType: imported ? 'ImportTx' : 'ExportTx',
    }
    const address = (e: CAtomicTx['evm'][number]) => checksumAddress(`0x${bytesToHex(e.address)}`)
    if (imported) {
      out.evmOutputs = tx.evm.map((e) => ({ toAddress: address(e), asset: this.assetAmount(e.assetId, e.amount) }))
      out.consumedUtxos = consumed.map((r) => this.avmUtxo(r, C_CHAIN_ID, { id: tx.id, time: tx.time }))
    } else {
      const credentials = [{ signature: Buffer.from(tx.signature).toString('base64') }]
      out.evmInputs = tx.evm.map((e) => ({
        fromAddress: address(e),
        asset: this.assetAmount(e.assetId, e.amount),
        credentials,
      }))
      out.emittedUtxos = emitted.map((r) => this.avmUtxo(r, idString(tx.otherChain)))
    }
    return out
  }

  /**
   * A UTXO in the `PChainUtxo` form (data-api.openapi.json components.schemas.PChainUtxo): `staking` gives the
   * staking period of a stake output, `consumer` the tx that spent it.
   */
  pChainUtxo(
    r: ResolvedOutput,
    how: {
      consumedOn: string
      staking?: { start: number; end: number } | undefined
      consumer?: { id: Uint8Array; time: number; height: number } | undefined
    },
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {
      addresses: r.output.addresses.map((a) => chainAddress('P', a).slice(2)),
      asset: this.assetAmount(r.output.assetId, r.output.amount),
      consumedOnChainId: how.consumedOn,
      createdOnChainId: CHAIN_ID[r.chain],
      utxoId: idString(utxoIdBytes(r.txId, r.outputIndex)),
      amount: r.output.amount.toString(),
      assetId: idString(r.output.assetId),
      blockNumber: String(r.height),
      blockTimestamp: r.time,
      outputIndex: r.outputIndex,
      txHash: idString(r.txId),
      utxoType: how.staking ? 'STAKE' : 'TRANSFER',
      threshold: r.output.threshold,
      platformLocktime: Number(r.output.locktime),
      staked: how.staking !== undefined,
    }
    if (r.output.stakeableLocktime !== undefined) out.stakeableLocktime = Number(r.output.stakeableLocktime)
    if (how.staking && how.staking.end > 0) {
      out.utxoStartTimestamp = how.staking.start
      out.utxoEndTimestamp = how.staking.end
    }
    if (how.consumer) {
      out.consumingTxHash = idString(how.consumer.id)
      out.consumingBlockNumber = String(how.consumer.height)
      out.consumingBlockTimestamp = how.consumer.time
    }
    return out
  }

  /** A P-Chain transaction as PChainTransaction. */
  renderP(j: number): Record<string, unknown> {
    const { p } = this.world
    const { tx } = p.tx(j)
    const id = p.txId(j)
    const height = p.txHeight(j)
    const time = this.time('p', j)
    const { consumed, emitted } = this.pUtxos(j)
    const outputs = tx.base.outputs.length
    const stake = 'stake' in tx ? tx.stake.length : 0
    const staking = 'validator' in tx && tx.type !== 'addSubnetValidator' ? tx.validator : undefined
    const utxo = (r: ResolvedOutput, consumedHere: boolean) => {
      const isStake = !consumedHere && r.outputIndex >= outputs && r.outputIndex < outputs + stake
      const exported = !consumedHere && tx.type === 'export' && r.outputIndex >= outputs
      return this.pChainUtxo(r, {
        consumedOn: exported ? X_CHAIN_ID : P_CHAIN_ID,
        staking: isStake ? (staking ?? { start: 0, end: 0 }) : undefined,
        consumer: consumedHere ? { id, time, height } : undefined,
      })
    }
    const avax = p.avaxAssetId
    const inputTotal = consumed.reduce((s, r) => s + r.output.amount, 0n)
    const outputTotal = emitted.reduce((s, r) => s + r.output.amount, 0n)
    // nAVAX moved into L1 validator balances: the conversion's initial balances, an IncreaseL1ValidatorBalanceTx's.
    const l1Balance =
      tx.type === 'convertSubnetToL1'
        ? tx.validators.reduce((s, v) => s + v.balance, 0n)
        : tx.type === 'increaseL1ValidatorBalance'
          ? tx.balance
          : 0n
    const out: Record<string, unknown> = {
      txHash: idString(id),
      txType: P_TYPES[tx.type],
      blockTimestamp: time,
      blockNumber: String(height),
      blockHash: idString(p.chain.innerId(height)),
      consumedUtxos: consumed.map((r) => utxo(r, true)),
      emittedUtxos: emitted.map((r) => utxo(r, false)),
      value: this.sums(emitted),
      amountBurned: [this.assetAmount(avax, inputTotal - outputTotal - l1Balance)],
      amountStaked: 'stake' in tx ? this.sums(emitted.slice(outputs, outputs + stake)) : [],
      amountL1ValidatorBalanceBurned: l1Balance > 0n ? [this.assetAmount(avax, l1Balance)] : [],
      memo: hexNc(tx.base.memo),
    }
    if ('validator' in tx) {
      out.nodeId = formatNodeId(tx.validator.nodeId)
      out.startTimestamp = tx.validator.start
      out.endTimestamp = tx.validator.end
    }
    if ('subnetId' in tx) out.subnetId = idString(tx.subnetId)
    switch (tx.type) {
      case 'rewardValidator':
        // "Staking transaction corresponding to the RewardValidatorTx" (PChainTransaction.stakingTxHash).
        out.stakingTxHash = idString(tx.stakerTxId)
        break
      case 'addPermissionlessValidator':
        this.addRewardTxHash(out, id)
        out.delegationFeePercent = (tx.shares / 10_000).toFixed(4)
        out.estimatedReward = reward(tx.validator.weight, tx.validator.end - tx.validator.start).toString()
        out.rewardAddresses = tx.validationRewardsOwner.addresses.map((a) => chainAddress('P', a).slice(2))
        out.blsCredentials = {
          publicKey: hexNc(tx.signer.publicKey),
          proofOfPossession: hexNc(tx.signer.proofOfPossession),
        }
        break
      case 'addPermissionlessDelegator':
        out.estimatedReward = reward(tx.validator.weight, tx.validator.end - tx.validator.start).toString()
        out.rewardAddresses = tx.rewardsOwner.addresses.map((a) => chainAddress('P', a).slice(2))
        break
      case 'createSubnet':
        out.subnetId = idString(id)
        out.subnetOwnershipInfo = {
          locktime: Number(tx.owner.locktime),
          threshold: tx.owner.threshold,
          addresses: tx.owner.addresses.map((a) => chainAddress('P', a).slice(2)),
        }
        break
      case 'createChain':
        out.blockchainInfo = {
          chainName: tx.chainName,
          vmId: idString(tx.vmId),
          genesisData: new TextDecoder().decode(tx.genesisData),
        }
        break
      case 'export':
        out.sourceChain = P_CHAIN_ID
        out.destinationChain = idString(tx.destinationChain)
        break
      case 'convertSubnetToL1': {
        out.l1ValidatorManagerDetails = {
          blockchainId: idString(tx.chainId),
          contractAddress: `0x${bytesToHex(tx.address)}`,
        }
        out.l1ValidatorDetails = this.world.p.l1Validators.map((_, k) => this.l1.details(k, j))
        break
      }
      case 'setL1ValidatorWeight':
      case 'increaseL1ValidatorBalance': {
        const id = this.l1.validationOf(j)
        const k = this.world.p.l1Validators.findIndex((v) => idString(v.validationId) === id)
        if (k >= 0) out.l1ValidatorDetails = [this.l1.details(k, j)]
        break
      }
      default:
        break
    }
    return out
  }

  /** "Reward transaction hash for the completed validations" (PChainTransaction.rewardTxHash), once the stake ended. */
  private addRewardTxHash(out: Record<string, unknown>, stakerTxId: Uint8Array): void {
    const { p } = this.world
    // The RewardValidatorTx of each ended validation by staker tx, extended as validations end.
    const past = pastValidators(p)
    for (let k = this.rewards.size; k < past.length; k++) {
      const v = past[k] as PastValidator
      this.rewards.set(Buffer.from(v.txId).toString('latin1'), rewardTxId(p, v))
    }
    const reward = this.rewards.get(Buffer.from(stakerTxId).toString('latin1'))
    if (reward) out.rewardTxHash = idString(reward)
  }

  /** Number of UTXOs a rendered transaction lists (the service stops a page at a UTXO threshold). */
  static utxoCount(rendered: unknown): number {
    const r = rendered as { consumedUtxos?: unknown[]; emittedUtxos?: unknown[] }
    return (r.consumedUtxos?.length ?? 0) + (r.emittedUtxos?.length ?? 0)
  }

  // ---------------------------------------------------------------- blocks by proposer

  /**
   * The validator that proposed block h: one of the primary validators active at its time, by seed. Those of a live
   * devnet whose stake has ended since still count for the blocks of their time (in the order they were added), so
   * a block's proposer never changes.
   */
  proposer(chain: 'x' | 'p', h: number): string {
    const { p, x } = this.world
    const time = chain === 'p' ? p.blockTime(h) : x.blockTime(h)
    const validators =
      time > this.world.liveTime(0)
        ? [...p.primaryValidators, ...p.pastValidatorsAt(chain === 'p' ? h : p.heightAt(time))].sort(
            (a, b) => a.addedHeight - b.addedHeight,
          )
        : p.primaryValidators
    const active = validators.filter((v) => v.start <= time && time < v.end)
    const pick = below(this.world.options.seed, PROPOSER_STREAM, chain === 'p' ? h : 1_000_000_000 + h, active.length)
    return (active[pick] ?? p.primaryValidators[0])?.node.nodeId ?? ''
  }

  blockCount(chain: 'x' | 'p'): number {
    return chain === 'x' ? this.world.x.blockCount : this.world.p.height
  }

  blockTime(chain: 'x' | 'p', h: number): number {
    return chain === 'x' ? this.world.x.blockTime(h) : this.world.p.blockTime(h)
  }

  renderBlock(chain: 'x' | 'p', h: number): Record<string, unknown> {
    const { p, x } = this.world
    const ids = chain === 'x' ? x.chain : p.chain
    const block = ids.block(h)
    const [first, end] = chain === 'x' ? x.blockTxRange(h) : p.blockTxRange(h)
    const txs: string[] = []
    for (let i = first; i < end; i++) txs.push(idString(chain === 'x' ? x.txId(i) : p.txId(i)))
    const time = this.blockTime(chain, h)
    return {
      blockNumber: String(h),
      blockHash: idString(block.innerId),
      parentHash: idString(ids.innerId(h - 1)),
      blockTimestamp: time,
      blockType: chain === 'p' ? P_BLOCK_TYPES[p.blockKind(h)] : 'StandardBlock',
      txCount: end - first,
      transactions: txs,
      blockSizeBytes: block.inner.length,
      proposerDetails: {
        proposerId: idString(block.containerId),
        proposerParentId: idString(ids.containerId(h - 1)),
        proposerNodeId: this.proposer(chain, h),
        proposerPChainHeight: chain === 'p' ? Math.max(0, h - 1) : p.heightAt(time),
        proposerTimestamp: time,
      },
    }
  }
}

const endedValidators = new WeakMap<PChain, PastValidator[]>()

/** The validators whose stake ended, oldest first: each read once, as validations end (they never change). */
export function pastValidators(p: PChain): PastValidator[] {
  let list = endedValidators.get(p)
  if (!list) {
    list = []
    endedValidators.set(p, list)
  }
  for (let k = list.length; k < p.pastValidatorCount; k++) list.push(p.pastValidatorAt(k))
  return list
}

/** The RewardValidatorTx that ended a validation: the tx of the proposal block before the commit that removed it. */
export function rewardTxId(p: PChain, v: PastValidator): Uint8Array {
  return p.txId(p.blockTxRange(v.removedHeight - 1)[0])
}

/** P-Chain UTXOs a tx creates, by output index: its outputs, then stake outputs, then exported outputs. */
function pOutputs(tx: PTx): Output[] {
  return [...tx.base.outputs, ...('stake' in tx ? tx.stake : []), ...(tx.type === 'export' ? tx.exportedOutputs : [])]
}

/** The reward platform.getCurrentValidators reports: 8% a year, pro rata. */
function reward(stake: bigint, seconds: number): bigint {
  return (stake * 8n * BigInt(seconds)) / (100n * 365n * 24n * 3600n)
}

/** A 20-byte short ID from an address as the service accepts it: avax1..., P-avax1..., X-local1..., or 0x hex. */
export function addressShortId(text: string): string | undefined {
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return text.slice(2).toLowerCase()
  try {
    const { bytes, chain } = parseAddress(text, { allowBare: true })
    if (chain !== undefined && !['P', 'X', 'C'].includes(chain)) return undefined
    return bytesToHex(bytes)
  } catch {
    return undefined
  }
}
