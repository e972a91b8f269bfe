import { describe, expect, test } from 'vitest'
import { isSpendableAlone, PChainBalances, pChainBalanceKind, XChainBalances } from './balances.js'
import { cb58Encode } from './cb58.js'
import { CodecWriter } from './codec.js'
import { hexToBytes } from './hex.js'
import { type DecodedUtxo, decodeUtxo } from './utxo.js'

// Output bytes of TestBaseTxSerialization (avalanchego vms/platformvm/txs/base_tx_test.go): the complex BaseTx's two
// stakeable.LockOut outputs (type 0x16 = 22) around secp256k1fx transfer outputs (type 7), asset ID first.
const AVAX_MAINNET = '21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff'
const CUSTOM_ASSET = '9977557711335531'.repeat(4)
// Per output: asset ID, 00000016, stake locktime, 00000007, amount, locktime, threshold, owner count, owners.
const GO_OUTPUT_0 = `${AVAX_MAINNET}00000016${'0000000005397fb1'}00000007${'0000000000000001'}${'0000000000bc614e'}0000000000000000`
const GO_OUTPUT_1 = `${CUSTOM_ASSET}00000016${'00000000343efcea'}00000007${'ff'.repeat(8)}${'00'.repeat(8)}0000000100000001${'445566778899aabb'.repeat(2)}44556677`
const TX_ID = 'ffeeddccbbaa9988'.repeat(4)

/** A UTXO as getUTXOs returns it: codec version 0, txID, output index, then the transferable output. */
const utxoBytes = (outputIndex: number, output: string) =>
  hexToBytes(`0000${TX_ID}${outputIndex.toString(16).padStart(8, '0')}${output}`)

describe('decodeUtxo: stake-locked outputs (P-Chain type 22)', () => {
  test('reads the stake locktime, then the wrapped transfer output: amount, owners, threshold, locktime', () => {
    const utxo = decodeUtxo(utxoBytes(1, GO_OUTPUT_1))
    expect(utxo).toMatchObject({
      txId: cb58Encode(hexToBytes(TX_ID)),
      outputIndex: 1,
      assetId: cb58Encode(hexToBytes(CUSTOM_ASSET)),
      typeId: 22,
      innerTypeId: 7,
      stakeableLocktime: 876543210n,
      amount: 0xffffffffffffffffn,
      locktime: 0n,
      threshold: 1,
      owners: ['445566778899aabb445566778899aabb44556677'],
    })
    const other = decodeUtxo(utxoBytes(0, GO_OUTPUT_0))
    expect(other).toMatchObject({ stakeableLocktime: 87654321n, amount: 1n, locktime: 12345678n, owners: [] })
  })

  test('a type it does not read stays explicit: IDs and typeId only, no amount or owners', () => {
    const unknown = decodeUtxo(utxoBytes(2, `${AVAX_MAINNET}0000000b00`))
    expect(unknown.typeId).toBe(11)
    expect(unknown).not.toHaveProperty('amount')
    expect(unknown).not.toHaveProperty('owners')
    const lockedOther = decodeUtxo(utxoBytes(3, `${AVAX_MAINNET}00000016${'00'.repeat(7)}0100000006`))
    expect(lockedOther).toMatchObject({ typeId: 22, innerTypeId: 6, stakeableLocktime: 1n })
    expect(lockedOther).not.toHaveProperty('amount')
  })
})

const NOW = 1_800_000_000n
const ALICE = 'aa'.repeat(20)
const BOB = 'bb'.repeat(20)

function utxo(fields: {
  typeId?: number
  stake?: bigint
  locktime?: bigint
  owners?: readonly string[]
  threshold?: number
  amount?: bigint
  asset?: string
}): DecodedUtxo {
  const w = new CodecWriter()
    .u16(0)
    .bytes(hexToBytes(TX_ID))
    .u32(0)
    .bytes(hexToBytes(fields.asset ?? AVAX_MAINNET))
  if (fields.stake !== undefined) w.u32(22).u64(fields.stake)
  w.u32(fields.typeId ?? 7)
    .u64(fields.amount ?? 100n)
    .u64(fields.locktime ?? 0n)
    .u32(fields.threshold ?? 1)
    .array(fields.owners ?? [ALICE], (x, o) => x.bytes(hexToBytes(o)))
  return decodeUtxo(w.toBytes())
}

