import { describe, expect, test } from 'vitest'
import { hexDecode } from '../encoding/hex.js'
import { idFromBytes, utxoId } from '../encoding/ids.js'
import { JsonRpcError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient, type RecordedRequest } from '../testing/fake-transport.js'
import {
  AVAX_ASSET,
  EMPTY_ID,
  MAINNET_X_CHAIN,
  rpcBody,
  SECP_FX,
  utxoHex,
  X_ADDRESS,
  X_ADDRESS_2,
  X_TX_1,
  xTx1Json,
} from '../testing/fixtures.js'
import { avm } from './avm.js'

const expectRpc = (request: RecordedRequest, path: string, method: string, params: unknown) => {
  expect(request.method).toBe('POST')
  expect(request.path).toBe(path)
  expect(request.body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method, params })
}

describe('avm wire requests and results', () => {
  test('getAllBalances sends the singular `address` and reads {asset, balance} as bigint', async () => {
    const { client, fake } = createFakeClient({
      'avm.getAllBalances': {
        result: {
          balances: [
            { asset: 'AVAX', balance: '102' },
            { asset: '2sdHWkPn7wS9CWu3m8ZX5iDWMTTaQ5tBcbnpZJmTmJLWQiZdeP', balance: '18446744073709551615' },
          ],
        },
      },
    })
    const reply = await client.avm.getAllBalances({ address: X_ADDRESS })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getAllBalances', { address: X_ADDRESS })
    expect(reply.balances).toEqual([
      { asset: 'AVAX', balance: 102n },
      { asset: '2sdHWkPn7wS9CWu3m8ZX5iDWMTTaQ5tBcbnpZJmTmJLWQiZdeP', balance: 18446744073709551615n },
    ])
    await client.avm.getAllBalances({ address: X_ADDRESS, includePartial: true })
    expect(fake.last().params).toEqual({ address: X_ADDRESS, includePartial: true })
  })

  test('getBalance: {address, assetID} → balance bigint and utxoIDs', async () => {
    const utxoIDs = [{ txID: X_TX_1.id, outputIndex: 0 }]
    const { client, fake } = createFakeClient({ 'avm.getBalance': { result: { balance: '4999000000', utxoIDs } } })
    await expect(client.avm.getBalance({ address: X_ADDRESS, assetID: 'AVAX' })).resolves.toEqual({
      balance: 4999000000n,
      utxoIDs,
    })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getBalance', { address: X_ADDRESS, assetID: 'AVAX' })
  })

  test('getAssetDescription: verbatim reply, denomination "9" → 9', async () => {
    const { client, fake } = createFakeClient({
      'avm.getAssetDescription': {
        body: '{"jsonrpc":"2.0","result":{"assetID":"FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z","name":"Avalanche","symbol":"AVAX","denomination":"9"},"id":1}',
      },
    })
    await expect(client.avm.getAssetDescription({ assetID: AVAX_ASSET })).resolves.toEqual({
      assetID: AVAX_ASSET,
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
    })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getAssetDescription', { assetID: AVAX_ASSET })
  })

  test('getHeight: verbatim reply → bigint; no `blockchain` in the body', async () => {
    const { client, fake } = createFakeClient({
      'avm.getHeight': { body: '{"jsonrpc":"2.0","result":{"height":"5094088"},"id":1}' },
    })
    await expect(client.avm.getHeight()).resolves.toEqual({ height: 5094088n })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getHeight', {})
  })

  test('`blockchain` picks another AVM chain by ID or alias and is only in the path', async () => {
    const { client, fake } = createFakeClient({ 'avm.getHeight': { result: { height: '7' } } })
    await client.avm.getHeight({ blockchain: MAINNET_X_CHAIN })
    expectRpc(fake.last(), `/ext/bc/${MAINNET_X_CHAIN}`, 'avm.getHeight', {})
    await client.avm.getHeight({ blockchain: 'my-avm' })
    expect(fake.last().path).toBe('/ext/bc/my-avm')
  })

  test('getTxFee: verbatim reply without id → bigints', async () => {
    const { client, fake } = createFakeClient({
      'avm.getTxFee': { body: '{"jsonrpc":"2.0","result":{"txFee":"1000000","createAssetTxFee":"10000000"}}' },
    })
    await expect(client.avm.getTxFee()).resolves.toEqual({ txFee: 1000000n, createAssetTxFee: 10000000n })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getTxFee', {})
  })

  test('getTx hex (default): the signed bytes, whose sha256 is the tx ID', async () => {
    const { client, fake } = createFakeClient({ 'avm.getTx': { result: { tx: X_TX_1.bytes, encoding: 'hex' } } })
    const reply = await client.avm.getTx({ txID: X_TX_1.id })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getTx', { txID: X_TX_1.id })
    expect(reply).toEqual({ tx: X_TX_1.bytes, encoding: 'hex' })
    if (reply.encoding !== 'hex') throw new Error('expected hex')
    expect(idFromBytes(hexDecode(reply.tx))).toBe(X_TX_1.id)
  })

  test('getTx json: amounts, locktimes become bigint; ids, memo and signatures stay strings', async () => {
    const { client, fake } = createFakeClient({
      'avm.getTx': { body: rpcBody(`{"tx":${xTx1Json()},"encoding":"json"}`) },
    })
    const reply = await client.avm.getTx({ txID: X_TX_1.id, encoding: 'json' })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getTx', { txID: X_TX_1.id, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    const { unsignedTx, credentials, id } = reply.tx
    expect(id).toBe(X_TX_1.id)
    expect(unsignedTx.networkID).toBe(1)
    expect(unsignedTx.blockchainID).toBe(MAINNET_X_CHAIN)
    expect(unsignedTx.memo).toBe('0x')
    expect(unsignedTx.outputs).toEqual([
      {
        assetID: AVAX_ASSET,
        fxID: SECP_FX,
        output: { addresses: [X_ADDRESS], amount: 4999000000n, locktime: 0n, threshold: 1 },
      },
      {
        assetID: AVAX_ASSET,
        fxID: SECP_FX,
        output: { addresses: [X_ADDRESS_2], amount: 2347999000000n, locktime: 0n, threshold: 1 },
      },
    ])
    expect(unsignedTx.inputs).toEqual([
      {
        txID: X_TX_1.inputTxID,
        outputIndex: 0,
        assetID: AVAX_ASSET,
        fxID: SECP_FX,
        input: { amount: 2352999000000n, signatureIndices: [0] },
      },
    ])
    expect(credentials).toEqual([{ fxID: SECP_FX, credential: { signatures: [X_TX_1.signature] } }])
  })

  test('getTx json: an amount above 2^53 is exact', async () => {
    const { client } = createFakeClient({
      'avm.getTx': { body: rpcBody(`{"tx":${xTx1Json('18446744073709551615')},"encoding":"json"}`) },
    })
    const reply = await client.avm.getTx({ txID: X_TX_1.id, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    expect(reply.tx.unsignedTx.outputs?.[0]?.output.amount).toBe(18446744073709551615n)
    expect(reply.tx.unsignedTx.outputs?.[1]?.output.amount).toBe(2347999000000n)
  })

  test('getTx of an unknown ID: JsonRpcError with isNotFound', async () => {
    const { client } = createFakeClient({ 'avm.getTx': { error: { code: -32000, message: 'not found' } } })
    const error = await client.avm.getTx({ txID: EMPTY_ID }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).isNotFound).toBe(true)
    expect((error as JsonRpcError).rpcCode).toBe(-32000)
    expect((error as JsonRpcError).method).toBe('avm.getTx')
  })

  test('getBlock: hex and json; json heights and times are bigint', async () => {
    const blockID = 'tXJ4xwmR8soHE6DzRNMQPtiwQvuYsHn6eLLBzo2moDqBquqy6'
    const { client, fake } = createFakeClient({ 'avm.getBlock': { result: { block: '0x00', encoding: 'hex' } } })
    await expect(client.avm.getBlock({ blockID })).resolves.toEqual({ block: '0x00', encoding: 'hex' })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getBlock', { blockID })
    fake.on('avm.getBlock', {
      body: rpcBody(
        `{"block":{"parentID":"${EMPTY_ID}","height":5094088,"time":1700000000,"merkleRoot":"${EMPTY_ID}","txs":[${xTx1Json()}],"id":"${blockID}"},"encoding":"json"}`,
      ),
    })
    const reply = await client.avm.getBlock({ blockID, encoding: 'json' })
    expect(fake.last().params).toEqual({ blockID, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    expect(reply.block).toMatchObject({ parentID: EMPTY_ID, height: 5094088n, time: 1700000000n, id: blockID })
    expect(reply.block.txs[0]?.unsignedTx.outputs?.[0]?.output.amount).toBe(4999000000n)
  })

  test('getBlockByHeight: height sent as a decimal string whether given as bigint, number or string', async () => {
    const { client, fake } = createFakeClient({
      'avm.getBlockByHeight': { result: { block: '0x00', encoding: 'hex' } },
    })
    await client.avm.getBlockByHeight({ height: 5094088n })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getBlockByHeight', { height: '5094088' })
    await client.avm.getBlockByHeight({ height: 5094088, encoding: 'hex' })
    expect(fake.last().params).toEqual({ height: '5094088', encoding: 'hex' })
    await client.avm.getBlockByHeight({ height: '18446744073709551615' })
    expect(fake.last().params).toEqual({ height: '18446744073709551615' })
  })

  test('getTxStatus: {txID} → {status}', async () => {
    const { client, fake } = createFakeClient({ 'avm.getTxStatus': { result: { status: 'Accepted' } } })
    await expect(client.avm.getTxStatus({ txID: X_TX_1.id })).resolves.toEqual({ status: 'Accepted' })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getTxStatus', { txID: X_TX_1.id })
  })

  test('getUTXOs: addresses, limit (default 1024), startIndex, sourceChain; numFetched → bigint', async () => {
    const utxo = utxoHex(X_TX_1.id, 0, 4999000000n)
    const reply = {
      numFetched: '1',
      utxos: [utxo],
      endIndex: { address: X_ADDRESS, utxo: utxoId(X_TX_1.id, 0) },
      encoding: 'hex',
    }
    const { client, fake } = createFakeClient({ 'avm.getUTXOs': { result: reply } })
    await expect(client.avm.getUTXOs({ addresses: [X_ADDRESS] })).resolves.toEqual({ ...reply, numFetched: 1n })
    expectRpc(fake.last(), '/ext/bc/X', 'avm.getUTXOs', { addresses: [X_ADDRESS], limit: 1024 })
    const startIndex = { address: X_ADDRESS, utxo: utxoId(X_TX_1.id, 0) }
    await client.avm.getUTXOs({
      addresses: [X_ADDRESS, X_ADDRESS_2],
      limit: 10,
      startIndex,
      sourceChain: 'C',
      encoding: 'hex',
    })
    expect(fake.last().params).toEqual({
      addresses: [X_ADDRESS, X_ADDRESS_2],
      limit: 10,
      startIndex,
      sourceChain: 'C',
      encoding: 'hex',
    })
  })

  test('getUTXOs.items() walks pages with endIndex as startIndex and drops a UTXO listed again under another owner', async () => {
    // u[1] is owned by both addresses: the node lists it under each (avax.GetPaginatedUTXOs), here on two pages.
    const owners = ['7416792e228a765c65e2d76d28ab5a16d18c342f', '87d6a6dd3cd7740c8b13a410bea39b01fa83bb3e']
    const u = [0, 1, 2].map((i) => ({
      id: utxoId(X_TX_1.id, i),
      hex: utxoHex(X_TX_1.id, i, 1000n + BigInt(i), i === 1 ? owners : owners[i === 0 ? 0 : 1]),
    }))
    const page = (items: typeof u, address: string) => ({
      result: {
        numFetched: String(items.length),
        utxos: items.map((x) => x.hex),
        endIndex: { address, utxo: items.at(-1)?.id ?? EMPTY_ID },
        encoding: 'hex',
      },
    })
    const pages = [
      page([u[0], u[1]] as typeof u, X_ADDRESS),
      page([u[1], u[2]] as typeof u, X_ADDRESS_2),
      page([], X_ADDRESS_2),
    ]
    let served = 0
    const { client, fake } = createFakeClient({ 'avm.getUTXOs': () => pages[served++] ?? page([], X_ADDRESS_2) })
    const seen: bigint[] = []
    for await (const utxo of client.avm.getUTXOs.items({ addresses: [X_ADDRESS, X_ADDRESS_2], limit: 2 }))
      seen.push(utxo.amount ?? -1n)
    expect(seen).toEqual([1000n, 1001n, 1002n])
    const addresses = [X_ADDRESS, X_ADDRESS_2]
    expect(fake.requests.map((r) => r.params)).toEqual([
      { addresses, limit: 2, encoding: 'hex' },
      { addresses, limit: 2, encoding: 'hex', startIndex: { address: X_ADDRESS, utxo: u[1]?.id } },
      { addresses, limit: 2, encoding: 'hex', startIndex: { address: X_ADDRESS_2, utxo: u[2]?.id } },
    ])
  })
})

describe('avm deprecations', () => {
  test('each deprecated method warns once per client, naming its replacement', async () => {
    const routes = {
      'avm.getAllBalances': { result: { balances: [] } },
      'avm.getBalance': { result: { balance: '0', utxoIDs: [] } },
      'avm.getTxStatus': { result: { status: 'Unknown' } },
    }
    const { client, logger } = createFakeClient(routes)
    await client.avm.getAllBalances({ address: X_ADDRESS })
    await client.avm.getAllBalances({ address: X_ADDRESS })
    await client.avm.getBalance({ address: X_ADDRESS, assetID: 'AVAX' })
    await client.avm.getBalance({ address: X_ADDRESS, assetID: 'AVAX' })
    await client.avm.getTxStatus({ txID: X_TX_1.id })
    await client.avm.getTxStatus({ txID: X_TX_1.id })
    expect(logger.warnings.map((w) => w.message)).toEqual([
      'avm.getAllBalances is deprecated since v1.9.12; use avm.getUTXOs',
      'avm.getBalance is deprecated since v1.9.12; use avm.getUTXOs',
      'avm.getTxStatus is deprecated since v1.10.0; use avm.getTx',
    ])
    expect(logger.warnings[0]?.meta).toMatchObject({ event: 'deprecation', operation: 'avm.getAllBalances' })
    const other = createFakeClient(routes)
    await other.client.avm.getTxStatus({ txID: X_TX_1.id })
    expect(other.logger.warnings).toHaveLength(1)
  })

  test('non-deprecated methods do not warn', async () => {
    const { client, logger } = createFakeClient({ 'avm.getHeight': { result: { height: '1' } } })
    await client.avm.getHeight()
    expect(logger.warnings).toEqual([])
  })
})

describe('avm parameter validation (before any request)', () => {
  test('getUTXOs limit 0 and 1025', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS], limit: 0 }),
      /limit/,
      /from 1 to 1024/,
      /got 0/,
    )
    await expectInvalidParams(
      fake,
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS], limit: 1025 }),
      /limit/,
      /from 1 to 1024/,
      /got 1025/,
    )
    await expectInvalidParams(
      fake,
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS], limit: 1.5 }),
      /limit/,
      /whole number/,
    )
  })

  test('getUTXOs with 0 or 1025 addresses', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(fake, () => client.avm.getUTXOs({ addresses: [] }), /addresses/, /from 1 to 1024/)
    const many = Array.from({ length: 1025 }, () => X_ADDRESS)
    await expectInvalidParams(fake, () => client.avm.getUTXOs({ addresses: many }), /addresses/, /from 1 to 1024/)
  })

  test('bad addresses, with the index of the offending one', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS, 'X-avax1notanaddress'] }),
      /addresses\[1\]/,
      /X-avax1/,
      /got "X-avax1notanaddress"/,
    )
    await expectInvalidParams(fake, () => client.avm.getAllBalances({ address: '0x7416792e228a765c' }), /address/)
    // Bech32 without the chain alias: refused with the node's reason (`address.Parse`), before any request.
    const bare = X_ADDRESS.slice(2)
    await expectInvalidParams(
      fake,
      () => client.avm.getBalance({ address: bare, assetID: 'AVAX' }),
      `address: couldn't parse address "${bare}": no separator found in address`,
    )
    await expectInvalidParams(fake, () => client.avm.getUTXOs({ addresses: [`-${bare}`] }), /no chain alias/)
    await expectInvalidParams(
      fake,
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS], startIndex: { address: X_ADDRESS, utxo: 'nope' } }),
      /startIndex\.utxo/,
      /UTXO ID/,
    )
  })

  test('getAllBalances takes a single address, not `addresses`', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error the node's parameter is the singular `address`
      () => client.avm.getAllBalances({ addresses: [X_ADDRESS] }),
      /"addresses"/,
      /address: required/,
    )
  })

  test('bad cb58 IDs', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(fake, () => client.avm.getTx({ txID: 'not-an-id' }), /txID/, /transaction ID/, /cb58/)
    await expectInvalidParams(fake, () => client.avm.getTx({ txID: `${X_TX_1.id.slice(0, -1)}p` }), /txID/)
    await expectInvalidParams(fake, () => client.avm.getBlock({ blockID: '' }), /blockID/, /block ID/)
    await expectInvalidParams(fake, () => client.avm.getTxStatus({ txID: AVAX_ASSET.slice(1) }), /txID/)
  })

  test('unknown encodings: hex, hexc, hexnc or json for tx/block, the byte encodings only for UTXOs', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error cb58 was removed as an API encoding
      () => client.avm.getTx({ txID: X_TX_1.id, encoding: 'cb58' }),
      /encoding/,
      /hex, hexc, hexnc, json \(any case\)/,
      /got "cb58"/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error
      () => client.avm.getUTXOs({ addresses: [X_ADDRESS], encoding: 'json' }),
      /encoding/,
      /hex, hexc, hexnc \(any case\)/,
    )
  })

  test('encodings in any case, sent in the canonical lower case the node echoes', async () => {
    const utxos = { numFetched: '0', utxos: [], endIndex: { address: X_ADDRESS, utxo: EMPTY_ID }, encoding: 'hexnc' }
    const { client, fake } = createFakeClient({
      'avm.getBlockByHeight': { result: { block: '0x00', encoding: 'hexc' } },
      'avm.getUTXOs': { result: utxos },
    })
    await expect(client.avm.getBlockByHeight({ height: 1, encoding: 'HEXC' })).resolves.toEqual({
      block: '0x00',
      encoding: 'hexc',
    })
    expect(fake.last().params).toEqual({ height: '1', encoding: 'hexc' })
    await client.avm.getBlockByHeight({ height: 1, encoding: 'Json' })
    expect(fake.last().params).toEqual({ height: '1', encoding: 'json' })
    await client.avm.getUTXOs({ addresses: [X_ADDRESS], encoding: 'HexNC' as 'hexnc' })
    expect(fake.last().params).toMatchObject({ encoding: 'hexnc' })
  })

  test('heights: negative, fractional, above 2^64-1, unsafe numbers', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.avm.getBlockByHeight({ height: -1 }),
      /height/,
      /0 to 18446744073709551615/,
    )
    await expectInvalidParams(
      fake,
      () => client.avm.getBlockByHeight({ height: 2n ** 64n }),
      /height/,
      /0 to 18446744073709551615/,
    )
    await expectInvalidParams(
      fake,
      () => client.avm.getBlockByHeight({ height: 2 ** 60 }),
      /height/,
      /bigint or a string/,
    )
    await expectInvalidParams(fake, () => client.avm.getBlockByHeight({ height: '12a' }), /height/)
  })

  test("typo'd and unknown keys, missing required params", async () => {
    const { client, fake } = createFakeClient()
    // @ts-expect-error typo: txId
    await expectInvalidParams(fake, () => client.avm.getTx({ txId: X_TX_1.id }), /"txId"/, /txID: required/)
    // @ts-expect-error assetID missing
    await expectInvalidParams(fake, () => client.avm.getBalance({ address: X_ADDRESS }), /assetID: required/)
    // @ts-expect-error no such parameter
    await expectInvalidParams(fake, () => client.avm.getHeight({ chain: 'X' }), /"chain"/)
    await expectInvalidParams(fake, () => client.avm.getHeight({ blockchain: '' }), /blockchain/)
  })
})

describe('avm metadata', () => {
  test('all read-only and idempotent on /ext/bc/{blockchain}; getUTXOs paginates by cursor', () => {
    for (const op of Object.values(avm)) {
      expect(op.endpoint).toBe('/ext/bc/{blockchain}')
      expect(op.readOnly).toBe(true)
      expect(op.idempotent).toBe(true)
    }
    expect(avm.getUTXOs.pagination).toEqual({ kind: 'utxoCursor' })
    expect(avm.getAllBalances.deprecated).toEqual({ since: 'v1.9.12', use: 'avm.getUTXOs' })
    expect(avm.getBalance.deprecated).toEqual({ since: 'v1.9.12', use: 'avm.getUTXOs' })
    expect(avm.getTxStatus.deprecated).toEqual({ since: 'v1.10.0', use: 'avm.getTx' })
  })
})
