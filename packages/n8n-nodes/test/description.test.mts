import { catalog } from '@avalanche-automation/core'
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow'
import { describe, expect, it } from 'vitest'
import { AvalancheDataApi } from '../credentials/AvalancheDataApi.credentials'
import { AvalancheNodeApi } from '../credentials/AvalancheNodeApi.credentials'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { AvalancheTrigger } from '../nodes/AvalancheTrigger/AvalancheTrigger.node'
import { OPERATIONS, RESOURCES } from '../nodes/shared/operations'

const node = new Avalanche()
const optionsOf = (p: INodeProperties | undefined) => (p?.options ?? []) as INodePropertyOptions[]
const properties = node.description.properties
/** Whether `p` is shown for this resource and operation (an empty operation: for the resource, not one operation). */
const shows = (p: INodeProperties, resource: string, operation: string) =>
  p.displayOptions?.show?.resource?.includes(resource) &&
  (operation ? p.displayOptions?.show?.operation?.includes(operation) : !p.displayOptions?.show?.operation)

describe('Avalanche node description', () => {
  it('offers every catalog operation under its resource', () => {
    const offered = new Map<string, string>()
    for (const p of properties.filter((p) => p.name === 'operation')) {
      const resource = p.displayOptions?.show?.resource?.[0] as string
      for (const o of p.options as INodePropertyOptions[]) offered.set(String(o.value), resource)
    }
    expect(offered.size).toBe(catalog.length)
    for (const op of catalog) expect(offered.get(op.id), op.id).toBeDefined()
    expect(new Set(offered.values())).toEqual(new Set(RESOURCES.map((r) => r.value)))
  })

  it("names operations in n8n's Title Case, uniquely per resource, with sentence-case descriptions", () => {
    const word = '[A-Z0-9][A-Za-z0-9.-]*'
    const titleCase = new RegExp(`^${word}( (${word}|by|for|at|of|to|or|and|in|on|from|with))*$`)
    for (const p of properties.filter((p) => p.name === 'operation')) {
      const options = p.options as INodePropertyOptions[]
      expect(new Set(options.map((o) => o.name)).size, String(p.displayOptions?.show?.resource)).toBe(options.length)
      for (const o of options) {
        expect(o.name).toMatch(titleCase)
        expect(o.description).toMatch(/^[A-Z]/)
      }
    }
    const name = (id: string) => OPERATIONS.find((s) => s.value === id)?.name
    expect(name('data.listChains')).toBe('Get Many Chains')
    expect(name('avm.getUTXOs')).toBe('Get UTXOs')
    expect(name('platform.getBlockByHeight')).toBe('Get Block by Height')
    // The ecosystem's spelling, not the method name's.
    expect(name('data.listErc20Balances')).toBe('Get Many ERC-20 Balances')
    expect(name('metrics.getAvgTps')).toBe('Get Average TPS')
    expect(name('metrics.getEvmChainMetrics')).toBe('Get EVM Chain Metrics')
    expect(name('avm.getTxFee')).toBe('Get Transaction Fee')
    expect(OPERATIONS.find((s) => s.value === 'platform.getCurrentValidators')?.action).toBe(
      'Get current validators (P-Chain)',
    )
    expect(OPERATIONS.find((s) => s.value === 'data.listErc20Balances')?.action).toBe(
      'Get many ERC-20 balances (Data API EVM)',
    )
  })

  it('tells the near-duplicate health operations apart: the JSON-RPC call and the HTTP probe', () => {
    const health = OPERATIONS.filter((s) => s.value.startsWith('health.'))
    expect(health.map((s) => s.name).sort()).toEqual([
      'Get Health',
      'Get Liveness',
      'Get Readiness',
      'Probe Health',
      'Probe Liveness',
      'Probe Readiness',
    ])
    for (const check of ['Health', 'Readiness', 'Liveness']) {
      const rpc = health.find((s) => s.name === `Get ${check}`)
      const probe = health.find((s) => s.name === `Probe ${check}`)
      expect(rpc?.description).toContain(`JSON-RPC API (Probe ${check} reads the same`)
      expect(probe?.description).toMatch(new RegExp(`^The same result as Get ${check}, read from the HTTP GET`))
    }
  })

  it('orders resources by what users reach for, Admin last', () => {
    const resource = properties.find((p) => p.name === 'resource')
    expect(optionsOf(resource).map((o) => o.name)).toEqual([
      'Node Info & Health',
      'P-Chain',
      'X-Chain',
      'Data API EVM',
      'Data API Primary Network',
      'Metrics',
      'Webhook',
      'Signature Aggregator',
      'Index',
      'Admin',
    ])
  })

  it('keeps text in angle brackets: n8n renders descriptions as HTML, so placeholders are written in braces', () => {
    const texts: string[] = []
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect)
      else if (value && typeof value === 'object')
        for (const [key, v] of Object.entries(value)) {
          if (['description', 'name', 'displayName', 'action', 'placeholder'].includes(key) && typeof v === 'string')
            texts.push(v)
          else collect(v)
        }
    }
    collect([properties, new AvalancheTrigger().description.properties])
    collect([new AvalancheNodeApi().properties, new AvalancheDataApi().properties])
    expect(texts.length).toBeGreaterThan(500)
    expect(texts.filter((t) => /<[a-zA-Z/!?]/.test(t))).toEqual([])
    expect(OPERATIONS.find((s) => s.value === 'admin.alias')?.description).toContain('/ext/{alias}')
  })

  it('shows the display names of the operation and resource as the canvas subtitle', () => {
    const subtitle = node.description.subtitle as string
    const lookup = JSON.parse(/^=\{\{ (\{.*\})\[\$parameter\["operation"\]\] \}\}$/.exec(subtitle)?.[1] ?? '{}')
    expect(Object.keys(lookup)).toHaveLength(catalog.length)
    expect(lookup['platform.getHeight']).toBe('Get Height: P-Chain')
    expect(lookup['data.listErc20Balances']).toBe('Get Many ERC-20 Balances: Data API EVM')
  })

  it('gives every paginated operation Return All (false) and Limit (50) instead of wire pagination fields', () => {
    const paginated = catalog.filter((op) => op.pagination)
    expect(paginated.length).toBeGreaterThan(20)
    for (const op of paginated) {
      const spec = OPERATIONS.find((s) => s.value === op.id)
      const own = properties.filter((p) => shows(p, spec?.resource ?? '', op.id))
      const returnAll = own.find((p) => p.name === 'returnAll')
      const limit = own.find((p) => p.name === 'limit')
      expect(returnAll?.default, op.id).toBe(false)
      expect(returnAll?.description).toBe('Whether to return all results or only up to a given limit')
      expect(limit?.default, op.id).toBe(50)
      expect(limit?.typeOptions?.minValue).toBe(1)
      expect(limit?.displayOptions?.show?.returnAll).toEqual([false])
      const names = own.flatMap((p) => [
        p.name,
        ...((p.options as INodeProperties[] | undefined)?.map((o) => o.name) ?? []),
      ])
      expect(names).not.toContain('pageToken')
      expect(names).not.toContain('numToFetch')
    }
    for (const op of catalog.filter((o) => !o.pagination)) {
      const spec = OPERATIONS.find((s) => s.value === op.id)
      expect(properties.some((p) => p.name === 'returnAll' && shows(p, spec?.resource ?? '', op.id))).toBe(false)
    }
  })

  it('puts required parameters on top and optional ones in Additional Fields', () => {
    const spec = OPERATIONS.find((s) => s.value === 'platform.getBalance')
    expect(spec?.fields.find((f) => f.name === 'addresses')).toMatchObject({ kind: 'list', required: true })
    const additional = properties.find(
      (p) => p.name === 'additionalFields' && shows(p, 'pChain', 'platform.getCurrentValidators'),
    )
    expect(((additional?.options ?? []) as INodeProperties[]).map((o) => o.name)).toEqual(['nodeIDs', 'subnetID'])
  })

  it('lets every EVM chain ID and blockchain ID be picked from a list or given by ID (resource locators)', () => {
    const locators = properties.filter((p) => p.type === 'resourceLocator')
    const chainIdOps = OPERATIONS.filter((s) => s.fields.some((f) => f.name === 'chainId' && f.required))
    expect(chainIdOps.length).toBeGreaterThanOrEqual(20)
    for (const spec of chainIdOps) {
      const property = locators.find((p) => p.name === 'chainId' && shows(p, spec.resource, spec.value))
      expect(property, spec.value).toBeDefined()
    }
    expect(locators.some((p) => p.name === 'blockchainID' && shows(p, 'pChain', 'platform.getBlockchainStatus'))).toBe(
      true,
    )
    for (const property of locators) {
      expect(property.default).toEqual({ mode: 'list', value: '' })
      expect(property.modes?.map((m) => m.name)).toEqual(['list', 'id'])
      const method = property.modes?.[0]?.typeOptions?.searchListMethod as string
      expect(typeof node.methods.listSearch[method as keyof typeof node.methods.listSearch], method).toBe('function')
    }
  })

  it('labels Admin operations as needing --api-admin-enabled and unsafe on shared nodes', () => {
    for (const spec of OPERATIONS.filter((s) => s.resource === 'admin')) {
      expect(spec.description).toContain('--api-admin-enabled=true')
      expect(spec.description).toContain('unsafe on shared nodes')
    }
  })

  it('is usable as a tool; the trigger is not, and polls', () => {
    expect(node.description.usableAsTool).toBe(true)
    const trigger = new AvalancheTrigger().description
    expect(trigger.usableAsTool).toBeUndefined()
    expect(trigger.polling).toBe(true)
    expect(trigger.inputs).toEqual([])
    expect(node.description.icon).toEqual({ light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' })
  })
})

