import {
  type AvalancheClient,
  decodeUtxo,
  formatAddress,
  hexDecode,
  InvalidParamsError,
  idFromBytes,
  JsonRpcError,
  services,
} from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, rejection, sumByAsset } from './helpers.js'

/** The X-Chain service through core against the devnet: every avm operation, asserted against the fixtures. */
let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ xTxs: 300, utxosPerAddress: 20 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

const TX_FEE = 1_000_000n
const CREATE_ASSET_TX_FEE = 10_000_000n
/** The seed-independent X-Chain genesis: 300M AVAX to ewoq. */
const GENESIS_AVAX = 300_000_000n * 10n ** 9n

describe('avm.getHeight / getTxFee', () => {
  it('returns the last accepted height as a bigint', async () => {
    const { height } = await client.avm.getHeight()
    expect(height).toBe(BigInt(devnet.fixtures.x.height))
  })

  it('returns both fees as bigint nAVAX', async () => {
    expect(await client.avm.getTxFee()).toEqual({ txFee: TX_FEE, createAssetTxFee: CREATE_ASSET_TX_FEE })
  })
})

describe('avm.getTx', () => {
  it('decodes the first tx (USDT creation) with encoding json: lossless bigint amounts, the implied outputs', async () => {
    const { x, assets, accounts } = devnet.fixtures
    const reply = await client.avm.getTx({ txID: x.txs.first, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected a json reply')
    const { tx } = reply
    expect(tx.id).toBe(x.txs.first)
    const unsigned = tx.unsignedTx
    expect(unsigned.networkID).toBe(devnet.fixtures.networkId)
    expect(unsigned.blockchainID).toBe(devnet.fixtures.chains.x)
    expect(unsigned).toMatchObject({ name: assets.usdt.name, symbol: assets.usdt.symbol })
    expect(unsigned.denomination).toBe(assets.usdt.denomination)
    // It spends the AVAX genesis output (300M AVAX, above 2^53 nAVAX: only a lossless parser keeps it exact)...
    expect(unsigned.inputs).toHaveLength(1)
    const input = unsigned.inputs?.[0]
    expect(input?.txID).toBe(assets.avax.id)
    expect(input?.outputIndex).toBe(0)
    expect(input?.assetID).toBe(assets.avax.id)
    expect(input?.input.amount).toBe(GENESIS_AVAX)
    expect(GENESIS_AVAX > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true)
    // ...and returns the change minus the asset-creation fee to ewoq.
    expect(unsigned.outputs).toHaveLength(1)
    const change = unsigned.outputs?.[0]
    expect(change?.assetID).toBe(assets.avax.id)
    expect(change?.output).toMatchObject({ addresses: [accounts.ewoq.x], locktime: 0n, threshold: 1 })
    expect(change?.output.amount).toBe(GENESIS_AVAX - CREATE_ASSET_TX_FEE)
    // USDT is variable-cap: a mint output (no amount) and the initial supply to ewoq.
    const states = unsigned.initialStates ?? []
    expect(states).toHaveLength(1)
    const outputs = states[0]?.outputs ?? []
    expect(outputs).toHaveLength(2)
    expect(outputs[0]?.amount).toBeUndefined()
    expect(outputs[1]).toMatchObject({ addresses: [accounts.ewoq.x], amount: 10n ** 15n })
    expect(tx.credentials).toHaveLength(1)
    expect(tx.credentials[0]?.credential?.signatures?.[0]).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('returns hex whose bytes hash to the tx ID, the same tx as json', async () => {
    for (const txID of [devnet.fixtures.x.txs.first, devnet.fixtures.x.txs.send, devnet.fixtures.x.txs.last]) {
      const reply = await client.avm.getTx({ txID })
      expect(reply.encoding).toBe('hex')
      if (reply.encoding === 'json') throw new Error('expected hex')
      expect(idFromBytes(hexDecode(reply.tx))).toBe(txID)
    }
  })

  it('balances every bulk send: inputs = outputs + txFee', async () => {
    const reply = await client.avm.getTx({ txID: devnet.fixtures.x.txs.send, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    const { unsignedTx } = reply.tx
    const sum = (xs: { amount?: bigint | undefined }[]) => xs.reduce((s, a) => s + (a.amount ?? 0n), 0n)
    const ins = sum((unsignedTx.inputs ?? []).map((i) => i.input))
    const outs = sum((unsignedTx.outputs ?? []).map((o) => o.output))
    expect(ins).toBe(outs + TX_FEE)
    // Its input spends a real earlier output.
    const spent = unsignedTx.inputs?.[0]
    if (!spent) throw new Error('no input')
    const parent = await client.avm.getTx({ txID: spent.txID, encoding: 'json' })
    if (parent.encoding !== 'json') throw new Error('expected json')
    expect(parent.tx.unsignedTx.outputs?.[spent.outputIndex]?.output.amount).toBe(spent.input.amount)
  })

  it('decodes an export with its destination chain and exported outputs', async () => {
    const reply = await client.avm.getTx({ txID: devnet.fixtures.x.txs.export, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    expect(reply.tx.unsignedTx.destinationChain).toBe(devnet.fixtures.chains.p)
    expect(reply.tx.unsignedTx.exportedOutputs).toHaveLength(1)
    // The node formats every owner of an X tx with the X-Chain's alias, exported outputs included.
    const { ewoq, alice } = devnet.fixtures.accounts
    expect([ewoq.x, alice.x]).toContain(reply.tx.unsignedTx.exportedOutputs?.[0]?.output.addresses?.[0])
  })

  it('decodes an import with its source chain and imported inputs', async () => {
    const reply = await client.avm.getTx({ txID: devnet.fixtures.x.txs.import, encoding: 'json' })
    if (reply.encoding !== 'json') throw new Error('expected json')
    expect(reply.tx.unsignedTx.sourceChain).toBe(devnet.fixtures.chains.p)
    expect(reply.tx.unsignedTx.importedInputs?.length).toBeGreaterThan(0)
    expect(reply.tx.unsignedTx.outputs?.[0]?.output.addresses).toEqual([devnet.fixtures.accounts.carol.x])
  })

  it('fails with JsonRpcError "not found" (isNotFound) for an ID the chain does not hold', async () => {
    const error = await rejection(client.avm.getTx({ txID: devnet.fixtures.p.txs.transfer }), JsonRpcError)
    expect(error.rpcCode).toBe(-32000)
    expect(error.rpcMessage).toBe('not found')
    expect(error.isNotFound).toBe(true)
    expect(error.method).toBe('avm.getTx')
  })
})

describe('avm.getTxStatus', () => {
  it('is Accepted for an X tx and Unknown for any other ID', async () => {
    expect(await client.avm.getTxStatus({ txID: devnet.fixtures.x.txs.send })).toEqual({ status: 'Accepted' })
    expect(await client.avm.getTxStatus({ txID: devnet.fixtures.p.txs.transfer })).toEqual({ status: 'Unknown' })
  })
})

describe('avm.getBalance / getAllBalances', () => {
  it('equals the fixture balance of every asset, by alias and by ID, with the UTXOs it sums', async () => {
    const { ewoq } = devnet.fixtures.accounts
    const { avax, usdt, gold, weth } = devnet.fixtures.assets
    const byAlias = await client.avm.getBalance({ address: ewoq.x, assetID: 'AVAX' })
    expect(byAlias.balance).toBe(ewoq.xBalances[avax.id])
    expect(byAlias.utxoIDs.length).toBeGreaterThan(0)
    for (const asset of [avax, usdt, gold, weth]) {
      const reply = await client.avm.getBalance({ address: ewoq.x, assetID: asset.id })
      expect(reply.balance).toBe(ewoq.xBalances[asset.id])
    }
    // The utxoIDs are distinct and each is a real output of an X tx.
    const keys = byAlias.utxoIDs.map((u) => `${u.txID}:${u.outputIndex}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('is zero with no UTXOs for an address that holds nothing', async () => {
    const empty = formatAddress('X', devnet.fixtures.hrp, new Uint8Array(20).fill(7))
    const reply = await client.avm.getBalance({ address: empty, assetID: 'AVAX' })
    expect(reply).toEqual({ balance: 0n, utxoIDs: [] })
    expect(await client.avm.getAllBalances({ address: empty })).toEqual({ balances: [] })
  })

  it('lists every asset of an address: AVAX by alias, the others by ID, balances as bigint', async () => {
    const { carol } = devnet.fixtures.accounts
    const { avax } = devnet.fixtures.assets
    const { balances } = await client.avm.getAllBalances({ address: carol.x })
    const expected = Object.entries(carol.xBalances).map(([asset, balance]) => ({
      asset: asset === avax.id ? 'AVAX' : asset,
      balance,
    }))
    expect(balances).toHaveLength(4)
    expect(new Set(balances.map((b) => b.asset))).toEqual(new Set(expected.map((b) => b.asset)))
    expect(balances).toEqual(expect.arrayContaining(expected))
  })
})

describe('avm.getAssetDescription', () => {
  it('describes AVAX by alias and every created asset by ID, denomination as a number', async () => {
    const { avax, all } = devnet.fixtures.assets
    expect(await client.avm.getAssetDescription({ assetID: 'AVAX' })).toEqual({
      assetID: avax.id,
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
    })
    for (const asset of all) {
      const reply = await client.avm.getAssetDescription({ assetID: asset.id })
      expect(reply).toEqual({
        assetID: asset.id,
        name: asset.name,
        symbol: asset.symbol,
        denomination: asset.denomination,
      })
    }
  })

  it('fails with the node text for a tx that creates no asset', async () => {
    const error = await rejection(client.avm.getAssetDescription({ assetID: devnet.fixtures.x.txs.send }), JsonRpcError)
    expect(error.rpcMessage).toBe("transaction doesn't create an asset")
    expect(error.isNotFound).toBe(false)
  })
})

describe('avm.getBlock / getBlockByHeight', () => {
  it('round-trips: the ID of getBlockByHeight(h) is the block getBlock returns for that ID', async () => {
    const { x } = devnet.fixtures
    for (const height of [1, Math.floor(x.height / 2), x.height]) {
      const byHeight = await client.avm.getBlockByHeight({ height })
      if (byHeight.encoding === 'json') throw new Error('expected hex')
      const id = idFromBytes(hexDecode(byHeight.block))
      if (height === 1) expect(id).toBe(x.firstBlock.id)
      const byId = await client.avm.getBlock({ blockID: id })
      expect(byId).toEqual(byHeight)
      const json = await client.avm.getBlock({ blockID: id, encoding: 'json' })
      if (json.encoding !== 'json') throw new Error('expected json')
      expect(json.block.id).toBe(id)
      expect(json.block.height).toBe(BigInt(height))
      expect(typeof json.block.time).toBe('bigint')
      expect(json.block.txs.length).toBeGreaterThan(0)
    }
  })

  it('chains blocks by parentID and ends with the last tx at the tip; heights accept bigint and strings', async () => {
    const { x } = devnet.fixtures
    const tip = await client.avm.getBlockByHeight({ height: BigInt(x.height), encoding: 'json' })
    const below = await client.avm.getBlockByHeight({ height: String(x.height - 1), encoding: 'json' })
    if (tip.encoding !== 'json' || below.encoding !== 'json') throw new Error('expected json')
    expect(tip.block.parentID).toBe(below.block.id)
    expect(tip.block.txs.at(-1)?.id).toBe(x.txs.last)
    const first = await client.avm.getBlockByHeight({ height: 1, encoding: 'json' })
    if (first.encoding !== 'json') throw new Error('expected json')
    expect(first.block.txs[0]?.id).toBe(x.eras.firstLinearTx)
  })

  it('holds every linear-era tx once, in acceptance order, across blocks 1..height (the DAG era in none)', async () => {
    const { x } = devnet.fixtures
    const ids: string[] = []
    for (let height = 1; height <= x.height; height++) {
      const reply = await client.avm.getBlockByHeight({ height, encoding: 'json' })
      if (reply.encoding !== 'json') throw new Error('expected json')
      for (const tx of reply.block.txs) ids.push(tx.id as string)
    }
    // The linear chain's blocks start after the stop vertex (`vms/avm/vm.go` Linearize): DAG-era txs are in none.
    expect(ids).toHaveLength(x.txCount - x.eras.dagTxCount)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids[0]).toBe(x.eras.firstLinearTx)
    expect(ids.at(-1)).toBe(x.txs.last)
    for (const dagTx of [x.txs.first, ...x.txs.createAsset, x.eras.lastDagTx]) expect(ids).not.toContain(dagTx)
  })

  it('fails with the node texts past the tip and for an unknown block ID', async () => {
    const height = devnet.fixtures.x.height + 1
    const past = await rejection(client.avm.getBlockByHeight({ height }), JsonRpcError)
    expect(past.rpcMessage).toBe(`couldn't get block at height ${height}: not found`)
    expect(past.isNotFound).toBe(true)
    const unknown = devnet.fixtures.x.txs.send
    const byId = await rejection(client.avm.getBlock({ blockID: unknown }), JsonRpcError)
    expect(byId.rpcMessage).toBe(`couldn't get block with id ${unknown}: not found`)
    expect(byId.isNotFound).toBe(true)
  })
})

describe('avm.getUTXOs', () => {
  it('returns one page whose UTXOs are the address fixture: count, owners, balances', async () => {
    const { carol } = devnet.fixtures.accounts
    const page = await client.avm.getUTXOs({ addresses: [carol.x] })
    expect(page.numFetched).toBe(BigInt(carol.xUtxoCount))
    expect(page.utxos).toHaveLength(carol.xUtxoCount)
    expect(page.encoding).toBe('hex')
    expect(page.endIndex.address).toBe(carol.x)
    const decoded = page.utxos.map((hex) => decodeUtxo(hexDecode(hex)))
    for (const utxo of decoded) expect(utxo.owners).toEqual([carol.shortId])
    expect(decoded.at(-1)?.id).toBe(page.endIndex.utxo)
    expect(sumByAsset(decoded)).toEqual(carol.xBalances)
  })

  it('continues after startIndex with no overlap', async () => {
    const { carol } = devnet.fixtures.accounts
    const first = await client.avm.getUTXOs({ addresses: [carol.x], limit: 5 })
    expect(first.numFetched).toBe(5n)
    const rest = await client.avm.getUTXOs({ addresses: [carol.x], startIndex: first.endIndex })
    expect(rest.numFetched).toBe(BigInt(carol.xUtxoCount - 5))
    const all = await client.avm.getUTXOs({ addresses: [carol.x] })
    expect([...first.utxos, ...rest.utxos]).toEqual(all.utxos)
  })

  it('rejects a malformed address before sending', async () => {
    const before = devnet.stats.requests
    await rejection(client.avm.getUTXOs({ addresses: ['not-an-address'] }), InvalidParamsError)
    expect(devnet.stats.requests).toBe(before)
  })
})

it('called every avm operation of the catalog against the devnet', () => {
  for (const op of Object.values(services.avm)) expect(devnet.stats.byMethod[op.id], op.id).toBeGreaterThan(0)
})
