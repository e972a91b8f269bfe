import { bytesToHex, cb58Encode, formatAddress } from '@avalanche-automation/core'
import { CAtomic } from './c-atomic.js'
import { CChain } from './cchain.js'
import { transferOutput } from './components.js'
import {
  C_CHAIN_ID,
  EWOQ_EVM_ADDRESS,
  HRP,
  L1_STATIC_BLOCKS,
  NETWORK_ID,
  NETWORK_NAME,
  NODE_VERSION,
  P_CHAIN_ID,
  ROUND_SECONDS,
  X_CHAIN_ID,
} from './constants.js'
import { GrowingIdIndex } from './id-index.js'
import { type Account, derivedAccount, ewoq, localNodes } from './keys.js'
import { type PChainPart, pLockedOutputs, xLockedOutputs } from './locked-outputs.js'
import { PChain } from './pchain.js'
import { UtxoTable } from './utxo-table.js'
import { XChain, xGenesis } from './xchain.js'

export interface WorldOptions {
  seed: number
  xTxs: number
  /** X txs of the DAG era (before Cortina); 0 = Cortina active at genesis. */
  xDagTxs: number
  utxosPerAddress: number
  xBlockTxs: number
  pBlocks: number
  cBlocks: number
}

export interface AssetFixture {
  id: string
  name: string
  symbol: string
  denomination: number
  variableCap: boolean
}

export interface AccountFixture {
  name: string
  /** The 20-byte short ID, lower-case hex. */
  shortId: string
  x: string
  p: string
  /** Local X-Chain UTXOs (transfer and mint outputs), the co-owned ones included. */
  xUtxoCount: number
  /**
   * X-Chain total by asset ID: every transfer output the address owns or co-owns, locked or not. What a getUTXOs
   * walk sums, and avm.getBalance / getAllBalances with includePartial.
   */
  xBalances: Record<string, bigint>
  /**
   * By asset ID (assets with a non-zero figure): what avm.getBalance / getAllBalances count without includePartial,
   * the outputs the address holds alone whose locktime has passed (`vms/avm/service.go` GetBalance).
   */
  xSpendable: Record<string, bigint>
  pUtxoCount: number
  /** P-Chain AVAX total: every UTXO the address owns or co-owns; platform.getBalance `balance`. */
  pBalance: bigint
  /**
   * pBalance split as platform.getBalance splits it (`vms/platformvm/service.go` GetBalance). The figures come from
   * how the outputs were made, not from the devnet's getBalance; they hold for any `now` from a minute after genesis
   * (2025-01-01) to 2100, the locktimes of the locked outputs (`locked-outputs.ts`).
   */
  pBalances: Record<PChainPart, bigint>
  /** Atomic UTXOs exported from the X-Chain to this P-Chain address (platform.getUTXOs sourceChain "X"). */
  atomicFromX: number
  /** Atomic UTXOs exported from the P-Chain to this X-Chain address (avm.getUTXOs sourceChain "P"). */
  atomicFromP: number
}

