import { describe, expect, test } from 'vitest'
import { utxoId } from '../encoding/ids.js'
import { JsonRpcError } from '../errors.js'
import { expectInvalidParams } from '../testing/expect-invalid.js'
import { createFakeClient, type RecordedRequest } from '../testing/fake-transport.js'
import {
  AVAX_ASSET,
  EMPTY_ID,
  MAINNET_C_CHAIN,
  MAINNET_X_CHAIN,
  NODE_ID,
  NODE_ID_2,
  P_ADDRESS,
  rpcBody,
  SECP_FX,
  SUBNET_ID,
  utxoHex,
  X_TX_1,
} from '../testing/fixtures.js'
import { platform } from './platform.js'

const P = '/ext/bc/P'
const expectRpc = (request: RecordedRequest, method: string, params: unknown) => {
  expect(request.method).toBe('POST')
  expect(request.path).toBe(P)
  expect(request.body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method, params })
}

const TX_ID = '2NNkpYTGfTFLSGXJcHtVv6drwVU2cczhmjK2uhvwDyxwsjzZMm'
const BLOCK_ID = 'd7WYmb8VeZNHsny3EJCwMm6QA37s1EHwMxw1Y71V3FqPZ5EFG'
const BLS_KEY = '0x8f95423f7142d00a48e1014a3de8d28907d420dc33b3052a6dee03a3f2941a393c2351e354704ca66a3fc29870282e15'
const BLS_POP =
  '0x86a3ab4c45cfe31cae34c1d06f212434ac71b1be6cfe046c80c162e057614a94a5bc9f1ded1a7029deb0ba4ca7c9b71411e293438691be79c2dbf19d1ca7c3eadb9c756246fc5de5b7b89511c7d7302ae051d9e03d7991138299b5ed6a570a98'
const OWNER_WIRE = { locktime: '0', threshold: '1', addresses: [P_ADDRESS] }
const OWNER = { locktime: 0n, threshold: 1, addresses: [P_ADDRESS] }

