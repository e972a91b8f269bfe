import { CodecWriter, formatAddress, hexDecode, hexToBytes, idFromBytes } from '@avalanche-automation/core'
import { describe, expect, it } from 'vitest'
import { encodeXTx, type XTx, xTxJson } from './avm-codec.js'

// Reference §4.4: mainnet X/tx index #1, a signed BaseTx.
const VECTOR_HEX =
  '0x00000000000000000001ed5f38341e436e5d46e2bb00b45d62ae97d1b050c64bc634ae10626739e35c4b0000000221e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff000000070000000129f6afc0000000000000000000000001000000017416792e228a765c65e2d76d28ab5a16d18c342f21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000700000222afa575c00000000000000000000000010000000187d6a6dd3cd7740c8b13a410bea39b01fa83bb3e000000016f375c785edb28d52edb59b54035c96c198e9d80f5f5f5eee070592fe9465b8d0000000021e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000500000223d9ab67c0000000010000000000000000000000010000000900000001beb83d3d29f1247efb4a3a1141ab5c966f46f946f9c943b9bc19f858bd416d10060c23d5d9c7db3a0da23446b97cd9cf9f8e61df98e1b1692d764c84a686f5f801a8da6e40'
const VECTOR_ID = 'ZGYTSU8w3zUP6VFseGC798vA2Vnxnfj6fz1QPfA9N93bhjJvo'

const avax = hexToBytes('21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff')
const decoded: XTx = {
  type: 'base',
  networkId: 1,
  blockchainId: hexToBytes('ed5f38341e436e5d46e2bb00b45d62ae97d1b050c64bc634ae10626739e35c4b'),
  outputs: [
    {
      assetId: avax,
      typeId: 7,
      amount: 4_999_000_000n,
      locktime: 0n,
      threshold: 1,
      addresses: [hexToBytes('7416792e228a765c65e2d76d28ab5a16d18c342f')],
    },
    {
      assetId: avax,
      typeId: 7,
      amount: 2_347_999_000_000n,
      locktime: 0n,
      threshold: 1,
      addresses: [hexToBytes('87d6a6dd3cd7740c8b13a410bea39b01fa83bb3e')],
    },
  ],
  inputs: [
    {
      txId: hexToBytes('6f375c785edb28d52edb59b54035c96c198e9d80f5f5f5eee070592fe9465b8d'),
      outputIndex: 0,
      assetId: avax,
      amount: 2_352_999_000_000n,
      sigIndices: [0],
    },
  ],
  memo: new Uint8Array(),
  credentials: [
    [
      hexToBytes(
        'beb83d3d29f1247efb4a3a1141ab5c966f46f946f9c943b9bc19f858bd416d10060c23d5d9c7db3a0da23446b97cd9cf9f8e61df98e1b1692d764c84a686f5f801',
      ),
    ],
  ],
}

describe('avm codec', () => {
  it('encodes the reference mainnet BaseTx to its exact bytes and ID', () => {
    const bytes = encodeXTx(decoded)
    expect(bytes).toEqual(hexDecode(VECTOR_HEX))
    expect(idFromBytes(bytes)).toBe(VECTOR_ID)
  })

  it('writes the same bytes as core CodecWriter', () => {
    const w = new CodecWriter().u16(0).u32(0).u32(1).bytes(decoded.blockchainId).u32(2)
    for (const o of decoded.outputs) {
      w.bytes(o.assetId).u32(7).u64(o.amount).u64(0n).u32(1).u32(1)
      for (const a of o.addresses) w.bytes(a)
    }
    const input = decoded.inputs[0]
    if (!input) throw new Error('vector has one input')
    w.u32(1).bytes(input.txId).u32(0).bytes(input.assetId).u32(5).u64(input.amount).u32(1).u32(0)
    w.sizedBytes(new Uint8Array()).u32(1).u32(9).u32(1)
    w.bytes(decoded.credentials[0]?.[0] as Uint8Array)
    expect(encodeXTx(decoded)).toEqual(w.toBytes())
  })

  it('renders the JSON form of the vector like avm.getTx', () => {
    const json = JSON.parse(JSON.stringify(xTxJson(decoded, hexDecode(VECTOR_HEX).subarray(0, 32))))
    expect(json.unsignedTx.outputs[0].output).toEqual({
      addresses: [formatAddress('X', 'local', hexToBytes('7416792e228a765c65e2d76d28ab5a16d18c342f'))],
      amount: 4999000000,
      locktime: 0,
      threshold: 1,
    })
    expect(json.unsignedTx.inputs[0].txID).toBe('qysTYUMCWdsR3MctzyfXiSvoSf6evbeFGRLLzA4j2BjNXTknh')
    expect(json.unsignedTx.inputs[0].input).toEqual({ amount: 2352999000000, signatureIndices: [0] })
    expect(json.unsignedTx.memo).toBe('0x')
  })
})