export interface DevnetFixtures {
  seed: number
  networkId: number
  networkName: string
  hrp: string
  nodeId: string
  nodeVersion: string
  chains: { x: string; p: string; c: string }
  assets: { avax: AssetFixture; usdt: AssetFixture; gold: AssetFixture; weth: AssetFixture; all: AssetFixture[] }
  /** dave holds time-locked, stake-locked (P) and shared outputs on both chains; erin co-owns the shared ones only. */
  accounts: {
    ewoq: AccountFixture
    alice: AccountFixture
    bob: AccountFixture
    carol: AccountFixture
    dave: AccountFixture
    erin: AccountFixture
  }
  /** X addresses of a few bulk-payment recipients (each holds the payments of every 251st bulk tx). */
  users: string[]
  x: {
    txCount: number
    /** Last accepted block height (blocks 1..height hold the txs; height 0 is the genesis block). */
    height: number
    txs: {
      first: string
      last: string
      createAsset: string[]
      fanout: string
      import: string
      send: string
      export: string
    }
    /** Block at height 1: its avm ID (getBlock) and its proposervm container ID (index X/block). */
    firstBlock: { height: number; id: string; containerId: string }
    /**
     * The two eras (`reference/node-rpc.md` 0.1). Txs 0..dagTxCount-1 were accepted in DAG vertices before Cortina:
     * index X/tx holds exactly them and X/vtx their vertices then the stop vertex. Txs dagTxCount..txCount-1 are in
     * the linear chain's blocks 1..height (index X/block, avm.getBlock*), block 1 starting with `firstLinearTx`.
     */
    eras: {
      /** No DAG era: X/tx and X/vtx are empty (a local network). */
      cortinaAtGenesis: boolean
      dagTxCount: number
      /** Vertices holding txs (X/vtx holds these plus the stop vertex). */
      vertexCount: number
      /** Last DAG-era tx ('' without a DAG era). */
      lastDagTx: string
      /** First linear-era tx: the first tx of block 1. */
      firstLinearTx: string
      /** The stop vertex: the parent of the linear chain's genesis block (height 0). */
      stopVertexId: string
      /** Unix seconds: the stop vertex's acceptance and the linear genesis block's timestamp. */
      cortinaTime: number
    }
  }
  p: {
    height: number
    txCount: number
    subnetId: string
    l1SubnetId: string
    blockchains: { id: string; name: string; subnetId: string; vmId: string }[]
    validators: { primary: string[]; subnet: string[]; l1: string[] }
    delegatorCount: number
    txs: {
      createSubnet: string
      createChain: string
      addSubnetValidator: string
      convertSubnetToL1: string
      addValidator: string
      addDelegator: string
      export: string
      transfer: string
    }
    firstBlock: { height: number; id: string; containerId: string }
  }
  c: {
    height: number
    /** The C-Chain's atomic txs (`c-atomic.ts`), as the Data API's Primary Network listing shows them. */
    atomic: {
      /** ewoq's EVM address (0x, lower case): every atomic tx credits or debits it. */
      evmAddress: string
      imports: number
      exports: number
      /** '' when there is none. */
      firstImport: string
      firstExport: string
      /** Exports still in the X-Chain's / P-Chain's shared memory for ewoq (getUTXOs with sourceChain C). */
      pendingToX: number
      pendingToP: number
    }
  }
  /** Containers per index (`index.getLastAccepted` index = count - 1). */
  index: { 'X/tx': number; 'X/block': number; 'X/vtx': number; 'P/block': number; 'C/block': number }
}

export type UtxoSourceChain = 'local' | 'X' | 'P' | 'C'

/** A chain of the node that advances in a live devnet. */
export type LiveChain = 'P' | 'X' | 'C'

export { ROUND_SECONDS }

/** What one round added: each chain's heights (from, to]; equal when that chain was halted. */
export interface LiveRound {
  /** 1-based. */
  round: number
  /** Unix seconds: the time of every block of the round. */
  time: number
  p: [from: number, to: number]
  x: [from: number, to: number]
  c: [from: number, to: number]
}

/**
 * Fan-out UTXOs of the other funded accounts: alice 1024 (one full page), bob 1025 (one more), carol 10, dave 8 (4
 * plain, then the 4 time-locked and shared ones of xLockedOutputs).
 */
const OTHER_FUNDED = { alice: 1024, bob: 1025, carol: 10, dave: 8 }

function setupTxs(utxosPerAddress: number): number {
  return XChain.prefixLength(
    utxosPerAddress + OTHER_FUNDED.alice + OTHER_FUNDED.bob + OTHER_FUNDED.carol + OTHER_FUNDED.dave,
  )
}

/** The smallest X-Chain that holds the setup transactions plus one bulk transaction. */
export function minimumXTxs(utxosPerAddress: number): number {
  return setupTxs(utxosPerAddress) + 1
}

/** Default size of the DAG era: the setup transactions and a fifth of the rest, so both eras have bulk txs. */
export function defaultXDagTxs(xTxs: number, utxosPerAddress: number): number {
  const setup = Math.min(setupTxs(utxosPerAddress), xTxs - 1)
  return setup + Math.floor((xTxs - setup) / 5)
}

