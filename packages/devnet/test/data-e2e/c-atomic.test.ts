import { decodeUtxo, hexDecode, utxoId } from '@avalanche-automation/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../../src/index.js'
import { assertValid, componentValidator, type Json, responseValidator } from './openapi.js'

/**
 * The C-Chain's atomic transactions in the Primary Network listing (`reference/data-api.md` 0b.7): `blockchainId`
 * c-chain lists coreth imports and exports in the description's CChainImportTransaction / CChainExportTransaction
 * forms, filtered by 0x (EVM) or bech32 addresses, and consistent with the X- and P-Chain: an import consumes an
 * X-Chain export to the C-Chain, an export's UTXO waits in the destination's shared memory (getUTXOs sourceChain C).
 */
let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, xTxs: 2_000, utxosPerAddress: 50, cBlocks: 300 })
})
afterAll(() => devnet.close())

const LISTING = '/v1/networks/{network}/blockchains/{blockchainId}/transactions'

async function listAll(query: string): Promise<Json[]> {
  const out: Json[] = []
  let pageToken: string | undefined
  do {
    const url = `${devnet.url}/v1/networks/fuji/blockchains/c-chain/transactions?pageSize=100&${query}${pageToken ? `&pageToken=${pageToken}` : ''}`
    const body = (await (await fetch(url)).json()) as Json
    assertValid(responseValidator('data', LISTING, 200), body, url)
    out.push(...body.transactions)
    pageToken = body.nextPageToken
  } while (pageToken)
  return out
}

async function rpc(path: string, method: string, params: unknown): Promise<Json> {
  const res = await fetch(devnet.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as Json).result
}

