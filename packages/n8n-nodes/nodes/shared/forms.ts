import type { AnyOperation } from '@avalanche-automation/core'
import { fieldName } from './names'
import type { FieldSpec } from './operations'

/**
 * Operations whose fields, generated from the catalog's schema, would not read the way users expect: the Webhook
 * resource's Create (its event type chooses its fields, instead of one JSON Metadata field for three forms), the
 * webhook picked from the account's list, and the signature aggregator's message on top.
 */

const EVM = 'address_activity'
const PRIMARY_NETWORK = 'primary_network_address_activity'
const VALIDATOR = 'validator_activity'

/** Changes to one generated field of an operation. */
export function fieldOverride(op: AnyOperation, field: FieldSpec): Partial<FieldSpec> {
  if (field.name === 'id' && field.locator === 'searchWebhooks') {
    // `id` alone would read as any ID in expressions ($parameter.id): the parameter says what it is.
    return { name: 'webhookId', displayName: 'Webhook', wire: 'id', description: 'The webhook, from the list or by ID' }
  }
  if (op.id === 'data.aggregateSignatures' && field.name === 'message') {
    return { top: true, description: 'Unsigned Warp message, hex (or give a Justification under Additional Fields)' }
  }
  return {}
}

const BALANCE_TYPES = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'unlocked',
  'locked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
]

const field = (spec: Omit<FieldSpec, 'description' | 'required'> & Partial<FieldSpec>): FieldSpec => ({
  description: '',
  required: false,
  ...spec,
})

