import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors.js'
import {
  buildAvmBlock,
  buildProposerBlock,
  GO_CREATE_ASSET_TXS,
  GO_PROPOSER_GRANITE_BLOCK,
  GO_PROPOSER_SIGNED_BLOCK,
  GO_TX_VECTORS,
  id32,
  LOCAL_X_TX_0,
} from '../testing/avm-vectors.js'
import { X_TX_1 } from '../testing/fixtures.js'
import { AVM_TYPE, decodeAvmBlock, decodeAvmTx, decodeXChainBlock } from './avm.js'
import { cb58Encode } from './cb58.js'
import { CodecWriter } from './codec.js'
import { concatBytes, sha256 } from './hash.js'
import { hexDecode, hexToBytes } from './hex.js'
import { decodeProposerBlock, isProposerBlock } from './proposervm.js'

const signedTxs = [
  ...Object.entries(GO_TX_VECTORS).map(([name, v]) => ({ name, type: v.type, id: v.id, bytes: hexToBytes(v.hex) })),
  { name: 'mainnet X/tx #1', type: 'BaseTx', id: X_TX_1.id, bytes: hexDecode(X_TX_1.bytes) },
  { name: 'local X/tx #0', type: LOCAL_X_TX_0.type, id: LOCAL_X_TX_0.id, bytes: hexDecode(LOCAL_X_TX_0.hex) },
]

const address = (seed: number) => Uint8Array.from({ length: 20 }, (_, i) => (seed * 7 + i) & 0xff)
const owners = (w: CodecWriter, count = 1) =>
  w
    .u64(0n)
    .u32(1)
    .array(
      Array.from({ length: count }, (_, k) => address(k)),
      (x, a) => x.bytes(a),
    )
const sigIndices = (w: CodecWriter) => w.array([0, 2], (x, i) => x.u32(i))
const signatures = (w: CodecWriter, count: number) =>
  w.array(
    Array.from({ length: count }, (_, k) => new Uint8Array(65).fill(k + 1)),
    (x, s) => x.bytes(s),
  )

/** avax.BaseTx: network 12345, one AVAX transfer output, one input, memo "hi" (`vms/components/avax/base_tx.go`). */
function baseTx(w: CodecWriter, type: number): CodecWriter {
  w.u32(type).u32(12345).bytes(id32(1))
  w.array([1], (x) => owners(x.bytes(id32(2)).u32(AVM_TYPE.secp256k1TransferOutput).u64(5n)))
  w.array([1], (x) => sigIndices(x.bytes(id32(3)).u32(0).bytes(id32(2)).u32(AVM_TYPE.secp256k1TransferInput).u64(6n)))
  return w.sizedBytes(new TextEncoder().encode('hi'))
}

/** A credential of each fx (`vms/{secp256k1fx,nftfx,propertyfx}/credential.go`). */
const credentials = (w: CodecWriter) =>
  w.array([AVM_TYPE.secp256k1Credential, AVM_TYPE.nftCredential, AVM_TYPE.propertyCredential], (x, type) =>
    signatures(x.u32(type), type === AVM_TYPE.propertyCredential ? 0 : 2),
  )

/** An OperationTx with one operation of every fx operation type, laid out from the Go structs. */
function operationTx(): Uint8Array {
  const w = baseTx(new CodecWriter().u16(0), AVM_TYPE.operationTx)
  const op = (type: number, body: (x: CodecWriter) => void) => (x: CodecWriter) => {
    x.bytes(id32(9))
      .array([4, 5], (y, k) => y.bytes(id32(k)).u32(k))
      .u32(type)
    sigIndices(x)
    body(x)
  }
  const ops = [
    // secp256k1fx.MintOperation: input, MintOutput, TransferOutput (struct fields: no type IDs)
    op(AVM_TYPE.secp256k1MintOperation, (x) => owners(owners(x).u64(100n))),
    // nftfx.MintOperation: input, group ID, payload, []*OutputOwners
    op(AVM_TYPE.nftMintOperation, (x) =>
      x
        .u32(3)
        .sizedBytes(Uint8Array.of(1, 2, 3))
        .array([1, 2], (y, n) => owners(y, n)),
    ),
    // nftfx.TransferOperation: input, TransferOutput (group ID, payload, owners)
    op(AVM_TYPE.nftTransferOperation, (x) => owners(x.u32(4).sizedBytes(Uint8Array.of(9)), 2)),
    // propertyfx.MintOperation: input, MintOutput, OwnedOutput
    op(AVM_TYPE.propertyMintOperation, (x) => owners(owners(x))),
    // propertyfx.BurnOperation: the input alone
    op(AVM_TYPE.propertyBurnOperation, () => {}),
  ]
  w.array(ops, (x, write) => write(x))
  return credentials(w).toBytes()
}

