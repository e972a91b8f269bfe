import { describe, expect, test } from 'vitest'
import { ApiDisabledError, JsonRpcError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient, type RecordedRequest } from '../testing/fake-transport.js'
import { X_TX_1 } from '../testing/fixtures.js'
import { index } from './index.js'

const CONTAINER_WIRE = {
  id: X_TX_1.id,
  bytes: X_TX_1.bytes,
  timestamp: X_TX_1.timestamp,
  encoding: 'hex',
  index: X_TX_1.index,
}
const CONTAINER = { ...CONTAINER_WIRE, index: 1n }

const expectRpc = (request: RecordedRequest, path: string, method: string, params: unknown) => {
  expect(request.method).toBe('POST')
  expect(request.path).toBe(path)
  expect(request.body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method, params })
}

describe('index wire requests and results', () => {
  test('getLastAccepted: the index name is the path, not a parameter', async () => {
    const { client, fake } = createFakeClient({ 'index.getLastAccepted': { result: CONTAINER_WIRE } })
    await expect(client.index.getLastAccepted({ indexName: 'X/tx' })).resolves.toEqual(CONTAINER)
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.getLastAccepted', {})
    await client.index.getLastAccepted({ indexName: 'C/block', encoding: 'hex' })
    expectRpc(fake.last(), '/ext/index/C/block', 'index.getLastAccepted', { encoding: 'hex' })
  })

  test('getContainerByIndex: index sent as a decimal string', async () => {
    const { client, fake } = createFakeClient({ 'index.getContainerByIndex': { result: CONTAINER_WIRE } })
    await expect(client.index.getContainerByIndex({ indexName: 'X/tx', index: 1n })).resolves.toEqual(CONTAINER)
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.getContainerByIndex', { index: '1' })
    await client.index.getContainerByIndex({ indexName: 'P/block', index: 0 })
    expectRpc(fake.last(), '/ext/index/P/block', 'index.getContainerByIndex', { index: '0' })
  })

  test('getContainerByID, and isNotFound on an unknown ID', async () => {
    const { client, fake } = createFakeClient({ 'index.getContainerByID': { result: CONTAINER_WIRE } })
    await expect(client.index.getContainerByID({ indexName: 'X/tx', id: X_TX_1.id })).resolves.toEqual(CONTAINER)
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.getContainerByID', { id: X_TX_1.id })
    fake.on('index.getContainerByID', { error: { code: -32000, message: 'not found' } })
    const error = await client.index.getContainerByID({ indexName: 'X/tx', id: X_TX_1.id }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).isNotFound).toBe(true)
  })

  test('getContainerRange: {startIndex, numToFetch} → {containers}', async () => {
    const second = { ...CONTAINER_WIRE, index: '2', id: '6fXf5hncR8LXvwtM8iezFQBpK5cubV6y1dWgpJCcNyzGB1EzY' }
    const { client, fake } = createFakeClient({
      'index.getContainerRange': { result: { containers: [CONTAINER_WIRE, second] } },
    })
    await expect(client.index.getContainerRange({ indexName: 'X/tx', startIndex: 1n, numToFetch: 2 })).resolves.toEqual(
      {
        containers: [CONTAINER, { ...second, index: 2n }],
      },
    )
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.getContainerRange', { startIndex: '1', numToFetch: 2 })
  })

  test('getContainerRange with numToFetch 0 answers {containers: []} without a request', async () => {
    const { client, fake } = createFakeClient()
    await expect(
      client.index.getContainerRange({ indexName: 'X/block', startIndex: 10, numToFetch: 0 }),
    ).resolves.toEqual({
      containers: [],
    })
    expect(fake.requests).toHaveLength(0)
  })

  test('getIndex: verbatim reply → bigint', async () => {
    const { client, fake } = createFakeClient({
      'index.getIndex': { body: '{"jsonrpc":"2.0","result":{"index":"0"},"id":1}' },
    })
    await expect(client.index.getIndex({ indexName: 'X/tx', id: X_TX_1.id })).resolves.toEqual({ index: 0n })
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.getIndex', { id: X_TX_1.id })
  })

  test('isAccepted: {isAccepted}', async () => {
    const { client, fake } = createFakeClient({ 'index.isAccepted': { result: { isAccepted: true } } })
    await expect(client.index.isAccepted({ indexName: 'X/tx', id: X_TX_1.id })).resolves.toEqual({ isAccepted: true })
    expectRpc(fake.last(), '/ext/index/X/tx', 'index.isAccepted', { id: X_TX_1.id })
  })

  test('"no container at index N" is a not-found error too', async () => {
    const { client } = createFakeClient({
      'index.getContainerByIndex': { error: { message: 'no container at index 99' } },
    })
    const error = await client.index.getContainerByIndex({ indexName: 'X/tx', index: 99 }).catch((e: unknown) => e)
    expect((error as JsonRpcError).isNotFound).toBe(true)
  })

  test('a node without --index-enabled answers 404: ApiDisabledError names the flag', async () => {
    const { client } = createFakeClient({
      'index.getLastAccepted': { status: 404, body: '404 page not found\n', headers: { 'content-type': 'text/plain' } },
    })
    const error = await client.index.getLastAccepted({ indexName: 'X/tx' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiDisabledError)
    expect((error as ApiDisabledError).flag).toBe('--index-enabled=true')
  })
})

describe('index parameter validation (before any request)', () => {
  test('numToFetch above 1024 or negative', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: 1025 }),
      /numToFetch/,
      /0 to 1024/,
      /got 1025/,
    )
    await expectInvalidParams(
      fake,
      () => client.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: -1 }),
      /numToFetch/,
      /0 to 1024/,
      /got -1/,
    )
  })

  test('unknown index names, encodings and keys; missing params', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error not an index
      () => client.index.getLastAccepted({ indexName: 'X/txs' }),
      /indexName/,
      /X\/tx, X\/block/,
    )
    await expectInvalidParams(
      fake,
      // @ts-expect-error json is not served by the index
      () => client.index.getLastAccepted({ indexName: 'X/tx', encoding: 'json' }),
      /encoding/,
      /hex/,
    )
    await expectInvalidParams(fake, () => client.index.getIndex({ indexName: 'X/tx', id: 'abc' }), /id/, /cb58/)
    await expectInvalidParams(
      fake,
      // @ts-expect-error getIndex has no encoding in the node's code
      () => client.index.getIndex({ indexName: 'X/tx', id: X_TX_1.id, encoding: 'hex' }),
      /"encoding"/,
    )
    // @ts-expect-error indexName is required
    await expectInvalidParams(fake, () => client.index.isAccepted({ id: X_TX_1.id }), /indexName/, /X\/tx/)
  })
})

describe('index metadata', () => {
  test('every index operation needs the index flag', () => {
    for (const op of Object.values(index)) expect(op.requires).toBe('--index-enabled=true')
    expect(index.getContainerRange.pagination).toEqual({ kind: 'indexRange' })
  })
})
