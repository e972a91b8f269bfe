import { createClient, type NodeClient } from '@avalanche-automation/core/node'
import * as z from 'zod/mini'
import { defineCheck } from './types.js'

export const rpcLag = defineCheck({
  kind: 'rpc-lag',
  family: 'Progress',
  summary:
    "The node's P- or X-Chain height is at most `maxLag` blocks behind a reference: another node (`referenceUrl`) or the Data API's latest block on `network` (`reference: data`).",
  fields: () =>
    z
      .strictObject({
        chain: z.enum(['P', 'X'], { error: 'expected P or X' }),
        reference: z._default(
          z.enum(['node', 'data'], { error: 'expected node (referenceUrl) or data (the Data API)' }),
          'node',
        ),
        referenceUrl: z.optional(z.url({ error: 'expected the reference node URL, e.g. https://api.avax.network' })),
        network: z.optional(z.enum(['mainnet', 'fuji'], { error: 'expected mainnet or fuji' })),
        maxLag: z._default(z.number().check(z.int(), z.nonnegative()), 2),
      })
      .check(
        z.refine((s) => (s.reference === 'node' ? s.referenceUrl !== undefined : s.network !== undefined), {
          error: 'reference node needs referenceUrl; reference data needs network (mainnet or fuji)',
          path: ['reference'],
        }),
      ),
  expected: (spec) =>
    `${spec.chain} lag ≤ ${spec.maxLag} blocks behind ${spec.reference === 'data' ? 'the Data API' : 'the reference node'}`,
  async run(spec, { client, call }) {
    const height = (c: NodeClient) =>
      (spec.chain === 'P' ? c.platform.getHeight(undefined, call) : c.avm.getHeight(undefined, call)).then(
        (r) => r.height,
      )
    const reference = async () => {
      if (spec.reference === 'data') {
        const { blocks } = await client.data.listLatestPrimaryNetworkBlocks(
          { network: spec.network as 'mainnet', blockchainId: spec.chain === 'P' ? 'p-chain' : 'x-chain', pageSize: 1 },
          call,
        )
        const [latest] = blocks ?? []
        if (!latest) throw new Error(`the Data API lists no ${spec.chain}-Chain block on ${spec.network}`)
        return BigInt(latest.blockNumber)
      }
      const other = createClient({ nodeUrl: spec.referenceUrl })
      try {
        return await height(other)
      } finally {
        await other.close()
      }
    }
    const [mine, theirs] = await Promise.all([height(client), reference()])
    const lag = theirs - mine
    return {
      ok: lag <= BigInt(spec.maxLag),
      observed: `lag ${lag} (height ${mine}, reference ${theirs})`,
      value: Number(lag),
      better: 'lower',
    }
  },
})