describe('the Webhook and Signature Aggregator resources', () => {
  const specsOf = (resource: string) => OPERATIONS.filter((s) => s.resource === resource)
  const own = (operation: string) => properties.filter((p) => shows(p, 'webhook', operation))

  it("names the Webhook operations n8n's way, each with the action it performs", () => {
    const webhooks = specsOf('webhook')
    expect(webhooks.map((s) => s.value).sort()).toEqual(
      catalog
        .filter((op) => op.endpoint.includes(' /v1/webhooks'))
        .map((op) => op.id)
        .sort(),
    )
    const operation = properties.find((p) => p.name === 'operation' && shows(p, 'webhook', ''))
    expect(optionsOf(operation).map((o) => [o.name, o.action])).toEqual([
      ['Add Addresses', 'Add addresses to a webhook (Webhook)'],
      ['Create', 'Create a webhook (Webhook)'],
      ['Deactivate', 'Deactivate a webhook (Webhook)'],
      ['Generate or Rotate Shared Secret', 'Generate or rotate the shared secret (Webhook)'],
      ['Get', 'Get a webhook (Webhook)'],
      ['Get Many', 'Get many webhooks (Webhook)'],
      ['Get Many Addresses', 'Get many addresses of a webhook (Webhook)'],
      ['Get Shared Secret', 'Get the shared secret (Webhook)'],
      ['Remove Addresses', 'Remove addresses from a webhook (Webhook)'],
      ['Update', 'Update a webhook (Webhook)'],
    ])
    expect(specsOf('signatureAggregator').map((s) => s.name)).toEqual([
      'Aggregate Signatures',
      'Get Aggregated Signatures',
    ])
  })

  it('keeps writes out of the read resources', () => {
    const writes = OPERATIONS.filter((s) => s.api === 'dataApi' && !s.op.readOnly)
    expect(writes.length).toBeGreaterThanOrEqual(7)
    for (const spec of writes) expect(['webhook', 'signatureAggregator'], spec.value).toContain(spec.resource)
  })

  it('says which operations are destructive and what they break', () => {
    const destructive = specsOf('webhook').filter((s) => s.op.destructive)
    expect(destructive.map((s) => s.name).sort()).toEqual([
      'Deactivate',
      'Generate or Rotate Shared Secret',
      'Remove Addresses',
    ])
    for (const spec of destructive) expect(spec.description, spec.value).toMatch(/Destructive[^.]*: [a-z]/)
  })

  it("shows Create's fields by event type", () => {
    const topFor = (eventType: string) =>
      own('data.createWebhook')
        .filter(
          (p) => p.type !== 'collection' && (p.displayOptions?.show?.eventType ?? [eventType]).includes(eventType),
        )
        .map((p) => p.name)
    expect(topFor('address_activity')).toEqual(['eventType', 'url', 'chainId', 'addresses'])
    expect(topFor('primary_network_address_activity')).toEqual([
      'eventType',
      'url',
      'network',
      'primaryNetworkChain',
      'primaryNetworkAddresses',
      'addressSubEvents',
    ])
    expect(topFor('validator_activity')).toEqual([
      'eventType',
      'url',
      'network',
      'keyType',
      'validatorKey',
      'validatorSubEvents',
    ])
    const eventType = own('data.createWebhook').find((p) => p.name === 'eventType')
    expect(optionsOf(eventType).map((o) => o.name)).toEqual([
      'Address Activity (EVM)',
      'Primary Network Address Activity',
      'Validator Activity',
    ])
    expect(own('data.createWebhook').find((p) => p.name === 'chainId')?.type).toBe('resourceLocator')
    // Additional fields of one event type name it from the collection by its root path.
    const additional = own('data.createWebhook').find((p) => p.name === 'additionalFields')
    const byName = new Map(((additional?.options ?? []) as INodeProperties[]).map((o) => [o.name, o]))
    expect(byName.get('includeLogs')?.displayOptions?.show).toEqual({ '/eventType': ['address_activity'] })
    expect(byName.get('name')?.displayOptions).toBeUndefined()
  })

  it('picks the webhook from the account’s list or by ID, and updates through Update Fields', () => {
    for (const spec of specsOf('webhook').filter((s) => s.op.endpoint.includes('{id}'))) {
      const webhook = own(spec.value).find((p) => p.name === 'webhookId')
      expect(webhook?.type, spec.value).toBe('resourceLocator')
      expect(webhook?.modes?.[0]?.typeOptions?.searchListMethod).toBe('searchWebhooks')
      expect(own(spec.value).some((p) => p.name === 'id')).toBe(false)
    }
    expect(own('data.updateWebhook').find((p) => p.type === 'collection')).toMatchObject({
      name: 'updateFields',
      displayName: 'Update Fields',
    })
  })

  it('offers the shared secret in the output only on request, never to the AI tool variant', () => {
    const include = properties.filter((p) => p.name === 'includeSecret')
    expect(include).toHaveLength(1)
    expect(include[0]).toMatchObject({ type: 'boolean', default: false })
    expect(include[0]?.displayOptions?.show?.operation?.sort()).toEqual([
      'data.generateOrRotateSharedSecret',
      'data.getSharedSecret',
    ])
    expect(include[0]?.displayOptions?.hide).toEqual({ '@tool': [true] })
    expect(include[0]?.description).toMatch(/execution/)
    const notice = properties.find((p) => p.name === 'includeSecretNotice')
    expect(notice?.displayOptions?.show?.includeSecret).toEqual([true])
  })

  it('shows the aggregator’s message on top, its alternative under Additional Fields', () => {
    const aggregate = properties.filter((p) => shows(p, 'signatureAggregator', 'data.aggregateSignatures'))
    expect(aggregate.find((p) => p.name === 'message')?.required).toBeUndefined()
    const additional = aggregate.find((p) => p.name === 'additionalFields')
    expect(((additional?.options ?? []) as INodeProperties[]).map((o) => o.name)).toContain('justification')
  })
})

