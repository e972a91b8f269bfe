import { formatAmount } from '@avalanche-automation/core'
import * as z from 'zod/mini'

/** A duration: seconds as a number, or a string like "500ms", "30s", "5m", "1h". Parsed to milliseconds. */
export const duration = z.pipe(
  z.union([z.number(), z.string()], { error: 'expected a duration like "30s", "500ms", "5m" or a number of seconds' }),
  z.transform((value, ctx) => {
    const match =
      typeof value === 'number' ? ['', String(value), 's'] : /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value)
    const ms = match
      ? Number(match[1] ?? Number.NaN) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? Number.NaN)
      : Number.NaN
    if (!(ms >= 0 && ms <= 3_600_000)) {
      ctx.issues.push({
        code: 'custom',
        message: `expected a duration from 0 to 1h like "30s" or "500ms" (got ${JSON.stringify(value)})`,
        input: value,
      })
      return z.NEVER
    }
    return Math.round(ms)
  }),
)

const AMOUNT = 'expected an amount like 25, "12.5", "12.5 AVAX" or "5000 nAVAX"'

/**
 * An amount as people write it: `25`, `"12.5"`, `"12.5 AVAX"`, or in the smallest unit with its name (`"5000 nAVAX"`,
 * `"1 wei"`, `"100 raw"`). Kept as text here; `parseThreshold` converts it once the asset's denomination is known.
 */
export const amount = z.pipe(
  z.union(
    [
      z.number().check(z.nonnegative({ error: AMOUNT })),
      z.string().check(z.regex(/^\s*\d+(\.\d+)?(\s+\S+)?\s*$/, { error: AMOUNT })),
    ],
    {
      error: AMOUNT,
    },
  ),
  z.transform(String),
)

export interface Unit {
  symbol: string
  denomination: number
}

const RAW_UNITS = ['raw', 'nAVAX', 'wei']

/** Converts an `amount` to the asset's smallest unit; a unit other than the asset's symbol or a raw unit is an error. */
export function parseThreshold(text: string, unit: Unit): bigint {
  const [number = '', name] = text.trim().split(/\s+/)
  if (name && RAW_UNITS.includes(name)) {
    if (!/^\d+$/.test(number)) throw new Error(`"${text}": an amount in ${name} must be a whole number`)
    return BigInt(number)
  }
  if (name && name.toLowerCase() !== unit.symbol.toLowerCase()) {
    throw new Error(`"${text}": this asset is ${unit.symbol} (write "${number} ${unit.symbol}" or "<n> raw")`)
  }
  const [whole = '0', fraction = ''] = number.split('.')
  if (fraction.length > unit.denomination) {
    throw new Error(`"${text}" has ${fraction.length} decimals; ${unit.symbol} has ${unit.denomination}`)
  }
  return BigInt(whole + fraction.padEnd(unit.denomination, '0'))
}

/** `12,345.6789 AVAX`: grouped whole part, at most 4 decimals shown (exact value in the JSON report's `amounts`). */
export function showAmount(raw: bigint, unit: Unit): string {
  const [whole = '0', fraction = ''] = formatAmount(raw, unit.denomination).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const shown = fraction.slice(0, 4)
  return `${grouped}${shown ? `.${shown}` : ''}${fraction.length > 4 ? '…' : ''} ${unit.symbol}`.trim()
}

/**
 * An amount a check observed, for the JSON report: exact (`amount`, a decimal string in the asset's smallest unit,
 * e.g. nAVAX) beside the rounded text the tables show (`shown`).
 */
export interface ObservedAmount {
  amount: string
  symbol: string
  denomination: number
  shown: string
}

export function observedAmount(raw: bigint, unit: Unit): ObservedAmount {
  return { amount: raw.toString(), symbol: unit.symbol, denomination: unit.denomination, shown: showAmount(raw, unit) }
}

export const showMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`)

export const AVAX: Unit = { symbol: 'AVAX', denomination: 9 }