describe('platform wire requests and results', () => {
  test('getBalance sends `addresses` (plural); utxoIDs null becomes []', async () => {
    const { client, fake } = createFakeClient({
      'platform.getBalance': {
        result: {
          balance: '30000000000000000',
          unlocked: '20000000000000000',
          lockedStakeable: '10000000000000000',
          lockedNotStakeable: '0',
          balances: { [AVAX_ASSET]: '30000000000000000' },
          unlockeds: { [AVAX_ASSET]: '20000000000000000' },
          lockedStakeables: { [AVAX_ASSET]: '10000000000000000' },
          lockedNotStakeables: {},
          utxoIDs: null,
        },
      },
    })
    await expect(client.platform.getBalance({ addresses: [P_ADDRESS] })).resolves.toEqual({
      balance: 30000000000000000n,
      unlocked: 20000000000000000n,
      lockedStakeable: 10000000000000000n,
      lockedNotStakeable: 0n,
      balances: { [AVAX_ASSET]: 30000000000000000n },
      unlockeds: { [AVAX_ASSET]: 20000000000000000n },
      lockedStakeables: { [AVAX_ASSET]: 10000000000000000n },
      lockedNotStakeables: {},
      utxoIDs: [],
    })
    expectRpc(fake.last(), 'platform.getBalance', { addresses: [P_ADDRESS] })
    fake.on('platform.getBalance', {
      result: {
        balance: '1',
        unlocked: '1',
        lockedStakeable: '0',
        lockedNotStakeable: '0',
        utxoIDs: [{ txID: TX_ID, outputIndex: 3 }],
      },
    })
    const reply = await client.platform.getBalance({ addresses: [P_ADDRESS] })
    expect(reply.utxoIDs).toEqual([{ txID: TX_ID, outputIndex: 3 }])
  })

  test('getBlock: {blockID, encoding}; json block with a validator tx becomes bigint amounts and weights', async () => {
    const tx = `{"unsignedTx":{"networkID":1,"blockchainID":"${EMPTY_ID}","outputs":null,"inputs":[{"txID":"${TX_ID}","outputIndex":0,"assetID":"${AVAX_ASSET}","fxID":"${SECP_FX}","input":{"amount":2000000000000,"signatureIndices":[0]}}],"memo":"0x","validator":{"nodeID":"${NODE_ID}","start":1700000000,"end":1710000000,"weight":2000000000000},"subnetID":"${EMPTY_ID}","signer":{"publicKey":"${BLS_KEY}","proofOfPossession":"${BLS_POP}"},"stake":[{"assetID":"${AVAX_ASSET}","fxID":"${SECP_FX}","output":{"addresses":["${P_ADDRESS}"],"amount":2000000000000,"locktime":0,"threshold":1}}],"validationRewardsOwner":{"addresses":["${P_ADDRESS}"],"locktime":0,"threshold":1},"delegationRewardsOwner":{"addresses":["${P_ADDRESS}"],"locktime":0,"threshold":1},"delegatorRewardsOwner":null,"shares":20000},"credentials":[{"signatures":["0xaa"]}],"id":"${TX_ID}"}`
    const { client, fake } = createFakeClient({
      'platform.getBlock': {
        body: rpcBody(
          `{"block":{"time":1700000001,"parentID":"${EMPTY_ID}","height":12345678,"txs":[${tx}],"id":"${BLOCK_ID}"},"encoding":"json"}`,
        ),
      },
    })
    const reply = await client.platform.getBlock({ blockID: BLOCK_ID, encoding: 'json' })
    expectRpc(fake.last(), 'platform.getBlock', { blockID: BLOCK_ID, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    expect(reply.block).toMatchObject({ parentID: EMPTY_ID, height: 12345678n, time: 1700000001n, id: BLOCK_ID })
    const unsigned = reply.block.txs?.[0]?.unsignedTx
    expect(unsigned?.outputs).toEqual([])
    expect(unsigned?.inputs?.[0]?.input.amount).toBe(2000000000000n)
    expect(unsigned?.validator).toEqual({
      nodeID: NODE_ID,
      start: 1700000000n,
      end: 1710000000n,
      weight: 2000000000000n,
    })
    expect(unsigned?.stake?.[0]?.output.amount).toBe(2000000000000n)
    expect(unsigned?.validationRewardsOwner).toEqual({ addresses: [P_ADDRESS], locktime: 0n, threshold: 1 })
    expect(unsigned?.shares).toBe(20000)
    expect(unsigned?.signer).toEqual({ publicKey: BLS_KEY, proofOfPossession: BLS_POP })
    expect(reply.block.txs?.[0]?.credentials).toEqual([{ signatures: ['0xaa'] }])

    fake.on('platform.getBlock', { result: { block: '0x0000', encoding: 'hex' } })
    await expect(client.platform.getBlock({ blockID: BLOCK_ID })).resolves.toEqual({ block: '0x0000', encoding: 'hex' })
    expectRpc(fake.last(), 'platform.getBlock', { blockID: BLOCK_ID })
  })

  test('getBlockByHeight: height as a decimal string; a json commit block has no txs', async () => {
    const { client, fake } = createFakeClient({
      'platform.getBlockByHeight': {
        result: { block: { parentID: EMPTY_ID, height: 12345679, time: 1700000002, id: BLOCK_ID }, encoding: 'json' },
      },
    })
    const reply = await client.platform.getBlockByHeight({ height: 12345679n, encoding: 'json' })
    expectRpc(fake.last(), 'platform.getBlockByHeight', { height: '12345679', encoding: 'json' })
    expect(reply).toEqual({
      block: { parentID: EMPTY_ID, height: 12345679n, time: 1700000002n, id: BLOCK_ID },
      encoding: 'json',
    })
  })

  test('getBlockchains: no params, list of {id, name, subnetID, vmID}', async () => {
    const blockchains = [
      {
        id: MAINNET_X_CHAIN,
        name: 'X-Chain',
        subnetID: EMPTY_ID,
        vmID: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
      },
      {
        id: MAINNET_C_CHAIN,
        name: 'C-Chain',
        subnetID: EMPTY_ID,
        vmID: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
      },
    ]
    const { client, fake } = createFakeClient({ 'platform.getBlockchains': { result: { blockchains } } })
    await expect(client.platform.getBlockchains()).resolves.toEqual({ blockchains })
    expectRpc(fake.last(), 'platform.getBlockchains', {})
  })

  test('getBlockchainStatus: the key is exactly `blockchainID`', async () => {
    const { client, fake } = createFakeClient({ 'platform.getBlockchainStatus': { result: { status: 'Validating' } } })
    await expect(client.platform.getBlockchainStatus({ blockchainID: MAINNET_X_CHAIN })).resolves.toEqual({
      status: 'Validating',
    })
    expectRpc(fake.last(), 'platform.getBlockchainStatus', { blockchainID: MAINNET_X_CHAIN })
    expect(fake.last().rawBody).toContain('"blockchainID":')
    await client.platform.getBlockchainStatus({ blockchainID: 'X' })
    expect(fake.last().params).toEqual({ blockchainID: 'X' })
  })

  test('getCurrentSupply: verbatim reply (no height) and current reply with height', async () => {
    const { client, fake } = createFakeClient({
      'platform.getCurrentSupply': { body: '{"jsonrpc":"2.0","result":{"supply":"365865167637779183"},"id":1}' },
    })
    await expect(client.platform.getCurrentSupply()).resolves.toEqual({ supply: 365865167637779183n })
    expectRpc(fake.last(), 'platform.getCurrentSupply', {})
    fake.on('platform.getCurrentSupply', { result: { supply: '720000000000000000', height: '23456789' } })
    await expect(client.platform.getCurrentSupply({ subnetID: SUBNET_ID })).resolves.toEqual({
      supply: 720000000000000000n,
      height: 23456789n,
    })
    expectRpc(fake.last(), 'platform.getCurrentSupply', { subnetID: SUBNET_ID })
  })

  test('getCurrentValidators: the three shapes, numbers converted, unknown fields kept', async () => {
    const primary = {
      txID: TX_ID,
      startTime: '1700000000',
      endTime: '1710000000',
      weight: '2000000000000',
      nodeID: NODE_ID,
      validationRewardOwner: OWNER_WIRE,
      delegationRewardOwner: OWNER_WIRE,
      potentialReward: '117431493426',
      accruedDelegateeReward: '0',
      delegationFee: '10.0000',
      uptime: '99.9900',
      connected: true,
      signer: { publicKey: BLS_KEY, proofOfPossession: BLS_POP },
      delegatorCount: '1',
      delegatorWeight: '25000000000',
      delegators: [
        {
          txID: X_TX_1.id,
          startTime: '1700000100',
          endTime: '1700100000',
          weight: '25000000000',
          nodeID: NODE_ID,
          rewardOwner: OWNER_WIRE,
          potentialReward: '123456',
        },
      ],
      // An auto-renewed validator's config (`AutoRenewedConfig`, vms/platformvm/api/validator.go).
      validatorAuthority: OWNER_WIRE,
      nextPeriod: '1209600',
      autoCompoundRewardShares: '500000',
      futureField: { kept: '1' },
    }
    const staker = { txID: X_TX_1.id, startTime: '1700000000', endTime: '1800000000', weight: '20', nodeID: NODE_ID_2 }
    const l1 = {
      validationID: X_TX_1.id,
      nodeID: NODE_ID_2,
      publicKey: BLS_KEY,
      remainingBalanceOwner: OWNER_WIRE,
      deactivationOwner: OWNER_WIRE,
      startTime: '1730000000',
      weight: '100',
      minNonce: '0',
      balance: '999980000000',
    }
    const { client, fake } = createFakeClient({
      'platform.getCurrentValidators': { result: { validators: [primary, staker, l1] } },
    })
    const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [NODE_ID] })
    expectRpc(fake.last(), 'platform.getCurrentValidators', { nodeIDs: [NODE_ID] })
    expect(validators[0]).toEqual({
      ...primary,
      startTime: 1700000000n,
      endTime: 1710000000n,
      weight: 2000000000000n,
      validationRewardOwner: OWNER,
      delegationRewardOwner: OWNER,
      potentialReward: 117431493426n,
      accruedDelegateeReward: 0n,
      delegationFee: 10,
      uptime: 99.99,
      delegatorCount: 1n,
      delegatorWeight: 25000000000n,
      delegators: [
        {
          ...primary.delegators[0],
          startTime: 1700000100n,
          endTime: 1700100000n,
          weight: 25000000000n,
          rewardOwner: OWNER,
          potentialReward: 123456n,
        },
      ],
      validatorAuthority: OWNER,
      nextPeriod: 1209600n,
      autoCompoundRewardShares: 500000,
    })
    expect(validators[0]).toHaveProperty('futureField', { kept: '1' })
    expect(validators[1]).toEqual({ ...staker, startTime: 1700000000n, endTime: 1800000000n, weight: 20n })
    expect(validators[1]).not.toHaveProperty('delegationFee')
    expect(validators[2]).toEqual({
      ...l1,
      remainingBalanceOwner: OWNER,
      deactivationOwner: OWNER,
      startTime: 1730000000n,
      weight: 100n,
      minNonce: 0n,
      balance: 999980000000n,
    })

    await client.platform.getCurrentValidators()
    expectRpc(fake.last(), 'platform.getCurrentValidators', {})
    await client.platform.getCurrentValidators({ subnetID: SUBNET_ID })
    expectRpc(fake.last(), 'platform.getCurrentValidators', { subnetID: SUBNET_ID })
  })

  test('getHeight and getProposedHeight: {height} → bigint', async () => {
    const { client, fake } = createFakeClient({
      'platform.getHeight': { result: { height: '23456789' } },
      'platform.getProposedHeight': { result: { height: '23456780' } },
    })
    await expect(client.platform.getHeight()).resolves.toEqual({ height: 23456789n })
    expectRpc(fake.last(), 'platform.getHeight', {})
    await expect(client.platform.getProposedHeight()).resolves.toEqual({ height: 23456780n })
    expectRpc(fake.last(), 'platform.getProposedHeight', {})
  })

  test('getValidatorFeeConfig and getValidatorFeeState: no params; plain uint64 JSON numbers, lossless above 2^53', async () => {
    // `fee.Config` and `GetValidatorFeeStateReply` (`vms/platformvm/service.go`) marshal gas.Gas/gas.Price as numbers.
    const { client, fake } = createFakeClient({
      'platform.getValidatorFeeConfig': {
        body: '{"jsonrpc":"2.0","result":{"capacity":20000,"target":10000,"minPrice":1,"excessConversionConstant":865617},"id":1}',
      },
      'platform.getValidatorFeeState': {
        body: '{"jsonrpc":"2.0","result":{"excess":18446744073709551615,"price":18446744073709551615,"timestamp":"2024-12-16T17:00:00.123456789Z"},"id":1}',
      },
    })
    await expect(client.platform.getValidatorFeeConfig()).resolves.toEqual({
      capacity: 20000n,
      target: 10000n,
      minPrice: 1n,
      excessConversionConstant: 865617n,
    })
    expectRpc(fake.last(), 'platform.getValidatorFeeConfig', {})
    await expect(client.platform.getValidatorFeeState()).resolves.toEqual({
      excess: 2n ** 64n - 1n,
      price: 2n ** 64n - 1n,
      timestamp: '2024-12-16T17:00:00.123456789Z',
    })
    expectRpc(fake.last(), 'platform.getValidatorFeeState', {})
  })

  test('getValidatorsAt: args marshal exactly as the node test; the result is the top-level map', async () => {
    const { client, fake } = createFakeClient({
      'platform.getValidatorsAt': {
        result: {
          [NODE_ID]: { publicKey: BLS_KEY, weight: '2000000000000' },
          [NODE_ID_2]: { publicKey: null, weight: '18446744073709551615' },
        },
      },
    })
    const validators = await client.platform.getValidatorsAt({ height: '12345', subnetID: SUBNET_ID })
    expect(JSON.stringify(fake.last().params)).toBe(
      '{"height":"12345","subnetID":"u3Jjpzzj95827jdENvR1uc76f4zvvVQjGshbVWaSr2Ce5WV1H"}',
    )
    expect(validators).toEqual({
      [NODE_ID]: { publicKey: BLS_KEY, weight: 2000000000000n },
      [NODE_ID_2]: { publicKey: null, weight: 18446744073709551615n },
    })
    expect(validators).not.toHaveProperty('validators')
    await client.platform.getValidatorsAt({ height: 'proposed', subnetID: SUBNET_ID })
    expect(JSON.stringify(fake.last().params)).toBe(
      '{"height":"proposed","subnetID":"u3Jjpzzj95827jdENvR1uc76f4zvvVQjGshbVWaSr2Ce5WV1H"}',
    )
    await client.platform.getValidatorsAt({ height: 12345n })
    expectRpc(fake.last(), 'platform.getValidatorsAt', { height: '12345' })
  })

  test('getUTXOs: same wire as avm on /ext/bc/P, pages by cursor', async () => {
    const reply = {
      numFetched: '1',
      utxos: [utxoHex(X_TX_1.id, 1, 5n, '3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c')],
      endIndex: { address: P_ADDRESS, utxo: utxoId(X_TX_1.id, 1) },
      encoding: 'hex',
    }
    const { client, fake } = createFakeClient({ 'platform.getUTXOs': { result: reply } })
    await expect(client.platform.getUTXOs({ addresses: [P_ADDRESS], sourceChain: 'X' })).resolves.toEqual({
      ...reply,
      numFetched: 1n,
    })
    expectRpc(fake.last(), 'platform.getUTXOs', { addresses: [P_ADDRESS], limit: 1024, sourceChain: 'X' })
    const items = []
    for await (const utxo of client.platform.getUTXOs.items({ addresses: [P_ADDRESS] })) items.push(utxo)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      id: utxoId(X_TX_1.id, 1),
      amount: 5n,
      owners: ['3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c'],
    })
  })

  test('getTx: hex and json; unknown IDs are isNotFound', async () => {
    const { client, fake } = createFakeClient({ 'platform.getTx': { result: { tx: '0x00', encoding: 'hex' } } })
    await expect(client.platform.getTx({ txID: TX_ID })).resolves.toEqual({ tx: '0x00', encoding: 'hex' })
    expectRpc(fake.last(), 'platform.getTx', { txID: TX_ID })
    fake.on('platform.getTx', {
      result: {
        tx: {
          unsignedTx: { networkID: 1, blockchainID: EMPTY_ID, outputs: [], inputs: [], memo: '0x', txID: TX_ID },
          credentials: [],
          id: X_TX_1.id,
        },
        encoding: 'json',
      },
    })
    const reply = await client.platform.getTx({ txID: X_TX_1.id, encoding: 'json' })
    expectRpc(fake.last(), 'platform.getTx', { txID: X_TX_1.id, encoding: 'json' })
    expect(reply.encoding === 'json' && reply.tx.unsignedTx.txID).toBe(TX_ID)
    fake.on('platform.getTx', { error: { message: "couldn't get tx: not found" } })
    const error = await client.platform.getTx({ txID: EMPTY_ID }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).isNotFound).toBe(true)
  })

  test('getTxStatus: {txID} → {status, reason?}', async () => {
    const { client, fake } = createFakeClient({ 'platform.getTxStatus': { result: { status: 'Committed' } } })
    await expect(client.platform.getTxStatus({ txID: TX_ID })).resolves.toEqual({ status: 'Committed' })
    expectRpc(fake.last(), 'platform.getTxStatus', { txID: TX_ID })
    fake.on('platform.getTxStatus', { result: { status: 'Dropped', reason: 'failed to verify' } })
    await expect(client.platform.getTxStatus({ txID: TX_ID })).resolves.toEqual({
      status: 'Dropped',
      reason: 'failed to verify',
    })
  })
})

