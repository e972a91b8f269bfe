import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow'
import { authenticationProperty, credentialNotices } from './authentication'
import { type Api, type FieldSpec, type Locator, OPERATIONS, type OperationSpec, onTop, RESOURCES } from './operations'
import { secretProperties } from './secrets'

const OPTIONS: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [
    {
      displayName: 'Output',
      name: 'output',
      type: 'options',
      default: 'simplified',
      options: [
        {
          name: 'Simplified',
          value: 'simplified',
          description: 'JSON-safe values plus formatted AVAX amounts (e.g. balanceAvax) where the unit is known',
        },
        { name: 'Raw', value: 'raw', description: 'The API result as JSON, u64 values as decimal strings' },
      ],
      description: 'Shape of each output item',
    },
    {
      displayName: 'Timeout',
      name: 'timeout',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 30000,
      description:
        'Milliseconds each request may take, its retries included, before the node fails (every page of Return All gets its own)',
    },
  ],
}

const LOCATOR_EXAMPLES: Record<Locator, string> = {
  searchEvmChains: 'e.g. 43114',
  searchBlockchains: 'e.g. 2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  searchWebhooks: 'e.g. 9f0c7a52-3c1e-4b7a-a0f1-5e2d8c6b4a19',
}

/**
 * One field as an n8n parameter: on top (`show`: its resource and operation) or, with `show` empty, an option of the
 * operation's collection, where a `when` condition names the top-level parameter by its root path (`/eventType`).
 * `top` puts a field on top without a resource and operation (a trigger's own fields).
 */
export function fieldProperty(
  field: FieldSpec,
  show: Record<string, string[]>,
  top = Object.keys(show).length > 0,
): INodeProperties {
  const when = Object.entries(field.when ?? {}).map(([name, values]) => [top ? name : `/${name}`, values])
  const displayOptions =
    top || when.length ? { displayOptions: { show: { ...show, ...Object.fromEntries(when) } } } : {}
  const base = {
    displayName: field.displayName,
    name: field.name,
    ...(field.description ? { description: field.description } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.required && top ? { required: true } : {}),
    ...displayOptions,
  }
  const property: INodeProperties = (() => {
    if (field.locator) {
      const example = LOCATOR_EXAMPLES[field.locator]
      return {
        ...base,
        type: 'resourceLocator',
        default: { mode: 'list', value: '' },
        modes: [
          {
            displayName: 'From List',
            name: 'list',
            type: 'list',
            typeOptions: { searchListMethod: field.locator, searchable: true },
          },
          { displayName: 'By ID', name: 'id', type: 'string', placeholder: example },
        ],
      }
    }
    switch (field.kind) {
      case 'number':
        return { ...base, type: 'number', default: typeof field.default === 'number' ? field.default : 0 }
      case 'boolean':
        return { ...base, type: 'boolean', default: typeof field.default === 'boolean' ? field.default : false }
      case 'options': {
        const values = field.options ?? []
        return {
          ...base,
          type: 'options',
          options: optionsOf(field),
          default: typeof field.default === 'string' ? field.default : (values[0] ?? ''),
        }
      }
      case 'multiOptions':
        return {
          ...base,
          type: 'multiOptions',
          options: optionsOf(field),
          default: Array.isArray(field.default) ? field.default : [],
        }
      case 'list':
        return {
          ...base,
          type: 'string',
          default: '',
          description: `${field.description ? `${field.description.replace(/\.$/, '')}. ` : ''}Comma-separated list.`,
        }
      case 'json':
        return { ...base, type: 'json', default: '{}' }
      default:
        return { ...base, type: 'string', default: typeof field.default === 'string' ? field.default : '' }
    }
  })()
  return property
}