/** Everything the node services read: the three chains, accounts, lazily built lookup tables. */
export class World {
  readonly options: WorldOptions
  readonly x: XChain
  readonly p: PChain
  readonly c: CChain
  /** The C-Chain's imports and exports (built on first use). */
  readonly cAtomic: CAtomic
  readonly accounts: { ewoq: Account; alice: Account; bob: Account; carol: Account; dave: Account; erin: Account }
  readonly users: Account[]
  readonly fixtures: DevnetFixtures
  /** The outputs that are not simply their owner's, with the figure each counts in (`locked-outputs.ts`). */
  private readonly locked: {
    x: ReturnType<typeof xLockedOutputs>
    p: ReturnType<typeof pLockedOutputs>
  }
  private readonly tables = new Map<string, UtxoTable>()
  private readonly indexes = new Map<string, GrowingIdIndex>()
  /** Rounds so far (`advance`). */
  private rounds = 0
  /** Chain time of round 0: after the last block of every chain of the static world. */
  private readonly liveStart: number
  private readonly listeners: ((round: LiveRound) => void)[] = []

  constructor(options: WorldOptions) {
    this.options = options
    const seed = options.seed
    const alice = derivedAccount(seed, 'alice')
    const bob = derivedAccount(seed, 'bob')
    const carol = derivedAccount(seed, 'carol')
    const dave = derivedAccount(seed, 'dave')
    const erin = derivedAccount(seed, 'erin')
    this.accounts = { ewoq, alice, bob, carol, dave, erin }
    this.users = Array.from({ length: 251 }, (_, k) => derivedAccount(seed, `user-${k}`))
    const avaxAssetId = xGenesis().id
    this.locked = { x: xLockedOutputs(avaxAssetId, dave, erin), p: pLockedOutputs(avaxAssetId, dave, erin) }
    this.p = new PChain({
      seed,
      blocks: options.pBlocks,
      avaxAssetId,
      exportOwner: carol.shortId,
      locked: this.locked.p.map((l) => l.output),
    })
    this.x = new XChain({
      seed,
      txCount: options.xTxs,
      dagTxs: options.xDagTxs,
      funded: [
        { account: ewoq, utxos: options.utxosPerAddress },
        { account: alice, utxos: OTHER_FUNDED.alice },
        { account: bob, utxos: OTHER_FUNDED.bob },
        { account: carol, utxos: OTHER_FUNDED.carol },
        { account: dave, utxos: OTHER_FUNDED.dave, locked: this.locked.x.map((l) => l.output) },
      ],
      blockTxs: options.xBlockTxs,
      pExports: this.p.exportsToX,
      importer: carol,
      users: this.users,
      exportReceivers: [ewoq, alice],
      pChainHeightAt: (time) => this.p.heightAt(time),
    })
    this.c = new CChain(seed, options.cBlocks, (time) => this.p.heightAt(time))
    this.cAtomic = new CAtomic({
      seed,
      height: options.cBlocks,
      blockTime: (h) => this.c.blockTime(h),
      avaxAssetId,
      xExports: (before) => this.x.cExports(before),
      evmAddress: EWOQ_EVM_ADDRESS,
    })
    this.fixtures = this.buildFixtures()
    this.liveStart = Math.max(
      this.p.blockTime(this.p.height),
      this.x.blockTime(this.x.blockCount),
      this.c.blockTime(this.c.height),
      // The Data API's L1 chain (`data/evm-chains.ts`).
      (this.p.l1Validators[0]?.startTime ?? 0) + L1_STATIC_BLOCKS,
    )
  }

  /** Rounds the chains advanced so far. */
  get round(): number {
    return this.rounds
  }

  /** Chain time (unix seconds) of a round: 2 s apart, after every block of the static world. */
  liveTime(round: number): number {
    return this.liveStart + round * ROUND_SECONDS
  }

