/**
 * Where the live Data and Metrics APIs do not honour their own OpenAPI descriptions, and the devnet does the same
 * (the `quirks` option, on by default), so that clients meet them in tests. Every other response of the devnet is
 * valid against the descriptions; the schema tests (test/data-e2e/schema.test.ts) check that a response differs from
 * the one with quirks off only by the quirks listed here.
 */

export type QuirkKind = 'omitted' | 'number-as-string' | 'string-as-number'

export interface Quirk {
  /** The property the quirk changes. */
  property: string
  kind: QuirkKind
  /** Which objects: decides whether a difference at an object is this quirk. */
  applies: (object: Record<string, unknown>) => boolean
  /** Where the live service does this. */
  source: string
}

/** The C-Chain's EVM chain ID on the devnet's local network (the only chain with token reputations). */
const C_CHAIN = '43112'
/** The devnet C-Chain's first block with a base fee: blocks 0 and 1 are "before Apricot Phase 3". */
export const AP3_HEIGHT = 2

export const QUIRKS: Record<string, Quirk> = {
  /** Erc20TokenBalance / Erc20TokenV2: the reputation exists only for tokens on the C-Chain. */
  tokenReputationOffCChain: {
    property: 'tokenReputation',
    kind: 'omitted',
    applies: (o) => o.ercType === 'ERC-20' && typeof o.chainId === 'string' && o.chainId !== C_CHAIN,
    source:
      'data-api.md 0b.2; data-api.openapi.json line 21649 (Erc20TokenBalance.tokenReputation: "only populated for tokens on the C-Chain"), required at line 21666',
  },
  /** ChainInfo / GetChainResponse: some chains have no description. */
  chainDescriptionMissing: {
    property: 'description',
    kind: 'omitted',
    applies: (o) => typeof o.chainId === 'string' && typeof o.vmName === 'string' && o.chainId !== C_CHAIN,
    source:
      'data-api.md 0b.2 (ChainInfo.description is missing for some chains); required at data-api.openapi.json lines 14112 (ChainInfo) and 22948 (GetChainResponse)',
  },
  /** EvmBlock / GetEvmBlockResponse: blocks before Apricot Phase 3 (EIP-1559 fees) have no base fee. */
  baseFeeBeforeApricotPhase3: {
    property: 'baseFee',
    kind: 'omitted',
    applies: (o) => o.chainId === C_CHAIN && typeof o.blockNumber === 'string' && Number(o.blockNumber) < AP3_HEIGHT,
    source:
      'data-api.md 0b.2 (EvmBlock.baseFee has no value before Apricot Phase 3); required at data-api.openapi.json line 14466',
  },
  /** Money: typed number, documented and exampled as a decimal string ("42.42"; the seed says string). */
  moneyValueAsString: {
    property: 'value',
    kind: 'number-as-string',
    applies: (o) => typeof o.currencyCode === 'string',
    source: 'data-api.md 0b.2; data-api.openapi.json line 16523 (Money.value: type number, examples ["42.42"])',
  },
  /** AddressDetails (BTC.b bridgers, whose sort key is an amount): typed string, exampled as the number 123. */
  sortKeyAsNumber: {
    property: 'sortKey',
    kind: 'string-as-number',
    applies: (o) => typeof o.address === 'string' && /^\d{1,15}$/.test(String(o.sortKey)),
    source:
      'data-api.md 0b.2; metrics-api.openapi.json line 3286 (AddressDetails.sortKey: type string, examples [123])',
  },
}

/**
 * The response with every quirk applied where it applies (a copy; the handlers' objects stay as the description
 * says). Each quirk changes only its own property of the objects it applies to.
 */
export function applyQuirks(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(applyQuirks)
  if (!body || typeof body !== 'object') return body
  const object = body as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(object)) out[key] = applyQuirks(value)
  for (const quirk of Object.values(QUIRKS)) {
    const value = object[quirk.property]
    if (value === undefined || !quirk.applies(object)) continue
    if (quirk.kind === 'omitted') delete out[quirk.property]
    else if (quirk.kind === 'number-as-string' && typeof value === 'number') out[quirk.property] = String(value)
    else if (quirk.kind === 'string-as-number' && typeof value === 'string' && /^\d{1,15}$/.test(value)) {
      out[quirk.property] = Number(value)
    }
  }
  return out
}
