import { InvalidEncodingError } from '../errors.js'

/**
 * Formats a raw integer amount with `denomination` digits after the decimal point (AVAX has 9: 1 AVAX = 10^9 nAVAX).
 * Trailing zeros of the fraction are dropped: formatAmount(1_500_000_000n, 9) === '1.5'.
 */
export function formatAmount(raw: bigint, denomination: number): string {
  assertDenomination(denomination)
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(denomination + 1, '0')
  const whole = digits.slice(0, digits.length - denomination)
  const fraction = digits.slice(digits.length - denomination).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The inverse of formatAmount: parseAmount('1.5', 9) === 1_500_000_000n. Rejects more decimals than the denomination. */
export function parseAmount(text: string, denomination: number): bigint {
  assertDenomination(denomination)
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match || (match[2] === '' && !match[3])) {
    throw new InvalidEncodingError(`"${text}" is not a decimal amount like "12.5"`)
  }
  const [, sign, whole = '', fraction = ''] = match
  if (fraction.length > denomination) {
    throw new InvalidEncodingError(`"${text}" has ${fraction.length} decimals; this asset has at most ${denomination}`)
  }
  const raw = BigInt((whole || '0') + fraction.padEnd(denomination, '0'))
  return sign ? -raw : raw
}

function assertDenomination(denomination: number): void {
  if (!Number.isInteger(denomination) || denomination < 0 || denomination > 32) {
    throw new InvalidEncodingError(`denomination must be an integer from 0 to 32, got ${denomination}`)
  }
}