const createWebhookFields: FieldSpec[] = [
  field({
    name: 'eventType',
    displayName: 'Event Type',
    kind: 'options',
    required: true,
    options: [EVM, PRIMARY_NETWORK, VALIDATOR],
    optionNames: {
      [EVM]: 'Address Activity (EVM)',
      [PRIMARY_NETWORK]: 'Primary Network Address Activity',
      [VALIDATOR]: 'Validator Activity',
    },
    default: EVM,
    description:
      'What to watch: EVM addresses on one chain, P-Chain or X-Chain addresses, or a validator (a node or a subnet)',
  }),
  field({
    name: 'url',
    displayName: 'URL',
    kind: 'string',
    required: true,
    placeholder: 'https://example.com/avalanche-events',
    description: 'Where the service POSTs each event; your receiver answers 200 within 10 s, then processes it',
  }),
  // address_activity
  field({
    name: 'chainId',
    displayName: 'Chain ID',
    kind: 'string',
    required: true,
    locator: 'searchEvmChains',
    when: { eventType: [EVM] },
    description: 'The EVM chain (C-Chain or an L1) whose transactions are watched',
  }),
  field({
    name: 'addresses',
    displayName: 'Addresses',
    kind: 'list',
    required: true,
    wire: 'metadata.addresses',
    when: { eventType: [EVM] },
    description: 'The watched EVM addresses (0x)',
  }),
  // primary_network_address_activity and validator_activity
  field({
    name: 'network',
    displayName: 'Network',
    kind: 'options',
    required: true,
    options: ['mainnet', 'fuji'],
    optionNames: { mainnet: 'Mainnet', fuji: 'Fuji' },
    default: 'mainnet',
    when: { eventType: [PRIMARY_NETWORK, VALIDATOR] },
  }),
  field({
    // The platform-webhooks guide (developers.avacloud.io/webhooks-api/platform-webhooks): chainId "p-chain" or "x-chain".
    name: 'primaryNetworkChain',
    displayName: 'Chain',
    kind: 'options',
    required: true,
    options: ['p-chain', 'x-chain'],
    optionNames: { 'p-chain': 'P-Chain', 'x-chain': 'X-Chain' },
    default: 'p-chain',
    wire: 'chainId',
    when: { eventType: [PRIMARY_NETWORK] },
  }),
  field({
    name: 'primaryNetworkAddresses',
    displayName: 'Addresses',
    kind: 'list',
    required: true,
    wire: 'metadata.keys',
    when: { eventType: [PRIMARY_NETWORK] },
    description: 'The watched P-Chain or X-Chain addresses (e.g. avax1...)',
  }),
  field({
    name: 'addressSubEvents',
    displayName: 'Events',
    kind: 'multiOptions',
    required: true,
    options: ['balance_change', 'balance_threshold', 'reward_distribution'],
    optionNames: {
      balance_change: 'Balance Change',
      balance_threshold: 'Balance Below Threshold',
      reward_distribution: 'Reward Distribution',
    },
    default: ['balance_change'],
    wire: 'metadata.subEvents.addressActivitySubEvents',
    when: { eventType: [PRIMARY_NETWORK] },
  }),
  field({
    name: 'keyType',
    displayName: 'Watch',
    kind: 'options',
    required: true,
    options: ['nodeId', 'subnetId'],
    optionNames: { nodeId: 'A Node', subnetId: 'A Subnet' },
    default: 'nodeId',
    wire: 'metadata.keyType',
    when: { eventType: [VALIDATOR] },
  }),
  field({
    name: 'validatorKey',
    displayName: 'Node or Subnet ID',
    kind: 'string',
    required: true,
    placeholder: 'e.g. NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
    wire: 'metadata.keys',
    when: { eventType: [VALIDATOR] },
    description: 'The node ID or subnet ID (as Watch says); the service takes one',
  }),
  field({
    name: 'validatorSubEvents',
    displayName: 'Events',
    kind: 'multiOptions',
    required: true,
    options: [
      'validator_stake',
      'delegator_stake',
      'reward_distribution',
      'l1_validator_balance_increased',
      'l1_validator_balance_threshold',
      'l1_validator_disabled',
      'l1_validator_removed',
    ],
    optionNames: {
      validator_stake: 'Validator Stake',
      delegator_stake: 'Delegator Stake',
      reward_distribution: 'Reward Distribution',
      l1_validator_balance_increased: 'L1 Validator Balance Increased',
      l1_validator_balance_threshold: 'L1 Validator Balance Below Threshold',
      l1_validator_disabled: 'L1 Validator Disabled',
      l1_validator_removed: 'L1 Validator Removed',
    },
    default: ['validator_stake'],
    wire: 'metadata.subEvents.validatorActivitySubEvents',
    when: { eventType: [VALIDATOR] },
  }),
  // Additional Fields
  field({ name: 'name', displayName: 'Name', kind: 'string', description: 'A name for the webhook' }),
  field({ name: 'description', displayName: 'Description', kind: 'string', description: 'A description of it' }),
  field({
    name: 'eventSignatures',
    displayName: 'Event Signatures',
    kind: 'list',
    wire: 'metadata.eventSignatures',
    description: 'Only logs with these topic0 hashes (0x)',
  }),
  field({
    name: 'includeLogs',
    displayName: 'Include Logs',
    kind: 'boolean',
    when: { eventType: [EVM] },
    description: "Whether to include the transactions' logs in each event",
  }),
  field({
    name: 'includeInternalTxs',
    displayName: 'Include Internal Transactions',
    kind: 'boolean',
    when: { eventType: [EVM] },
    description: 'Whether to include traces (internal transactions); C-Chain on 43113 and 43114 only',
  }),
  field({
    name: 'balanceType',
    displayName: 'Threshold Balance Type',
    kind: 'options',
    options: BALANCE_TYPES,
    optionNames: Object.fromEntries(BALANCE_TYPES.map((t) => [t, fieldName(t)])),
    default: 'unlockedUnstaked',
    wire: 'metadata.balanceThresholdFilter.balanceType',
    when: { eventType: [PRIMARY_NETWORK] },
    description: 'The balance that Balance Below Threshold watches (with Threshold Balance)',
  }),
  field({
    name: 'balanceThreshold',
    displayName: 'Threshold Balance',
    kind: 'string',
    wire: 'metadata.balanceThresholdFilter.balanceThreshold',
    when: { eventType: [PRIMARY_NETWORK] },
    description: 'Balance Below Threshold fires when the balance falls below this many nAVAX',
  }),
  field({
    name: 'nodeIds',
    displayName: 'Only Node IDs',
    kind: 'list',
    wire: 'metadata.nodeIds',
    when: { eventType: [VALIDATOR] },
    description: 'Only events of these nodes',
  }),
  field({
    name: 'subnetIds',
    displayName: 'Only Subnet IDs',
    kind: 'list',
    wire: 'metadata.subnetIds',
    when: { eventType: [VALIDATOR] },
    description: 'Only events on these subnets',
  }),
  field({
    name: 'l1ValidatorFeeBalanceThreshold',
    displayName: 'L1 Validator Fee Balance Threshold',
    kind: 'string',
    wire: 'metadata.l1ValidatorFeeBalanceThreshold',
    when: { eventType: [VALIDATOR] },
    description:
      "L1 Validator Balance Below Threshold fires when the validator's fee balance falls below this many nAVAX",
  }),
]

/** The parts of createWebhook's metadata that are not a field: the key type of address activity, the one key. */
function assembleCreateWebhook(params: Record<string, unknown>): Record<string, unknown> {
  const metadata = { ...(params.metadata as Record<string, unknown> | undefined) }
  if (params.eventType === PRIMARY_NETWORK) metadata.keyType = 'addresses'
  if (params.eventType === VALIDATOR && typeof metadata.keys === 'string') metadata.keys = [metadata.keys]
  return { ...params, metadata }
}

/** Operations shown with a form of their own instead of their generated fields. */
export const FORMS: Record<
  string,
  { fields: FieldSpec[]; assemble?: (params: Record<string, unknown>) => Record<string, unknown> }
> = {
  'data.createWebhook': { fields: createWebhookFields, assemble: assembleCreateWebhook },
}
