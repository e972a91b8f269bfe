import { z } from 'zod'
import { amount, parseThreshold, showAmount, type Unit } from '../units.js'
import { defineCheck } from './types.js'

export const balance = defineCheck({
  kind: 'balance',
  family: 'Balances',
  summary:
    'The balance of an X address (UTXO walk, any asset), a P address (UTXO walk) or an EVM address (Data API: native or an ERC-20 token) is within [min, max].',
  fields: z
    .strictObject({
      chain: z.enum(['X', 'P', 'evm'], { error: 'expected X, P or evm' }),
      address: z.string().min(1),
      asset: z.string().min(1).optional(),
      chainId: z.string().regex(/^\d+$/, { error: 'expected an EVM chain ID like "43114"' }).optional(),
      token: z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected an ERC-20 contract address (0x + 40 hex digits)' })
        .optional(),
      min: amount.optional(),
      max: amount.optional(),
    })
    .refine((s) => s.min !== undefined || s.max !== undefined, { error: 'set min, max or both' })
    .refine((s) => s.chain !== 'evm' || s.chainId !== undefined, {
      error: 'chain evm needs chainId (e.g. "43114")',
      path: ['chainId'],
    })
    .refine((s) => s.chain === 'X' || s.asset === undefined, {
      error: 'asset applies to chain X only (use token on evm)',
      path: ['asset'],
    })
    .refine((s) => s.chain === 'evm' || s.token === undefined, {
      error: 'token applies to chain evm only',
      path: ['token'],
    }),
  expected: (spec) => [spec.min && `≥ ${spec.min}`, spec.max && `≤ ${spec.max}`].filter(Boolean).join(' and '),
  async run(spec, { client, call }) {
    let raw = 0n
    let unit: Unit
    if (spec.chain === 'evm') {
      const page = await client.data.listErc20Balances(
        {
          chainId: spec.chainId as string,
          address: spec.address,
          ...(spec.token ? { contractAddresses: [spec.token] } : {}),
        },
        call,
      )
      if (spec.token) {
        const token = page.erc20TokenBalances.find((t) => t.address.toLowerCase() === spec.token?.toLowerCase())
        unit = { symbol: token?.symbol ?? 'tokens', denomination: token?.decimals ?? 0 }
        raw = BigInt(token?.balance ?? 0)
      } else {
        const native = page.nativeTokenBalance
        unit = { symbol: native.symbol, denomination: native.decimals }
        raw = BigInt(native.balance)
      }
    } else {
      const asset = await client.avm.getAssetDescription({ assetID: spec.asset ?? 'AVAX' }, call)
      unit = { symbol: asset.symbol, denomination: asset.denomination }
      const walk =
        spec.chain === 'X'
          ? client.avm.getUTXOs.items({ addresses: [spec.address] }, call)
          : client.platform.getUTXOs.items({ addresses: [spec.address] }, call)
      for await (const utxo of walk) if (utxo.assetId === asset.assetID) raw += utxo.amount ?? 0n
    }
    const min = spec.min === undefined ? undefined : parseThreshold(spec.min, unit)
    const max = spec.max === undefined ? undefined : parseThreshold(spec.max, unit)
    return {
      ok: (min === undefined || raw >= min) && (max === undefined || raw <= max),
      observed: showAmount(raw, unit),
    }
  },
})
