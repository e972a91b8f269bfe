import { sha256Fast } from '../world/bytes.js'
import { idString } from '../world/json-values.js'
import { rfc3339Nano } from '../world/time.js'
import type { World } from '../world/world.js'
import type { NodeContext } from './context.js'
import { JsonBytes, SerializedResult } from './json.js'
import { method, RpcError, type RpcService } from './jsonrpc.js'
import { type Encoding, encoding, id, u64 } from './params.js'
import { encodeBytes } from './utxos.js'

/** MaxFetchedByRange (`indexer/index.go`). */
const MAX_FETCHED = 1024n

export interface Container {
  id: Uint8Array
  bytes: Uint8Array
  /** Acceptance time: unix seconds and nanoseconds. */
  accepted: [number, number]
  /** True when the ID is sha256(bytes) (a tx's), which is then the hex encoding's checksum too. */
  idIsDigest?: boolean
}

/** One index (`X/tx`, `X/block`, ...): containers by position, and positions by ID. */
export interface ContainerIndex {
  count(): number
  at(position: number): Container
  find(id: Uint8Array): number
}

/**
 * The five indexes a node serves with `--index-enabled`:
 * - `X/tx`: container i = signed bytes of X tx i, ID = tx ID = sha256(bytes), for the DAG era's txs only. The index
 *   is fed by `TxAcceptorGroup` (`indexer/indexer.go` L280), wired as `ctx.TxAcceptor` (`chains/manager.go` L523),
 *   whose only caller is the DAG bootstrapper (`snow/engine/avalanche/bootstrap/bootstrapper.go` checkFinish); the
 *   linear chain's `Block.Accept` (`vms/avm/block/executor/block.go`) never calls it, so X/tx stopped at Cortina.
 * - `X/vtx`: the DAG's vertices, then the stop vertex (the same job queue feeds `ctx.VertexAcceptor`). Empty with
 *   Cortina at genesis: that stop vertex is accepted directly (`bootstrapper.go` Start), never through an acceptor.
 * - `X/block`, `P/block`, `C/block`: container i = the proposervm block at height i+1 (height 0, the genesis, is
 *   not accepted through consensus so it is not indexed); ID = proposervm rule, sha256(bytes without the trailing
 *   signature length and signature). X/block holds the linear era only (`ctx.BlockAcceptor`,
 *   `snow/consensus/snowman/topological.go`).
 * An empty index answers `no containers have been accepted` (`indexer/index.go` errNoneAccepted).
 */
export function containerIndexes(world: World): Record<string, ContainerIndex> {
  const { x, p, c } = world
  return {
    'X/tx': {
      count: () => x.dagTxCount,
      at: (i) => {
        const record = x.txBytes(i, false)
        return { id: record.id, bytes: record.bytes, accepted: x.dag.txAcceptedAt(i), idIsDigest: true }
      },
      find: (txId) => {
        const i = world.index('xTx').find(txId)
        return x.isDagTx(i) ? i : -1
      },
    },
    'X/block': {
      count: () => x.blockCount,
      at: (i) => {
        const block = x.chain.block(i + 1)
        return { id: block.containerId, bytes: block.container, accepted: x.acceptedAt(i + 1) }
      },
      find: (blockId) => world.index('xContainer').find(blockId),
    },
    'X/vtx': {
      count: () => x.dag.indexCount,
      at: (k) => {
        const vertex = x.dag.container(k)
        return { id: vertex.id, bytes: vertex.bytes, accepted: x.dag.acceptedAt(k) }
      },
      find: (vertexId) => world.index('xVertex').find(vertexId),
    },
    'P/block': {
      count: () => p.height,
      at: (i) => {
        const block = p.chain.block(i + 1)
        return { id: block.containerId, bytes: block.container, accepted: p.acceptedAt(i + 1) }
      },
      find: (blockId) => world.index('pContainer').find(blockId),
    },
    'C/block': {
      count: () => c.height,
      at: (i) => {
        const block = c.chain.block(i + 1)
        return { id: block.containerId, bytes: block.container, accepted: c.acceptedAt(i + 1) }
      },
      find: (blockId) => world.index('cContainer').find(blockId),
    },
  }
}

/** `FormattedContainer`: {id, bytes, timestamp, encoding, index}. */
function formatted(container: Container, position: number, enc: Encoding) {
  return {
    id: idString(container.id),
    bytes: encodeBytes(container.bytes, enc, container.idIsDigest ? container.id : undefined),
    timestamp: rfc3339Nano(container.accepted[0], container.accepted[1]),
    encoding: enc,
    index: String(position),
  }
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))

