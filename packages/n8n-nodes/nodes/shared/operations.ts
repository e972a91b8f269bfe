import { type AnyOperation, catalog, type Service } from '@avalanche-automation/core'
import { globalRegistry, type z } from 'zod/mini'
import { FORMS, fieldOverride } from './forms'
import { actionWords, fieldName, htmlSafe, OPERATION_ACTIONS, OPERATION_DESCRIPTIONS, operationName } from './names'

/**
 * The node's resources in the order users reach for them (node info first, Admin last), each with the API whose
 * credential it needs: the `authentication` parameter's value (see authentication.ts).
 */
export const RESOURCES = [
  { value: 'nodeInfo', name: 'Node Info & Health', api: 'nodeApi', description: 'Info and health APIs of a node' },
  {
    value: 'pChain',
    name: 'P-Chain',
    api: 'nodeApi',
    description: 'Platform API: validators, subnets, blockchains, balances',
  },
  { value: 'xChain', name: 'X-Chain', api: 'nodeApi', description: 'AVM API of the X-Chain (or another AVM chain)' },
  {
    value: 'dataEvm',
    name: 'Data API EVM',
    api: 'dataApi',
    description: 'Data API: EVM chains, blocks, transactions, balances',
  },
  {
    value: 'dataPrimaryNetwork',
    name: 'Data API Primary Network',
    api: 'dataApi',
    description: 'Data API: Primary Network transactions and blocks',
  },
  { value: 'metrics', name: 'Metrics', api: 'dataApi', description: 'Metrics API: chain, staking and ICM metrics' },
  // The Data API's writes live in resources of their own, never beside its reads. Reachable from the AI tool too:
  // n8n's tool variant runs only the operation a user set up (Resource and Operation take no expressions, so no
  // $fromAI), so an agent cannot reach a webhook write nobody configured; the shared secret never goes to an agent.
  {
    value: 'webhook',
    name: 'Webhook',
    api: 'dataApi',
    description: 'Webhooks API: push subscriptions to address and validator activity, and their signing secret',
  },
  // Its own resource, named as the Data API and Builder Hub name it: L1 operators aggregate Warp signatures both for
  // ICM messages and for validator-set changes (RegisterL1ValidatorTx and the like), so it belongs to neither ICM
  // reads nor webhooks; searching the picker for "signature" or "aggregate" finds it.
  {
    value: 'signatureAggregator',
    name: 'Signature Aggregator',
    api: 'dataApi',
    description: "Data API: BLS signatures of an L1's validators over a Warp message",
  },
  {
    value: 'index',
    name: 'Index',
    api: 'nodeApi',
    description: 'Index API of accepted containers (node needs --index-enabled=true)',
  },
  {
    value: 'admin',
    name: 'Admin',
    api: 'nodeApi',
    description: 'Admin API (node needs --api-admin-enabled=true; unsafe on shared nodes)',
  },
] as const

export type Resource = (typeof RESOURCES)[number]['value']
export type Api = (typeof RESOURCES)[number]['api']

