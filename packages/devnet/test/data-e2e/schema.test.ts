/**
 * (a) Every Data API and Metrics API response of the devnet validates against the official OpenAPI response schema
 * (ajv, JSON Schema 2020-12, `$ref`s resolved inside the description): one test per endpoint, with its successes,
 * the next page of each listing, and its errors validated against the error schemas of their status. That is the
 * devnet with `quirks: false`; with quirks on (the default, like the live service), each response differs from it
 * only by the deliberate quirks of src/data/quirks.ts, and each of those quirks is met.
 */
import { formatAddress } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES_PER_CHAIN, messageId } from '../../src/data/icm.js'
import { QUIRKS } from '../../src/data/quirks.js'
import { SPEC_OPERATIONS } from '../../src/data/spec.gen.js'
import { type Devnet, startDevnet } from '../../src/index.js'
import { assertValid, componentValidator, type Json, quirkDifferences, responseValidator, specs } from './openapi.js'

let devnet: Devnet
/** The same world with the live service's quirks (the default). */
let quirked: Devnet
const quirksMet = new Set<string>()
let samples: {
  native: string
  erc20: string
  erc721: string
  erc1155: string
  blockHash: string
  l1ChainId: string
  validationId: string
  validationIdHex: string
  l1Node: string
  l1BlockchainId: string
}

beforeAll(async () => {
  const options = { seed: 7, evmTxs: 3_000, cBlocks: 60, now: () => Date.UTC(2026, 2, 1) }
  devnet = await startDevnet({ ...options, quirks: false })
  quirked = await startDevnet(options)
  const latest = (await (await fetch(`${devnet.url}/v1/chains/43112/transactions?pageSize=100`)).json()) as Json
  const kind = (name: string, method: string) =>
    (latest.transactions as Json[]).find((t) => t.method?.methodName === method && t.txStatus === '1')?.txHash ?? name
  const convert = (await (
    await fetch(`${devnet.url}/v1/networks/fuji/blockchains/p-chain/transactions?pageSize=100&sortOrder=asc`)
  ).json()) as Json
  const l1 = (convert.transactions as Json[]).find((t) => t.txType === 'ConvertSubnetToL1Tx').l1ValidatorDetails[0]
  samples = {
    native: kind('native', 'Native Transfer'),
    erc20: kind('erc20', 'transfer(address,uint256)'),
    erc721: kind('erc721', 'mint(address,uint256)'),
    erc1155: kind('erc1155', 'safeTransferFrom(address,address,uint256,uint256,bytes)'),
    blockHash: latest.transactions[0].blockHash,
    l1ChainId: devnet.fixtures.data.evm.chains[1]?.chainId ?? '',
    validationId: l1.validationId,
    validationIdHex: l1.validationIdHex,
    l1Node: l1.nodeId,
    l1BlockchainId: devnet.fixtures.data.evm.chains[1]?.blockchainId ?? '',
  }
})
afterAll(async () => {
  await devnet.close()
  await quirked.close()
})

/** The ID of the C-Chain's nonce-th Teleporter message to the L1 (the last one is still pending). */
const icmId = (nonce: number) =>
  messageId(devnet.fixtures.data.evm.chains[0]?.blockchainId ?? '', samples.l1BlockchainId, nonce)

interface Sample {
  url: string
  status: number
  /** Validate against this component instead (see the c-chain note below). */
  component?: string
  /** A POST read's JSON body (the V2 forms); GET when absent. */
  body?: unknown
  /** The status whose schema the description gives this answer under, when the live status differs (UTXOs V2). */
  described?: number
}

/** A table path is `/v1/...` (GET) or `POST /v1/...`. */
const routeOf = (path: string) => {
  const [method, route] = path.startsWith('POST ') ? ['post', path.slice(5)] : ['get', path]
  return { method, route }
}

const send = (base: string, sample: Sample) =>
  fetch(
    `${base}${sample.url}`,
    sample.body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sample.body) },
  )

async function check(api: 'data' | 'metrics', path: string | undefined, sample: Sample, follow = true): Promise<Json> {
  const response = await send(devnet.url, sample)
  const body = (await response.json()) as Json
  expect(response.status, `${sample.url}: ${JSON.stringify(body).slice(0, 300)}`).toBe(sample.status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const what = `${sample.url} (${sample.status})`
  if (sample.component) assertValid(componentValidator(api, sample.component), body, what)
  else if (path) {
    const { method, route } = routeOf(path)
    assertValid(responseValidator(api, route, sample.described ?? sample.status, method), body, what)
  } else assertValid(componentValidator(api, ERROR_COMPONENTS[sample.status] as string), body, what)
  if (sample.status >= 400) expect(body.statusCode).toBe(sample.status)
  // With quirks on, the same request differs only by deliberate quirks (the devnets' own URLs aside).
  const host = (d: Devnet) => `//${d.host}:${d.port}`
  const text = await (await send(quirked.url, sample)).text()
  const live = JSON.parse(text.replaceAll(host(quirked), host(devnet)))
  const { unexplained, quirks } = quirkDifferences(body, live)
  expect(unexplained, `${what} with quirks`).toEqual([])
  for (const quirk of quirks) quirksMet.add(quirk)
  // The next page validates too; the last page has no nextPageToken at all.
  if (follow && sample.status < 300 && typeof body.nextPageToken === 'string') {
    expect(body.nextPageToken).not.toBe('')
    const sep = sample.url.includes('?') ? '&' : '?'
    await check(api, path, { ...sample, url: `${sample.url}${sep}pageToken=${body.nextPageToken}` }, false)
  }
  return body
}

const ERROR_COMPONENTS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
}

