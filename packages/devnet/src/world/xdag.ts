import { ByteWriter, compareBytes, sha256Fast } from './bytes.js'
import { GENESIS_TIME, X_BLOCK_SECONDS, X_CHAIN_BYTES } from './constants.js'
import { Lru } from './lru.js'
import { PeriodicPartition } from './partition.js'
import { BlockIdChain, type BuiltBlock } from './proposervm.js'
import { rand, Stream } from './random.js'

/** Codec versions of `snow/engine/avalanche/vertex/codec.go`: `CodecVersion` 0, `CodecVersionWithStopVtx` 1. */
const VERTEX_VERSION = 0
const STOP_VERTEX_VERSION = 1
/** `maxTxsPerVtx` (`snow/engine/avalanche/vertex/stateless_vertex.go`). */
export const MAX_VERTEX_TXS = 128

export interface Vertex {
  id: Uint8Array
  bytes: Uint8Array
}

/**
 * The X-Chain's DAG era: before Cortina the X-Chain was an Avalanche DAG whose vertices carried its transactions.
 * Transactions 0..txCount-1 are grouped, in order, into vertices; vertex k has height k and the previous vertex as
 * its parent; after the last one the stop vertex ends the DAG and the linear chain starts from it.
 *
 * Bytes follow `snow/engine/avalanche/vertex/stateless_vertex.go` (`innerStatelessVertex`, linear codec):
 *   vertex (v0):      u16 0, chainID, u64 height, u32 epoch (0), [parent IDs], [[u32 len, signed tx bytes]]
 *   stop vertex (v1): u16 1, chainID, u64 height, [parent IDs]  (no epoch, no txs: `serializeV1` fields only)
 * with the txs sorted by the hash of their bytes (`utils.SortByHash` in `builder.go` buildVtx), i.e. by tx ID, and
 * vertex ID = sha256(bytes) (`hashing.ComputeHash256Array`, `parser.go` Parse).
 *
 * With no DAG txs (Cortina active at genesis, `upgrade/upgrade.go` CortinaXChainStopVertexID = ids.Empty) the node
 * builds a stop vertex on the empty edge (height 0, no parents: `bootstrapper.go` Start, `serializer.go`
 * BuildStopVtx) and accepts it outside the job queue, so no acceptor (and no index) ever sees a vertex.
 */
export class XDag {
  readonly vertices: PeriodicPartition
  /** Vertices holding txs (the stop vertex is not one of them). */
  readonly vertexCount: number
  /** Vertex IDs chained through parents, computed in order on first use: position h is vertex h - 1. */
  private readonly ids: BlockIdChain
  private readonly cache = new Lru<number, BuiltBlock>(256)
  private readonly scratch = new ByteWriter(16_384)
  private stop: Vertex | undefined

  constructor(
    private readonly seed: number,
    /** Txs 0..txCount-1 of the X-Chain are the DAG era's. */
    readonly txCount: number,
    maxVertexTxs: number,
    private readonly txBytes: (i: number) => { id: Uint8Array; bytes: Uint8Array },
  ) {
    const maxSize = Math.min(MAX_VERTEX_TXS, maxVertexTxs)
    this.vertices = new PeriodicPartition(seed, Stream.xVertexSize, maxSize, txCount)
    this.vertexCount = this.vertices.groups
    // Vertex 0 has no parent: position 0 holds a placeholder that build() never writes into a vertex.
    this.ids = new BlockIdChain(this.vertexCount, new Uint8Array(32), (h, parentId) => this.build(h - 1, parentId))
  }

  /** Containers of index `X/vtx`: every vertex, then the stop vertex; none without a DAG era. */
  get indexCount(): number {
    return this.vertexCount === 0 ? 0 : this.vertexCount + 1
  }

  /** Vertex k is accepted X_BLOCK_SECONDS after the one before it, the first one after genesis. */
  vertexTime(k: number): number {
    return GENESIS_TIME + (k + 1) * X_BLOCK_SECONDS
  }

  /**
   * When the stop vertex was accepted. The linear chain's genesis block carries this time (`vms/avm/vm.go`
   * Linearize passes `CortinaTime` to `state.InitializeChainState`); with Cortina at genesis it is the genesis time.
   */
  get cortinaTime(): number {
    return this.vertexCount === 0 ? GENESIS_TIME : this.vertexTime(this.vertexCount)
  }

  /** Acceptance time of X/vtx container k as (seconds, nanoseconds). */
  acceptedAt(k: number): [number, number] {
    return [this.vertexTime(k), rand(this.seed, Stream.nanos, 3_000_000_000 + k) % 900_000_000]
  }

  /** Acceptance time of DAG tx i (index X/tx): its vertex's, a microsecond apart within the vertex. */
  txAcceptedAt(i: number): [number, number] {
    const k = this.vertexOf(i)
    const [s, ns] = this.acceptedAt(k)
    return [s, ns + (i - (this.vertices.range(k)[0] as number)) * 1000]
  }

  vertexOf(i: number): number {
    return this.vertices.groupOf(i)
  }

  vertexId(k: number): Uint8Array {
    return this.ids.innerId(k + 1)
  }

  vertex(k: number): Vertex {
    const built = this.ids.block(k + 1)
    return { id: built.innerId, bytes: built.inner }
  }

  /** X/vtx container k: vertex k, or the stop vertex after the last one. */
  container(k: number): Vertex {
    return k === this.vertexCount ? this.stopVertex() : this.vertex(k)
  }

  containerId(k: number): Uint8Array {
    return k === this.vertexCount ? this.stopVertex().id : this.vertexId(k)
  }

  /** The stop vertex: the child of the DAG's edge (the last vertex), the parent of the linear genesis block. */
  stopVertex(): Vertex {
    if (!this.stop) {
      const parents = this.vertexCount === 0 ? [] : [this.vertexId(this.vertexCount - 1)]
      const w = new ByteWriter(96).u16(STOP_VERTEX_VERSION).bytes(X_CHAIN_BYTES).u64(this.vertexCount)
      w.u32(parents.length)
      for (const parent of parents) w.bytes(parent)
      const bytes = w.finish()
      this.stop = { id: sha256Fast(bytes), bytes }
    }
    return this.stop
  }

  /** The txs of vertex k in X/tx (acceptance) order. */
  vertexTxRange(k: number): [number, number] {
    return this.vertices.range(k)
  }

  private build(k: number, parentId: Uint8Array): BuiltBlock {
    const cached = this.cache.get(k)
    if (cached) return cached
    const [first, end] = this.vertices.range(k)
    const txs: { id: Uint8Array; bytes: Uint8Array }[] = []
    for (let i = first; i < end; i++) txs.push(this.txBytes(i))
    txs.sort((a, b) => compareBytes(a.id, b.id))
    const w = this.scratch.reset().u16(VERTEX_VERSION).bytes(X_CHAIN_BYTES).u64(k).u32(0)
    if (k === 0) w.u32(0)
    else w.u32(1).bytes(parentId)
    w.u32(txs.length)
    for (const tx of txs) w.sizedBytes(tx.bytes)
    const bytes = w.finish()
    const id = sha256Fast(bytes)
    const built = { inner: bytes, innerId: id, container: bytes, containerId: id }
    this.cache.set(k, built)
    return built
  }
}
