import * as z from 'zod/mini'
import { lazy } from '../lazy.js'
import { type Descriptions, defineOperation } from '../operation.js'
import {
  zAddAddressesToWebhookResult,
  zCommonBalanceType,
  zCreateWebhookResult,
  zDeactivateWebhookResult,
  zGenerateOrRotateSharedSecretResult,
  zGetAddressesFromWebhookResult,
  zGetSharedSecretResult,
  zGetWebhookResult,
  zListWebhooksResult,
  zPrimaryNetworkAddressActivitySubEventType,
  zPrimaryNetworkType,
  zRemoveAddressesFromWebhookResult,
  zUpdateWebhookResult,
  zValidatorActivityKeyType,
  zValidatorActivitySubEvents,
  zWebhookStatus,
} from './generated/data-api.gen.js'
import {
  closedEnum,
  dataRead,
  dataWeight,
  dataWrite,
  evmAddress,
  evmChainId,
  PAGES,
  pageSize,
  pageToken,
} from './params.js'

/**
 * The Webhooks API (`/v1/webhooks*`, data-api.md 0c): push notifications of address and validator activity instead
 * of polling. Subscriptions are writes (POST 201, PATCH, DELETE): never retried once a request may have reached the
 * service, so a create that timed out may still have created a webhook (list them before creating again).
 */

const NOT_RETRIED =
  'A write: not retried once the request may have reached the service (a timeout or 5xx may still have applied it).'
const SHAPE =
  'A webhook has id, url, chainId, status (active or inactive), createdAt (Unix seconds), name, description, eventType and metadata (the watched addresses or keys).'

const webhookId = lazy(() =>
  z
    .string({ error: 'expected a webhook ID (the id data.createWebhook or data.listWebhooks answered)' })
    .check(
      z.minLength(1, { error: 'expected a webhook ID (the id data.createWebhook or data.listWebhooks answered)' }),
      z.describe('Webhook ID, as data.createWebhook or data.listWebhooks answered it.'),
    ),
)

/** The receiver's URL: the service POSTs each event there (and must be answered 200 within 10 s). */
const receiverUrl = lazy(() =>
  z.string({ error: 'expected the http(s) URL of your receiver' }).check(
    z.refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: 'expected the http(s) URL of your receiver, e.g. "https://example.com/avalanche-events"',
    }),
    z.describe('Where the service POSTs each event; answer 200 within 10 s, then process.'),
  ),
)

const evmAddresses = lazy(() =>
  z
    .array(evmAddress(), { error: 'expected an array of EVM addresses (0x followed by 40 hex digits)' })
    .check(z.minLength(1, { error: 'expected at least one address' })),
)
const strings = (what: string) =>
  z
    .array(z.string().check(z.minLength(1)), { error: `expected an array of ${what}` })
    .check(z.minLength(1, { error: `expected at least one ${what}` }))

const common = lazy(() => ({
  url: receiverUrl(),
  name: z.optional(z.string().check(z.describe('A name for the webhook.'))),
  description: z.optional(z.string().check(z.describe('A description of the webhook.'))),
}))

/** `address_activity`: transactions, transfers and (optionally) logs and traces of EVM addresses on one chain. */
const evmMetadata = lazy(() =>
  z.strictObject({
    addresses: evmAddresses().check(z.describe('The watched addresses (0x).')),
    eventSignatures: z.optional(
      strings('event signatures (0x topic hashes)').check(z.describe('Only logs with these topic0 hashes.')),
    ),
  }),
)

/** `primary_network_address_activity`: balance changes, thresholds and rewards of P-/X-Chain addresses. */
const primaryNetworkMetadata = lazy(() =>
  z.strictObject({
    keyType: z.literal('addresses'),
    keys: strings('addresses').check(z.describe('The watched P-/X-Chain addresses.')),
    subEvents: z.optional(
      z.strictObject({ addressActivitySubEvents: z.array(closedEnum(zPrimaryNetworkAddressActivitySubEventType())) }),
    ),
    balanceThresholdFilter: z.optional(
      z.strictObject({ balanceType: closedEnum(zCommonBalanceType()), balanceThreshold: z.string() }),
    ),
    eventSignatures: z.optional(strings('event signatures')),
  }),
)

/** `validator_activity`: stake, delegation, rewards and L1-validator balance events of nodes or subnets. */
const validatorMetadata = lazy(() =>
  z.strictObject({
    keyType: closedEnum(zValidatorActivityKeyType()),
    keys: strings('node IDs or subnet IDs').check(z.describe('The watched node IDs or subnet IDs (by keyType).')),
    subEvents: z.strictObject({
      validatorActivitySubEvents: z.array(
        closedEnum(zValidatorActivitySubEvents().shape.validatorActivitySubEvents.def.innerType.def.element),
      ),
    }),
    nodeIds: z.optional(strings('node IDs')),
    subnetIds: z.optional(strings('subnet IDs')),
    l1ValidatorFeeBalanceThreshold: z.optional(z.string()),
    eventSignatures: z.optional(strings('event signatures')),
  }),
)

