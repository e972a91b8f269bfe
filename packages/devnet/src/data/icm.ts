import { bytesToHex, cb58Decode } from '@avalanche-automation/core'
import { keccak256 } from '../world/keccak.js'
import { DEPLOYMENTS, type EvmChain, type EvmTx, EWOQ_EVM } from './evm-chain.js'
import type { EvmChains } from './evm-chains.js'

/**
 * The devnet's Interchain Messaging (Teleporter) traffic between its C-Chain and its L1, as the Data API's ICM reads
 * index it. Each chain sends MESSAGES_PER_CHAIN messages to the other; message i of a chain is sent by transaction
 * 6 + i * stride of that chain's listing (its sender is the message's `from`; the other party of that transaction,
 * ewoq or user k mod 64, is the recipient `to`). The newest message of each direction is still pending; the others
 * were delivered by the devnet's relayer a few seconds after they were sent. A few dozen messages: derived once per
 * devnet, sorted newest first.
 */

/** TeleporterMessenger v1.0.0's address, the same on every chain (deployed by Nick's method). */
export const TELEPORTER_MESSENGER = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf'
/** The address the devnet's relayer delivers from and is rewarded at. */
export const RELAYER = `0x${bytesToHex(keccak256(new TextEncoder().encode('devnet/icm-relayer'))).slice(24)}`
export const MESSAGES_PER_CHAIN = 12
/** Seconds from a message's source transaction to its delivery. */
const DELIVERY_SECONDS = 4

export interface IcmMessage {
  messageId: string
  source: EvmChain
  destination: EvmChain
  nonce: number
  sourceTx: EvmTx
  timestamp: number
  from: string
  to: string
  delivered: boolean
}

const word = (bytes: Uint8Array) => {
  const out = new Uint8Array(32)
  out.set(bytes, 32 - bytes.length)
  return out
}

/**
 * TeleporterMessenger.calculateMessageID: keccak256(abi.encode(address(this), sourceBlockchainID,
 * destinationBlockchainID, nonce)) (icm-contracts contracts/teleporter/TeleporterMessenger.sol), hex without 0x as
 * the Data API's messageId example shows it (data-api.openapi.json getIcmMessage).
 */
export function messageId(source: string, destination: string, nonce: number): string {
  const words = [
    word(Uint8Array.from(Buffer.from(TELEPORTER_MESSENGER.slice(2), 'hex'))),
    cb58Decode(source, 32),
    cb58Decode(destination, 32),
    Uint8Array.from(Buffer.from(nonce.toString(16).padStart(64, '0'), 'hex')),
  ]
  return bytesToHex(keccak256(Buffer.concat(words)))
}

function chainMessages(source: EvmChain, destination: EvmChain): IcmMessage[] {
  // Over the static transactions: the devnet's ICM traffic does not grow with the chains.
  const senders = source.spec.txCount - DEPLOYMENTS
  const count = Math.min(MESSAGES_PER_CHAIN, senders)
  const stride = Math.max(1, Math.floor(senders / Math.max(count, 1)))
  return Array.from({ length: count }, (_, i) => {
    const sourceTx = source.tx(DEPLOYMENTS + i * stride)
    const user = source.users[sourceTx.k % source.users.length] as string
    const nonce = i + 1
    return {
      messageId: messageId(source.spec.blockchainId, destination.spec.blockchainId, nonce),
      source,
      destination,
      nonce,
      sourceTx,
      timestamp: source.blockTime(sourceTx.block),
      from: sourceTx.from,
      to: sourceTx.from === EWOQ_EVM ? user : EWOQ_EVM,
      delivered: i < count - 1,
    }
  })
}

const cache = new WeakMap<EvmChains, IcmMessage[]>()

/** Every ICM message of the devnet, newest first (by source timestamp, then message ID). */
export function icmMessages(chains: EvmChains): IcmMessage[] {
  let messages = cache.get(chains)
  if (messages) return messages
  const [c, l1] = chains.list
  messages =
    c && l1
      ? [...chainMessages(c.chain, l1.chain), ...chainMessages(l1.chain, c.chain)].sort(
          (a, b) => b.timestamp - a.timestamp || a.messageId.localeCompare(b.messageId),
        )
      : []
  cache.set(chains, messages)
  return messages
}

/** When the relayer delivered a message on its destination chain. */
export const deliveredAt = (m: IcmMessage) => m.timestamp + DELIVERY_SECONDS
