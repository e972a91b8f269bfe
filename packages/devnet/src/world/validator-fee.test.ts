import { describe, expect, test } from 'vitest'
import { calculatePrice } from './validator-fee.js'

const MAX_U64 = 2n ** 64n - 1n

describe('calculatePrice', () => {
  // `calculatePriceTests` of `vms/components/gas/gas_test.go`: [minPrice, excess, excessConversionConstant, expected].
  test.each([
    [1n, 0n, 1n, 1n],
    [1n, 1n, 1n, 2n],
    [1n, 2n, 1n, 6n],
    [1n, 10_000n, 10_000n, 2n],
    [1n, 1_000_000n, 10_000n, MAX_U64],
    [10n, 10_000_000n, 1_000_000n, 220_264n],
    [MAX_U64, MAX_U64, 1n, MAX_U64],
    [2n ** 32n - 1n, 1n, 1n, 11_674_931_546n],
    [6_786_177_901_268_885_274n, 1n, 1n, MAX_U64 - 11n],
    [6_786_177_901_268_885_274n, MAX_U64, MAX_U64, MAX_U64 - 1n],
  ])('minPrice %s, excess %s, constant %s → %s', (minPrice, excess, constant, expected) => {
    expect(calculatePrice(minPrice, excess, constant)).toBe(expected)
  })
})