const ok = (url: string): Sample => ({ url, status: 200 })
const err = (url: string, status: number): Sample => ({ url, status })
const post = (url: string, addresses: string, status: number, described?: number): Sample => ({
  url,
  body: { addresses },
  status,
  ...(described ? { described } : {}),
})

type Table = [api: 'data' | 'metrics', path: string, samples: () => Sample[]][]

const f = () => devnet.fixtures
const evm = () => devnet.fixtures.data.evm
const C = '/v1/chains/43112'

const TABLE: Table = [
  [
    'data',
    '/v1/chains',
    () => [
      ok('/v1/chains'),
      ok('/v1/chains?network=fuji&feature=teleporter'),
      ok('/v1/chains?network=mainnet'),
      err('/v1/chains?network=moon', 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}',
    () => [ok(C), ok(`/v1/chains/${f().chains.c}`), ok(`/v1/chains/${samples.l1ChainId}`), err('/v1/chains/1', 404)],
  ],
  [
    'data',
    '/v1/chains/{chainId}/blocks',
    () => [
      ok(`${C}/blocks?pageSize=3`),
      ok(`/v1/chains/${samples.l1ChainId}/blocks`),
      err(`${C}/blocks?pageSize=101`, 400),
      err(`${C}/blocks?pageToken=garbage`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/blocks/{blockId}',
    () => [
      ok(`${C}/blocks/5`),
      ok(`${C}/blocks/${samples.blockHash}`),
      ok(`${C}/blocks/0`),
      err(`${C}/blocks/999999`, 404),
      err(`${C}/blocks/xyz`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/transactions',
    () => [
      ok(`${C}/transactions?pageSize=5`),
      ok(`${C}/transactions?status=failed&pageSize=3`),
      err(`${C}/transactions?status=pending`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/transactions/{txHash}',
    () => [
      ok(`${C}/transactions/${samples.native}`),
      ok(`${C}/transactions/${samples.erc20}`),
      ok(`${C}/transactions/${samples.erc721}`),
      ok(`${C}/transactions/${samples.erc1155}`),
      err(`${C}/transactions/0x${'ab'.repeat(32)}`, 404),
      err(`${C}/transactions/abc`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/blocks/{blockId}/transactions',
    () => [
      ok(`${C}/blocks/5/transactions?pageSize=5`),
      ok(`${C}/blocks/6/transactions`),
      err(`${C}/blocks/5/transactions?pageSize=101`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
    () => [
      ok(`${C}/contracts/${evm().contracts.usdc}/transactions:getDeployment?currency=eur`),
      ok(`${C}/contracts/${evm().contracts.items}/transactions:getDeployment`),
      err(`${C}/contracts/${evm().accounts.alice}/transactions:getDeployment`, 404),
      err(`${C}/contracts/${evm().contracts.usdc}/transactions:getDeployment?currency=btc`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions:listNative',
    () => [
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions:listNative?pageSize=5`),
      ok(`${C}/addresses/${evm().accounts.alice}/transactions:listNative?startBlock=10&endBlock=40`),
      err(`${C}/addresses/0x1234/transactions:listNative`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
    () => [
      ok(`${C}/addresses/${evm().accounts.alice}/transactions:listErc20`),
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions:listErc20?pageSize=7`),
      err(`${C}/addresses/${evm().accounts.alice}/transactions:listErc20?startBlock=9&endBlock=3`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
    () => [
      ok(`${C}/addresses/${evm().accounts.bob}/transactions:listErc721`),
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions:listErc721?pageSize=3`),
      err(`${C}/addresses/${evm().accounts.bob}/transactions:listErc721?pageSize=abc`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
    () => [
      ok(`${C}/addresses/${evm().accounts.carol}/transactions:listErc1155`),
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions:listErc1155?pageSize=3`),
      err(`${C}/addresses/${evm().accounts.carol}/transactions:listErc1155?unknown=1`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions',
    () => [
      ok(`${C}/addresses/${evm().accounts.alice}/transactions?sortOrder=asc`),
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions?pageSize=4`),
      err(`${C}/addresses/${evm().accounts.alice}/transactions?sortOrder=sideways`, 400),
    ],
  ],
  [
    'data',
    '/v2/chains/{chainId}/addresses/{address}/transactions',
    () => [
      ok(`/v2/chains/43112/addresses/${evm().accounts.alice}/transactions?filterSpamTokens=true`),
      ok(`/v2/chains/43112/addresses/${evm().accounts.ewoq}/transactions?pageSize=4&sortOrder=asc`),
      err(`/v2/chains/43112/addresses/${evm().accounts.alice}/transactions?filterSpamTokens=maybe`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/tokens/{address}/transfers',
    () => [
      ok(`${C}/tokens/${evm().contracts.usdc}/transfers?pageSize=4`),
      ok(`${C}/tokens/${evm().contracts.nft}/transfers?pageSize=4`),
      ok(`${C}/tokens/${evm().contracts.items}/transfers?pageSize=4`),
      err(`${C}/tokens/not-an-address/transfers`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
    () => [
      ok(`${C}/addresses/${evm().accounts.ewoq}/balances:listErc20?filterSpamTokens=false&currency=jpy&pageSize=2`),
      ok(`${C}/addresses/${evm().accounts.alice}/balances:listErc20?blockNumber=30`),
      ok(`/v1/chains/${samples.l1ChainId}/addresses/${evm().accounts.ewoq}/balances:listErc20`),
      ok(
        `${C}/addresses/${evm().accounts.alice}/balances:listErc20?contractAddresses=${evm().contracts.usdc},${evm().contracts.joe}`,
      ),
      err(`${C}/addresses/${evm().accounts.alice}/balances:listErc20?blockNumber=99999999`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
    () => [
      ok(`${C}/addresses/${evm().accounts.ewoq}/balances:listErc1155?pageSize=2`),
      ok(`${C}/addresses/${evm().accounts.alice}/balances:listErc1155?contractAddress=${evm().contracts.items}`),
      err(`${C}/addresses/${evm().accounts.alice}/balances:listErc1155?pageSize=501`, 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
    () => [
      ok('/v1/networks/fuji/blockchains/x-chain/transactions?pageSize=3'),
      ok(`/v1/networks/fuji/blockchains/${f().chains.p}/transactions?pageSize=5`),
      ok(
        `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=${f().accounts.ewoq.p}&txTypes=AddPermissionlessValidatorTx,AddPermissionlessDelegatorTx`,
      ),
      ok(`/v1/networks/fuji/blockchains/p-chain/transactions?l1ValidationId=${samples.validationId}`),
      ok(
        `/v1/networks/fuji/blockchains/x-chain/transactions?addresses=${f().accounts.alice.x}&sortOrder=asc&pageSize=2`,
      ),
      // The C-Chain's atomic txs (imports and exports), by 0x address and by type.
      ok('/v1/networks/fuji/blockchains/c-chain/transactions?pageSize=4'),
      ok(`/v1/networks/fuji/blockchains/c-chain/transactions?addresses=${f().c.atomic.evmAddress}&txTypes=ImportTx`),
      // An empty page of any chain matches all three members of the description's oneOf (their required fields are
      // the same), so no value can satisfy it: an empty C-Chain page is checked against its own member.
      {
        url: `/v1/networks/fuji/blockchains/c-chain/transactions?addresses=${f().accounts.alice.x}`,
        status: 200,
        component: 'ListCChainAtomicTransactionsResponse',
      },
      err('/v1/networks/fuji/blockchains/x-chain/transactions?txTypes=BaseTx', 400),
      err('/v1/networks/fuji/blockchains/q-chain/transactions', 400),
      err('/v1/networks/moon/blockchains/x-chain/transactions', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
    () => [
      ok(`/v1/networks/fuji/blockchains/x-chain/assets/${f().assets.usdt.id}/transactions?pageSize=3`),
      ok(`/v1/networks/fuji/blockchains/x-chain/assets/${f().assets.avax.id}/transactions?txTypes=ImportTx`),
      err(`/v1/networks/fuji/blockchains/x-chain/assets/${f().chains.c}/transactions`, 404),
      err(`/v1/networks/fuji/blockchains/p-chain/assets/${f().assets.usdt.id}/transactions`, 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks',
    () => [
      ok(`/v1/networks/fuji/blockchains/p-chain/nodes/${f().nodeId}/blocks?pageSize=3`),
      ok(`/v1/networks/fuji/blockchains/x-chain/nodes/${f().nodeId}/blocks?pageSize=3`),
      err('/v1/networks/fuji/blockchains/p-chain/nodes/node-1/blocks', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
    () => [
      ok(`/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${f().accounts.dave.p}&pageSize=3`),
      ok(
        `/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${f().accounts.ewoq.p}&includeSpent=true&sortBy=amount`,
      ),
      ok(`/v1/networks/fuji/blockchains/x-chain/utxos?addresses=${f().accounts.dave.x},${f().accounts.erin.x}`),
      ok(
        `/v1/networks/fuji/blockchains/x-chain/utxos?addresses=${f().accounts.alice.x}&assetId=${f().assets.avax.id}&minUtxoAmount=1&sortOrder=asc&pageSize=5`,
      ),
      err(`/v1/networks/fuji/blockchains/x-chain/utxos?addresses=${f().accounts.alice.x}&sortBy=size`, 400),
      err('/v1/networks/fuji/blockchains/x-chain/utxos?addresses=avax1nope', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/balances',
    () => [
      // Each chain's answer also matches the C-Chain member of the description's oneOf (its two required arrays are
      // in every member), so no answer can satisfy the oneOf: each is checked against its own member.
      {
        url: `/v1/networks/fuji/blockchains/p-chain/balances?addresses=${f().accounts.dave.p},${f().accounts.ewoq.p}`,
        status: 200,
        component: 'ListPChainBalancesResponse',
      },
      {
        url: `/v1/networks/fuji/blockchains/x-chain/balances?addresses=${f().accounts.dave.x}&blockTimestamp=1800000000`,
        status: 200,
        component: 'ListXChainBalancesResponse',
      },
      {
        url: `/v1/networks/fuji/blockchains/c-chain/balances?addresses=${f().accounts.ewoq.x}`,
        status: 200,
        component: 'ListCChainAtomicBalancesResponse',
      },
      err('/v1/networks/fuji/blockchains/p-chain/balances?blockTimestamp=soon', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/addresses:listChainIds',
    () => [
      // The description's BlockchainIds enum lists mainnet's and fuji's IDs; the devnet's own X and C IDs are not
      // among them (data-api.md 0b.4), so the sample is an address without activity (its list is empty).
      ok(
        `/v1/networks/fuji/addresses:listChainIds?addresses=${formatAddress('P', 'local', new Uint8Array(20).fill(7))}`,
      ),
      err('/v1/networks/fuji/addresses:listChainIds', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
    () => [
      ok(`/v1/networks/fuji/blockchains/x-chain/lastActivityTimestampByAddresses?addresses=${f().accounts.alice.x}`),
      ok(`/v1/networks/mainnet/blockchains/p-chain/lastActivityTimestampByAddresses?addresses=${f().accounts.dave.p}`),
      err('/v1/networks/fuji/blockchains/x-chain/lastActivityTimestampByAddresses?addresses=0xnope', 400),
    ],
  ],
  // The V2 POST forms: the addresses in the body (PrimaryNetworkAddressesBodyDto). UTXOs V2 answers 201 like the
  // live service (data-api.md 0b.5), with the body the description gives under 200.
  [
    'data',
    'POST /v1/networks/{network}/blockchains/{blockchainId}/utxos',
    () => [
      post('/v1/networks/fuji/blockchains/p-chain/utxos?pageSize=3', f().accounts.ewoq.p, 201, 200),
      post(
        `/v1/networks/fuji/blockchains/x-chain/utxos?sortBy=amount`,
        `${f().accounts.dave.x},${f().accounts.erin.x}`,
        201,
        200,
      ),
      post('/v1/networks/fuji/blockchains/x-chain/utxos?pageSize=1025', f().accounts.dave.x, 400),
      { url: '/v1/networks/fuji/blockchains/x-chain/utxos', body: { addresses: [f().accounts.dave.x] }, status: 400 },
    ],
  ],
  [
    'data',
    'POST /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
    () => [
      post('/v1/networks/fuji/blockchains/x-chain/lastActivityTimestampByAddresses', f().accounts.alice.x, 200),
      post('/v1/networks/fuji/blockchains/x-chain/lastActivityTimestampByAddresses', 'avax1nope', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
    () => [
      // The oneOf of five tx forms: the P-Chain form is told apart; X and C answers are checked against their members.
      ok(`/v1/networks/fuji/blockchains/p-chain/transactions/${f().p.subnetId}`),
      {
        url: `/v1/networks/fuji/blockchains/x-chain/transactions/${f().assets.usdt.id}`,
        status: 200,
        component: 'XChainNonLinearTransaction',
      },
      err(`/v1/networks/fuji/blockchains/p-chain/transactions/${f().assets.usdt.id}`, 404),
      err('/v1/networks/fuji/blockchains/p-chain/transactions/nope', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}',
    () => [
      ok('/v1/networks/fuji/blockchains/p-chain/blocks/1'),
      ok('/v1/networks/fuji/blockchains/x-chain/blocks/2'),
      err('/v1/networks/fuji/blockchains/p-chain/blocks/99999999', 404),
      err('/v1/networks/fuji/blockchains/c-chain/blocks/1', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/blocks',
    () => [
      ok('/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=3'),
      ok('/v1/networks/mainnet/blockchains/x-chain/blocks?startTimestamp=1735689600&endTimestamp=1800000000'),
      err('/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=101', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}',
    () => [
      ok(`/v1/networks/fuji/blockchains/x-chain/assets/${f().assets.avax.id}`),
      ok(`/v1/networks/fuji/blockchains/x-chain/assets/${f().assets.usdt.id}`),
      err(`/v1/networks/fuji/blockchains/x-chain/assets/${f().chains.c}`, 404),
      err(`/v1/networks/fuji/blockchains/p-chain/assets/${f().assets.avax.id}`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
    () => [
      ok(`${C}/addresses/${evm().accounts.ewoq}/balances:getNative?currency=eur`),
      ok(`${C}/addresses/${evm().accounts.alice}/balances:getNative?blockNumber=30`),
      err(`${C}/addresses/${evm().accounts.alice}/balances:getNative?currency=btc`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/balances:listErc721',
    () => [
      ok(`${C}/addresses/${evm().accounts.bob}/balances:listErc721?pageSize=2`),
      ok(`${C}/addresses/${evm().accounts.bob}/balances:listErc721?contractAddress=${evm().contracts.nft}`),
      err(`${C}/addresses/${evm().accounts.bob}/balances:listErc721?contractAddress=nft`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
    () => [
      ok(`${C}/addresses/${evm().accounts.carol}/balances:listCollectibles?pageSize=3`),
      ok(`${C}/addresses/${evm().accounts.carol}/balances:listCollectibles?contractAddress=${evm().contracts.items}`),
      err(`${C}/addresses/${evm().accounts.carol}/balances:listCollectibles?pageSize=0`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
    () => [
      ok(`${C}/addresses/${evm().accounts.ewoq}/transactions:listInternals?pageSize=4`),
      ok(`${C}/addresses/${evm().contracts.nft}/transactions:listInternals`),
      ok(`${C}/addresses/${evm().accounts.alice}/transactions:listInternals?startBlock=1&endBlock=9`),
      err(`${C}/addresses/0xnope/transactions:listInternals`, 400),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/contracts/{address}/deployments',
    () => [
      ok(`${C}/contracts/${evm().accounts.ewoq}/deployments?pageSize=4`),
      ok(`${C}/contracts/${evm().accounts.bob}/deployments`),
      err('/v1/chains/1/contracts/0x0000000000000000000000000000000000000001/deployments', 404),
    ],
  ],
  [
    'data',
    '/v1/chains/{chainId}/addresses/{address}',
    () => [
      ok(`${C}/addresses/${evm().contracts.usdc}`),
      ok(`${C}/addresses/${evm().contracts.nft}`),
      ok(`${C}/addresses/${evm().contracts.items}`),
      err(`${C}/addresses/${evm().accounts.alice}`, 404),
      err(`${C}/addresses/0xnope`, 400),
    ],
  ],
  [
    'data',
    '/v1/address/{address}/chains',
    () => [
      ok(`/v1/address/${evm().accounts.ewoq}/chains`),
      ok('/v1/address/0x0000000000000000000000000000000000000001/chains'),
      err('/v1/address/0xnope/chains', 400),
    ],
  ],
  [
    'data',
    '/v1/icm/messages/{messageId}',
    () => [
      ok(`/v1/icm/messages/${icmId(1)}`),
      ok(`/v1/icm/messages/${icmId(MESSAGES_PER_CHAIN)}`),
      err(`/v1/icm/messages/${'0'.repeat(64)}`, 404),
    ],
  ],
  [
    'data',
    '/v1/icm/messages',
    () => [
      ok('/v1/icm/messages?pageSize=5'),
      ok(`/v1/icm/messages?sourceBlockchainId=${samples.l1ChainId}&to=${evm().accounts.ewoq}`),
      ok(`/v1/icm/messages?blockchainId=${samples.l1BlockchainId}&network=fuji`),
      ok('/v1/icm/messages?network=mainnet'),
      err('/v1/icm/messages?pageSize=101', 400),
      err('/v1/icm/messages?from=0xnope', 400),
    ],
  ],
  [
    'data',
    '/v1/icm/addresses/{address}/messages',
    () => [
      ok(`/v1/icm/addresses/${evm().accounts.ewoq}/messages?pageSize=7`),
      ok(`/v1/icm/addresses/${evm().accounts.alice}/messages`),
      err('/v1/icm/addresses/0xnope/messages', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/validators',
    () => [
      ok('/v1/networks/fuji/validators?pageSize=4'),
      ok(`/v1/networks/fuji/validators?subnetId=${f().p.subnetId}`),
      ok(
        '/v1/networks/mainnet/validators?sortBy=delegationFee&sortOrder=asc&minFeePercentage=2&minUptimePerformance=90',
      ),
      err('/v1/networks/fuji/validators?sortBy=stake', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/validators/{nodeId}',
    () => [ok(`/v1/networks/fuji/validators/${f().nodeId}`), err('/v1/networks/fuji/validators/node-1', 400)],
  ],
  [
    'data',
    '/v1/networks/{network}/delegators',
    () => [
      ok('/v1/networks/fuji/delegators?pageSize=5'),
      ok(`/v1/networks/fuji/delegators?rewardAddresses=${f().accounts.ewoq.p}&sortOrder=asc`),
      err('/v1/networks/fuji/delegators?delegationStatus=removed', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/l1Validators',
    () => [
      ok('/v1/networks/fuji/l1Validators?pageSize=2'),
      ok(`/v1/networks/fuji/l1Validators?l1ValidationId=${samples.validationIdHex}`),
      err('/v1/networks/fuji/l1Validators?includeInactiveL1Validators=maybe', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
    () => [
      ok(`/v1/networks/fuji/blockchains/p-chain/transactions:listStaking?addresses=${f().accounts.ewoq.p}&pageSize=3`),
      ok(
        `/v1/networks/fuji/blockchains/p-chain/transactions:listStaking?addresses=${f().accounts.ewoq.p}&txTypes=AddSubnetValidatorTx&sortOrder=asc`,
      ),
      err(`/v1/networks/fuji/blockchains/x-chain/transactions:listStaking?addresses=${f().accounts.ewoq.p}`, 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/rewards:listPending',
    () => [
      ok(`/v1/networks/fuji/rewards:listPending?addresses=${f().accounts.ewoq.p}&pageSize=5`),
      ok(`/v1/networks/fuji/rewards:listPending?nodeIds=${f().nodeId}&sortOrder=asc`),
      err('/v1/networks/fuji/rewards:listPending', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/rewards',
    () => [
      ok(`/v1/networks/fuji/rewards?addresses=${f().accounts.ewoq.p}&currency=eur`),
      err('/v1/networks/fuji/rewards?currency=btc', 400),
    ],
  ],
  ['data', '/v1/health-check', () => [ok('/v1/health-check')]],
  ['data', '/v1/live-check', () => [ok('/v1/live-check')]],
  ['data', '/v1/avax/supply', () => [ok('/v1/avax/supply')]],
  ['data', '/v1/networks/{network}', () => [ok('/v1/networks/fuji'), err('/v1/networks/moon', 400)]],
  [
    'data',
    '/v1/networks/{network}/blockchains',
    () => [
      ok('/v1/networks/fuji/blockchains?pageSize=2'),
      ok('/v1/networks/fuji/blockchains?sortOrder=asc'),
      err('/v1/networks/fuji/blockchains?pageSize=10001', 400),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/blockchains/{blockchainId}',
    () => [
      ok(`/v1/networks/fuji/blockchains/${f().chains.x}`),
      ok(`/v1/networks/fuji/blockchains/${samples.l1BlockchainId}`),
      err(`/v1/networks/fuji/blockchains/${f().p.subnetId}`, 404),
    ],
  ],
  [
    'data',
    '/v1/networks/{network}/subnets',
    () => [ok('/v1/networks/fuji/subnets?pageSize=1'), err('/v1/networks/fuji/subnets?sortOrder=up', 400)],
  ],
  [
    'data',
    '/v1/networks/{network}/subnets/{subnetId}',
    () => [
      ok(`/v1/networks/fuji/subnets/${f().p.l1SubnetId}`),
      ok(`/v1/networks/fuji/subnets/${f().p.subnetId}`),
      err(`/v1/networks/fuji/subnets/${f().chains.x}`, 404),
    ],
  ],
  ['metrics', '/v2/health-check', () => [ok('/v2/health-check')]],
  ['metrics', '/v2/live-check', () => [ok('/v2/live-check')]],
  [
    'metrics',
    '/v2/chains',
    () => [ok('/v2/chains'), ok('/v2/chains?network=testnet'), err('/v2/chains?network=moon', 400)],
  ],
  [
    'metrics',
    '/v2/chains/{chainId}',
    () => [ok('/v2/chains/43112'), ok(`/v2/chains/${samples.l1ChainId}`), err('/v2/chains/1', 404)],
  ],
  [
    'metrics',
    '/v2/chains/{chainId}/metrics/{metric}',
    () => [
      ...(specs.metrics.components.schemas.ChainMetric.enum as string[]).map((m) =>
        ok(`/v2/chains/43112/metrics/${m}?pageSize=5`),
      ),
      ok('/v2/chains/total/metrics/txCount?timeInterval=hour&pageSize=50'),
      ok(`/v2/chains/${samples.l1ChainId}/metrics/gasUsed?timeInterval=month`),
      ok(
        '/v2/chains/43112/metrics/activeAddresses?timeInterval=week&startTimestamp=1740000000&endTimestamp=1750000000',
      ),
      err('/v2/chains/43112/metrics/avgTps?timeInterval=hour', 400),
      err('/v2/chains/43112/metrics/txCount?pageSize=2161', 400),
    ],
  ],
  [
    'metrics',
    '/v2/chains/{chainId}/rollingWindowMetrics/{metric}',
    () => [
      ...(specs.metrics.components.schemas.ChainRollingWindowMetric.enum as string[]).map((m) =>
        ok(`/v2/chains/43112/rollingWindowMetrics/${m}`),
      ),
      err('/v2/chains/43112/rollingWindowMetrics/foo', 400),
    ],
  ],
  [
    'metrics',
    '/v2/icm/timeseries',
    () => [
      ok('/v2/icm/timeseries?pageSize=20'),
      ok('/v2/icm/timeseries?groupBy=srcBlockchainId,destBlockchainId&timeInterval=week'),
      err('/v2/icm/timeseries?timeInterval=decade', 400),
    ],
  ],
  [
    'metrics',
    '/v2/icm/summary',
    () => [ok('/v2/icm/summary'), ok('/v2/icm/summary?groupBy=srcBlockchainId'), err('/v2/icm/summary?groupBy=x', 400)],
  ],
  [
    'metrics',
    '/v2/networks/{network}/metrics/{metric}',
    () => [
      ok('/v2/networks/fuji/metrics/validatorCount?pageSize=30'),
      ok('/v2/networks/mainnet/metrics/delegatorWeight'),
      ok(`/v2/networks/fuji/metrics/validatorWeight?subnetId=${f().p.l1SubnetId}`),
      err(`/v2/networks/fuji/metrics/validatorCount?subnetId=${f().chains.x}`, 404),
    ],
  ],
  [
    'metrics',
    '/v2/validators/metrics/{metric}',
    () => [
      ok('/v2/validators/metrics/totalCumulativeFeesDaily'),
      ok('/v2/validators/metrics/totalValidatorFeesDaily?startTimestamp=1735689600&endTimestamp=1736000000'),
      ok('/v2/validators/metrics/totalPayingValidatorsDaily'),
      err('/v2/validators/metrics/other', 400),
    ],
  ],
  [
    'metrics',
    '/v2/validation/{l1ValidationId}/metrics/{metric}',
    () => [
      ok(`/v2/validation/${samples.validationId}/metrics/validationFeesDaily`),
      ok(`/v2/validation/${samples.validationIdHex}/metrics/validationCumulativeFeesDaily`),
      err(`/v2/validation/${f().chains.x}/metrics/validationFeesDaily`, 404),
    ],
  ],
  [
    'metrics',
    '/v2/validator/{nodeId}/metrics/{metric}',
    () => [
      ok(`/v2/validator/${samples.l1Node}/metrics/perNodeDailyFeesPaid`),
      err('/v2/validator/nope/metrics/perNodeDailyFeesPaid', 400),
    ],
  ],
  [
    'metrics',
    '/v2/subnet/{subnetId}/metrics/{metric}',
    () => [
      ok(`/v2/subnet/${f().p.l1SubnetId}/metrics/perSubnetPayingValidators`),
      ok(`/v2/subnet/${f().p.l1SubnetId}/metrics/perSubnetCumulativeFeesPaid`),
      err('/v2/subnet/nope/metrics/perSubnetDailyFeesPaid', 400),
    ],
  ],
  [
    'metrics',
    '/v2/chains/43114/btcb/bridged:getAddresses',
    () => [
      ok('/v2/chains/43114/btcb/bridged:getAddresses?threshold=1000000&pageSize=10'),
      err('/v2/chains/43114/btcb/bridged:getAddresses', 400),
    ],
  ],
  [
    'metrics',
    '/v2/subnets/{subnetId}/validators:getAddresses',
    () => [
      ok(`/v2/subnets/${f().chains.p}/validators:getAddresses?pageSize=4`),
      ok(`/v2/subnets/${f().p.l1SubnetId}/validators:getAddresses?network=fuji`),
      err('/v2/subnets/nope/validators:getAddresses', 400),
    ],
  ],
]

describe('every response validates against the OpenAPI description', () => {
  it('covers every operation the devnet serves', () => {
    const tested = TABLE.map(([api, path]) => `${api} ${path}`).sort()
    const served = SPEC_OPERATIONS.map((op) => `${op.api} ${op.method === 'GET' ? '' : `${op.method} `}${op.path}`)
    expect(tested).toEqual(served.sort())
    expect(tested).toHaveLength(70)
  })

  it.each(TABLE)('%s %s', async (api, path, samplesOf) => {
    const list = samplesOf()
    expect(list.some((s) => s.status < 300)).toBe(true)
    for (const sample of list) await check(api, sample.status < 300 ? path : undefined, sample)
  })

  it('meets every deliberate quirk of the live service (each differs from its description, citing a source)', () => {
    expect([...quirksMet].sort()).toEqual(Object.keys(QUIRKS).sort())
    for (const quirk of Object.values(QUIRKS)) expect(quirk.source).toMatch(/data-api\.md 0b\.\d|openapi\.json/)
  })

  it("metrics GET /v1/avg_tps/{chainId} (seed 001's endpoint, in no description)", async () => {
    const body = await check('metrics', undefined, {
      url: '/v1/avg_tps/43112',
      status: 200,
      component: 'MetricsApiResponse',
    })
    expect(body.status).toBe(200)
    expect(typeof body.lastRun).toBe('number')
    await check('metrics', undefined, err('/v1/avg_tps/1', 404))
  })
})

describe('error bodies of every status match their schemas', () => {
  let keyed: Devnet
  let now = Date.UTC(2026, 0, 1)
  beforeAll(async () => {
    keyed = await startDevnet({
      apiKeys: { 'full-key': 'full', 'limited-key': 'limited', 'rate-key': 'full' },
      rateLimits: { full: 30, windowMs: 60_000 },
      now: () => now,
    })
  })
  afterAll(() => keyed.close())

  const fetchAs = (path: string, headers: Record<string, string> = {}) => fetch(`${keyed.url}${path}`, { headers })
  async function expectError(response: Response, status: number, api: 'data' | 'metrics' = 'data'): Promise<Json> {
    const body = (await response.json()) as Json
    expect(response.status).toBe(status)
    assertValid(componentValidator(api, ERROR_COMPONENTS[status] as string), body, `${status}`)
    expect(body).toMatchObject({ statusCode: status, error: expect.any(String) })
    return body
  }

  it('401 for a key the service does not know, in either header', async () => {
    await expectError(await fetchAs('/v1/chains', { 'x-glacier-api-key': 'wrong' }), 401)
    await expectError(await fetchAs('/v1/chains', { 'x-data-api-key': 'wrong' }), 401)
    expect((await fetchAs('/v1/chains', { 'x-data-api-key': 'full-key' })).status).toBe(200)
  })

  it('403 for a limited key on an xl endpoint', async () => {
    const body = await expectError(
      await fetchAs('/v1/networks/fuji/blockchains/x-chain/transactions', { 'x-glacier-api-key': 'limited-key' }),
      403,
    )
    expect(body.message).toMatch(/listLatestPrimaryNetworkTransactions/)
    expect((await fetchAs('/v1/chains/43112/blocks', { 'x-glacier-api-key': 'limited-key' })).status).toBe(200)
  })

  it('429 once the key has spent its budget, with retry-after and the ratelimit headers', async () => {
    const headers = { 'x-glacier-api-key': 'rate-key' }
    const first = await fetchAs('/v1/chains/43112/transactions?pageSize=1', headers) // medium: 20 of 30
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('30')
    const second = await fetchAs('/v1/chains/43112/transactions?pageSize=1', headers)
    await expectError(second, 429)
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(second.headers.get('ratelimit-remaining')).toBe('10')
    now += 60_000
    expect((await fetchAs('/v1/chains/43112/transactions?pageSize=1', headers)).status).toBe(200)
  })

  it.each([500, 502, 503] as const)(
    '%i from fault injection, as the Data API and the Metrics API write it',
    async (status) => {
      keyed.setFaults({ httpError: { status, first: 2, paths: ['/v1/', '/v2/'] } })
      await expectError(await fetchAs('/v1/chains/43112'), status)
      await expectError(await fetchAs('/v2/chains/43112'), status, 'metrics')
      expect((await fetchAs('/v1/chains/43112')).status).toBe(200)
      keyed.setFaults(undefined)
    },
  )

  it('429 from fault injection', async () => {
    keyed.setFaults({ rateLimit: { first: 1, retryAfter: 0 } })
    const response = await fetchAs('/v2/health-check')
    await expectError(response, 429, 'metrics')
    expect(response.headers.get('retry-after')).toBe('0')
    keyed.setFaults(undefined)
  })

  it('400 for an expired page token, 404 for unknown routes', async () => {
    const page = (await (await fetchAs('/v1/chains/43112/blocks?pageSize=1')).json()) as Json
    now += 24 * 3600 * 1000
    const body = await expectError(await fetchAs(`/v1/chains/43112/blocks?pageToken=${page.nextPageToken}`), 400)
    expect(body.message).toMatch(/expired/)
    await expectError(await fetchAs('/v1/nothing-here'), 404)
    await expectError(await fetchAs('/v2/nothing-here'), 404, 'metrics')
  })
})
