/**
 * The operations the default configuration lists as tools of their own, chosen by the measure in ranking.ts (eligible
 * operations by fan-out, while the default list stays within 25 tools and 24,000 bytes). Written by
 * `UPDATE_DIRECT_TOOLS=1 pnpm vitest run --project mcp-server test/direct-tools.test.ts`; that test fails when the
 * catalog changes the outcome.
 */
export const DIRECT_TOOLS: readonly string[] = [
  'data.listActivePrimaryNetworkStakingTransactions',
  'data.listSubnets',
  'platform.getBlock',
  'platform.getBlockByHeight',
  'platform.getTx',
  'avm.getBlock',
  'data.listBlockchains',
  'avm.getBlockByHeight',
  'avm.getTx',
]