export function resourceOf(op: AnyOperation): Resource {
  const byService: Record<Service, Resource> = {
    info: 'nodeInfo',
    health: 'nodeInfo',
    avm: 'xChain',
    platform: 'pChain',
    index: 'index',
    admin: 'admin',
    data: 'dataEvm',
    metrics: 'metrics',
  }
  if (op.service === 'data' && / \/v1\/webhooks/.test(op.endpoint)) return 'webhook'
  if (op.service === 'data' && / \/v1\/signatureAggregator\//.test(op.endpoint)) return 'signatureAggregator'
  if (op.service === 'data' && /\/networks\//.test(op.endpoint)) return 'dataPrimaryNetwork'
  return byService[op.service]
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'options' | 'multiOptions' | 'list' | 'json'

/**
 * Lists a required ID can be picked from (n8n resource locators, "From List" or "By ID"): the method names of the
 * node's `listSearch`.
 */
export type Locator = 'searchEvmChains' | 'searchBlockchains' | 'searchWebhooks'

function locatorOf(op: AnyOperation, field: string): Locator | undefined {
  if (field === 'id' && op.endpoint.includes('/v1/webhooks/{id}')) return 'searchWebhooks'
  if (field === 'chainId' && (op.service === 'data' || op.service === 'metrics')) return 'searchEvmChains'
  if (op.service === 'platform' && field === 'blockchainID') return 'searchBlockchains'
  return undefined
}

export interface FieldSpec {
  /** The n8n parameter name; also the wire parameter name unless `wire` says otherwise. */
  name: string
  displayName: string
  kind: FieldKind
  required: boolean
  description: string
  /** Values of an options or multiOptions field. */
  options?: string[]
  /** How the editor names each value (else the value itself). */
  optionNames?: Record<string, string>
  default?: string | number | boolean | string[]
  placeholder?: string
  /** Required IDs with a list to pick from: a resource locator ("From List" or "By ID"). */
  locator?: Locator
  /** Where the value goes in the wire parameters when not under `name`: a dot path (`metadata.addresses`). */
  wire?: string
  /** Shown (and read) only while other top-level parameters have one of these values (Create's event type). */
  when?: Record<string, string[]>
  /** An optional field shown on top rather than under Additional Fields (one of two alternatives, say). */
  top?: boolean
}

/** Whether a field is shown on top of the operation (else in its Additional or Update Fields collection). */
export const onTop = (field: FieldSpec): boolean => field.required || field.top === true

export interface OperationSpec {
  op: AnyOperation
  resource: Resource
  /** The API (credential) it needs: the `authentication` value it is shown with. */
  api: Api
  /** The `operation` parameter value: the catalog id (`platform.getHeight`). */
  value: string
  name: string
  action: string
  description: string
  /** Fields shown for this operation (pagination parameters replaced by Return All / Limit). */
  fields: FieldSpec[]
  paginated: boolean
  /** The collection of its optional fields: `updateFields` (Update Fields) for an update, else `additionalFields`. */
  collection: 'additionalFields' | 'updateFields'
  /** Turns the fields' values into the operation's parameters where a form is not one field per parameter. */
  assemble?: (params: Record<string, unknown>) => Record<string, unknown>
}

/** The index a user most likely wants first: X/tx stopped growing at Cortina (node-rpc.md section 0.1). */
const GROWING_INDEX = 'X/block'

/** Wire parameters that Return All / Limit replace, per pagination kind. */
export const PAGINATION_PARAMS: Record<string, string[]> = {
  pageToken: ['pageToken', 'pageSize'],
  utxoCursor: ['limit', 'startIndex'],
  indexRange: ['numToFetch'],
}

type Def = { type: string; [key: string]: unknown }
const def = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** A schema's own description (`.describe()`, or zod/mini's `z.describe()`: both are kept in zod's global registry). */
const describedBy = (schema: z.core.$ZodType): string | undefined => globalRegistry.get(schema)?.description

/** Looks through optional/default/nullable/pipe wrappers; collects the description and default on the way. */
function unwrap(schema: z.core.$ZodType): {
  schema: z.core.$ZodType
  optional: boolean
  description?: string
  default?: unknown
} {
  let current = schema
  let optional = false
  let description = describedBy(current)
  let dflt: unknown
  for (;;) {
    const d = def(current)
    if (d.type === 'optional' || d.type === 'nullable') optional = true
    if (d.type === 'default' || d.type === 'prefault') {
      optional = true
      const v = d.defaultValue
      dflt = typeof v === 'function' ? (v as () => unknown)() : v
    }
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'pipe'].includes(d.type)) {
      current = (d.type === 'pipe' ? d.in : d.innerType) as z.core.$ZodType
      description ??= describedBy(current)
      continue
    }
    return description === undefined
      ? { schema: current, optional, default: dflt }
      : { schema: current, optional, description, default: dflt }
  }
}

function kindOf(schema: z.core.$ZodType): { kind: FieldKind; options?: string[] } {
  const d = def(schema)
  switch (d.type) {
    case 'string':
    case 'bigint':
      return { kind: 'string' }
    case 'number':
      return { kind: 'number' }
    case 'boolean':
      return { kind: 'boolean' }
    case 'enum':
      return { kind: 'options', options: Object.values(d.entries as Record<string, string>).map(String) }
    case 'literal':
      return { kind: 'options', options: (d.values as unknown[]).map(String) }
    case 'array': {
      const element = def(unwrap(d.element as z.core.$ZodType).schema).type
      return ['string', 'enum', 'literal'].includes(element) ? { kind: 'list' } : { kind: 'json' }
    }
    case 'union': {
      const members = (d.options as z.core.$ZodType[]).map((o) => def(unwrap(o).schema).type)
      if (members.includes('object')) return { kind: 'json' }
      // An any-case enum (core's anyCaseEnum): offer its canonical values.
      if (members[0] === 'enum') return kindOf(unwrap((d.options as z.core.$ZodType[])[0] as z.core.$ZodType).schema)
      return { kind: 'string' }
    }
    default:
      return { kind: 'json' }
  }
}

function sentence(text: string): string {
  const t = text.trim()
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : t
}

function buildSpec(op: AnyOperation): OperationSpec {
  const resource = resourceOf(op)
  const hidden = op.pagination ? (PAGINATION_PARAMS[op.pagination.kind] ?? []) : []
  const root = unwrap(op.params)
  const shape = def(root.schema).type === 'object' ? (def(root.schema).shape as Record<string, z.core.$ZodType>) : {}
  const fields: FieldSpec[] = []
  for (const [name, schema] of Object.entries(shape)) {
    if (hidden.includes(name)) continue
    const info = unwrap(schema)
    const kind = kindOf(info.schema)
    const field: FieldSpec = {
      name,
      displayName: fieldName(name),
      kind: kind.kind,
      required: !info.optional,
      description: htmlSafe(sentence(info.description ?? '')),
    }
    if (kind.options) field.options = kind.options
    const locator = field.required && kind.kind === 'string' ? locatorOf(op, name) : undefined
    if (locator) field.locator = locator
    if (['string', 'number', 'boolean'].includes(typeof info.default)) {
      field.default = info.default as string | number | boolean
    } else if (name === 'indexName' && kind.options?.includes(GROWING_INDEX)) {
      field.default = GROWING_INDEX
    }
    fields.push({ ...field, ...fieldOverride(op, field) })
  }
  const form = FORMS[op.id]
  let description = OPERATION_DESCRIPTIONS[op.id] ?? sentence(op.summary).replace(/\.$/, '')
  if (op.service === 'admin') description += ' (needs --api-admin-enabled=true; unsafe on shared nodes)'
  else if (op.requires) description += ` (needs ${op.requires})`
  if (op.deprecated) description += ` (deprecated since ${op.deprecated.since})`
  const name = operationName(op.id)
  const { api, name: resourceName } = RESOURCES.find((r) => r.value === resource) ?? RESOURCES[0]
  const spec: OperationSpec = {
    op,
    resource,
    api,
    value: op.id,
    name,
    action: `${OPERATION_ACTIONS[op.id] ?? actionWords(name)} (${resourceName})`,
    description: htmlSafe(description),
    fields: form?.fields ?? fields,
    paginated: op.pagination !== undefined,
    collection: /^update[A-Z]/.test(op.id.slice(op.id.indexOf('.') + 1)) ? 'updateFields' : 'additionalFields',
  }
  if (form?.assemble) spec.assemble = form.assemble
  return spec
}

/** Every catalog operation as the node presents it. */
export const OPERATIONS: readonly OperationSpec[] = catalog.map(buildSpec)

export const OPERATION_BY_VALUE = new Map(OPERATIONS.map((spec) => [spec.value, spec]))
