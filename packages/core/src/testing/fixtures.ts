/**
 * Wire fixtures from `reference/node-rpc.md` §4 (mainnet IDs, addresses, the X/tx #1 vector) and helpers that build
 * realistic replies from them. Test-only.
 */
import { cb58Decode } from '../encoding/cb58.js'
import { CodecWriter } from '../encoding/codec.js'
import { hexEncode } from '../encoding/hex.js'

export const MAINNET_X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'
export const MAINNET_C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'
export const AVAX_ASSET = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'
export const SECP_FX = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ'
export const EMPTY_ID = '11111111111111111111111111111111LpoYY'
export const SUBNET_ID = 'u3Jjpzzj95827jdENvR1uc76f4zvvVQjGshbVWaSr2Ce5WV1H'
export const NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'
export const NODE_ID_2 = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz'
export const X_ADDRESS = 'X-avax1wst8jt3z3fm9ce0z6akj3266zmgccdp03hjlaj'
export const X_ADDRESS_2 = 'X-avax1slt2dhfu6a6qezcn5sgtagumq8ag8we75f84sw'
export const P_ADDRESS = 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'

/**
 * Mainnet index X/tx #1 (`indexer/service.md`): id = cb58(sha256(bytes without checksum)). A DAG-era tx (2021): X/tx
 * holds only pre-Cortina txs (`reference/node-rpc.md` 0.1).
 */
export const X_TX_1 = {
  id: 'ZGYTSU8w3zUP6VFseGC798vA2Vnxnfj6fz1QPfA9N93bhjJvo',
  bytes:
    '0x00000000000000000001ed5f38341e436e5d46e2bb00b45d62ae97d1b050c64bc634ae10626739e35c4b0000000221e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff000000070000000129f6afc0000000000000000000000001000000017416792e228a765c65e2d76d28ab5a16d18c342f21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000700000222afa575c00000000000000000000000010000000187d6a6dd3cd7740c8b13a410bea39b01fa83bb3e000000016f375c785edb28d52edb59b54035c96c198e9d80f5f5f5eee070592fe9465b8d0000000021e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000500000223d9ab67c0000000010000000000000000000000010000000900000001beb83d3d29f1247efb4a3a1141ab5c966f46f946f9c943b9bc19f858bd416d10060c23d5d9c7db3a0da23446b97cd9cf9f8e61df98e1b1692d764c84a686f5f801a8da6e40',
  timestamp: '2021-11-04T00:42:55.01643414Z',
  index: '1',
  inputTxID: 'qysTYUMCWdsR3MctzyfXiSvoSf6evbeFGRLLzA4j2BjNXTknh',
  signature:
    '0xbeb83d3d29f1247efb4a3a1141ab5c966f46f946f9c943b9bc19f858bd416d10060c23d5d9c7db3a0da23446b97cd9cf9f8e61df98e1b1692d764c84a686f5f801',
} as const

/**
 * avm.getTx of X/tx #1 with `encoding: "json"`, as JSON text (`amount` of the first output can be overridden with any
 * integer literal, e.g. one above 2^53, to exercise lossless parsing).
 */
export function xTx1Json(firstAmount = '4999000000'): string {
  const output = (address: string, amount: string) =>
    `{"assetID":"${AVAX_ASSET}","fxID":"${SECP_FX}","output":{"addresses":["${address}"],"amount":${amount},"locktime":0,"threshold":1}}`
  return `{"unsignedTx":{"networkID":1,"blockchainID":"${MAINNET_X_CHAIN}","outputs":[${output(X_ADDRESS, firstAmount)},${output(X_ADDRESS_2, '2347999000000')}],"inputs":[{"txID":"${X_TX_1.inputTxID}","outputIndex":0,"assetID":"${AVAX_ASSET}","fxID":"${SECP_FX}","input":{"amount":2352999000000,"signatureIndices":[0]}}],"memo":"0x"},"credentials":[{"fxID":"${SECP_FX}","credential":{"signatures":["${X_TX_1.signature}"]}}],"id":"${X_TX_1.id}"}`
}

/** A JSON-RPC success envelope around result JSON text, as the node writes it. */
export function rpcBody(resultJson: string, id = 1): string {
  return `{"jsonrpc":"2.0","result":${resultJson},"id":${id}}`
}

/** A secp256k1 transfer-output UTXO as getUTXOs returns it: codec v0 bytes, 0x-hex with checksum. */
export function utxoHex(
  txID: string,
  outputIndex: number,
  amount: bigint,
  ownerHex: string | string[] = '7416792e228a765c65e2d76d28ab5a16d18c342f',
): string {
  const owners = [ownerHex].flat().map((hex) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16)))
  const bytes = new CodecWriter()
    .u16(0)
    .bytes(cb58Decode(txID, 32))
    .u32(outputIndex)
    .bytes(cb58Decode(AVAX_ASSET, 32))
    .u32(7)
    .u64(amount)
    .u64(0n)
    .u32(1)
    .array(owners, (w, o) => w.bytes(o))
    .toBytes()
  return hexEncode(bytes)
}