  /**
   * Advances every chain not in `halted` by one round: P-Chain one block (two when a stake ends), X-Chain one block
   * of 1-3 transfers, C-Chain one block. Deterministic: the same seed and rounds give the same chains. Listeners
   * (the Data API) see the round after the node's chains grew.
   */
  advance(halted: ReadonlySet<LiveChain> = new Set()): LiveRound {
    const round = ++this.rounds
    const time = this.liveTime(round)
    const heights = { p: this.p.height, x: this.x.blockCount, c: this.c.height }
    if (!halted.has('P')) this.p.grow(round, time)
    if (!halted.has('X')) this.x.grow(round, time)
    if (!halted.has('C')) this.c.grow(time)
    // The UTXO sets the new txs changed: ewoq's change and the payees' (every other table stays valid).
    for (const key of this.tables.keys()) if (key.includes(':local:')) this.tables.delete(key)
    const done: LiveRound = {
      round,
      time,
      p: [heights.p, this.p.height],
      x: [heights.x, this.x.blockCount],
      c: [heights.c, this.c.height],
    }
    for (const listener of this.listeners) listener(done)
    return done
  }

  /** Calls `listener` after each round. */
  onAdvance(listener: (round: LiveRound) => void): void {
    this.listeners.push(listener)
  }

  get assetIds(): Uint8Array[] {
    return this.x.assets.map((a) => a.id)
  }

  /** The UTXOs of one address on one chain: local ones, or atomic ones exported to it from `source`. */
  utxos(chain: 'X' | 'P', source: UtxoSourceChain, shortId: Uint8Array): UtxoTable {
    const hex = bytesToHex(shortId)
    const key = `${chain}:${source}:${hex}`
    const cached = this.tables.get(key)
    if (cached) return cached
    const avax = this.assetIds[0] as Uint8Array
    let sources: { txId: Uint8Array; outputIndex: number; output: ReturnType<typeof transferOutput> }[] = []
    if (chain === 'X' && source === 'local') sources = this.x.localUtxos(hex)
    else if (chain === 'X' && source === 'P') {
      sources = this.x
        .pendingImports()
        .filter((e) => bytesToHex(e.owner) === hex)
        .map((e) => ({ txId: e.txId, outputIndex: e.outputIndex, output: transferOutput(avax, e.amount, e.owner) }))
    } else if (chain === 'P' && source === 'local') {
      const own = hex === ewoq.hex ? [this.p.treasuryUtxo(), ...this.p.rewardUtxos()] : this.p.userUtxos(hex)
      sources = [...own, ...this.p.lockedUtxos(hex)]
    } else if (chain === 'P' && source === 'X') sources = this.x.exportsTo(hex)
    else if (source === 'C') sources = this.cAtomic.exportsTo(chain, hex)
    if (sources.length === 0) return UtxoTable.empty
    const table = new UtxoTable(sources, chain === 'X' ? this.assetIds : [avax], shortId)
    this.tables.set(key, table)
    return table
  }

  /**
   * Lazily built ID → position tables (the first lookup on a big chain pays for hashing it once; later lookups index
   * only what the chain added since).
   */
  index(
    name: 'xTx' | 'xVertex' | 'xBlock' | 'xContainer' | 'pTx' | 'pBlock' | 'pContainer' | 'cContainer',
  ): GrowingIdIndex {
    let index = this.indexes.get(name)
    if (!index) {
      const { x, p, c } = this
      const tables = {
        xTx: () =>
          new GrowingIdIndex(
            () => x.txCount,
            (i) => x.txId(i),
          ),
        xVertex: () =>
          new GrowingIdIndex(
            () => x.dag.indexCount,
            (k) => x.dag.containerId(k),
          ),
        xBlock: () =>
          new GrowingIdIndex(
            () => x.blockCount + 1,
            (h) => x.chain.innerId(h),
          ),
        xContainer: () =>
          new GrowingIdIndex(
            () => x.blockCount,
            (i) => x.chain.containerId(i + 1),
          ),
        pTx: () =>
          new GrowingIdIndex(
            () => p.txCount,
            (j) => p.txId(j),
          ),
        pBlock: () =>
          new GrowingIdIndex(
            () => p.height + 1,
            (h) => p.chain.innerId(h),
          ),
        pContainer: () =>
          new GrowingIdIndex(
            () => p.height,
            (i) => p.chain.containerId(i + 1),
          ),
        cContainer: () =>
          new GrowingIdIndex(
            () => c.height,
            (i) => c.chain.containerId(i + 1),
          ),
      }
      index = tables[name]()
      this.indexes.set(name, index)
    }
    return index
  }