/** A CreateAssetTx whose initial states hold every output type an fx defines. */
function createAssetTx(): Uint8Array {
  const w = baseTx(new CodecWriter().u16(0), AVM_TYPE.createAssetTx)
  const name = new TextEncoder().encode('Art')
  w.u16(name.length).bytes(name).u16(3).bytes(new TextEncoder().encode('ART')).u8(0)
  w.array([0, 1, 2], (x, fxIndex) => {
    x.u32(fxIndex)
    if (fxIndex === 0) {
      x.array([6, 7], (y, type) => owners(type === 7 ? y.u32(type).u64(1000n) : y.u32(type)))
    } else if (fxIndex === 1) {
      x.array([10, 11], (y, type) =>
        owners(type === 11 ? y.u32(type).u32(1).sizedBytes(Uint8Array.of(7, 7)) : y.u32(type).u32(1)),
      )
    } else {
      x.array([15, 16], (y, type) => owners(y.u32(type)))
    }
  })
  return credentials(w).toBytes()
}

describe('decodeAvmTx: signed X-Chain transactions', () => {
  test.each(signedTxs)('$name ($type): ID = sha256(signed bytes), every byte read', ({ type, id, bytes }) => {
    const tx = decodeAvmTx(bytes)
    expect(tx.id).toBe(id)
    expect(tx.type).toBe(type)
    expect(tx.bytes).toBe(bytes)
  })

  test.each(GO_CREATE_ASSET_TXS.map((hex, k) => [k, hex]))('Go CreateAssetTx vector %i', (_, hex) => {
    const bytes = hexToBytes(hex)
    expect(decodeAvmTx(bytes)).toMatchObject({ type: 'CreateAssetTx', id: cb58Encode(sha256(bytes)) })
  })

  test('OperationTx with every fx operation, CreateAssetTx with every fx output, credentials of every fx', () => {
    expect(decodeAvmTx(operationTx()).type).toBe('OperationTx')
    expect(decodeAvmTx(createAssetTx()).type).toBe('CreateAssetTx')
  })

  test('the parser knows each length: one byte less or more is refused', () => {
    const all = [...signedTxs.map((t) => t.bytes), operationTx(), createAssetTx()]
    for (const bytes of all) {
      expect(() => decodeAvmTx(bytes.subarray(0, bytes.length - 1))).toThrow(InvalidEncodingError)
      expect(() => decodeAvmTx(concatBytes(bytes, Uint8Array.of(0)))).toThrow(/1 unexpected bytes after its end/)
    }
  })

  test('error: unknown types and codec versions are named', () => {
    const tx = hexDecode(X_TX_1.bytes)
    const badType = tx.slice()
    badType[5] = 9 // the unsigned tx's type ID: 9 is a credential
    expect(() => decodeAvmTx(badType)).toThrow(/type ID 9 at offset 2 is no transaction type/)
    const badVersion = tx.slice()
    badVersion[1] = 1
    expect(() => decodeAvmTx(badVersion)).toThrow(/codec version 1; only 0 is known/)
    const badOutput = tx.slice()
    badOutput[2 + 4 + 4 + 32 + 4 + 32 + 3] = 11 // first output: an NFT transfer output cannot be transferable
    expect(() => decodeAvmTx(badOutput)).toThrow(/type ID 11 at offset 78 is no transferable output/)
  })
})

