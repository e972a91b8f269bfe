import { catalog } from '@avalanche-automation/core'
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow'
import { describe, expect, it } from 'vitest'
import { AvalancheDataApi } from '../credentials/AvalancheDataApi.credentials'
import { AvalancheNodeApi } from '../credentials/AvalancheNodeApi.credentials'
import { Avalanche } from '../nodes/Avalanche/Avalanche.node'
import { AvalancheTrigger } from '../nodes/AvalancheTrigger/AvalancheTrigger.node'
import { OPERATIONS, RESOURCES } from '../nodes/shared/operations'

const node = new Avalanche()
const properties = node.description.properties
const shows = (p: INodeProperties, resource: string, operation: string) =>
  p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation)

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

  it('names operations in Title Case, uniquely per resource, with sentence-case descriptions', () => {
    for (const p of properties.filter((p) => p.name === 'operation')) {
      const options = p.options as INodePropertyOptions[]
      expect(new Set(options.map((o) => o.name)).size, String(p.displayOptions?.show?.resource)).toBe(options.length)
      for (const o of options) {
        expect(o.name).toMatch(/^[A-Z][A-Za-z0-9]*( [A-Z0-9][A-Za-z0-9]*)*$/)
        expect(o.description).toMatch(/^[A-Z]/)
      }
    }
    expect(OPERATIONS.find((s) => s.value === 'data.listChains')?.name).toBe('Get Many Chains')
    expect(OPERATIONS.find((s) => s.value === 'avm.getUTXOs')?.name).toBe('Get UTXOs')
    expect(OPERATIONS.find((s) => s.value === 'platform.getCurrentValidators')?.action).toBe(
      'Get current validators (P-Chain)',
    )
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

describe('credentials', () => {
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