describe('authentication: which credential the node uses', () => {
  const descriptions = [node.description, new AvalancheTrigger().description]

  it("is an `authentication` options field, the editor's main auth field, and nothing the user picks", () => {
    for (const description of descriptions) {
      // n8n's editor (getMainAuthField) takes the parameter the credentials' displayOptions name, hides it and
      // rewrites it when a credential is assigned: it must be `authentication`, never the resource or the event.
      const named = new Set(description.credentials?.flatMap((c) => Object.keys(c.displayOptions?.show ?? {})))
      expect([...named], description.name).toEqual(['authentication'])
      const field = description.properties.filter((p) => p.name === 'authentication')
      expect(field).toHaveLength(1)
      expect(field[0]?.displayOptions).toBeUndefined()
      expect(
        optionsOf(field[0])
          .map((o) => o.value)
          .sort(),
      ).toEqual(['dataApi', 'nodeApi'])
      expect(description.credentials?.map((c) => [c.name, c.displayOptions?.show?.authentication])).toEqual([
        ['avalancheNodeApi', ['nodeApi']],
        ['avalancheDataApi', ['dataApi']],
      ])
      // The editor also hides every parameter the auth field's displayOptions name: there are none.
      for (const p of description.properties.filter((p) => ['resource', 'event'].includes(p.name)))
        expect(p.displayOptions, p.name).toBeUndefined()
    }
  })

  it("keeps every choice shown whatever the credential, and lets n8n's node picker set the action's API", () => {
    for (const resource of RESOURCES) {
      const operation = properties.find((p) => p.name === 'operation' && shows(p, resource.value, ''))
      // n8n's picker sets the first value of each displayOptions.show key of the operation field: the resource's API
      // first; both APIs listed, so the selector never hides (and n8n never drops the user's operation) when the
      // credential is switched.
      expect(operation?.displayOptions?.show, resource.value).toEqual({
        authentication: resource.api === 'nodeApi' ? ['nodeApi', 'dataApi'] : ['dataApi', 'nodeApi'],
        resource: [resource.value],
      })
    }
    const byCredential = properties.filter(
      (p) => p.type !== 'notice' && p.name !== 'operation' && p.displayOptions?.show?.authentication,
    )
    expect(byCredential.map((p) => p.name)).toEqual([])
    const dataApi = RESOURCES.filter((r) => r.api === 'dataApi').map((r) => r.value)
    expect(dataApi).toEqual(['dataEvm', 'dataPrimaryNetwork', 'metrics', 'webhook', 'signatureAggregator'])
    // A resource whose API is not the selected credential's says which credential to pick.
    const notice = properties.find(
      (p) => p.type === 'notice' && p.displayOptions?.show?.authentication?.[0] === 'nodeApi',
    )
    expect(notice?.displayOptions?.show?.resource).toEqual(dataApi)
    expect(notice?.displayName).toContain('Avalanche Data API credential')
  })
})