/** Per event type: the fields the description requires besides eventType and url, and the form of metadata. */
const EVENT_TYPES = {
  address_activity: { required: ['chainId'], metadata: evmMetadata },
  primary_network_address_activity: { required: ['network', 'chainId'], metadata: primaryNetworkMetadata },
  validator_activity: { required: ['network'], metadata: validatorMetadata },
} as const

/**
 * One object for the three request forms of the description (EVMAddressActivityRequest, ...): adapters need an
 * object schema, so the form is checked per eventType here rather than by a union.
 */
const createParams = lazy(() =>
  z.pipe(
    z
      .strictObject({
        eventType: z
          .enum(Object.keys(EVENT_TYPES) as (keyof typeof EVENT_TYPES)[], {
            error: `expected one of ${Object.keys(EVENT_TYPES).join(', ')}`,
          })
          .check(
            z.describe(
              'address_activity (EVM addresses on one chain), primary_network_address_activity (P-/X-Chain addresses) or validator_activity (nodes, subnets).',
            ),
          ),
        ...common(),
        chainId: z.optional(
          z
            .union([z.string(), z.number()])
            .check(
              z.describe(
                'address_activity: EVM chain ID (43114, 43113) or blockchain ID; primary_network_address_activity: the P- or X-Chain.',
              ),
            ),
        ),
        network: z.optional(
          closedEnum(zPrimaryNetworkType()).check(
            z.describe('mainnet or fuji (primary_network_address_activity, validator_activity).'),
          ),
        ),
        metadata: z
          .union([evmMetadata(), primaryNetworkMetadata(), validatorMetadata()], {
            error:
              'expected the metadata of the eventType (address_activity: {addresses}; the others: {keyType, keys, ...})',
          })
          .check(
            z.describe('What to watch: {addresses} for address_activity, {keyType, keys, subEvents} for the others.'),
          ),
        includeInternalTxs: z.optional(
          z
            .boolean()
            .check(
              z.describe('address_activity: include traces (internal transactions); C-Chain on 43113 and 43114 only.'),
            ),
        ),
        includeLogs: z.optional(z.boolean().check(z.describe('address_activity: include the transaction logs.'))),
      })
      .check(
        z.superRefine((p, ctx) => {
          const form = EVENT_TYPES[p.eventType]
          for (const name of form.required) {
            if (p[name] === undefined)
              ctx.addIssue({ code: 'custom', path: [name], message: `required for ${p.eventType}` })
          }
          const metadata = form.metadata().safeParse(p.metadata)
          for (const issue of metadata.error?.issues ?? []) {
            ctx.addIssue({
              code: 'custom',
              path: ['metadata', ...issue.path],
              message: `${issue.message} (${p.eventType})`,
            })
          }
          if (
            p.eventType === 'address_activity' &&
            p.chainId !== undefined &&
            !evmChainId().safeParse(p.chainId).success
          ) {
            ctx.addIssue({
              code: 'custom',
              path: ['chainId'],
              message: evmChainId().safeParse(p.chainId).error?.issues[0]?.message ?? 'invalid',
            })
          }
          if (
            p.eventType !== 'address_activity' &&
            (p.includeLogs !== undefined || p.includeInternalTxs !== undefined)
          ) {
            ctx.addIssue({
              code: 'custom',
              path: ['includeLogs'],
              message: 'only address_activity webhooks take includeLogs/includeInternalTxs',
            })
          }
        }),
      ),
    z.transform((p) => (p.chainId === undefined ? p : { ...p, chainId: String(p.chainId) })),
  ),
)

const addressesChange = lazy(() =>
  z.strictObject({
    id: webhookId(),
    addresses: evmAddresses().check(z.describe('EVM addresses (0x) of the address_activity webhook.')),
  }),
)

