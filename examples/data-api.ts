/**
 * The Data API and Metrics API with pagination, as in the README.
 *
 *   node examples/data-api.ts                       # against the embedded devnet (started here)
 *   DATA_API_URL=https://data-api.avax.network METRICS_API_URL=https://metrics.avax.network \
 *   AVALANCHE_DATA_API_KEY=... node examples/data-api.ts 43114 0xYourAddress
 */
import { createClient, RateLimitError } from '@avalanche-automation/core'
import { startDevnet } from '@avalanche-automation/devnet'

const [chainArg, addressArg] = process.argv.slice(2)
const devnet = process.env.DATA_API_URL ? undefined : await startDevnet()
const client = createClient({
  dataApiUrl: process.env.DATA_API_URL || devnet?.url,
  metricsApiUrl: process.env.METRICS_API_URL || devnet?.url,
  apiKey: process.env.AVALANCHE_DATA_API_KEY || undefined, // optional: without it the unauthenticated rate tier applies
})
const chainId = chainArg ?? devnet?.fixtures.data.evm.chains[0]?.chainId ?? '43114'
const address = addressArg ?? devnet?.fixtures.data.evm.accounts.ewoq ?? ''

try {
  // One page, as the API returns it; `nextPageToken` resumes the listing later (tokens live 24 hours).
  const page = await client.data.listNativeTransactions({ chainId, address, pageSize: 5 })
  console.log(
    `first page: ${page.transactions?.length ?? 0} transactions, next token ${page.nextPageToken ? 'present' : 'none'}`,
  )

  // Every item across pages: 100 per request, the next page fetched while this one is consumed, stopped at 1,000.
  let count = 0
  let value = 0n
  for await (const tx of client.data.listNativeTransactions.items(
    { chainId, address },
    { limit: 1_000, prefetch: true },
  )) {
    count++
    value += BigInt(tx.value ?? 0) // fields that do not name a record may be missing: the live service omits some
  }
  console.log(`walked ${count} transactions moving ${value} wei`)

  // ERC-20 balances, up to 500 per page.
  for await (const balance of client.data.listErc20Balances.items({ chainId, address }, { limit: 3 })) {
    console.log(`ERC-20 ${balance.symbol}: ${balance.balance} (${balance.decimals} decimals)`)
  }

  // The Metrics API: daily transaction counts of the chain.
  const metric = await client.metrics.getEvmChainMetrics({
    chainId,
    metric: 'txCount',
    timeInterval: 'day',
    pageSize: 3,
  })
  for (const point of metric.results ?? [])
    console.log(`txCount on ${new Date(point.timestamp * 1000).toISOString().slice(0, 10)}: ${point.value}`)
} catch (error) {
  if (error instanceof RateLimitError) console.error(`rate limited: retry in ${error.retryAfterMs} ms`)
  throw error
} finally {
  await client.close()
  await devnet?.close()
}