describe('Avalanche Trigger description', () => {
  const trigger = new AvalancheTrigger()
  const { properties: fields } = trigger.description

  it("names events so n8n's picker labels read well, and the merged picker entry's description covers actions", () => {
    const events = optionsOf(fields.find((p) => p.name === 'event'))
    // Without an action, n8n lower-cases the name ("On new p chain block").
    expect(events.map((e) => e.action)).toEqual([
      'On new EVM block',
      'On new index container',
      'On new P-Chain block',
      'On new transaction of an address',
      'On new X-Chain block',
      'On validator added or removed',
    ])
    expect(trigger.description.description).toMatch(
      /^Query Avalanche nodes, the Data API and the Metrics API, or start/,
    )
    const lookup = JSON.parse(
      /^=\{\{ (\{.*\})\[\$parameter\["event"\]\] \}\}$/.exec(trigger.description.subtitle as string)?.[1] ?? '{}',
    )
    expect(lookup.pChainBlock).toBe('New P-Chain Block')
  })

  it('follows a growing index by default, and says what X/tx holds', () => {
    const index = fields.find((p) => p.name === 'indexName')
    expect(index?.default).toBe('X/block')
    const xTx = optionsOf(index).find((o) => o.value === 'X/tx')
    expect(xTx?.description).toMatch(/before Cortina \(2023\) only: this index no longer grows/)
    // The Index operations start on X/block too.
    for (const p of properties.filter((p) => p.name === 'indexName' && shows(p, 'index', 'index.getLastAccepted')))
      expect(p.default).toBe('X/block')
    expect(properties.filter((p) => p.name === 'indexName' && p.default === 'X/tx')).toEqual([])
  })

  it('picks the Chain ID from the same list as the action node', () => {
    const chainId = fields.find((p) => p.name === 'chainId')
    expect(chainId?.type).toBe('resourceLocator')
    expect(chainId?.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
      ['list', 'searchEvmChains'],
      ['id', undefined],
    ])
    expect(trigger.methods.listSearch.searchEvmChains).toBe(node.methods.listSearch.searchEvmChains)
  })
})