describe('platform deprecations', () => {
  test('getBalance and getBlockchains warn once per client', async () => {
    const { client, logger } = createFakeClient({
      'platform.getBalance': {
        result: { balance: '0', unlocked: '0', lockedStakeable: '0', lockedNotStakeable: '0', utxoIDs: null },
      },
      'platform.getBlockchains': { result: { blockchains: [] } },
    })
    for (let i = 0; i < 3; i++) {
      await client.platform.getBalance({ addresses: [P_ADDRESS] })
      await client.platform.getBlockchains()
    }
    expect(logger.warnings.map((w) => w.message)).toEqual([
      'platform.getBalance is deprecated since v1.9.12; use platform.getUTXOs',
      'platform.getBlockchains is deprecated since v1.9.12',
    ])
  })
})

describe('platform parameter validation (before any request)', () => {
  test('`blockchainId` is a typo of `blockchainID`', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error wrong case
      () => client.platform.getBlockchainStatus({ blockchainId: MAINNET_X_CHAIN }),
      /unknown parameter "blockchainId" \(did you mean "blockchainID"\?/,
      /blockchainID: required/,
    )
    // @ts-expect-error wrong case
    await expectInvalidParams(fake, () => client.platform.getBlock({ blockId: BLOCK_ID }), /"blockId"/)
    // @ts-expect-error wrong case
    await expectInvalidParams(fake, () => client.platform.getCurrentSupply({ subnetId: SUBNET_ID }), /"subnetId"/)
  })

  test('getBalance: the singular `address` of old clients is refused, not silently ignored', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error removed in avalanchego v1.9.8
      () => client.platform.getBalance({ address: P_ADDRESS }),
      /"address"/,
      /addresses: required/,
    )
    await expectInvalidParams(fake, () => client.platform.getBalance({ addresses: [] }), /addresses/, /at least 1/)
  })

  test('bad NodeIDs and subnet IDs', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.platform.getCurrentValidators({ nodeIDs: [NODE_ID, '7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'] }),
      /nodeIDs\[1\]/,
      /NodeID-/,
    )
    await expectInvalidParams(
      fake,
      () => client.platform.getCurrentValidators({ nodeIDs: [`${NODE_ID}x`] }),
      /nodeIDs\[0\]/,
    )
    await expectInvalidParams(
      fake,
      () => client.platform.getCurrentValidators({ subnetID: 'P' }),
      /subnetID/,
      /subnet ID/,
    )
  })

  test('getValidatorsAt height: a height or "proposed"', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.platform.getValidatorsAt({ height: 'latest' }),
      /height/,
      /"proposed"/,
      /got "latest"/,
    )
    await expectInvalidParams(fake, () => client.platform.getValidatorsAt({ height: -5 }), /height/, /"proposed"/)
    // 2^64-1 is the node's code for "proposed", refused as a number (vms/platformvm/api/height.go).
    for (const height of [2n ** 64n - 1n, '18446744073709551615']) {
      await expectInvalidParams(
        fake,
        () => client.platform.getValidatorsAt({ height }),
        /height: 18446744073709551615 \(2\^64-1\) stands for the proposed height/,
        /pass "proposed"/,
      )
    }
    // @ts-expect-error height is required
    await expectInvalidParams(fake, () => client.platform.getValidatorsAt({ subnetID: SUBNET_ID }), /height/)
  })

  test('getUTXOs limits and addresses', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      () => client.platform.getUTXOs({ addresses: [P_ADDRESS], limit: 1025 }),
      /limit/,
      /1 to 1024/,
    )
    await expectInvalidParams(
      fake,
      () => client.platform.getUTXOs({ addresses: [P_ADDRESS], limit: 0 }),
      /limit/,
      /1 to 1024/,
    )
    await expectInvalidParams(
      fake,
      () => client.platform.getUTXOs({ addresses: Array.from({ length: 1025 }, () => P_ADDRESS) }),
      /addresses/,
      /1 to 1024/,
    )
    await expectInvalidParams(fake, () => client.platform.getUTXOs({ addresses: ['P-avax1xyz'] }), /addresses\[0\]/)
  })

  test('addresses: any P-Chain alias as prefix; bare bech32 refused with the node reason', async () => {
    const reply = { numFetched: '0', utxos: [], endIndex: { address: P_ADDRESS, utxo: EMPTY_ID }, encoding: 'hex' }
    const { client, fake } = createFakeClient({ 'platform.getUTXOs': { result: reply } })
    const bare = P_ADDRESS.slice(2)
    const aliases = [P_ADDRESS, `platform-${bare}`, `${EMPTY_ID}-${bare}`]
    await client.platform.getUTXOs({ addresses: aliases })
    expect(fake.last().params).toMatchObject({ addresses: aliases })
    await expectInvalidParams(
      fake,
      () => client.platform.getUTXOs({ addresses: [bare] }),
      `addresses[0]: couldn't parse address "${bare}": no separator found in address`,
    )
    await expectInvalidParams(
      fake,
      () => client.platform.getBalance({ addresses: [`X-${bare}`] }),
      /addresses\[0\]: "X-avax1.*" is not a P-Chain address: its prefix "X" must be a P-Chain alias \(P, platform, 11111111111111111111111111111111LpoYY\)/,
    )
  })

  test('unknown encodings and bad tx IDs', async () => {
    const { client, fake } = createFakeClient()
    await expectInvalidParams(
      fake,
      // @ts-expect-error
      () => client.platform.getTx({ txID: TX_ID, encoding: 'base64' }),
      /encoding/,
      /hex, hexc, hexnc, json/,
    )
    await expectInvalidParams(fake, () => client.platform.getTxStatus({ txID: '0x1234' }), /txID/, /cb58/)
    // @ts-expect-error
    await expectInvalidParams(fake, () => client.platform.getHeight({ height: 1 }), /"height"/)
  })
})

describe('platform metadata', () => {
  test('read-only, idempotent, /ext/bc/P; deprecations and pagination', () => {
    for (const op of Object.values(platform)) {
      expect(op.endpoint).toBe(P)
      expect(op.readOnly).toBe(true)
      expect(op.idempotent).toBe(true)
    }
    expect(platform.getUTXOs.pagination).toEqual({ kind: 'utxoCursor' })
    expect(platform.getBalance.deprecated).toEqual({ since: 'v1.9.12', use: 'platform.getUTXOs' })
    expect(platform.getBlockchains.deprecated).toEqual({ since: 'v1.9.12' })
  })
})
