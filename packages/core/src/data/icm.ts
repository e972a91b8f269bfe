import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zGetIcmMessageResult,
  zListIcmMessagesByAddressResult,
  zListIcmMessagesResult,
} from './generated/data-api.gen.js'
import { cb58Id, dataRead, dataWeight, evmAddress, evmChainId, network, PAGES, pageSize, pageToken } from './params.js'

/**
 * The Data API's Interchain Messaging reads (`/v1/icm/...`): Teleporter messages between EVM chains as the indexer
 * saw them sent and delivered, for callers who would otherwise watch both chains' messenger events themselves.
 */

const MESSAGE = `Each message has status pending (sent, not yet delivered), delivered (with destinationTransaction) or delivered_source_not_indexed (no sourceTransaction); messageId, messageNonce, from, to, the source and destination blockchain and EVM chain IDs, sourceTransaction (txHash, timestamp in Unix seconds, gasSpent in wei) and the relayer's rewardDetails.`

const MESSAGE_ID = /^(0x)?[0-9a-fA-F]{64}$/
const messageId = lazy(() =>
  z
    .string()
    .check(
      z.regex(MESSAGE_ID, { error: 'expected a Teleporter message ID: 64 hex digits (a 0x prefix is allowed)' }),
      z.describe('Teleporter message ID: 64 hex digits, as listIcmMessages reports messageId.'),
    ),
)

const pages = lazy(() => ({ pageToken: z.optional(pageToken()), pageSize: z.optional(pageSize(100)) }))
const icmNetwork = lazy(() => z.optional(network()))

export const icm = {
  getIcmMessage: defineOperation({
    ...dataRead,
    id: 'data.getIcmMessage',
    endpoint: 'GET /v1/icm/messages/{messageId}',
    summary: 'One Interchain Messaging (Teleporter) message by its message ID: its status, sender and delivery.',
    params: () => z.strictObject({ messageId: messageId() }),
    result: zGetIcmMessageResult,
  }),
  listIcmMessages: defineOperation({
    ...dataRead,
    id: 'data.listIcmMessages',
    endpoint: 'GET /v1/icm/messages',
    summary: 'Interchain Messaging (Teleporter) messages, newest first, filtered by chain, sender or recipient.',
    params: () =>
      z.strictObject({
        ...pages(),
        sourceBlockchainId: z
          .optional(evmChainId())
          .check(z.describe('Only messages sent from this chain (EVM chain ID or cb58).')),
        destinationBlockchainId: z
          .optional(evmChainId())
          .check(z.describe('Only messages sent to this chain (EVM chain ID or cb58).')),
        blockchainId: z
          .optional(cb58Id('a blockchain ID'))
          .check(z.describe('Only messages from or to this chain (cb58).')),
        to: z.optional(evmAddress('a recipient address')).check(z.describe('Only messages to this recipient, 0x-hex.')),
        from: z.optional(evmAddress('a sender address')).check(z.describe('Only messages from this sender, 0x-hex.')),
        network: icmNetwork(),
      }),
    result: zListIcmMessagesResult,
    pagination: { kind: 'pageToken', items: 'messages' },
  }),
  listIcmMessagesByAddress: defineOperation({
    ...dataRead,
    id: 'data.listIcmMessagesByAddress',
    endpoint: 'GET /v1/icm/addresses/{address}/messages',
    summary: 'The Interchain Messaging (Teleporter) messages an address sent or receives, newest first.',
    params: () =>
      z.strictObject({
        address: evmAddress('an EVM address').check(z.describe('Sender or recipient address, 0x-hex.')),
        ...pages(),
        network: icmNetwork(),
      }),
    result: zListIcmMessagesByAddressResult,
    pagination: { kind: 'pageToken', items: 'messages' },
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const icmDescriptions = (): Descriptions<typeof icm> => ({
  'data.getIcmMessage': `${MESSAGE} An unknown ID is a 404. ${dataWeight('medium')}`,
  'data.listIcmMessages': `${MESSAGE} ${PAGES} ${dataWeight('medium')}`,
  'data.listIcmMessagesByAddress': `${MESSAGE} ${PAGES} ${dataWeight('medium')}`,
})