  private accountFixture(account: Account): AccountFixture {
    const xTable = this.utxos('X', 'local', account.shortId)
    const pTable = this.utxos('P', 'local', account.shortId)
    const xBalances: Record<string, bigint> = {}
    xTable.balances.forEach((amount, k) => {
      if (amount > 0n) xBalances[cb58Encode(this.assetIds[k] as Uint8Array)] = amount
    })
    // The labelled outputs this account owns or co-owns; every other output is its alone, unlocked.
    const mine = <L extends { output: { addresses: Uint8Array[] } }>(list: L[]) =>
      list.filter((l) => l.output.addresses.some((a) => bytesToHex(a) === account.hex))
    const xSpendable = { ...xBalances }
    for (const { output } of mine(this.locked.x).filter((l) => !l.spendableAlone)) {
      const asset = cb58Encode(output.assetId)
      xSpendable[asset] = (xSpendable[asset] as bigint) - output.amount
      if (xSpendable[asset] === 0n) delete xSpendable[asset]
    }
    const pBalance = pTable.balances[0] ?? 0n
    const pBalances = { unlocked: pBalance, lockedStakeable: 0n, lockedNotStakeable: 0n }
    for (const { output, part } of mine(this.locked.p)) {
      pBalances.unlocked -= output.amount
      pBalances[part] += output.amount
    }
    return {
      name: account.name,
      shortId: account.hex,
      x: formatAddress('X', HRP, account.shortId),
      p: formatAddress('P', HRP, account.shortId),
      xUtxoCount: xTable.count,
      xBalances,
      xSpendable,
      pUtxoCount: pTable.count,
      pBalance,
      pBalances,
      atomicFromX: this.x.exportCount(account.hex),
      atomicFromP: this.x.pendingImports().filter((e) => bytesToHex(e.owner) === account.hex).length,
    }
  }

  private cAtomicFixtures() {
    const first = (type: 'import' | 'export') => {
      const tx = this.cAtomic.txs.find((t) => t.type === type)
      return tx ? cb58Encode(tx.id) : ''
    }
    const count = (type: 'import' | 'export') => this.cAtomic.txs.filter((t) => t.type === type).length
    return {
      imports: () => count('import'),
      exports: () => count('export'),
      firstImport: () => first('import'),
      firstExport: () => first('export'),
      pendingToX: () => this.cAtomic.exportsTo('X', ewoq.hex).length,
      pendingToP: () => this.cAtomic.exportsTo('P', ewoq.hex).length,
    }
  }

