/**
 * Generates `src/data/spec.gen.ts`: for every Data API and Metrics API operation the devnet serves, its method, path,
 * operationId, rate-limit weight (`x-execution-weight`) and parameters (type, enum, bounds, default), read from the
 * official OpenAPI descriptions that core keeps in `packages/core/openapi/`. The devnet validates requests with this
 * table and charges its weights; `spec.test.ts` checks the committed file against the descriptions.
 *
 *   node scripts/generate-data-spec.ts            # rewrites src/data/spec.gen.ts
 *   node scripts/generate-data-spec.ts --check    # exits 1 when the committed file differs
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SpecParam as Param } from '../src/data/spec.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(root, 'src/data/spec.gen.ts')

/** The operations of seed 001 that core declares (`packages/core/src/data/*.ts`), by operationId. */
export const SERVED = {
  data: [
    'supportedChains',
    'getChainInfo',
    'getLatestBlocks',
    'getBlock',
    'listLatestTransactions',
    'getTransaction',
    'getTransactionsForBlock',
    'getDeploymentTransaction',
    'listNativeTransactions',
    'listErc20Transactions',
    'listErc721Transactions',
    'listErc1155Transactions',
    'listTransactions',
    'listTransactionsV2',
    'listTransfers',
    'listErc20Balances',
    'listErc1155Balances',
    'listLatestPrimaryNetworkTransactions',
    'listAssetTransactions',
    'listPrimaryNetworkBlocksByNodeId',
    'getUtxosByAddresses',
    'getBalancesByAddresses',
    'getChainIdsForAddresses',
    'getLastActivityTimestampByAddresses',
    'getUtxosByAddressesV2',
    'getLastActivityTimestampByAddressesV2',
    'getTxByHash',
    'getBlockById',
    'listLatestPrimaryNetworkBlocks',
    'getAssetDetails',
    'getNativeBalance',
    'listErc721Balances',
    'listCollectibleBalances',
    'listInternalTransactions',
    'listContractDeployments',
    'getContractMetadata',
    'listAddressChains',
    'getIcmMessage',
    'listIcmMessages',
    'listIcmMessagesByAddress',
    'listValidators',
    'getSingleValidatorDetails',
    'listDelegators',
    'listL1Validators',
    'listActivePrimaryNetworkStakingTransactions',
    'listPendingPrimaryNetworkRewards',
    'listHistoricalPrimaryNetworkRewards',
    'data-health-check',
    'live-check',
    'getAvaxSupply',
    'getNetworkDetails',
    'listBlockchains',
    'getBlockchainById',
    'listSubnets',
    'getSubnetById',
  ],
  metrics: [
    'metrics-health-check',
    'metrics-live-check',
    'listChains',
    'getChain',
    'getEvmChainMetrics',
    'getEvmChainRollingWindowMetrics',
    'getICMTimeseries',
    'getICMSummary',
    'getStakingMetrics',
    'getTotalL1ValidatorMetrics',
    'getMetricsByValidationId',
    'getMetricsByNodeId',
    'getMetricsBySubnetId',
    'getAddressesByBtcbBridged',
    'getValidatorsByDateRange',
  ],
} as const

/**
 * Success statuses the live service answers where its description says 200: UTXOs V2 answers 201 (data-api.md 0b.5;
 * chainkit's overlay commit 0f55abfe "add a 201 response for UTXOs v2").
 */
const LIVE_STATUS: Record<string, number> = { getUtxosByAddressesV2: 201 }

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI documents are plain JSON
type Json = any

function resolve(spec: Json, schema: Json): Json {
  let s = schema
  while (s?.$ref) s = spec.components.schemas[s.$ref.split('/').pop()]
  return s ?? {}
}

function param(spec: Json, p: Json): Param {
  const schema = resolve(spec, p.schema)
  const items = schema.type === 'array' ? resolve(spec, schema.items) : undefined
  const out: Param = {
    name: p.name,
    in: p.in,
    required: p.required === true,
    type: schema.type ?? 'string',
  }
  const values = schema.enum ?? items?.enum
  if (values) out.enum = values
  if (schema.minimum !== undefined) out.minimum = schema.minimum
  if (schema.maximum !== undefined) out.maximum = schema.maximum
  if (schema.default !== undefined) out.default = schema.default
  return out
}

export function generate(): string {
  const rows: string[] = []
  for (const [api, ids] of Object.entries(SERVED)) {
    const spec = JSON.parse(readFileSync(join(root, `../core/openapi/${api}-api.openapi.json`), 'utf8'))
    for (const id of ids) {
      let found: { method: string; path: string; op: Json } | undefined
      for (const [path, methods] of Object.entries(spec.paths as Record<string, Record<string, Json>>)) {
        for (const [method, op] of Object.entries(methods)) if (op.operationId === id) found = { method, path, op }
      }
      if (!found) throw new Error(`${api}: no operation ${id}`)
      const params = (found.op.parameters ?? []).map((p: Json) => param(spec, p))
      const entry = {
        api,
        operationId: id,
        method: found.method.toUpperCase(),
        path: found.path,
        weight: found.op['x-execution-weight'] ?? null,
        params,
        ...(LIVE_STATUS[id] ? { status: LIVE_STATUS[id] } : {}),
      }
      rows.push(`  ${JSON.stringify(entry)},`)
    }
  }
  return `// Generated by scripts/generate-data-spec.ts from packages/core/openapi/*.openapi.json. Do not edit.
import type { SpecOperation } from './spec.js'

export const SPEC_OPERATIONS: readonly SpecOperation[] = [
${rows.join('\n')}
]
`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = generate()
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      process.stderr.write('src/data/spec.gen.ts is out of date: run node scripts/generate-data-spec.ts\n')
      process.exit(1)
    }
  } else writeFileSync(OUT, text)
}
