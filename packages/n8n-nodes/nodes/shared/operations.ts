import { type AnyOperation, catalog, type Service } from '@avalanche-automation/core'
import type { z } from 'zod'

/** The node's resources, in display order: the services of the catalog as users think of them. */
export const RESOURCES = [
  { value: 'nodeInfo', name: 'Node Info & Health', description: 'Info and health APIs of a node' },
  { value: 'xChain', name: 'X-Chain', description: 'AVM API of the X-Chain (or another AVM chain)' },
  { value: 'pChain', name: 'P-Chain', description: 'Platform API: validators, subnets, blockchains, balances' },
  { value: 'index', name: 'Index', description: 'Index API of accepted containers (node needs --index-enabled=true)' },
  {
    value: 'admin',
    name: 'Admin',
    description: 'Admin API (node needs --api-admin-enabled=true; unsafe on shared nodes)',
  },
  { value: 'dataEvm', name: 'Data API EVM', description: 'Data API: EVM chains, blocks, transactions, balances' },
  {
    value: 'dataPrimaryNetwork',
    name: 'Data API Primary Network',
    description: 'Data API: Primary Network transactions and blocks',
  },
  { value: 'metrics', name: 'Metrics', description: 'Metrics API: chain, staking and ICM metrics' },
] as const

export type Resource = (typeof RESOURCES)[number]['value']

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
  if (op.service === 'data' && /\/networks\//.test(op.endpoint)) return 'dataPrimaryNetwork'
  return byService[op.service]
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'options' | 'list' | 'json'

/**
 * Lists a required ID can be picked from (n8n resource locators, "From List" or "By ID"): the method names of the
 * node's `listSearch`.
 */
export type Locator = 'searchEvmChains' | 'searchBlockchains'

function locatorOf(op: AnyOperation, field: string): Locator | undefined {
  if (field === 'chainId' && (op.service === 'data' || op.service === 'metrics')) return 'searchEvmChains'
  if (op.service === 'platform' && field === 'blockchainID') return 'searchBlockchains'
  return undefined
}

export interface FieldSpec {
  /** The wire parameter name, also the n8n parameter name. */
  name: string
  displayName: string
  kind: FieldKind
  required: boolean
  description: string
  options?: string[]
  default?: string | number | boolean
  /** Required IDs with a list to pick from: a resource locator ("From List" or "By ID"). */
  locator?: Locator
}

export interface OperationSpec {
  op: AnyOperation
  resource: Resource
  /** The `operation` parameter value: the catalog id (`platform.getHeight`). */
  value: string
  name: string
  action: string
  description: string
  /** Fields shown for this operation (pagination parameters replaced by Return All / Limit). */
  fields: FieldSpec[]
  paginated: boolean
}

/** Wire parameters that Return All / Limit replace, per pagination kind. */
export const PAGINATION_PARAMS: Record<string, string[]> = {
  pageToken: ['pageToken', 'pageSize'],
  utxoCursor: ['limit', 'startIndex'],
  indexRange: ['numToFetch'],
}

type Def = { type: string; [key: string]: unknown }
const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Looks through optional/default/nullable/pipe wrappers; collects the description and default on the way. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean; description?: string; default?: unknown } {
  let current = schema
  let optional = false
  let description = (current as { description?: string }).description
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
      current = (d.type === 'pipe' ? d.in : d.innerType) as z.ZodType
      description ??= (current as { description?: string }).description
      continue
    }
    return description === undefined
      ? { schema: current, optional, default: dflt }
      : { schema: current, optional, description, default: dflt }
  }
}

function kindOf(schema: z.ZodType): { kind: FieldKind; options?: string[] } {
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
      const element = def(unwrap(d.element as z.ZodType).schema).type
      return ['string', 'enum', 'literal'].includes(element) ? { kind: 'list' } : { kind: 'json' }
    }
    case 'union': {
      const members = (d.options as z.ZodType[]).map((o) => def(unwrap(o).schema).type)
      if (members.includes('object')) return { kind: 'json' }
      // An any-case enum (core's anyCaseEnum): offer its canonical values.
      if (members[0] === 'enum') return kindOf(unwrap((d.options as z.ZodType[])[0] as z.ZodType).schema)
      return { kind: 'string' }
    }
    default:
      return { kind: 'json' }
  }
}

/** `getCurrentValidators` → `Get Current Validators`, `listChains` → `Get Many Chains`, `getUTXOs` → `Get UTXOs`. */
export function operationName(method: string): string {
  const words = (method.match(/[A-Z]{2,}s?(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [method]).map(
    (w) => w.charAt(0).toUpperCase() + w.slice(1),
  )
  if (words[0] === 'List') words.splice(0, 1, 'Get', 'Many')
  return words.join(' ')
}

/** `nodeIDs` → `Node IDs`, `blockchainId` → `Blockchain ID`. */
export function fieldName(name: string): string {
  return (name.match(/[A-Z]{2,}s?(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [name])
    .map((w) => (w === 'Id' || w === 'id' ? 'ID' : w === 'Ids' ? 'IDs' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ')
}

/** `Get Current Validators` → `Get current validators`; acronyms stay (`Get UTXOs`). */
function actionWords(name: string): string {
  return name
    .split(' ')
    .map((w, i) => (i > 0 && /^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ')
}

function sentence(text: string): string {
  const t = text.trim()
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : t
}

function buildSpec(op: AnyOperation): OperationSpec {
  const method = op.id.slice(op.id.indexOf('.') + 1)
  const resource = resourceOf(op)
  const hidden = op.pagination ? (PAGINATION_PARAMS[op.pagination.kind] ?? []) : []
  const root = unwrap(op.params)
  const shape = def(root.schema).type === 'object' ? (def(root.schema).shape as Record<string, z.ZodType>) : {}
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
      description: sentence(info.description ?? ''),
    }
    if (kind.options) field.options = kind.options
    const locator = field.required && kind.kind === 'string' ? locatorOf(op, name) : undefined
    if (locator) field.locator = locator
    if (['string', 'number', 'boolean'].includes(typeof info.default)) {
      field.default = info.default as string | number | boolean
    }
    fields.push(field)
  }
  let description = sentence(op.summary).replace(/\.$/, '')
  if (op.service === 'admin') description += ' (needs --api-admin-enabled=true; unsafe on shared nodes)'
  else if (op.requires) description += ` (needs ${op.requires})`
  if (op.deprecated) description += ` (deprecated since ${op.deprecated.since})`
  const name = operationName(method)
  return {
    op,
    resource,
    value: op.id,
    name,
    action: `${actionWords(name)} (${RESOURCES.find((r) => r.value === resource)?.name})`,
    description,
    fields,
    paginated: op.pagination !== undefined,
  }
}

/** Every catalog operation as the node presents it. */
export const OPERATIONS: readonly OperationSpec[] = catalog.map(buildSpec)

export const OPERATION_BY_VALUE = new Map(OPERATIONS.map((spec) => [spec.value, spec]))
