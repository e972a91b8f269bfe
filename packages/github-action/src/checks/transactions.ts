import { JsonRpcError, NotFoundError } from '@avalanche-automation/core'
import * as z from 'zod/mini'
import { defineCheck } from './types.js'

export const txAccepted = defineCheck({
  kind: 'tx-accepted',
  family: 'Transactions',
  summary:
    'A transaction is accepted: X (avm.getTx finds it), P (getTxStatus Committed), evm (Data API transaction detail with status success).',
  fields: () =>
    z
      .strictObject({
        chain: z.enum(['X', 'P', 'evm'], { error: 'expected X, P or evm' }),
        txId: z.string().check(z.minLength(1)),
        chainId: z.optional(z.string().check(z.regex(/^\d+$/, { error: 'expected an EVM chain ID like "43114"' }))),
      })
      .check(
        z.refine((s) => s.chain !== 'evm' || s.chainId !== undefined, {
          error: 'chain evm needs chainId (e.g. "43114")',
          path: ['chainId'],
        }),
      ),
  expected: (spec) => (spec.chain === 'P' ? 'Committed' : spec.chain === 'evm' ? 'success' : 'accepted'),
  async run(spec, { client, call }) {
    if (spec.chain === 'P') {
      const { status, reason } = await client.platform.getTxStatus({ txID: spec.txId }, call)
      return { ok: status === 'Committed', observed: reason ? `${status}: ${reason}` : status }
    }
    if (spec.chain === 'evm') {
      try {
        const { nativeTransaction } = await client.data.getTransaction(
          { chainId: spec.chainId as string, txHash: spec.txId },
          call,
        )
        // The live service may leave fields out (data-api.md 0b.2): a missing status is no verdict.
        if (!nativeTransaction?.txStatus) return { ok: false, observed: 'found, without a status' }
        const ok = nativeTransaction.txStatus === '1'
        return { ok, observed: `${ok ? 'success' : 'failed'} in block ${nativeTransaction.blockNumber}` }
      } catch (error) {
        if (NotFoundError.isInstance(error)) return { ok: false, observed: 'not found' }
        throw error
      }
    }
    // The X-Chain keeps only accepted txs (`vms/avm/service.go` GetTx and the deprecated GetTxStatus both read
    // state.GetTx). Index X/tx is no answer: it stopped at Cortina (2023) and is empty on local networks, so every
    // later tx is "not accepted" there (`reference/node-rpc.md` 0.1).
    try {
      await client.avm.getTx({ txID: spec.txId }, call)
      return { ok: true, observed: 'accepted (avm.getTx)' }
    } catch (error) {
      if (JsonRpcError.isInstance(error) && error.isNotFound) return { ok: false, observed: 'not found (avm.getTx)' }
      throw error
    }
  },
})
