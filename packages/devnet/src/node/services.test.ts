import { cb58Decode, decodeUtxo, formatAddress, hexDecode } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../index.js'

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
const jsonOf = async (res: Response): Promise<any> => res.json()

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ admin: true, index: true })
})
afterAll(async () => {
  await devnet.close()
})

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
type Reply = { result?: any; error?: { code: number; message: string; data: unknown } }

async function raw(path: string, method: string, params: unknown = {}): Promise<Reply> {
  const res = await fetch(devnet.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(res.status).toBe(200)
  return (await jsonOf(res)) as Reply
}
const ok = async (path: string, method: string, params: unknown = {}) => (await raw(path, method, params)).result
const err = async (path: string, method: string, params: unknown = {}) =>
  (await raw(path, method, params)).error?.message

const X = '/ext/bc/X'
const P = '/ext/bc/P'

describe('avm', () => {
  it('reports tx lookups the node way', async () => {
    expect(await err(X, 'avm.getTx', {})).toBe('nil transaction ID')
    expect(await err(X, 'avm.getTx', { txID: devnet.fixtures.p.txs.transfer })).toBe('not found')
    expect(await ok(X, 'avm.getTxStatus', { txID: devnet.fixtures.x.txs.send })).toEqual({ status: 'Accepted' })
    expect(await ok(X, 'avm.getTxStatus', { txID: devnet.fixtures.p.txs.transfer })).toEqual({ status: 'Unknown' })
    const hexnc = await ok(X, 'avm.getTx', { txID: devnet.fixtures.x.txs.send, encoding: 'hexnc' })
    const hex = await ok(X, 'avm.getTx', { txID: devnet.fixtures.x.txs.send })
    expect(hex.tx).toBe(hexnc.tx + hex.tx.slice(-8))
    expect(hexnc.encoding).toBe('hexnc')
  })

  it('answers fees, heights and asset lookups', async () => {
    expect(await ok(X, 'avm.getTxFee')).toEqual({ txFee: '1000000', createAssetTxFee: '10000000' })
    expect(await ok(X, 'avm.getHeight')).toEqual({ height: String(devnet.fixtures.x.height) })
    expect(await err(X, 'avm.getAssetDescription', { assetID: 'FOO' })).toBe("asset 'FOO' not found")
    expect(await err(X, 'avm.getAssetDescription', { assetID: devnet.fixtures.x.txs.send })).toBe(
      "transaction doesn't create an asset",
    )
    expect(await err(X, 'avm.getBlockByHeight', { height: devnet.fixtures.x.height + 1 })).toBe(
      `couldn't get block at height ${devnet.fixtures.x.height + 1}: not found`,
    )
    expect(await err(X, 'avm.getBlock', { blockID: devnet.fixtures.x.txs.send })).toBe(
      `couldn't get block with id ${devnet.fixtures.x.txs.send}: not found`,
    )
  })

  it('uses the singular address in getAllBalances and names AVAX by alias', async () => {
    const { balances } = await ok(X, 'avm.getAllBalances', { address: devnet.fixtures.accounts.alice.x })
    expect(balances[0]).toEqual({ asset: 'AVAX', balance: expect.any(String) })
    expect(await err(X, 'avm.getAllBalances', { addresses: [devnet.fixtures.accounts.alice.x] })).toBe(
      `problem parsing address '': couldn't parse address "": no separator found in address`,
    )
    expect(await err(X, 'avm.getBalance', { address: devnet.fixtures.accounts.alice.p, assetID: 'AVAX' })).toMatch(
      /^problem parsing address 'P-local1.*': couldn't parse address ".*": mismatched chainIDs/,
    )
  })
})

describe('getUTXOs pagination', () => {
  const bob = () => devnet.fixtures.accounts.bob
  const page = (params: Record<string, unknown>) => ok(X, 'avm.getUTXOs', { addresses: [bob().x], ...params })

  it('caps limit at 1024 and treats limit <= 0 as 1024', async () => {
    expect(bob().xUtxoCount).toBe(1025)
    for (const limit of [0, 5000, undefined]) {
      const r = await page(limit === undefined ? {} : { limit })
      expect(r.numFetched).toBe('1024')
    }
  })

  it('resumes strictly after startIndex and ends with a short page', async () => {
    const first = await page({ limit: 1000 })
    const second = await page({ limit: 1000, startIndex: first.endIndex })
    expect(second.numFetched).toBe('25')
    const ids = [...first.utxos, ...second.utxos].map((h: string) => decodeUtxo(hexDecode(h)).id)
    expect(new Set(ids).size).toBe(1025)
    expect(ids.slice(0, 1000)).toEqual([...ids.slice(0, 1000)].sort(compareIds))
    expect(first.endIndex).toEqual({ address: bob().x, utxo: ids[999] })
    const third = await page({ limit: 1000, startIndex: second.endIndex })
    expect(third.numFetched).toBe('0')
    expect(third.endIndex).toEqual(second.endIndex)
  })

  it('walks several addresses in byte order, page after page', async () => {
    const { alice, bob: b, carol } = devnet.fixtures.accounts
    const sorted = [alice, b, carol].sort((l, r) => (l.shortId < r.shortId ? -1 : 1))
    const owners: string[] = []
    let startIndex: unknown
    for (let pages = 0; pages < 4; pages++) {
      const r = await ok(X, 'avm.getUTXOs', {
        addresses: [carol.x, b.x, alice.x],
        ...(startIndex ? { startIndex } : {}),
      })
      owners.push(...(r.utxos as string[]).map((h) => decodeUtxo(hexDecode(h)).owners?.[0] ?? ''))
      startIndex = r.endIndex
      if (r.numFetched !== '1024') break
    }
    const expected = sorted.flatMap((a) => Array<string>(a.xUtxoCount).fill(a.shortId))
    expect(owners).toEqual(expected)
  })

  it('returns an empty page with the zero UTXO ID for an address without UTXOs', async () => {
    const stranger = formatAddress('P', 'local', new Uint8Array(20).fill(1))
    expect(await ok(P, 'platform.getUTXOs', { addresses: [stranger] })).toEqual({
      numFetched: '0',
      utxos: [],
      endIndex: { address: stranger, utxo: '11111111111111111111111111111111LpoYY' },
      encoding: 'hex',
    })
  })

  it('validates addresses, counts and the source chain', async () => {
    expect(await err(X, 'avm.getUTXOs', { addresses: [] })).toBe('no addresses provided')
    const many = Array.from({ length: 1025 }, () => bob().x)
    expect(await err(X, 'avm.getUTXOs', { addresses: many })).toBe(
      'number of addresses given, 1025, exceeds maximum, 1024',
    )
    expect(await err(X, 'avm.getUTXOs', { addresses: [bob().x], sourceChain: 'foo' })).toBe(
      'problem parsing source chainID "foo": there is no ID with alias: foo',
    )
    expect(await err(X, 'avm.getUTXOs', { addresses: [bob().x], encoding: 'json' })).toMatch(
      /^couldn't encode UTXO \w+ as string: unsupported encoding in method$/,
    )
    expect(await err(X, 'avm.getUTXOs', { addresses: [bob().x], startIndex: { address: bob().x, utxo: 'x' } })).toBe(
      "couldn't parse start index utxo: input string is smaller than the checksum size",
    )
  })
})

describe('platform', () => {
  it('shapes primary validators, with delegators only for a single nodeID', async () => {
    const { validators } = await ok(P, 'platform.getCurrentValidators')
    expect(validators).toHaveLength(devnet.fixtures.p.validators.primary.length)
    const first = validators[0]
    expect(first).toMatchObject({
      delegationFee: expect.stringMatching(/^\d+\.\d{4}$/),
      uptime: expect.stringMatching(/^\d+\.\d{4}$/),
      connected: expect.any(Boolean),
      signer: {
        publicKey: expect.stringMatching(/^0x[0-9a-f]{96}$/),
        proofOfPossession: expect.stringMatching(/^0x[0-9a-f]{192}$/),
      },
    })
    expect(first.delegators).toBeUndefined()
    const withDelegations = validators.find((v: { delegatorCount: string }) => v.delegatorCount !== '0')
    const single = await ok(P, 'platform.getCurrentValidators', { nodeIDs: [withDelegations.nodeID] })
    expect(single.validators).toHaveLength(1)
    expect(single.validators[0].delegators).toHaveLength(Number(withDelegations.delegatorCount))
    const two = await ok(P, 'platform.getCurrentValidators', {
      nodeIDs: devnet.fixtures.p.validators.primary.slice(0, 2),
    })
    expect(two.validators.map((v: { delegators?: unknown }) => v.delegators)).toEqual([undefined, undefined])
  })

  it('shapes permissioned subnet and L1 validators', async () => {
    const subnet = await ok(P, 'platform.getCurrentValidators', { subnetID: devnet.fixtures.p.subnetId })
    expect(Object.keys(subnet.validators[0])).toEqual(['txID', 'startTime', 'endTime', 'weight', 'nodeID'])
    const l1 = await ok(P, 'platform.getCurrentValidators', { subnetID: devnet.fixtures.p.l1SubnetId })
    expect(Object.keys(l1.validators[0])).toEqual([
      'nodeID',
      'weight',
      'startTime',
      'validationID',
      'publicKey',
      'remainingBalanceOwner',
      'deactivationOwner',
      'minNonce',
      'balance',
    ])
  })

  it('returns validator sets at heights as a top-level map, accepting "proposed"', async () => {
    const atZero = await ok(P, 'platform.getValidatorsAt', { height: 0 })
    expect(Object.keys(atZero)).toHaveLength(5)
    const now = await ok(P, 'platform.getValidatorsAt', { height: 'proposed' })
    expect(Object.keys(now)).toHaveLength(devnet.fixtures.p.validators.primary.length)
    expect(Object.values(now)[0]).toEqual({ publicKey: expect.stringMatching(/^0x/), weight: expect.any(String) })
    const beforeSubnet = await ok(P, 'platform.getValidatorsAt', { height: '1', subnetID: devnet.fixtures.p.subnetId })
    expect(beforeSubnet).toEqual({})
    expect(await err(P, 'platform.getValidatorsAt', { height: devnet.fixtures.p.height + 1 })).toBe(
      `failed to get validator set at ${devnet.fixtures.p.height + 1}: failed to fetch validator set at unfinalized height with SubnetID = 11111111111111111111111111111111LpoYY: current P-chain height (${devnet.fixtures.p.height}) < requested P-Chain height (${devnet.fixtures.p.height + 1})`,
    )
  })

  it('answers supply, chains and statuses', async () => {
    const supply = await ok(P, 'platform.getCurrentSupply')
    expect(supply.height).toBe(String(devnet.fixtures.p.height))
    expect(BigInt(supply.supply)).toBeGreaterThan(0n)
    expect(await err(P, 'platform.getCurrentSupply', { subnetID: devnet.fixtures.p.subnetId })).toBe(
      'fetching current supply failed: not found',
    )
    const { blockchains } = await ok(P, 'platform.getBlockchains')
    expect(blockchains.map((b: { name: string }) => b.name).sort()).toEqual(
      ['C-Chain', 'X-Chain', 'devnet-l1', 'devnet-subnet-evm'].sort(),
    )
    expect(await ok(P, 'platform.getBlockchainStatus', { blockchainID: 'X' })).toEqual({ status: 'Validating' })
    const l1Chain = devnet.fixtures.p.blockchains.find((b) => b.name === 'devnet-l1')?.id
    expect(await ok(P, 'platform.getBlockchainStatus', { blockchainID: l1Chain })).toEqual({ status: 'Created' })
    expect(await ok(P, 'platform.getBlockchainStatus', { blockchainID: devnet.fixtures.x.txs.send })).toEqual({
      status: 'Unknown',
    })
    expect(await err(P, 'platform.getBlockchainStatus', {})).toBe("argument 'blockchainID' not given")
  })

  it('serves P txs and blocks in hex and JSON', async () => {
    const { txs } = devnet.fixtures.p
    for (const txID of Object.values(txs)) {
      const json = await ok(P, 'platform.getTx', { txID, encoding: 'json' })
      expect(json.tx.id).toBe(txID)
      expect(await ok(P, 'platform.getTxStatus', { txID })).toEqual({ status: 'Committed' })
    }
    expect(await err(P, 'platform.getTx', { txID: devnet.fixtures.x.txs.send })).toBe("couldn't get tx: not found")
    const block = await ok(P, 'platform.getBlockByHeight', { height: 1, encoding: 'json' })
    expect(block.block).toMatchObject({ height: 1, id: devnet.fixtures.p.firstBlock.id })
    const byId = await ok(P, 'platform.getBlock', { blockID: devnet.fixtures.p.firstBlock.id })
    expect(byId.encoding).toBe('hex')
  })
})

describe('index', () => {
  const path = '/ext/index/X/tx'
  // X/tx holds the DAG era only (`indexer/indexer.go` TxAcceptorGroup): the first n of the default devnet's 5000 txs.
  let n = 0
  it('checks numToFetch and start index', async () => {
    n = devnet.fixtures.x.eras.dagTxCount
    expect(devnet.fixtures.index['X/tx']).toBe(n)
    expect(n).toBeGreaterThan(1000)
    expect(n).toBeLessThan(devnet.fixtures.x.txCount)
    expect(await err(path, 'index.getContainerRange', { startIndex: 0, numToFetch: 0 })).toBe(
      'numToFetch must be in [1,1024] but is 0',
    )
    expect(await err(path, 'index.getContainerRange', { startIndex: 0, numToFetch: 1025 })).toBe(
      'numToFetch must be in [1,1024] but is 1025',
    )
    expect(await err(path, 'index.getContainerRange', { startIndex: n, numToFetch: 1 })).toBe(
      `start index (${n}) > last accepted index (${n - 1})`,
    )
    const tail = await ok(path, 'index.getContainerRange', { startIndex: n - 10, numToFetch: 100 })
    expect(tail.containers).toHaveLength(10)
    expect(tail.containers[9]).toMatchObject({ index: String(n - 1), encoding: 'hex' })
    expect(tail.containers[9].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
  })

  it('echoes any request id around a page, as UTF-8', async () => {
    // The page is written as bytes with the envelope around it: the id is the only text in it that may be non-ASCII.
    const res = await fetch(`${devnet.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'walk é ✓',
        method: 'index.getContainerRange',
        params: { startIndex: 0, numToFetch: 3 },
      }),
    })
    const body = JSON.parse(await res.text())
    expect(body.id).toBe('walk é ✓')
    expect(body.result.containers).toHaveLength(3)
  })

  it('reports missing containers and encodings', async () => {
    const { x } = devnet.fixtures
    expect(await err(path, 'index.getContainerByIndex', { index: n })).toBe(`no container at index ${n}`)
    expect(await err(path, 'index.getContainerByID', { id: devnet.fixtures.p.txs.transfer })).toBe('not found')
    expect(await err(path, 'index.getIndex', { id: devnet.fixtures.p.txs.transfer })).toBe('not found')
    expect(await ok(path, 'index.isAccepted', { id: devnet.fixtures.p.txs.transfer })).toEqual({ isAccepted: false })
    expect(await ok(path, 'index.isAccepted', { id: x.eras.lastDagTx })).toEqual({ isAccepted: true })
    // A linear-era tx is accepted (avm.getTxStatus) but never reaches X/tx.
    expect(await ok(path, 'index.isAccepted', { id: x.txs.last })).toEqual({ isAccepted: false })
    expect(await ok('/ext/bc/X', 'avm.getTxStatus', { txID: x.txs.last })).toEqual({ status: 'Accepted' })
    expect(await err(path, 'index.getLastAccepted', { encoding: 'json' })).toBe('unsupported encoding in method')
    const last = await ok(path, 'index.getLastAccepted')
    expect(last).toMatchObject({ id: x.eras.lastDagTx, index: String(n - 1) })
    const vertices = devnet.fixtures.index['X/vtx']
    expect(await ok('/ext/index/X/vtx', 'index.getLastAccepted')).toMatchObject({
      id: x.eras.stopVertexId,
      index: String(vertices - 1),
    })
    expect(await err('/ext/index/X/vtx', 'index.getContainerByIndex', { index: vertices })).toBe(
      `no container at index ${vertices}`,
    )
  })
})

describe('info', () => {
  it('answers identity and network calls', async () => {
    const id = await ok('/ext/info', 'info.getNodeID')
    expect(id.nodeID).toBe(devnet.fixtures.nodeId)
    expect(id.nodePOP.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
    expect(await ok('/ext/info', 'info.getNetworkID')).toEqual({ networkID: '12345' })
    expect((await ok('/ext/info', 'info.getNodeVersion')).version).toBe('avalanchego/1.14.2')
    expect(await ok('/ext/info', 'info.getBlockchainID', { alias: 'X' })).toEqual({
      blockchainID: devnet.fixtures.chains.x,
    })
    const peers = await ok('/ext/info', 'info.peers')
    expect(peers.numPeers).toBe('4')
    expect(peers.peers).toHaveLength(4)
  })

  it('checks isBootstrapped arguments', async () => {
    expect(await err('/ext/info', 'info.isBootstrapped', {})).toBe("argument 'chain' not given")
    expect(await err('/ext/info', 'info.isBootstrapped', { chain: 'foo' })).toBe(
      "there is no chain with alias/ID 'foo'",
    )
    expect(await ok('/ext/info', 'info.isBootstrapped', { chain: 'P' })).toEqual({ isBootstrapped: true })
  })
})

describe('admin', () => {
  it('aliases chains and routes, and lists aliases by ID only', async () => {
    expect(await ok('/ext/admin', 'admin.aliasChain', { chain: 'X', alias: 'myx' })).toEqual({})
    expect(await ok('/ext/bc/myx', 'avm.getHeight')).toEqual({ height: String(devnet.fixtures.x.height) })
    expect(await err('/ext/admin', 'admin.aliasChain', { chain: 'X', alias: 'myx' })).toBe(
      'alias already mapped to an ID: myx',
    )
    expect(await err('/ext/admin', 'admin.aliasChain', { chain: 'nope', alias: 'a' })).toBe(
      'there is no ID with alias: nope',
    )
    const { aliases } = await ok('/ext/admin', 'admin.getChainAliases', { chain: devnet.fixtures.chains.x })
    expect(aliases).toEqual(['X', 'avm', devnet.fixtures.chains.x, 'myx'])
    expect(await err('/ext/admin', 'admin.getChainAliases', { chain: 'X' })).toBe(
      'input string is smaller than the checksum size',
    )
    expect(await ok('/ext/admin', 'admin.alias', { endpoint: 'info', alias: 'myinfo' })).toEqual({})
    expect(await ok('/ext/myinfo', 'info.getNetworkName')).toEqual({ networkName: 'local' })
    expect(await err('/ext/admin', 'admin.alias', { endpoint: 'info', alias: 'myinfo' })).toBe(
      'route is either already aliased or already maps to a handle: /ext/myinfo',
    )
  })

  it('gets and sets logger levels', async () => {
    expect(await err('/ext/admin', 'admin.setLoggerLevel', {})).toBe('need to specify either displayLevel or logLevel')
    const set = await ok('/ext/admin', 'admin.setLoggerLevel', { loggerName: 'X', logLevel: 'debug' })
    expect(set).toEqual({ loggerLevels: { X: { logLevel: 'DEBUG', displayLevel: 'INFO' } } })
    expect(await err('/ext/admin', 'admin.getLoggerLevel', { loggerName: 'Q' })).toBe('logger with name "Q" not found')
    expect(Object.keys((await ok('/ext/admin', 'admin.getLoggerLevel')).loggerLevels)).toEqual(['C', 'P', 'X', 'main'])
  })

  it('runs the profiler calls without writing files', async () => {
    expect(await err('/ext/admin', 'admin.stopCPUProfiler')).toBe("cpu profiler doesn't exist")
    expect(await ok('/ext/admin', 'admin.startCPUProfiler')).toEqual({})
    expect(await err('/ext/admin', 'admin.startCPUProfiler')).toBe('cpu profiler already running')
    expect(await ok('/ext/admin', 'admin.stopCPUProfiler')).toEqual({})
    expect(await ok('/ext/admin', 'admin.memoryProfile')).toEqual({})
    expect(await ok('/ext/admin', 'admin.lockProfile')).toEqual({})
    expect(await ok('/ext/admin', 'admin.loadVMs')).toEqual({ newVMs: {} })
  })
})

describe('health', () => {
  it('serves GET probes with 200 and JSON-RPC health calls', async () => {
    for (const sub of ['', '/health', '/readiness', '/liveness']) {
      const res = await fetch(`${devnet.url}/ext/health${sub}`)
      expect(res.status).toBe(200)
      expect((await jsonOf(res)).healthy).toBe(true)
    }
    const health = await ok('/ext/health', 'health.health')
    expect(Object.keys(health.checks)).toContain('X')
    const readiness = await ok('/ext/health', 'health.readiness')
    expect(Object.keys(readiness.checks)).toEqual(['bootstrapped'])
  })

  it('filters chain checks by subnet tag', async () => {
    const res = await fetch(`${devnet.url}/ext/health?tag=${devnet.fixtures.p.subnetId}`)
    const body = await jsonOf(res)
    expect(Object.keys(body.checks)).not.toContain('X')
    expect(Object.keys(body.checks)).toContain('network')
  })
})

function compareIds(a: string, b: string): number {
  return Buffer.compare(cb58Decode(a), cb58Decode(b))
}
