import { type AvalancheClient, PChainBalances, XChainBalances } from '@avalanche-automation/core'
import * as z from 'zod/mini'
import { amount, observedAmount, parseThreshold, showAmount, type Unit } from '../units.js'
import { betterOf, type CheckContext, defineCheck, type Outcome } from './types.js'

/**
 * The figures a balance can be compared by, as the node counts them (`reference/node-rpc.md` 0.2): X as avm.getBalance
 * (`spendable`: held by the address alone, locktime passed; `total`: includePartial, every UTXO it owns or co-owns),
 * P as platform.getBalance (`unlocked`, `lockedStakeable`, `lockedNotStakeable`, and `total` = their sum).
 */
const FIGURES = {
  X: ['total', 'spendable'],
  P: ['total', 'unlocked', 'lockedStakeable', 'lockedNotStakeable'],
} as const
type Figure = (typeof FIGURES)['X' | 'P'][number]
const LABEL: Record<Figure, string> = {
  total: 'total',
  spendable: 'spendable alone',
  unlocked: 'unlocked',
  lockedStakeable: 'locked stakeable',
  lockedNotStakeable: 'locked not stakeable',
}

export const balance = defineCheck({
  kind: 'balance',
  family: 'Balances',
  summary:
    "The balance of an X address (any asset) or a P address, summed from its UTXOs by the node's rules and compared by `figure` (X: total or spendable alone; P: total, unlocked, lockedStakeable or lockedNotStakeable; default total), or of an EVM address (Data API: native or an ERC-20 token), is within [min, max].",
  fields: () =>
    z
      .strictObject({
        chain: z.enum(['X', 'P', 'evm'], { error: 'expected X, P or evm' }),
        address: z.string().check(z.minLength(1)),
        asset: z.optional(z.string().check(z.minLength(1))),
        chainId: z.optional(z.string().check(z.regex(/^\d+$/, { error: 'expected an EVM chain ID like "43114"' }))),
        token: z.optional(
          z
            .string()
            .check(
              z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected an ERC-20 contract address (0x + 40 hex digits)' }),
            ),
        ),
        figure: z.optional(
          z.enum(['total', 'spendable', 'unlocked', 'lockedStakeable', 'lockedNotStakeable'], {
            error: 'expected total, spendable (X), unlocked, lockedStakeable or lockedNotStakeable (P)',
          }),
        ),
        min: z.optional(amount),
        max: z.optional(amount),
      })
      .check(
        z.refine((s) => s.min !== undefined || s.max !== undefined, { error: 'set min, max or both' }),
        z.refine((s) => s.chain !== 'evm' || s.chainId !== undefined, {
          error: 'chain evm needs chainId (e.g. "43114")',
          path: ['chainId'],
        }),
        z.refine((s) => s.chain === 'X' || s.asset === undefined, {
          error: 'asset applies to chain X only (use token on evm)',
          path: ['asset'],
        }),
        z.refine((s) => s.chain === 'evm' || s.token === undefined, {
          error: 'token applies to chain evm only',
          path: ['token'],
        }),
        z.refine((s) => s.figure === undefined || (s.chain !== 'evm' && FIGURES[s.chain].some((f) => f === s.figure)), {
          error:
            'figure on X is total or spendable; on P total, unlocked, lockedStakeable or lockedNotStakeable; none on evm',
          path: ['figure'],
        }),
      ),
  expected: (spec) => {
    const bounds = [spec.min && `≥ ${spec.min}`, spec.max && `≤ ${spec.max}`].filter(Boolean).join(' and ')
    return spec.chain === 'evm' ? bounds : `${LABEL[spec.figure ?? 'total']} ${bounds}`
  },
  async run(spec, { client, call }) {
    if (spec.chain === 'evm') {
      const { raw, unit } = await evmBalance(client, spec, call)
      return compare(raw, unit, spec, `${showAmount(raw, unit)}`, { balance: observedAmount(raw, unit) })
    }
    const asset = await client.avm.getAssetDescription({ assetID: spec.asset ?? 'AVAX' }, call)
    const unit = { symbol: asset.symbol, denomination: asset.denomination }
    // The node compares locktimes with its own clock (`vm.clock`): an output unlocking within seconds of this check
    // may land on either side.
    const now = Math.floor(Date.now() / 1000)
    let figures: Partial<Record<Figure, bigint>>
    if (spec.chain === 'X') {
      const sums = new XChainBalances(now)
      for await (const utxo of client.avm.getUTXOs.items({ addresses: [spec.address] }, call)) sums.add(utxo)
      figures = sums.of(asset.assetID)
    } else {
      const sums = new PChainBalances(now)
      for await (const utxo of client.platform.getUTXOs.items({ addresses: [spec.address] }, call)) sums.add(utxo)
      figures = sums.of(asset.assetID)
    }
    const figure = spec.figure ?? 'total'
    const shown = (f: Figure) => `${LABEL[f]} ${showAmount(figures[f] ?? 0n, unit)}`
    const others = FIGURES[spec.chain].filter((f) => f !== figure)
    const amounts = Object.fromEntries(FIGURES[spec.chain].map((f) => [f, observedAmount(figures[f] ?? 0n, unit)]))
    return compare(figures[figure] ?? 0n, unit, spec, `${shown(figure)} (${others.map(shown).join(', ')})`, amounts)
  },
})

function compare(
  raw: bigint,
  unit: Unit,
  spec: { min?: string | undefined; max?: string | undefined },
  observed: string,
  amounts: Outcome['amounts'],
): Outcome {
  const min = spec.min === undefined ? undefined : parseThreshold(spec.min, unit)
  const max = spec.max === undefined ? undefined : parseThreshold(spec.max, unit)
  return {
    ok: (min === undefined || raw >= min) && (max === undefined || raw <= max),
    observed,
    amounts,
    value: Number(raw) / 10 ** unit.denomination,
    better: betterOf(spec),
  }
}

/** Data API: the native balance (balances:getNative), or one ERC-20 token's (balances:listErc20). */
async function evmBalance(
  client: AvalancheClient,
  spec: { chainId?: string | undefined; address: string; token?: string | undefined },
  call: CheckContext['call'],
): Promise<{ raw: bigint; unit: Unit }> {
  const chainId = spec.chainId as string
  if (spec.token) {
    const page = await client.data.listErc20Balances(
      { chainId, address: spec.address, contractAddresses: [spec.token] },
      call,
    )
    const token = (page.erc20TokenBalances ?? []).find((t) => t.address.toLowerCase() === spec.token?.toLowerCase())
    return {
      raw: BigInt(token?.balance ?? 0),
      unit: { symbol: token?.symbol ?? 'tokens', denomination: token?.decimals ?? 0 },
    }
  }
  const native = (await client.data.getNativeBalance({ chainId, address: spec.address }, call)).nativeTokenBalance
  if (native?.balance === undefined) {
    throw new Error(`the Data API answered without nativeTokenBalance.balance for ${spec.address}`)
  }
  // EVM native currencies have 18 decimals; the Data API says so when it sends the field.
  return {
    raw: BigInt(native.balance),
    unit: { symbol: native.symbol ?? 'native', denomination: native.decimals ?? 18 },
  }
}