describe('decodeAvmBlock / decodeXChainBlock: X-Chain blocks', () => {
  const txs = [...signedTxs.map((t) => t.bytes), operationTx(), createAssetTx()]
  const inner = buildAvmBlock(txs)

  test('splits a standard block into its txs: IDs as the Go tests and the index assert them', () => {
    const block = decodeAvmBlock(inner)
    expect(block.id).toBe(cb58Encode(sha256(inner)))
    expect(block).toMatchObject({ parentId: cb58Encode(id32(40)), height: 7n, time: 1_700_000_000n })
    expect(block.txs.map((t) => t.id)).toEqual(txs.map((t) => cb58Encode(sha256(t))))
    expect(block.txs.slice(0, signedTxs.length).map((t) => t.id)).toEqual(signedTxs.map((t) => t.id))
    expect(block.txs.map((t) => t.bytes)).toEqual(txs)
    expect(block.txs.at(-2)?.type).toBe('OperationTx')
  })

  test('an empty block (the linear chain genesis has no txs)', () => {
    expect(decodeAvmBlock(buildAvmBlock([], 0n))).toMatchObject({ height: 0n, txs: [] })
  })

  test('unwraps proposervm blocks (plain and Granite); the AVM block alone passes through', () => {
    for (const type of [0, 2]) {
      const wrapped = buildProposerBlock(inner, type)
      expect(isProposerBlock(wrapped)).toBe(true)
      const { block, proposer } = decodeXChainBlock(wrapped)
      expect(block).toEqual(decodeAvmBlock(inner))
      // Signed-block ID: sha256 without the trailing [u32 signature length][signature] (`block.go` initialize).
      expect(proposer).toMatchObject({
        kind: 'block',
        id: cb58Encode(sha256(wrapped.subarray(0, wrapped.length - 4))),
        parentId: cb58Encode(id32(50)),
        timestamp: 1_700_000_001n,
        pChainHeight: 42n,
        signed: false,
      })
      if (type === 2) expect(proposer?.epoch).toEqual({ pChainHeight: 42n, number: 3n, startTime: 1_699_999_000n })
    }
    expect(isProposerBlock(inner)).toBe(false)
    expect(decodeXChainBlock(inner)).toEqual({ block: decodeAvmBlock(inner) })
  })

  test('proposervm vectors of avalanchego (signed with a certificate; Granite): inner block, ID without signature', () => {
    const signed = hexToBytes(GO_PROPOSER_SIGNED_BLOCK)
    const block = decodeProposerBlock(signed)
    expect(block).toMatchObject({ kind: 'block', timestamp: 123n, pChainHeight: 2n, signed: true })
    expect(block.inner).toEqual(Uint8Array.of(3))
    expect(block.id).toBe(cb58Encode(sha256(signed.subarray(0, signed.length - 4 - 512))))
    const granite = decodeProposerBlock(hexToBytes(GO_PROPOSER_GRANITE_BLOCK))
    expect(granite).toMatchObject({ timestamp: 123n, epoch: { pChainHeight: 0n, number: 0n, startTime: 0n } })
    expect(granite.inner).toEqual(Uint8Array.of(3))
  })

  test('an option block: ID = sha256 of all its bytes (`option.go`)', () => {
    const option = new CodecWriter().u16(0).u32(1).bytes(id32(60)).sizedBytes(inner).toBytes()
    const { block, proposer } = decodeXChainBlock(option)
    expect(proposer).toMatchObject({ kind: 'option', id: cb58Encode(sha256(option)), parentId: cb58Encode(id32(60)) })
    expect(block.txs).toHaveLength(txs.length)
  })

  test('error: a block of another VM, a truncated block, trailing bytes', () => {
    const pBlock = new CodecWriter().u16(0).u32(32).bytes(new Uint8Array(60)).toBytes()
    expect(() => decodeAvmBlock(pBlock)).toThrow(/type ID 32, not 20 \(StandardBlock\): is it an X-Chain block\?/)
    expect(() => decodeXChainBlock(inner.subarray(0, inner.length - 1))).toThrow(InvalidEncodingError)
    expect(() => decodeXChainBlock(buildProposerBlock(concatBytes(inner, Uint8Array.of(1))))).toThrow(
      /X-Chain block: 1 unexpected bytes/,
    )
    expect(() => decodeProposerBlock(concatBytes(buildProposerBlock(inner), Uint8Array.of(0)))).toThrow(
      /proposervm block: 1 unexpected bytes/,
    )
  })
})
