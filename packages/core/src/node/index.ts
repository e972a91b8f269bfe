import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import { encodingParam, idParam, record, u64, u64Param } from '../schemas.js'

/**
 * The index API, one instance per `/ext/index/<chain>/<kind>`. `indexName` picks the instance; it is part of the
 * path, not a JSON-RPC parameter. X/tx and X/vtx are still served but stopped growing at Cortina, when the X-Chain
 * became linear: only the DAG bootstrapper feeds them (`indexer/indexer.go` TxAcceptorGroup,
 * `snow/engine/avalanche/bootstrap/bootstrapper.go`), so every later X-Chain tx is only inside an X/block block
 * (`reference/node-rpc.md` 0.1). walkXChainHistory walks both.
 */
export const indexNames = ['X/tx', 'X/block', 'P/block', 'C/block', 'X/vtx'] as const
export type IndexName = (typeof indexNames)[number]

const indexName = lazy(() =>
  z
    .enum(indexNames, { error: `expected one of ${indexNames.join(', ')}` })
    .check(
      z.describe(
        'X/tx: X-Chain txs accepted before Cortina (2023) only, empty on local networks; X/block: X-Chain blocks since Cortina (proposervm-wrapped, they hold every later X-Chain tx); P/block, C/block: P-/C-Chain blocks; X/vtx: DAG vertices before Cortina.',
      ),
    ),
)
/** Any case; json is refused by the node for containers (`formatting.Encode`: unsupported encoding in method). */
const encoding = lazy(() => encodingParam(['hex', 'hexc', 'hexnc']))

/** A container as the index serves it. `bytes` is hex with a 4-byte checksum unless encoding was hexnc. */
export const container = lazy(() =>
  record({
    id: z.string(),
    bytes: z.string(),
    timestamp: z.string(),
    encoding: z.string(),
    index: u64(),
  }),
)
export type Container = z.output<ReturnType<typeof container>>

const base = {
  service: 'index',
  endpoint: '/ext/index/{indexName}',
  readOnly: true,
  idempotent: true,
  requires: '--index-enabled=true',
} as const

/** Most containers one getContainerRange call returns (`MaxFetchedByRange`). */
export const MAX_CONTAINER_RANGE = 1024

export const index = {
  getLastAccepted: defineOperation({
    ...base,
    id: 'index.getLastAccepted',
    summary: 'The most recently accepted container of an index, with its position.',
    params: () => z.strictObject({ indexName: indexName(), encoding: encoding() }),
    result: container,
  }),
  getContainerByIndex: defineOperation({
    ...base,
    id: 'index.getContainerByIndex',
    summary: 'The container at a position of an index (the first container is at 0).',
    params: () => z.strictObject({ indexName: indexName(), index: u64Param(), encoding: encoding() }),
    result: container,
  }),
  getContainerByID: defineOperation({
    ...base,
    id: 'index.getContainerByID',
    summary: 'A container of an index by its ID.',
    params: () => z.strictObject({ indexName: indexName(), id: idParam('container ID'), encoding: encoding() }),
    result: container,
  }),
  getContainerRange: defineOperation({
    ...base,
    id: 'index.getContainerRange',
    summary: 'Up to 1024 consecutive containers of an index starting at a position.',
    params: () =>
      z.strictObject({
        indexName: indexName(),
        startIndex: u64Param(),
        numToFetch: z
          .number({ error: 'expected a number from 0 to 1024' })
          .check(
            z.int({ error: 'expected a whole number from 0 to 1024' }),
            z.gte(0, { error: 'must be from 0 to 1024' }),
            z.lte(MAX_CONTAINER_RANGE, { error: 'must be from 0 to 1024 (the node returns at most 1024 per call)' }),
          ),
        encoding: encoding(),
      }),
    result: () => record({ containers: z.array(container()) }),
    answerLocally: (params) => (params.numToFetch === 0 ? { containers: [] } : undefined),
    pagination: { kind: 'indexRange' },
  }),
  getIndex: defineOperation({
    ...base,
    id: 'index.getIndex',
    summary: 'The position of a container in an index, by container ID.',
    params: () => z.strictObject({ indexName: indexName(), id: idParam('container ID') }),
    result: () => record({ index: u64() }),
  }),
  isAccepted: defineOperation({
    ...base,
    id: 'index.isAccepted',
    summary: 'Whether a container ID is accepted in an index (false for unknown IDs).',
    params: () => z.strictObject({ indexName: indexName(), id: idParam('container ID') }),
    result: () => record({ isAccepted: z.boolean() }),
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const indexDescriptions = (): Descriptions<typeof index> => ({
  'index.getLastAccepted':
    'An index with no container fails with JSON-RPC message "no containers have been accepted" (isNoneAccepted): X/tx and X/vtx on networks where Cortina was active at genesis.',
  'index.getContainerRange':
    'numToFetch 0 returns no containers without a request. Use .items() / .pages() to walk any range with bounded concurrency; an empty index yields nothing.',
  'index.isAccepted':
    'On X/tx it is false for every X-Chain tx accepted since Cortina (2023), which only X/block blocks hold: ask avm.getTx whether an X-Chain tx is accepted.',
})
