import * as z from 'zod/mini'
import { type Descriptions, defineOperation } from '../operation.js'
import { zAggregateSignaturesResult, zGetAggregatedSignaturesResult } from './generated/data-api.gen.js'
import { dataWeight, network, txHash } from './params.js'

/**
 * The Data API's signature aggregator (`/v1/signatureAggregator/{network}/...`): collects the BLS signatures of an
 * L1's validators over a Warp message until the quorum's weight signed, as L1 operators' pipelines need for
 * cross-chain messages and validator-set changes. Both operations answer HTTP 201 (data-api.openapi.json).
 */
const HEX = /^(0x)?[0-9a-fA-F]+$/
const hex = (what: string) =>
  z
    .string({ error: `expected the ${what} in hex (0x optional)` })
    .check(z.regex(HEX, { error: `expected the ${what} in hex (0x optional)` }))
const percentage = (what: string) => {
  const error = 'must be a whole number from 0 to 100'
  return z.number({ error }).check(z.int({ error }), z.gte(0, { error }), z.lte(100, { error }), z.describe(what))
}

export const signatureAggregator = {
  aggregateSignatures: defineOperation({
    service: 'data',
    readOnly: false,
    idempotent: false,
    id: 'data.aggregateSignatures',
    endpoint: 'POST /v1/signatureAggregator/{network}/aggregateSignatures',
    summary: "Aggregates the signing subnet's BLS signatures over a Warp message; answers signedMessage (HTTP 201).",
    params: () =>
      z
        .strictObject({
          network: network(),
          message: z.optional(hex('unsigned Warp message').check(z.describe('Unsigned Warp message, hex.'))),
          justification: z.optional(hex('justification').check(z.describe('Justification, hex (instead of message).'))),
          signingSubnetId: z.optional(
            z
              .string()
              .check(z.minLength(1), z.describe('Signing subnet ID (cb58 or hex); default the source chain’s subnet.')),
          ),
          quorumPercentage: z.optional(percentage('Share of the weight that must sign; default 67.')),
          quorumPercentageBuffer: z.optional(percentage('Extra share of the weight to ask for; default 0.')),
          pChainHeight: z.optional(
            z
              .number({ error: 'expected a P-Chain height: a whole number >= 0' })
              .check(
                z.int({ error: 'expected a P-Chain height: a whole number >= 0' }),
                z.gte(0, { error: 'expected a P-Chain height: a whole number >= 0' }),
                z.describe('P-Chain height of the validator set; 0 (default) uses the proposed height.'),
              ),
          ),
        })
        .check(
          z.superRefine((p, ctx) => {
            if (p.message === undefined && p.justification === undefined) {
              ctx.addIssue({ code: 'custom', path: ['message'], message: 'give message or justification (hex)' })
            }
            if ((p.quorumPercentage ?? 67) + (p.quorumPercentageBuffer ?? 0) > 100) {
              ctx.addIssue({
                code: 'custom',
                path: ['quorumPercentageBuffer'],
                message: 'quorumPercentage + quorumPercentageBuffer must be <= 100',
              })
            }
          }),
        ),
    result: zAggregateSignaturesResult,
    okStatuses: [201],
  }),
  getAggregatedSignatures: defineOperation({
    service: 'data',
    readOnly: true,
    idempotent: true,
    id: 'data.getAggregatedSignatures',
    endpoint: 'GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
    summary: 'The signed Warp message of a transaction that emitted one (its aggregate signature, hex).',
    params: () => z.strictObject({ network: network(), txHash: txHash() }),
    result: zGetAggregatedSignaturesResult,
    okStatuses: [201],
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const signatureAggregatorDescriptions = (): Descriptions<typeof signatureAggregator> => ({
  'data.aggregateSignatures': `Give message (an unsigned Warp message) or justification, in hex. quorumPercentage (default 67) of the signing subnet's weight must sign; quorumPercentageBuffer asks for more (their sum <= 100); pChainHeight 0 uses the proposed validator set. signedMessage is the Warp message with its aggregate signature, in hex. Not retried once the request may have reached the service. ${dataWeight('medium')}`,
  'data.getAggregatedSignatures': `The description answers this GET with HTTP 201. ${dataWeight('medium')}`,
})