/** An options field's values, named as the field says (else by value), in n8n's alphabetical order. */
function optionsOf(field: FieldSpec): INodePropertyOptions[] {
  return (field.options ?? [])
    .map((value) => ({ name: field.optionNames?.[value] ?? value, value }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

const apisFirst = (api: Api): Api[] => (api === 'nodeApi' ? ['nodeApi', 'dataApi'] : ['dataApi', 'nodeApi'])

function show(spec: OperationSpec): Record<string, string[]> {
  return { resource: [spec.resource], operation: [spec.value] }
}

/**
 * The API (hidden by the editor, set by the credential), the resource selector in the order users reach for
 * resources, one operation selector per resource, the fields of every operation, Return All / Limit.
 *
 * Nothing the user picks is hidden by the credential: when the selected credential is of the other API, a notice says
 * which one to select and the operation and its fields stay as they were. An operation selector still names both APIs
 * in its displayOptions, its resource's first: n8n's node picker sets the first value of each displayOptions key of
 * the operation selector (`getActionData` in the editor's useActions), so picking an action selects its API's
 * credential, while listing both keeps the selector shown with either.
 */
export function actionProperties(): INodeProperties[] {
  const needs: Record<Api, string[]> = { nodeApi: [], dataApi: [] }
  for (const r of RESOURCES) needs[r.api].push(r.value)
  const properties: INodeProperties[] = [
    authenticationProperty,
    {
      displayName: 'Resource',
      name: 'resource',
      type: 'options',
      noDataExpression: true,
      options: RESOURCES.map((r) => ({ name: r.name, value: r.value, description: r.description })),
      default: 'nodeInfo',
    },
    ...credentialNotices('resource', needs, 'This resource'),
  ]
  for (const resource of RESOURCES) {
    const specs = OPERATIONS.filter((s) => s.resource === resource.value)
    const options: INodePropertyOptions[] = specs
      .map((s) => ({ name: s.name, value: s.value, description: s.description, action: s.action }))
      .sort((a, b) => a.name.localeCompare(b.name))
    const first = options[0]?.value ?? '' // a plain name: n8n's lint cannot read an expression as a default
    properties.push({
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { authentication: apisFirst(resource.api), resource: [resource.value] } },
      options,
      default: first,
    })
  }
  for (const spec of OPERATIONS) {
    const required = spec.fields.filter(onTop)
    const optional = spec.fields.filter((f) => !onTop(f))
    for (const field of required) properties.push(fieldProperty(field, show(spec)))
    if (spec.paginated) {
      properties.push(
        {
          displayName: 'Return All',
          name: 'returnAll',
          type: 'boolean',
          displayOptions: { show: show(spec) },
          default: false,
          description: 'Whether to return all results or only up to a given limit',
        },
        {
          displayName: 'Limit',
          name: 'limit',
          type: 'number',
          displayOptions: { show: { ...show(spec), returnAll: [false] } },
          typeOptions: { minValue: 1 },
          default: 50,
          description: 'Max number of results to return',
        },
      )
    }
    if (optional.length) {
      properties.push({
        displayName: spec.collection === 'updateFields' ? 'Update Fields' : 'Additional Fields',
        name: spec.collection,
        type: 'collection',
        placeholder: 'Add Field',
        default: {},
        displayOptions: { show: show(spec) },
        options: optional.map((f) => fieldProperty(f, {})).sort((a, b) => a.displayName.localeCompare(b.displayName)),
      })
    }
  }
  properties.push(...secretProperties(OPERATIONS.filter((s) => s.op.secretFields).map((s) => s.value)))
  properties.push(OPTIONS)
  return properties
}

/**
 * A canvas subtitle that shows the display name of a parameter's value (the editor shows a subtitle expression's
 * result as is, so `$parameter["operation"]` alone would show the internal value).
 */
export function subtitleOf(parameter: string, names: Record<string, string>): string {
  return `={{ ${JSON.stringify(names)}[$parameter[${JSON.stringify(parameter)}]] }}`
}

/** The action node's subtitle: "Get Height: P-Chain". */
export function actionSubtitle(): string {
  const resourceName = new Map<string, string>(RESOURCES.map((r) => [r.value, r.name]))
  return subtitleOf(
    'operation',
    Object.fromEntries(OPERATIONS.map((s) => [s.value, `${s.name}: ${resourceName.get(s.resource)}`])),
  )
}
