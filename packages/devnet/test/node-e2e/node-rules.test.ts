/**
 * Rules of the real node that core and the devnet once got wrong together (reference/node-rpc.md 0.3-0.14), each
 * checked through core and, where core never lets the input through, with a raw request to the devnet.
 */
import { type AvalancheClient, EMPTY_ID, hexDecode, InvalidParamsError } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { clientFor, collect, rawRpc, rejection } from './helpers.js'

let devnet: Devnet
let client: AvalancheClient
beforeAll(async () => {
  devnet = await startDevnet({ admin: true, index: true, xTxs: 100, utxosPerAddress: 10 })
  client = clientFor(devnet)
})
afterAll(async () => {
  await client.close()
  await devnet.close()
})

/** `X-local1...` → `local1...`. */
const bech32Of = (address: string) => address.slice(address.indexOf('-') + 1)

describe('admin.getChainAliases of a valid ID that is no chain (ids/aliases.go L93-98)', () => {
  it('the node answers {"aliases": null}; core reads it as no aliases', async () => {
    const notAChain = devnet.fixtures.p.txs.transfer
    const raw = await rawRpc(devnet, '/ext/admin', 'admin.getChainAliases', { chain: notAChain })
    expect(raw.body.result).toEqual({ aliases: null })
    expect(await client.admin.getChainAliases({ chain: notAChain })).toEqual({ aliases: [] })
  })
})

describe('alias length is counted in UTF-8 bytes (api/admin/service.go L148, L170)', () => {
  it('300 × "é" (600 bytes) is too long for the node and for core; 256 × "é" (512 bytes) fits', async () => {
    const long = 'é'.repeat(300)
    const raw = await rawRpc(devnet, '/ext/admin', 'admin.aliasChain', { chain: 'X', alias: long })
    expect(raw.body.error?.message).toBe('alias length is too long')
    const before = devnet.stats.requests
    const error = await rejection(client.admin.aliasChain({ chain: 'X', alias: long }), InvalidParamsError)
    expect(error.message).toContain('alias length is too long: 600 bytes in UTF-8, the node allows 512')
    expect(devnet.stats.requests).toBe(before)

    const fits = 'é'.repeat(256)
    expect(await client.admin.aliasChain({ chain: 'X', alias: fits })).toEqual({})
    expect((await client.admin.getChainAliases({ chain: devnet.fixtures.chains.x })).aliases).toContain(fits)
  })
})

describe('encodings in any case, hexc and hexnc too (utils/formatting/encoding.go L80-88)', () => {
  it('getTx: "HEXNC" answers the bytes without checksum, "Hexc" with it; the reply names the lower-case one', async () => {
    const txID = devnet.fixtures.x.txs.send
    const checked = await client.avm.getTx({ txID })
    const bare = await client.avm.getTx({ txID, encoding: 'HEXNC' })
    const hexc = await client.avm.getTx({ txID, encoding: 'Hexc' })
    expect(bare.encoding).toBe('hexnc')
    expect(hexc).toEqual({ ...checked, encoding: 'hexc' })
    if (checked.encoding === 'json' || bare.encoding === 'json') throw new Error('expected hex')
    expect(hexDecode(bare.tx, { checksum: false })).toEqual(hexDecode(checked.tx))
  })

  it('platform.getBlockByHeight and index containers take any case', async () => {
    const json = await client.platform.getBlockByHeight({ height: 1, encoding: 'JSON' })
    expect(json.encoding).toBe('json')
    const container = await client.index.getContainerByIndex({ indexName: 'P/block', index: 0, encoding: 'HEXNC' })
    expect(container.encoding).toBe('hexnc')
    const checked = await client.index.getContainerByIndex({ indexName: 'P/block', index: 0 })
    expect(hexDecode(container.bytes, { checksum: false })).toEqual(hexDecode(checked.bytes))
  })

  it('getUTXOs takes hex, hexc and hexnc (json is refused once a UTXO must be encoded)', async () => {
    const addresses = [devnet.fixtures.accounts.ewoq.p]
    const hex = await client.platform.getUTXOs({ addresses })
    const hexnc = await client.platform.getUTXOs({ addresses, encoding: 'hexnc' })
    expect(hexnc.encoding).toBe('hexnc')
    expect(hexnc.utxos.length).toBeGreaterThan(0)
    expect(hexnc.utxos.map((u) => hexDecode(u, { checksum: false }))).toEqual(hex.utxos.map((u) => hexDecode(u)))
    expect(
      (await client.avm.getUTXOs({ addresses: [devnet.fixtures.accounts.alice.x], encoding: 'HEXC' })).encoding,
    ).toBe('hexc')
  })
})

