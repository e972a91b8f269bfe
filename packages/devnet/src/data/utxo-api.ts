import { bytesToHex } from '@avalanche-automation/core'
import { balancePart } from '../node/platform.js'
import { compareBytes } from '../world/bytes.js'
import type { Output } from '../world/components.js'
import { idString } from '../world/json-values.js'
import { utxoIdBytes } from '../world/utxo-table.js'
import type { World } from '../world/world.js'
import type { ApiCall, DataContext, RouteHandler } from './context.js'
import { badRequest, bool, num, type Params, str } from './http.js'
import { listPage } from './paging.js'
import { addressShortId, CHAIN_ID, type PrimaryChain, type ResolvedOutput } from './primary-network.js'
import { chainOf } from './primary-network-api.js'

/**
 * The Data API's Primary Network UTXOs and balances by address (`/v1/networks/{network}/blockchains/{blockchainId}/
 * utxos|balances`, data-api.openapi.json L3680 and L3579), and the chains and last activity of addresses: read from
 * the node's own UTXO sets (world.utxos, what avm.getUTXOs / platform.getUTXOs walk) and split by the node's balance
 * rules (node/platform.ts balancePart, `vms/platformvm/service.go` GetBalance), so they agree with the node side.
 */

/** One UTXO of a listing: the output, where and when it was made, and the tx that spent it (includeSpent). */
interface UtxoRow {
  resolved: ResolvedOutput
  /** The chain whose shared memory or state it is in. */
  on: PrimaryChain
  spent?: { id: Uint8Array; time: number; height: number }
}

