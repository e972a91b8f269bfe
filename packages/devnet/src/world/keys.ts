import { bytesToHex, formatNodeId, parseNodeId } from '@avalanche-automation/core'
import { EWOQ_SHORT_ID, LOCAL_NODE_IDS } from './constants.js'
import { derive } from './random.js'

/** A 20-byte owner: an address on X and P alike. */
export interface Account {
  name: string
  shortId: Uint8Array
  hex: string
}

export interface NodeIdentity {
  nodeId: string
  shortId: Uint8Array
  /** Compressed BLS public key (48 bytes) and proof of possession (96 bytes). */
  publicKey: Uint8Array
  proofOfPossession: Uint8Array
}

export function account(name: string, shortId: Uint8Array): Account {
  return { name, shortId, hex: bytesToHex(shortId) }
}

export function derivedAccount(seed: number, name: string): Account {
  return account(name, derive(seed, `account/${name}`, 20))
}

export const ewoq: Account = account('ewoq', EWOQ_SHORT_ID)

/**
 * BLS keys are not computed: the devnet never verifies signatures. The bytes keep the compressed-point shape (top bit
 * set, infinity bit clear, x below the field modulus) so decoders that check flags accept them.
 */
function fakeCompressedPoint(seed: number, label: string, length: number): Uint8Array {
  const bytes = derive(seed, label, length)
  bytes[0] = 0x80 | ((bytes[0] as number) & 0x2f)
  return bytes
}

export function nodeIdentity(seed: number, nodeId: string): NodeIdentity {
  return {
    nodeId,
    shortId: parseNodeId(nodeId),
    publicKey: fakeCompressedPoint(seed, `bls-public-key/${nodeId}`, 48),
    proofOfPossession: fakeCompressedPoint(seed, `bls-pop/${nodeId}`, 96),
  }
}

export function derivedNode(seed: number, label: string): NodeIdentity {
  return nodeIdentity(seed, formatNodeId(derive(seed, `node/${label}`, 20)))
}

/** The five local-network stakers; their BLS keys are fixed so the node's own identity never depends on the seed. */
export const localNodes: NodeIdentity[] = LOCAL_NODE_IDS.map((id) => nodeIdentity(0, id))
