import type { AvalancheClient } from '@avalanche-automation/core'
import type { Devnet } from '@avalanche-automation/devnet'

/**
 * The default suite against the embedded devnet: every check kind at least once, with thresholds from the devnet's
 * fixtures. The CLI starts the devnet advancing (`LIVE_DEVNET`), so the progress checks ask for at least +1 a window
 * and the lag checks allow the round that may land between their two reads.
 */
export const LIVE_DEVNET = { blockInterval: 250 }

export async function devnetSuite(devnet: Devnet, client: AvalancheClient): Promise<Record<string, unknown>[]> {
  const f = devnet.fixtures
  const evm = f.data.evm
  const chainId = evm.chains[0]?.chainId ?? '43112'
  const [latest] =
    (await client.data.listNativeTransactions({ chainId, address: evm.accounts.ewoq, pageSize: 1 })).transactions ?? []
  const subnetChain = f.p.blockchains.find((b) => b.subnetId === f.p.subnetId)
  const { nodeID } = await client.info.getNodeID()
  // A subscription for the webhook check: the devnet's Data API stores it (it delivers only on new activity).
  const hook = await client.data.createWebhook({
    eventType: 'address_activity',
    url: 'http://127.0.0.1:9/avalanche-events',
    chainId,
    name: 'default suite',
    metadata: { addresses: [evm.accounts.ewoq] },
  })
  return [
    { id: 'node-ready', kind: 'health', probe: 'readiness' },
    { id: 'node-live', kind: 'health', probe: 'liveness' },
    { id: 'chains-bootstrapped', kind: 'bootstrapped', chains: ['P', 'X', 'C'] },
    { id: 'network', kind: 'network', networkName: f.networkName, networkId: f.networkId },
    { id: 'node-version', kind: 'node-version', min: '1.13.0' },
    { id: 'p-chain-progress', kind: 'chain-progress', chain: 'P', window: '1s', minIncrease: 1 },
    { id: 'x-block-index-progress', kind: 'index-progress', index: 'X/block', window: '1s', minIncrease: 1 },
    { id: 'x-block-index-caught-up', kind: 'index-caught-up', index: 'X/block', maxLag: 2 },
    { id: 'p-block-index-caught-up', kind: 'index-caught-up', index: 'P/block', maxLag: 2 },
    { id: 'p-lag-data-api', kind: 'rpc-lag', chain: 'P', reference: 'data', network: 'fuji', maxLag: 2 },
    { id: 'x-lag-reference-node', kind: 'rpc-lag', chain: 'X', referenceUrl: devnet.url, maxLag: 2 },
    {
      id: 'primary-validator',
      kind: 'validator',
      connected: true,
      minUptime: 80,
      minWeight: '2000 AVAX',
      minDaysLeft: 365,
    },
    { id: 'subnet-validator', kind: 'validator', subnetId: f.p.subnetId, minDaysLeft: 365 },
    { id: 'node-uptime', kind: 'uptime' },
    { id: 'stake-not-ending', kind: 'stake-ending', days: 14 },
    {
      id: 'primary-validator-data-api',
      kind: 'validator',
      source: 'data',
      network: 'fuji',
      nodeId: nodeID,
      minUptime: 80,
      minDaysLeft: 365,
    },
    {
      id: 'l1-validator',
      kind: 'validator',
      nodeId: f.p.validators.l1[0],
      subnetId: f.p.l1SubnetId,
      minBalance: '0.000001 AVAX',
      minDaysLeft: 14,
    },
    {
      id: 'l1-validator-fee-runway',
      kind: 'l1-validator-balance',
      subnetId: f.p.l1SubnetId,
      nodeId: f.p.validators.l1[0],
      minDays: 30,
    },
    { id: 'ewoq-x-avax', kind: 'balance', chain: 'X', address: f.accounts.ewoq.x, min: '1000 AVAX' },
    { id: 'ewoq-x-usdt', kind: 'balance', chain: 'X', address: f.accounts.ewoq.x, asset: f.assets.usdt.id, min: 1 },
    { id: 'ewoq-p-avax', kind: 'balance', chain: 'P', address: f.accounts.ewoq.p, min: '1000 AVAX' },
    { id: 'ewoq-c-avax', kind: 'balance', chain: 'evm', chainId, address: evm.accounts.ewoq, min: '1000 AVAX' },
    {
      id: 'ewoq-c-usdc',
      kind: 'balance',
      chain: 'evm',
      chainId,
      address: evm.accounts.ewoq,
      token: evm.contracts.usdc,
      min: 1,
    },
    { id: 'x-send-accepted', kind: 'tx-accepted', chain: 'X', txId: f.x.txs.send },
    { id: 'p-add-validator-committed', kind: 'tx-accepted', chain: 'P', txId: f.p.txs.addValidator },
    { id: 'c-latest-tx-success', kind: 'tx-accepted', chain: 'evm', chainId, txId: latest?.txHash ?? '0x' },
    {
      id: 'subnet-chain-validating',
      kind: 'blockchain-status',
      blockchainId: subnetChain?.id ?? '',
      in: ['Validating'],
    },
    { id: 'avax-supply', kind: 'supply', min: '300000000 AVAX', max: '720000000 AVAX' },
    { id: 'c-chain-tps', kind: 'tps', chainId, min: 0.1 },
    { id: 'c-chain-daily-txs', kind: 'chain-metric', chainId, metric: 'txCount', timeInterval: 'day', min: 1 },
    { id: 'webhook-active', kind: 'webhook', webhookId: hook.id },
    { id: 'p-height-call', kind: 'call', operation: 'platform.getHeight', assert: { path: '$.height', min: 1 } },
    {
      id: 'validators-call',
      kind: 'call',
      operation: 'platform.getCurrentValidators',
      params: { subnetID: f.p.subnetId },
      assert: [
        { path: '$.validators.length', min: 1 },
        { path: '$.validators[*].nodeID', matches: '^NodeID-' },
      ],
    },
  ]
}