  private buildFixtures(): DevnetFixtures {
    const { x, p } = this
    const id = (bytes: Uint8Array) => cb58Encode(bytes)
    const assets = x.assets.map((a) => ({
      id: id(a.id),
      name: a.name,
      symbol: a.symbol,
      denomination: a.denomination,
      variableCap: a.variableCap,
    }))
    const firstOf = (kind: string) => {
      for (let i = x.prefixCount; i < x.txCount; i++) if (x.kind(i) === kind) return id(x.txId(i))
      return ''
    }
    const pFirst = (type: string) => {
      for (let j = 0; j < p.txCount; j++) if (p.tx(j).tx.type === type) return id(p.txId(j))
      return ''
    }
    const nodeId = (n: { node: { nodeId: string } }) => n.node.nodeId
    return {
      seed: this.options.seed,
      networkId: NETWORK_ID,
      networkName: NETWORK_NAME,
      hrp: HRP,
      nodeId: localNodes[0]?.nodeId ?? '',
      nodeVersion: NODE_VERSION,
      chains: { x: X_CHAIN_ID, p: P_CHAIN_ID, c: C_CHAIN_ID },
      assets: {
        avax: assets[0] as AssetFixture,
        usdt: assets[1] as AssetFixture,
        gold: assets[2] as AssetFixture,
        weth: assets[3] as AssetFixture,
        all: assets,
      },
      accounts: {
        ewoq: this.accountFixture(this.accounts.ewoq),
        alice: this.accountFixture(this.accounts.alice),
        bob: this.accountFixture(this.accounts.bob),
        carol: this.accountFixture(this.accounts.carol),
        dave: this.accountFixture(this.accounts.dave),
        erin: this.accountFixture(this.accounts.erin),
      },
      users: this.users.slice(0, 5).map((u) => formatAddress('X', HRP, u.shortId)),
      x: {
        txCount: x.txCount,
        height: x.blockCount,
        txs: {
          first: id(x.txId(0)),
          last: id(x.txId(x.txCount - 1)),
          createAsset: [0, 1, 2].map((i) => id(x.txId(i))),
          fanout: id(x.txId(3)),
          import: id(x.txId(x.prefixCount - 2)),
          send: firstOf('send'),
          export: firstOf('export'),
        },
        // Computed on first read: block IDs commit to the whole DAG era (the stop vertex is their ancestor).
        firstBlock: lazyFields(
          { height: 1 },
          {
            id: () => id(x.chain.innerId(1)),
            containerId: () => id(x.chain.containerId(1)),
          },
        ),
        eras: lazyFields(
          {
            cortinaAtGenesis: x.dagTxCount === 0,
            dagTxCount: x.dagTxCount,
            vertexCount: x.dag.vertexCount,
            lastDagTx: x.dagTxCount === 0 ? '' : id(x.txId(x.dagTxCount - 1)),
            firstLinearTx: id(x.txId(x.dagTxCount)),
            cortinaTime: x.dag.cortinaTime,
          },
          { stopVertexId: () => id(x.dag.stopVertex().id) },
        ),
      },
      p: {
        height: p.height,
        txCount: p.txCount,
        subnetId: id(p.subnetId),
        l1SubnetId: id(p.l1SubnetId),
        blockchains: p.blockchains.map((b) => ({
          id: id(b.id),
          name: b.name,
          subnetId: id(b.subnetId),
          vmId: id(b.vmId),
        })),
        validators: {
          primary: p.primaryValidators.map(nodeId),
          subnet: p.subnetValidators.map(nodeId),
          l1: p.l1Validators.map(nodeId),
        },
        delegatorCount: p.delegators.length,
        txs: {
          createSubnet: pFirst('createSubnet'),
          createChain: pFirst('createChain'),
          addSubnetValidator: pFirst('addSubnetValidator'),
          convertSubnetToL1: pFirst('convertSubnetToL1'),
          addValidator: pFirst('addPermissionlessValidator'),
          addDelegator: pFirst('addPermissionlessDelegator'),
          export: pFirst('export'),
          transfer: pFirst('base'),
        },
        firstBlock: { height: 1, id: id(p.chain.innerId(1)), containerId: id(p.chain.containerId(1)) },
      },
      c: {
        height: this.c.height,
        // Computed on first read: the atomic txs need the X-Chain's exports to the C-Chain.
        atomic: lazyFields({ evmAddress: `0x${bytesToHex(EWOQ_EVM_ADDRESS)}` }, this.cAtomicFixtures()),
      },
      index: {
        'X/tx': x.dagTxCount,
        'X/block': x.blockCount,
        'X/vtx': x.dag.indexCount,
        'P/block': p.height,
        'C/block': this.c.height,
      },
    }
  }
}

/**
 * `base` plus enumerable fields computed once, on first read: fixtures that need the whole DAG era hashed stay free
 * until a test reads them (a devnet with millions of DAG txs starts in a second).
 */
function lazyFields<B extends object, L extends Record<string, unknown>>(
  base: B,
  lazy: { [K in keyof L]: () => L[K] },
): B & L {
  for (const [key, compute] of Object.entries(lazy) as [string, () => unknown][]) {
    let value: unknown
    let done = false
    Object.defineProperty(base, key, {
      enumerable: true,
      get: () => {
        if (!done) {
          value = compute()
          done = true
        }
        return value
      },
    })
  }
  return base as B & L
}