/** Hex of a digest's last 4 bytes from a table: one string joined into the text after it, no Buffer view. */
function checksumHex(digest: Uint8Array): string {
  const n = digest.length
  return `${HEX_PAIRS[digest[n - 4] as number]}${HEX_PAIRS[digest[n - 3] as number]}${HEX_PAIRS[digest[n - 2] as number]}${HEX_PAIRS[digest[n - 1] as number]}`
}

/** Room before a page for the JSON-RPC envelope's head (`{"jsonrpc":"2.0","result":`, 26 bytes). */
const ENVELOPE_HEAD = 32

/**
 * Containers [start, end) as JSON bytes in `formatted`'s field order, written straight into one buffer: each hex
 * piece goes in as it is made (no "0x…" string joined per container), the buffer is sized once from the first
 * container rather than doubled from 64 KB, and head room is left so that the JSON-RPC envelope needs no copy.
 */
function page(index: ContainerIndex, start: number, end: number, enc: Encoding): JsonBytes {
  const out = new JsonBytes(1 << 16, ENVELOPE_HEAD).text('{"containers":[')
  try {
    // encodeBytes' refusal (`formatting.Encode` has no JSON for raw bytes), raised where the first container is.
    if (enc === 'json') encodeBytes(new Uint8Array(0), enc)
    for (let i = start; i < end; i++) {
      const container = index.at(i)
      const [seconds, nanos] = container.accepted
      out.text(`${i > start ? ',' : ''}{"id":"${idString(container.id)}","bytes":"0x`).hex(container.bytes)
      // hex/hexc append the last 4 bytes of sha256(bytes) (`formatting.Encode`); a tx's ID is that digest.
      const sum = enc === 'hexnc' ? '' : checksumHex(container.idIsDigest ? container.id : sha256Fast(container.bytes))
      out.text(`${sum}","timestamp":"${rfc3339Nano(seconds, nanos)}","encoding":"${enc}","index":"${i}"}`)
      if (i === start) out.ensure(Math.ceil(out.length * (end - start) * 1.25) + 16)
    }
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError((error as Error).message)
  }
  return out.text(']}')
}

function wrap<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError((error as Error).message)
  }
}

/** The `index` service (`indexer/service.go`) over one container index. */
export function indexService(index: ContainerIndex): RpcService<NodeContext> {
  const last = () => {
    const count = index.count()
    if (count === 0) throw new RpcError('no containers have been accepted')
    return count - 1
  }
  const byId = (containerId: Uint8Array) => {
    const position = index.find(containerId)
    if (position < 0) throw new RpcError('not found')
    return position
  }
  return {
    name: 'index',
    methods: {
      getLastAccepted: method({ encoding }, (args) => {
        const position = last()
        return wrap(() => formatted(index.at(position), position, args.encoding))
      }),
      getContainerByIndex: method({ index: u64, encoding }, (args) => {
        const count = BigInt(index.count())
        if (args.index >= count) throw new RpcError(`no container at index ${args.index}`)
        const position = Number(args.index)
        return wrap(() => formatted(index.at(position), position, args.encoding))
      }),
      getContainerByID: method({ id, encoding }, (args) => {
        const position = byId(args.id)
        return wrap(() => formatted(index.at(position), position, args.encoding))
      }),
      getContainerRange: method({ startIndex: u64, numToFetch: u64, encoding }, (args) => {
        if (args.numToFetch === 0n || args.numToFetch > MAX_FETCHED) {
          throw new RpcError(`numToFetch must be in [1,${MAX_FETCHED}] but is ${args.numToFetch}`)
        }
        const lastIndex = last()
        if (args.startIndex > BigInt(lastIndex)) {
          throw new RpcError(`start index (${args.startIndex}) > last accepted index (${lastIndex})`)
        }
        const start = Number(args.startIndex)
        const end = Math.min(lastIndex + 1, start + Number(args.numToFetch))
        return new SerializedResult(page(index, start, end, args.encoding))
      }),
      getIndex: method({ id }, (args) => ({ index: String(byId(args.id)) })),
      isAccepted: method({ id }, (args) => ({ isAccepted: index.find(args.id) >= 0 })),
    },
  }
}