export const webhooks = {
  createWebhook: defineOperation({
    ...dataWrite,
    id: 'data.createWebhook',
    endpoint: 'POST /v1/webhooks',
    summary: 'Subscribes a URL to address or validator activity; answers the new webhook (HTTP 201).',
    params: createParams,
    result: zCreateWebhookResult,
    okStatuses: [201],
  }),
  listWebhooks: defineOperation({
    ...dataRead,
    id: 'data.listWebhooks',
    endpoint: 'GET /v1/webhooks',
    summary: "The account's webhooks, active and inactive, or only those of one status.",
    params: () =>
      z.optional(
        z.strictObject({
          status: z.optional(closedEnum(zWebhookStatus()).check(z.describe('Only active or only inactive webhooks.'))),
          pageToken: z.optional(pageToken()),
          pageSize: z.optional(pageSize(100)),
        }),
      ),
    result: zListWebhooksResult,
    pagination: { kind: 'pageToken', items: 'webhooks' },
  }),
  getWebhook: defineOperation({
    ...dataRead,
    id: 'data.getWebhook',
    endpoint: 'GET /v1/webhooks/{id}',
    summary: 'One webhook: its URL, chain, status, event type and what it watches.',
    params: () => z.strictObject({ id: webhookId() }),
    result: zGetWebhookResult,
  }),
  updateWebhook: defineOperation({
    ...dataWrite,
    id: 'data.updateWebhook',
    endpoint: 'PATCH /v1/webhooks/{id}',
    summary: 'Changes a webhook: name, description, URL, status (re-activate or pause), logs and traces.',
    params: () =>
      z.strictObject({
        id: webhookId(),
        ...common(),
        url: z.optional(receiverUrl()),
        status: z.optional(closedEnum(zWebhookStatus()).check(z.describe('active or inactive.'))),
        includeInternalTxs: z.optional(z.boolean().check(z.describe('Include traces (internal transactions).'))),
        includeLogs: z.optional(z.boolean().check(z.describe('Include the transaction logs.'))),
      }),
    result: zUpdateWebhookResult,
  }),
  deactivateWebhook: defineOperation({
    ...dataWrite,
    id: 'data.deactivateWebhook',
    endpoint: 'DELETE /v1/webhooks/{id}',
    summary: 'Deactivates a webhook: no more deliveries. Answers the webhook with status inactive.',
    params: () => z.strictObject({ id: webhookId() }),
    result: zDeactivateWebhookResult,
    destructive: true,
  }),
  addAddressesToWebhook: defineOperation({
    ...dataWrite,
    id: 'data.addAddressesToWebhook',
    endpoint: 'PATCH /v1/webhooks/{id}/addresses',
    summary: 'Adds EVM addresses to an address_activity webhook; answers the webhook.',
    params: addressesChange,
    result: zAddAddressesToWebhookResult,
  }),
  removeAddressesFromWebhook: defineOperation({
    ...dataWrite,
    id: 'data.removeAddressesFromWebhook',
    endpoint: 'DELETE /v1/webhooks/{id}/addresses',
    summary: 'Removes EVM addresses from an address_activity webhook; answers the webhook.',
    params: addressesChange,
    result: zRemoveAddressesFromWebhookResult,
    destructive: true,
  }),
  getAddressesFromWebhook: defineOperation({
    ...dataRead,
    id: 'data.getAddressesFromWebhook',
    endpoint: 'GET /v1/webhooks/{id}/addresses',
    summary: 'The addresses an address_activity webhook watches, with their total.',
    params: () =>
      z.strictObject({ id: webhookId(), pageToken: z.optional(pageToken()), pageSize: z.optional(pageSize(100)) }),
    result: zGetAddressesFromWebhookResult,
    pagination: { kind: 'pageToken', items: 'addresses' },
  }),
  generateOrRotateSharedSecret: defineOperation({
    ...dataWrite,
    id: 'data.generateOrRotateSharedSecret',
    endpoint: 'POST /v1/webhooks:generateOrRotateSharedSecret',
    summary: "Creates the account's webhook signing secret, or replaces it (HTTP 201); answers {secret}.",
    params: () => z.optional(z.strictObject({})),
    result: zGenerateOrRotateSharedSecretResult,
    okStatuses: [201],
    secretFields: ['secret'],
    destructive: true,
  }),
  getSharedSecret: defineOperation({
    ...dataRead,
    id: 'data.getSharedSecret',
    endpoint: 'GET /v1/webhooks:getSharedSecret',
    summary: "The account's webhook signing secret: {secret}, to check x-signature with verifyWebhookSignature.",
    params: () => z.optional(z.strictObject({})),
    result: zGetSharedSecretResult,
    secretFields: ['secret'],
  }),
} as const

/** What a caller must know beyond each summary (the catalog's `describeOperation`; a client carries none). */
export const webhooksDescriptions = (): Descriptions<typeof webhooks> => ({
  'data.createWebhook': `eventType address_activity watches EVM addresses on one chain (chainId, metadata.addresses); primary_network_address_activity P-/X-Chain addresses; validator_activity nodes or subnets. Each event is POSTed to url as {webhookId, eventType, messageId, event} with an x-signature header (check it with verifyWebhookSignature and the shared secret of data.getSharedSecret). ${SHAPE} ${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.listWebhooks': `${SHAPE} A webhook the service deactivated (its deliveries kept failing) has status inactive. ${PAGES} ${dataWeight('small')}`,
  'data.getWebhook': `${SHAPE} ${dataWeight('small')}`,
  'data.updateWebhook': `Only the given fields change; status active re-activates a webhook the service deactivated. ${SHAPE} ${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.deactivateWebhook': `data.updateWebhook with status active turns it back on. ${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.addAddressesToWebhook': `${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.removeAddressesFromWebhook': `${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.getAddressesFromWebhook': `${PAGES} ${dataWeight('medium')}`,
  'data.generateOrRotateSharedSecret': `One secret signs every webhook of the account (the x-signature header); after a rotation, signatures made with the old one stop verifying. The secret is redacted from this client's logs and errors. ${NOT_RETRIED} ${dataWeight('medium')}`,
  'data.getSharedSecret': `The secret is redacted from this client's logs and errors. ${dataWeight('small')}`,
})
