import type { PChain } from './pchain.js'

const MAX_U64 = 2n ** 64n - 1n

/**
 * The L1 validator fee of a local network (`genesis/genesis_local.go` LocalParams.ValidatorFeeConfig, the default of
 * the `validator-fees-*` flags, `config/flags.go` L113-116): capacity and target in validators, minPrice in nAVAX per
 * validator per second, the excess constant doubling the price every minute of excess.
 */
export const L1_VALIDATOR_FEE_CONFIG = {
  capacity: 20_000n,
  target: 10_000n,
  minPrice: 1n,
  excessConversionConstant: 865_617n,
} as const

/**
 * `gas.CalculatePrice` (`vms/components/gas/gas.go`): the EIP-4844 fake exponential
 * minPrice * e^(excess / excessConversionConstant), capped at MaxUint64. bigint holds every intermediate exactly (Go
 * uses uint256 and the same early cap).
 */
export function calculatePrice(minPrice: bigint, excess: bigint, excessConversionConstant: bigint): bigint {
  const maxOutput = excessConversionConstant * MAX_U64
  let output = 0n
  let accum = minPrice * excessConversionConstant
  for (let i = 1n; accum > 0n; i++) {
    output += accum
    if (output >= maxOutput) return MAX_U64
    accum = (accum * excess) / excessConversionConstant / i
  }
  return output / excessConversionConstant
}

/**
 * The L1 validator excess at the P-Chain's time. It starts at 0, and each second `fee.State.AdvanceTime`
 * (`vms/platformvm/validators/fee/fee.go`) adds (active - target) when more L1 validators than the target are
 * active, or removes (target - active) down to 0 (`state/chain_time_helpers.go`: Current = NumActiveL1Validators).
 * The devnet's L1 validators all became active at the conversion and none left, so the count is constant since then.
 */
export function l1ValidatorExcess(p: PChain): bigint {
  const active = BigInt(p.l1Validators.length)
  const since = p.l1Validators[0]?.startTime
  if (since === undefined || active <= L1_VALIDATOR_FEE_CONFIG.target) return 0n
  const excess = (active - L1_VALIDATOR_FEE_CONFIG.target) * BigInt(p.now - since)
  return excess > MAX_U64 ? MAX_U64 : excess
}
