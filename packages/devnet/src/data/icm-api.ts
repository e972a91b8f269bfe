import { bytesToHex } from '@avalanche-automation/core'
import { keccak256 } from '../world/keccak.js'
import type { ApiCall, RouteHandler } from './context.js'
import { addressParam, pageRequest } from './evm-api.js'
import { checksumAddress } from './evm-chain.js'
import { notFound, str } from './http.js'
import { deliveredAt, type IcmMessage, icmMessages, RELAYER, TELEPORTER_MESSENGER } from './icm.js'
import { paginate } from './paging.js'

/** Gas of a relayer's receiveCrossChainMessage on the destination chain (a fixed devnet figure). */
const DELIVERY_GAS = 180_000n

/**
 * A message as PendingIcmMessage / DeliveredIcmMessage answer it (data-api.openapi.json components): the fee is
 * zero in the source chain's first ERC-20 (IcmRewardDetails requires a token), no receipts have come back yet.
 */
function render(m: IcmMessage): Record<string, unknown> {
  const fee = m.source.contracts[0]
  const out: Record<string, unknown> = {
    messageId: m.messageId,
    icmContractAddress: checksumAddress(TELEPORTER_MESSENGER),
    sourceBlockchainId: m.source.spec.blockchainId,
    destinationBlockchainId: m.destination.spec.blockchainId,
    sourceEvmChainId: m.source.chainId,
    destinationEvmChainId: m.destination.chainId,
    messageNonce: String(m.nonce),
    from: checksumAddress(m.from),
    to: checksumAddress(m.to),
    messageExecuted: m.delivered,
    receipts: [],
    receiptDelivered: false,
    rewardDetails: {
      address: checksumAddress(fee?.address ?? TELEPORTER_MESSENGER),
      name: fee?.name ?? '',
      symbol: fee?.symbol ?? '',
      decimals: fee?.decimals ?? 0,
      ercType: 'ERC-20',
      value: '0',
    },
    sourceTransaction: {
      txHash: m.sourceTx.hash,
      timestamp: m.timestamp,
      gasSpent: (BigInt(m.sourceTx.gasUsed) * m.sourceTx.gasPrice).toString(),
    },
    status: m.delivered ? 'delivered' : 'pending',
  }
  if (m.delivered) {
    out.destinationTransaction = {
      txHash: `0x${bytesToHex(keccak256(new TextEncoder().encode(`devnet/icm-delivery/${m.messageId}`)))}`,
      timestamp: deliveredAt(m),
      gasSpent: (DELIVERY_GAS * m.sourceTx.baseFee).toString(),
      rewardRedeemer: checksumAddress(RELAYER),
      delivererAddress: checksumAddress(RELAYER),
    }
  }
  return out
}

/** One page of the messages that pass `keep`, newest first; positions are indexes of the whole listing. */
function messagePage(call: ApiCall, filters: Record<string, unknown>, keep: (m: IcmMessage) => boolean) {
  const all = str(call.params, 'network') === 'mainnet' ? [] : icmMessages(call.ctx.chains)
  const page = paginate(pageRequest(call, filters), function* (start) {
    for (let i = start ?? 0; i < all.length; i++) {
      const m = all[i] as IcmMessage
      if (keep(m)) yield [i, m] as const
    }
  })
  return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), messages: page.items.map(render) }
}

const optionalAddress = (call: ApiCall, name: string) =>
  str(call.params, name) === undefined ? undefined : addressParam(call.params, name)

export const icmHandlers: Record<string, RouteHandler> = {
  // getIcmMessage (data-api.openapi.json /v1/icm/messages/{messageId}): "by teleporter message ID", hex as in the
  // example (a 0x prefix and upper case are accepted too); an unknown ID is the NotFound response.
  getIcmMessage: ({ ctx, params }) => {
    const id = (str(params, 'messageId') as string).replace(/^0x/i, '').toLowerCase()
    const found = icmMessages(ctx.chains).find((m) => m.messageId === id)
    if (!found) throw notFound(`ICM message ${id} not found; listIcmMessages lists the indexed messages`)
    return render(found)
  },

  // listIcmMessages (/v1/icm/messages): "Ordered by timestamp in descending order"; source/destination take a
  // base58 blockchain ID or an EVM chain ID, blockchainId matches either end, to/from the recipient and sender.
  listIcmMessages: (call) => {
    const chain = (name: string) => {
      const id = str(call.params, name)
      return id === undefined ? undefined : (call.ctx.chains.get(id)?.chain ?? null)
    }
    const source = chain('sourceBlockchainId')
    const destination = chain('destinationBlockchainId')
    const either = chain('blockchainId')
    const to = optionalAddress(call, 'to')
    const from = optionalAddress(call, 'from')
    const filters = {
      source: source?.chainId ?? source,
      destination: destination?.chainId ?? destination,
      either: either?.chainId ?? either,
      to,
      from,
      network: str(call.params, 'network'),
    }
    return messagePage(
      call,
      filters,
      (m) =>
        (source === undefined || m.source === source) &&
        (destination === undefined || m.destination === destination) &&
        (either === undefined || m.source === either || m.destination === either) &&
        (to === undefined || m.to === to) &&
        (from === undefined || m.from === from),
    )
  },

  // listIcmMessagesByAddress (/v1/icm/addresses/{address}/messages): the messages the address sent or receives.
  listIcmMessagesByAddress: (call) => {
    const address = addressParam(call.params)
    return messagePage(call, { address, network: str(call.params, 'network') }, (m) => [m.from, m.to].includes(address))
  },
}