describe('credentials', () => {
  it('show the Base URL only for the Custom network', () => {
    const fields = new AvalancheNodeApi().properties
    const network = fields.find((p) => p.name === 'network')
    expect(optionsOf(network).map((o) => o.value)).toEqual(['mainnet', 'fuji', 'local', 'custom'])
    expect(fields.find((p) => p.name === 'baseUrl')?.displayOptions).toEqual({ show: { network: ['custom'] } })
  })

  it('have test requests and password-typed secrets', () => {
    const nodeApi = new AvalancheNodeApi()
    expect(nodeApi.test.request).toMatchObject({ url: '/ext/info', method: 'POST' })
    expect((nodeApi.test.request.body as { method: string }).method).toBe('info.getNodeVersion')
    expect(nodeApi.properties.find((p) => p.name === 'headerSecret')?.typeOptions?.password).toBe(true)
    const dataApi = new AvalancheDataApi()
    expect(dataApi.test.request).toMatchObject({ url: '/v1/chains', method: 'GET' })
    expect(dataApi.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true)
  })

  it('add the optional header and API key only when set', async () => {
    const base = { url: 'http://x', headers: { a: '1' } }
    expect(await new AvalancheNodeApi().authenticate({ headerName: '' }, base)).toEqual(base)
    expect(
      (await new AvalancheNodeApi().authenticate({ headerName: 'x-key', headerSecret: 's' }, base)).headers,
    ).toEqual({
      a: '1',
      'x-key': 's',
    })
    expect(await new AvalancheDataApi().authenticate({ apiKey: '' }, base)).toEqual(base)
    expect((await new AvalancheDataApi().authenticate({ apiKey: 'k' }, base)).headers).toMatchObject({
      'x-glacier-api-key': 'k',
    })
  })
})