describe("platform.getBalance's split (vms/platformvm/service.go GetBalance)", () => {
  test.each([
    ['transfer output, no locktime', {}, 'unlocked'],
    ['transfer output, locktime = now (≤ counts as passed)', { locktime: NOW }, 'unlocked'],
    ['transfer output, locktime in the future', { locktime: NOW + 1n }, 'lockedNotStakeable'],
    ['stake-locked, stake locktime in the future', { stake: NOW + 1n }, 'lockedStakeable'],
    ['stake-locked, stake locktime passed', { stake: NOW }, 'unlocked'],
    ['stake-locked, inner locktime in the future', { stake: NOW + 1n, locktime: NOW + 1n }, 'lockedNotStakeable'],
    [
      'stake-locked passed, inner locktime in the future',
      { stake: NOW - 1n, locktime: NOW + 5n },
      'lockedNotStakeable',
    ],
    ['2-of-2 multisig: threshold and owner count play no part', { owners: [ALICE, BOB], threshold: 2 }, 'unlocked'],
  ] as const)('%s → %s', (_name, fields, kind) => {
    expect(pChainBalanceKind(utxo(fields), NOW)).toBe(kind)
  })

  test('outputs the node skips (not a transfer output) count nowhere', () => {
    const mint = decodeUtxo(utxoBytes(0, `${AVAX_MAINNET}00000006`))
    expect(pChainBalanceKind(mint, NOW)).toBeUndefined()
  })

  test('sums per asset; total is the three added; number and bigint clocks agree', () => {
    const other = CUSTOM_ASSET
    const utxos = [
      utxo({ amount: 1n }),
      utxo({ amount: 20n, stake: NOW + 10n }),
      utxo({ amount: 300n, locktime: NOW + 10n }),
      utxo({ amount: 4000n, stake: NOW + 10n, locktime: NOW + 10n }),
      utxo({ amount: 50_000n, asset: other }),
    ]
    for (const now of [NOW, Number(NOW) + 0.5]) {
      const sums = new PChainBalances(now)
      for (const u of utxos) sums.add(u)
      expect(sums.of(utxos[0]?.assetId as string)).toEqual({
        unlocked: 1n,
        lockedStakeable: 20n,
        lockedNotStakeable: 4300n,
        total: 4321n,
      })
      expect(sums.of(utxos[4]?.assetId as string).total).toBe(50_000n)
      expect(sums.of('unknown')).toEqual({ unlocked: 0n, lockedStakeable: 0n, lockedNotStakeable: 0n, total: 0n })
    }
  })
})

describe('avm.getBalance without includePartial (vms/avm/service.go GetBalance)', () => {
  test.each([
    ['one owner, no locktime', {}, true],
    ['one owner, locktime = now', { locktime: NOW }, true],
    ['one owner, locktime in the future', { locktime: NOW + 1n }, false],
    ['two owners, threshold 1 (shared with another address)', { owners: [ALICE, BOB], threshold: 1 }, false],
    ['two owners, threshold 2', { owners: [ALICE, BOB], threshold: 2 }, false],
    ['a stake-locked output is no *secp256k1fx.TransferOutput', { stake: 1n }, false],
  ] as const)('%s → %s', (_name, fields, counts) => {
    expect(isSpendableAlone(utxo(fields), NOW)).toBe(counts)
  })

  test('spendable counts what the address holds alone and unlocked; total is every transfer output', () => {
    const sums = new XChainBalances(NOW)
    for (const u of [
      utxo({ amount: 1n }),
      utxo({ amount: 20n, locktime: NOW + 1n }),
      utxo({ amount: 300n, owners: [ALICE, BOB], threshold: 2 }),
      utxo({ amount: 4000n, owners: [ALICE, BOB], threshold: 1 }),
    ])
      sums.add(u)
    expect([...sums.byAsset.values()]).toEqual([{ spendable: 1n, total: 4321n }])
  })
})