describe('C-Chain atomic transactions in the Primary Network listing', () => {
  it('lists imports and exports in their OpenAPI forms, oldest first with sortOrder=asc', async () => {
    const { atomic } = devnet.fixtures.c
    const txs = await listAll('sortOrder=asc')
    expect(txs).toHaveLength(atomic.imports + atomic.exports)
    expect(atomic.imports).toBeGreaterThan(0)
    expect(atomic.exports).toBeGreaterThan(0)
    const imports = txs.filter((t) => t.txType === 'ImportTx')
    const exports = txs.filter((t) => t.txType === 'ExportTx')
    expect(imports[0].txHash).toBe(atomic.firstImport)
    expect(exports[0].txHash).toBe(atomic.firstExport)
    for (const tx of imports) assertValid(componentValidator('data', 'CChainImportTransaction'), tx, tx.txHash)
    for (const tx of exports) assertValid(componentValidator('data', 'CChainExportTransaction'), tx, tx.txHash)
    const times = txs.map((t) => t.timestamp)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    for (const tx of txs) {
      expect(tx.blockHash).toMatch(/^0x[0-9a-f]{64}$/)
      // Burned: what the inputs unlocked minus what the outputs created is the fee.
      expect(BigInt(tx.amountUnlocked[0].amount) - BigInt(tx.amountCreated[0].amount)).toBe(1_000_000n)
    }
  })

  it('imports an X-Chain export to the C-Chain into the 0x account, after the export was accepted', async () => {
    const { chains } = devnet.fixtures
    const { atomic } = devnet.fixtures.c
    const imports = await listAll(`addresses=${atomic.evmAddress}&txTypes=ImportTx&sortOrder=asc`)
    expect(imports).toHaveLength(atomic.imports)
    for (const tx of imports) {
      expect(tx).toMatchObject({ sourceChain: chains.x, destinationChain: chains.c })
      expect(tx.evmOutputs[0].toAddress.toLowerCase()).toBe(atomic.evmAddress)
      const [utxo] = tx.consumedUtxos
      expect(utxo).toMatchObject({
        createdOnChainId: chains.x,
        consumedOnChainId: chains.c,
        consumingTxHash: tx.txHash,
      })
      expect(utxo.timestamp).toBeLessThan(tx.timestamp)
      // The UTXO is the exported output of an X-Chain ExportTx to the C-Chain, as avm.getTx shows it.
      const { tx: exportTx } = await rpc('/ext/bc/X', 'avm.getTx', { txID: utxo.creationTxHash, encoding: 'json' })
      expect(exportTx.unsignedTx.destinationChain).toBe(chains.c)
      const exported = exportTx.unsignedTx.exportedOutputs[0].output
      expect(String(exported.amount)).toBe(utxo.asset.amount)
      expect(exported.addresses).toEqual([`X-${utxo.addresses[0]}`])
      expect(Number(utxo.outputIndex)).toBe(exportTx.unsignedTx.outputs.length)
      expect(utxo.utxoId).toBe(utxoId(utxo.creationTxHash, Number(utxo.outputIndex)))
    }
  })

  it("leaves each export's UTXO in the destination's shared memory, listed by getUTXOs with sourceChain C", async () => {
    const { accounts, chains } = devnet.fixtures
    const { atomic } = devnet.fixtures.c
    const exports = await listAll(`addresses=${accounts.ewoq.p}&txTypes=ExportTx`)
    expect(exports).toHaveLength(atomic.exports)
    const pending = async (path: string, method: string, address: string) => {
      const reply = await rpc(path, method, { addresses: [address], sourceChain: 'C', limit: 1024 })
      return (reply.utxos as string[]).map((hex) => decodeUtxo(hexDecode(hex)))
    }
    const onX = await pending('/ext/bc/X', 'avm.getUTXOs', accounts.ewoq.x)
    const onP = await pending('/ext/bc/P', 'platform.getUTXOs', accounts.ewoq.p)
    expect(onX).toHaveLength(atomic.pendingToX)
    expect(onP).toHaveLength(atomic.pendingToP)
    expect(onX.length + onP.length).toBe(atomic.exports)
    const byId = new Map([...onX, ...onP].map((u) => [u.id, u]))
    for (const tx of exports) {
      const [utxo] = tx.emittedUtxos
      expect(utxo.createdOnChainId).toBe(chains.c)
      expect([chains.x, chains.p]).toContain(tx.destinationChain)
      expect(utxo.consumedOnChainId).toBe(tx.destinationChain)
      const found = byId.get(utxo.utxoId)
      expect(found, utxo.utxoId).toBeDefined()
      expect(found?.amount).toBe(BigInt(utxo.asset.amount))
      expect(found?.txId).toBe(tx.txHash)
      expect(onX.some((u) => u.id === utxo.utxoId)).toBe(tx.destinationChain === chains.x)
      expect(tx.evmInputs[0].fromAddress.toLowerCase()).toBe(atomic.evmAddress)
    }
  })

  it('shows the X-Chain side of an import: the export to the C-Chain in the X-Chain listing', async () => {
    const { chains } = devnet.fixtures
    // A bech32 address filters the C-Chain listing too: ewoq owned the imported UTXO.
    const [firstImport] = await listAll(`txTypes=ImportTx&sortOrder=asc&addresses=${devnet.fixtures.accounts.ewoq.x}`)
    const creation = firstImport.consumedUtxos[0].creationTxHash as string
    const xPage = (await (
      await fetch(
        `${devnet.url}/v1/networks/fuji/blockchains/x-chain/transactions?addresses=${devnet.fixtures.accounts.ewoq.x}&txTypes=ExportTx&sortOrder=asc&pageSize=100`,
      )
    ).json()) as Json
    const xExport = (xPage.transactions as Json[]).find((t) => t.txHash === creation)
    expect(xExport).toBeDefined()
    expect(xExport.destinationChain).toBe(chains.c)
    const exported = (xExport.emittedUtxos as Json[]).find((u) => u.utxoId === firstImport.consumedUtxos[0].utxoId)
    expect(exported?.consumedOnChainId).toBe(chains.c)
  })
})