describe('address prefixes are chain aliases (vms/components/avax/addresses.go)', () => {
  it('P-, platform- and <P-Chain ID>- name the same P-Chain address', async () => {
    const bare = bech32Of(devnet.fixtures.accounts.ewoq.p)
    const byP = await collect(client.platform.getUTXOs.items({ addresses: [`P-${bare}`] }))
    expect(byP.length).toBeGreaterThan(0)
    for (const prefix of ['platform', EMPTY_ID]) {
      expect(await collect(client.platform.getUTXOs.items({ addresses: [`${prefix}-${bare}`] }))).toEqual(byP)
    }
  })

  it('X-, avm- and <X-Chain ID>- name the same X-Chain address', async () => {
    const bare = bech32Of(devnet.fixtures.accounts.alice.x)
    const byX = await client.avm.getBalance({ address: `X-${bare}`, assetID: 'AVAX' })
    expect(byX.balance).toBeGreaterThan(0n)
    for (const prefix of ['avm', devnet.fixtures.chains.x]) {
      expect(await client.avm.getBalance({ address: `${prefix}-${bare}`, assetID: 'AVAX' })).toEqual(byX)
    }
  })

  it('bare bech32 is refused with the node reason, by the node and by core before any request', async () => {
    const bare = bech32Of(devnet.fixtures.accounts.alice.p)
    const reason = `couldn't parse address "${bare}": no separator found in address`
    const raw = await rawRpc(devnet, '/ext/bc/P', 'platform.getUTXOs', { addresses: [bare] })
    expect(raw.body.error?.message).toBe(reason)
    const before = devnet.stats.requests
    const error = await rejection(client.platform.getUTXOs({ addresses: [bare] }), InvalidParamsError)
    expect(error.message).toContain(`addresses[0]: ${reason}`)
    const x = await rejection(client.avm.getBalance({ address: bare, assetID: 'AVAX' }), InvalidParamsError)
    expect(x.message).toContain('no separator found in address')
    expect(devnet.stats.requests).toBe(before)
  })
})

describe('platform.getValidatorsAt reserves 2^64-1 for "proposed" (vms/platformvm/api/height.go L43-47)', () => {
  it('the node refuses it as a number; core refuses it before any request and names "proposed"', async () => {
    const raw = await rawRpc(devnet, '/ext/bc/P', 'platform.getValidatorsAt', { height: '18446744073709551615' })
    expect(raw.body.error).toBeDefined()
    const before = devnet.stats.requests
    const error = await rejection(client.platform.getValidatorsAt({ height: 2n ** 64n - 1n }), InvalidParamsError)
    expect(error.message).toContain('pass "proposed"')
    expect(devnet.stats.requests).toBe(before)
    expect(await client.platform.getValidatorsAt({ height: 'proposed' })).toEqual(
      await client.platform.getValidatorsAt({ height: devnet.fixtures.p.height }),
    )
  })
})

describe('parameter names', () => {
  it('the node matches them in any case; core refuses other spellings and says the choice is its own', async () => {
    const txID = devnet.fixtures.p.txs.transfer
    const raw = await rawRpc(devnet, '/ext/bc/P', 'platform.getTxStatus', { TXID: txID })
    expect(raw.body.result).toEqual({ status: 'Committed' })
    const error = await rejection(client.platform.getTxStatus({ TXID: txID } as never), InvalidParamsError)
    expect(error.message).toContain('did you mean "txID"? parameter names are case-sensitive in this client')
  })
})

describe('info.peers fields (api/info/service.go L243-247, network/peer/info.go)', () => {
  it('publicIP, upgradeTime (bigint), supportedACPs, objectedACPs and benched are typed', async () => {
    const { peers } = await client.info.peers()
    expect(peers).toHaveLength(4)
    for (const peer of peers) {
      expect(peer.publicIP).toMatch(/^[\d.]+:\d+$/)
      // The peers' Granite time: InitiallyActiveTime on a local network (upgrade/upgrade.go Default).
      expect(peer.upgradeTime).toBe(1_607_144_400n)
      expect(peer.supportedACPs?.every(Number.isInteger)).toBe(true)
      expect(peer.objectedACPs).toEqual([])
      expect(peer.benched).toEqual([])
    }
  })
})

describe('getUTXOs reply (api.GetUTXOsReply, api/common_args_responses.go)', () => {
  it('has no sourceChain, even for atomic UTXOs', async () => {
    const raw = await rawRpc(devnet, '/ext/bc/P', 'platform.getUTXOs', {
      addresses: [devnet.fixtures.accounts.ewoq.p],
      sourceChain: 'X',
    })
    expect(Object.keys(raw.body.result as object).sort()).toEqual(['encoding', 'endIndex', 'numFetched', 'utxos'])
  })
})

describe('chain alias routes (genesis/aliases.go L35-69)', () => {
  it('/ext/X, /ext/avm, /ext/P and /ext/platform serve the chains like /ext/bc/<alias>', async () => {
    const x = String(devnet.fixtures.x.height)
    const p = String(devnet.fixtures.p.height)
    for (const [path, method, height] of [
      ['/ext/X', 'avm.getHeight', x],
      ['/ext/avm', 'avm.getHeight', x],
      ['/ext/P', 'platform.getHeight', p],
      ['/ext/platform', 'platform.getHeight', p],
    ] as const) {
      const raw = await rawRpc(devnet, path, method, {})
      expect(raw.status, path).toBe(200)
      expect(raw.body.result, path).toEqual({ height })
    }
    const wallet = await rawRpc(devnet, '/ext/X/wallet', 'wallet.issueTx', {})
    expect(wallet.status).toBe(200)
    expect(wallet.body.error).toBeDefined()
  })

  it('an unknown alias is still a 404', async () => {
    const raw = await fetch(`${devnet.url}/ext/Y`, { method: 'POST', body: '{}' })
    expect(raw.status).toBe(404)
  })
})