/** The addresses of a request as 20-byte short IDs (hex), each once; a malformed one answers 400. */
function owners(params: Params): string[] {
  const list = (str(params, 'addresses') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
  if (list.length === 0) throw badRequest(['addresses must contain at least one address'])
  return [
    ...new Set(
      list.map((a) => {
        const id = addressShortId(a)
        if (id === undefined) throw badRequest([`Invalid address format: ${a}`])
        return id
      }),
    ),
  ]
}

const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

/**
 * The UTXOs of some owners on a chain, each once (a shared output has several owners): `source` 'local' is the
 * chain's own UTXO set, another chain the atomic UTXOs it exported there and nothing imported yet.
 */
function unspent(ctx: DataContext, chain: PrimaryChain, source: 'local' | PrimaryChain, hexes: string[]): UtxoRow[] {
  const { world, primary } = ctx
  const rows = new Map<string, UtxoRow>()
  for (const hex of hexes) {
    for (const u of utxoSources(world, chain, source, hex)) {
      const key = idString(utxoIdBytes(u.txId, u.outputIndex))
      if (rows.has(key)) continue
      const made = primary.resolve({ ...u, assetId: u.output.assetId, amount: u.output.amount })
      const cTx = source === 'c' ? world.cAtomic.txs.find((t) => compareBytes(t.id, u.txId) === 0) : undefined
      const resolved = cTx
        ? {
            output: u.output,
            txId: u.txId,
            outputIndex: u.outputIndex,
            chain: 'c' as const,
            time: cTx.time,
            height: cTx.height,
          }
        : { ...made, output: u.output }
      rows.set(key, { resolved, on: chain })
    }
  }
  return [...rows.values()]
}

/** The UTXO sources of one owner: world.utxos for X and P; the C-Chain's shared memory holds the X-Chain's exports. */
function utxoSources(world: World, chain: PrimaryChain, source: 'local' | PrimaryChain, hex: string) {
  if (chain !== 'c') {
    if (source === chain) return []
    const from = source === 'local' ? 'local' : (source.toUpperCase() as 'X' | 'P' | 'C')
    const table = world.utxos(chain.toUpperCase() as 'X' | 'P', from, bytesOf(hex))
    return Array.from({ length: table.count }, (_, k) => ({
      txId: table.txId(k),
      outputIndex: table.outputIndex(k),
      output: table.output(k),
    }))
  }
  if (source !== 'x') return []
  // X-Chain exports to the C-Chain that no C-Chain import consumed yet (world/c-atomic.ts imports them in order).
  const imported = new Set(
    world.cAtomic.txs.flatMap((t) => t.consumed.map((u) => idString(utxoIdBytes(u.txId, u.outputIndex)))),
  )
  return world.x
    .cExports(Number.POSITIVE_INFINITY)
    .filter(
      (u) =>
        !imported.has(idString(utxoIdBytes(u.txId, u.outputIndex))) &&
        u.output.addresses.some((a) => bytesToHex(a) === hex),
    )
}

/** The UTXOs the owners spent: the consumed outputs of every tx they took part in (the Data API's includeSpent). */
function spent(ctx: DataContext, chain: 'x' | 'p', hexes: string[]): UtxoRow[] {
  const { primary } = ctx
  const rows = new Map<string, UtxoRow>()
  for (const hex of hexes) {
    for (const i of primary.byOwner(chain, hex)) {
      const { consumed } = chain === 'x' ? primary.xUtxos(i) : primary.pUtxos(i)
      const id = chain === 'x' ? ctx.world.x.txId(i) : ctx.world.p.txId(i)
      const height = chain === 'p' ? ctx.world.p.txHeight(i) : 0
      for (const r of consumed) {
        if (r.chain !== chain || !r.output.addresses.some((a) => bytesToHex(a) === hex)) continue
        rows.set(idString(utxoIdBytes(r.txId, r.outputIndex)), {
          resolved: r,
          on: chain,
          spent: { id, time: primary.time(chain, i), height },
        })
      }
    }
  }
  return [...rows.values()]
}

/**
 * Where a UTXO stands in its chain's order of creation: (position of the creating tx + 1) * 2^16 + output index; the
 * genesis UTXOs (no tx in the chain's index) come first. Below 2^48 for any devnet (16M txs, 65,536 outputs a tx).
 */
function creationPlace(ctx: DataContext, r: ResolvedOutput): number {
  const { world } = ctx
  const position =
    r.chain === 'x'
      ? world.index('xTx').find(r.txId)
      : r.chain === 'p'
        ? world.index('pTx').find(r.txId)
        : world.cAtomic.txs.findIndex((t) => compareBytes(t.id, r.txId) === 0)
  return (position + 1) * 65_536 + r.outputIndex
}

function render(ctx: DataContext, row: UtxoRow): Record<string, unknown> {
  const consumedOn = CHAIN_ID[row.on]
  if (row.on === 'p') return ctx.primary.pChainUtxo(row.resolved, { consumedOn, consumer: row.spent })
  return ctx.primary.avmUtxo(row.resolved, consumedOn, row.spent)
}

/** The time balances are computed at: blockTimestamp, else the node's clock (what getBalance compares with). */
function balanceTime(call: ApiCall): bigint {
  const at = num(call.params, 'blockTimestamp')
  if (at !== undefined && at < 0) throw badRequest(['blockTimestamp must not be less than 0'])
  return BigInt(at ?? Math.floor(call.ctx.now() / 1000))
}

/** AggregatedAssetAmount per asset (components.schemas.AggregatedAssetAmount), or a shared form with its chain. */
function aggregate(ctx: DataContext, outputs: Output[], extra: Record<string, unknown> = {}) {
  const totals = new Map<string, { id: Uint8Array; amount: bigint; count: number }>()
  for (const o of outputs) {
    if (o.typeId !== 7) continue
    const key = idString(o.assetId)
    const entry = totals.get(key) ?? { id: o.assetId, amount: 0n, count: 0 }
    entry.amount += o.amount
    entry.count++
    totals.set(key, entry)
  }
  return [...totals.values()].map((t) => ({
    ...ctx.primary.assetAmount(t.id, t.amount),
    utxoCount: t.count,
    ...extra,
  }))
}

/** Atomic UTXOs waiting in `chain`'s shared memory, per source chain, split by locktime. */
function atomicMemory(
  ctx: DataContext,
  chain: PrimaryChain,
  hexes: string[],
  at: bigint,
  extra: Record<string, unknown>,
) {
  const unlocked: Record<string, unknown>[] = []
  const locked: Record<string, unknown>[] = []
  for (const source of ['x', 'p', 'c'] as const) {
    const outputs = unspent(ctx, chain, source, hexes).map((r) => r.resolved.output)
    const shared = { sharedWithChainId: CHAIN_ID[source], ...extra }
    unlocked.push(
      ...aggregate(
        ctx,
        outputs.filter((o) => o.locktime <= at),
        shared,
      ),
    )
    locked.push(
      ...aggregate(
        ctx,
        outputs.filter((o) => o.locktime > at),
        shared,
      ),
    )
  }
  return { atomicMemoryUnlocked: unlocked, atomicMemoryLocked: locked }
}

/**
 * Stake outputs of the current stakers the owners hold (the staking txs' `stake`, returned when the staking ends):
 * pending before the start, else locked while a stakeable lock holds (`vms/platformvm/service.go` GetStake).
 */
function staked(ctx: DataContext, hexes: string[], at: bigint) {
  const { p } = ctx.world
  const parts = { unlockedStaked: [] as Output[], lockedStaked: [] as Output[], pendingStaked: [] as Output[] }
  for (const staker of [...p.primaryValidators, ...p.delegators]) {
    const j = ctx.world.index('pTx').find(staker.txId)
    const tx = j >= 0 ? p.tx(j).tx : p.genesisTxs.find((g) => compareBytes(g.id, staker.txId) === 0)?.tx
    if (!tx || !('stake' in tx) || BigInt(staker.end) <= at) continue
    for (const out of tx.stake) {
      if (!out.addresses.some((a) => hexes.includes(bytesToHex(a)))) continue
      if (BigInt(staker.start) > at) parts.pendingStaked.push(out)
      else if (out.stakeableLocktime !== undefined && out.stakeableLocktime > at) parts.lockedStaked.push(out)
      else parts.unlockedStaked.push(out)
    }
  }
  return parts
}

function chainInfo(chain: PrimaryChain, params: Params) {
  return { chainName: `${chain}-chain`, network: str(params, 'network') as string }
}

/** Every tx position an owner took part in on a chain (the listing's address postings). */
function activity(ctx: DataContext, chain: PrimaryChain, hex: string): Int32Array {
  return ctx.primary.byOwner(chain, hex)
}

export const utxoHandlers: Record<string, RouteHandler> = {
  getUtxosByAddresses: (call) => {
    const { params, ctx } = call
    const chain = chainOf(params)
    const hexes = owners(params)
    const assetId = str(params, 'assetId')
    const minAmount = num(params, 'minUtxoAmount')
    const includeSpent = bool(params, 'includeSpent') === true
    let rows = unspent(ctx, chain, 'local', hexes)
    if (includeSpent && chain !== 'c') rows = [...rows, ...spent(ctx, chain, hexes)]
    rows = rows.filter(
      (r) =>
        // "Asset ID for any asset (only applicable X-Chain)" (the assetId parameter's description).
        (assetId === undefined || chain !== 'x' || idString(r.resolved.output.assetId) === assetId) &&
        (minAmount === undefined || r.resolved.output.amount >= BigInt(Math.ceil(minAmount))),
    )
    // sortBy timestamp (creation) or amount, newest or largest first unless sortOrder is asc. By creation, a UTXO's
    // place is its creating tx's position on the chain, then its output index (the chain's order, which creation
    // times follow): a page token keeps its place as a live chain creates and spends UTXOs. By amount, the UTXO ID
    // breaks ties and positions are indexes.
    const byAmount = str(params, 'sortBy') === 'amount'
    const descending = (str(params, 'sortOrder') ?? 'desc') === 'desc'
    let keyed: { position: (r: UtxoRow) => number; descending: boolean } | undefined
    if (byAmount) {
      const id = (r: UtxoRow) => idString(utxoIdBytes(r.resolved.txId, r.resolved.outputIndex))
      const amount = (r: UtxoRow) => r.resolved.output.amount
      rows.sort((a, b) => (amount(a) < amount(b) ? -1 : amount(a) > amount(b) ? 1 : id(a) < id(b) ? -1 : 1))
    } else {
      const places = new Map(rows.map((r) => [r, creationPlace(ctx, r.resolved)]))
      const position = (r: UtxoRow) => places.get(r) as number
      rows.sort((a, b) => position(a) - position(b))
      keyed = { position, descending }
    }
    if (descending) rows.reverse()
    const { items, ...next } = listPage(call, rows, { ...params }, 10, keyed)
    return { ...next, utxos: items.map((r) => render(ctx, r)), chainInfo: chainInfo(chain, params) }
  },

  getBalancesByAddresses: (call) => {
    const { params, ctx } = call
    const chain = chainOf(params)
    const hexes = owners(params)
    const at = balanceTime(call)
    const local = unspent(ctx, chain, 'local', hexes).map((r) => r.resolved.output)
    let balances: Record<string, unknown>
    if (chain === 'p') {
      // platform.getBalance's three parts (node/platform.ts balancePart): unlocked, lockedStakeable, lockedNotStakeable.
      const part = (name: ReturnType<typeof balancePart>) => local.filter((o) => balancePart(o, at) === name)
      const stake = staked(ctx, hexes, at)
      balances = {
        unlockedUnstaked: aggregate(ctx, part('unlocked')),
        unlockedStaked: aggregate(ctx, stake.unlockedStaked),
        lockedPlatform: aggregate(ctx, part('lockedNotStakeable')),
        lockedStakeable: aggregate(ctx, part('lockedStakeable')),
        lockedStaked: aggregate(ctx, stake.lockedStaked),
        pendingStaked: aggregate(ctx, stake.pendingStaked),
        // PChainSharedAsset requires a status: these wait in shared memory for an import.
        ...atomicMemory(ctx, 'p', hexes, at, { status: 'pendingImport' }),
      }
    } else if (chain === 'x') {
      // avm.getBalance with includePartial counts every transfer output an address owns; locked until its locktime.
      balances = {
        locked: aggregate(
          ctx,
          local.filter((o) => o.locktime > at),
        ),
        unlocked: aggregate(
          ctx,
          local.filter((o) => o.locktime <= at),
        ),
        ...atomicMemory(ctx, 'x', hexes, at, {}),
      }
    } else {
      // "C-Chain balances returned are only the shared atomic memory balance" (the operation's description).
      balances = atomicMemory(ctx, 'c', hexes, at, {})
    }
    return { balances, chainInfo: chainInfo(chain, params) }
  },

  getChainIdsForAddresses: ({ ctx, params }) => {
    const list = (str(params, 'addresses') ?? '').split(',').map((a) => a.trim())
    return {
      addresses: list.map((address) => {
        const hex = addressShortId(address)
        if (hex === undefined) throw badRequest([`Invalid address format: ${address}`])
        // "If an address has had any on-chain interaction for a chain, that chain's chain id will be returned."
        const chains = (['p', 'x', 'c'] as const).filter(
          (c) => activity(ctx, c, hex).length > 0 || unspent(ctx, c, 'local', [hex]).length > 0,
        )
        return { address, blockchainIds: chains.map((c) => CHAIN_ID[c]) }
      }),
    }
  },

  getLastActivityTimestampByAddresses: ({ ctx, params }) => {
    const chain = chainOf(params)
    const hexes = owners(params)
    // The latest tx any of the addresses took part in, and the UTXO of theirs it consumed (else created).
    let last: { i: number; time: number; hex: string } | undefined
    for (const hex of hexes) {
      const positions = activity(ctx, chain, hex)
      const i = positions[positions.length - 1]
      if (i === undefined) continue
      const time = ctx.primary.time(chain, i)
      if (!last || time > last.time || (time === last.time && i > last.i)) last = { i, time, hex }
    }
    const network = str(params, 'network') === 'mainnet' ? 'mainnet' : 'fuji'
    const chainName = `${chain}-chain`
    if (!last) return { timestamp: 0, blockNumber: '0', txHash: '', utxoId: '', isConsumed: false, chainName, network }
    const { consumed, emitted, txId, blockNumber } = txOf(ctx, chain, last.i)
    const owned = (r: ResolvedOutput) => r.output.addresses.some((a) => bytesToHex(a) === last?.hex)
    const used = consumed.find(owned)
    const made = used ?? emitted.find(owned) ?? emitted[0]
    return {
      timestamp: last.time,
      blockNumber: String(blockNumber),
      txHash: idString(txId),
      utxoId: made ? idString(utxoIdBytes(made.txId, made.outputIndex)) : '',
      isConsumed: used !== undefined,
      chainName,
      network,
    }
  },

  getUtxosByAddressesV2: (call) => withBodyAddresses(call, utxoHandlers.getUtxosByAddresses as RouteHandler),
  getLastActivityTimestampByAddressesV2: (call) =>
    withBodyAddresses(call, utxoHandlers.getLastActivityTimestampByAddresses as RouteHandler),
}

/**
 * The V2 POST forms (data-api.openapi.json getUtxosByAddressesV2 line 2651, getLastActivityTimestampByAddressesV2
 * line 3031): the same reads with the addresses in a JSON body, PrimaryNetworkAddressesBodyDto {addresses: string,
 * comma-separated, required}; "increased page size and address limit" (pageSize up to 1024, checked by the table).
 */
function withBodyAddresses(call: ApiCall, read: RouteHandler): unknown {
  const body = call.body as { addresses?: unknown } | undefined
  if (typeof body !== 'object' || body === null || typeof body.addresses !== 'string') {
    throw badRequest(['addresses must be a string: comma-separated Primary Network addresses, in the JSON body'])
  }
  return read({ ...call, params: { ...call.params, addresses: body.addresses } })
}

/** A tx of a chain by position: its UTXOs, ID and block height (X: its linear block, or its DAG-era vertex). */
function txOf(ctx: DataContext, chain: PrimaryChain, i: number) {
  const { world, primary } = ctx
  if (chain === 'p') return { ...primary.pUtxos(i), txId: world.p.txId(i), blockNumber: world.p.txHeight(i) }
  if (chain === 'c') {
    const tx = world.cAtomic.txs[i] as (typeof world.cAtomic.txs)[number]
    return { ...primary.cUtxos(i), txId: tx.id, blockNumber: tx.height }
  }
  const blockNumber = world.x.isDagTx(i) ? world.x.dag.vertexOf(i) : world.x.blockOf(i) + 1
  return { ...primary.xUtxos(i), txId: world.x.txId(i), blockNumber }
}
