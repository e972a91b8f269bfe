import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as z from 'zod'
import { catalog, describeOperation } from '../catalog.js'
import type { AnyOperation } from '../operation.js'
import { createFakeClient } from '../testing/fake-transport.js'
import {
  describedParameters,
  exampleOf,
  findSpecOperation,
  resolve,
  responseSchema,
  type Schema,
  successStatuses,
} from '../testing/openapi.js'
import * as dataApi from './generated/data-api.gen.js'
import * as metricsApi from './generated/metrics-api.gen.js'
import { jsonNumber, numericText, openEnum } from './lenient.js'

const packageDir = fileURLToPath(new URL('../../', import.meta.url))
const ops = catalog.filter((op) => op.service === 'data' || op.service === 'metrics')
/** The seed's `GET /v1/avg_tps/{chainId}` is only in the Metrics API usage guide, not in its OpenAPI description. */
const NOT_IN_SPEC = ['metrics.getAvgTps']
const described = ops.filter((op) => !NOT_IN_SPEC.includes(op.id))

type JsonSchema = {
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  items?: JsonSchema
  minimum?: number
  maximum?: number
}

function paramsSchema(op: AnyOperation): JsonSchema {
  const schema = z.toJSONSchema(op.params, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return schema.properties ? schema : (schema.anyOf?.find((s) => s.properties) ?? {})
}

function specOf(op: AnyOperation) {
  const found = findSpecOperation(op.endpoint)
  if (!found) throw new Error(`${op.endpoint} is in neither OpenAPI description`)
  return found
}

/** Every enum value a JSON Schema lists, looking into anyOf and array items. */
function enumsOf(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return []
  return [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap(enumsOf), ...enumsOf(schema.items)]
}

describe('generated schemas', () => {
  test.each([
    ['data-api', 'src/data/generated/data-api.gen.ts'],
    ['metrics-api', 'src/data/generated/metrics-api.gen.ts'],
  ])('default: %s is generated from the committed description (sha256 in its header)', (name, file) => {
    const spec = readFileSync(`${packageDir}openapi/${name}.openapi.json`)
    const sha = createHash('sha256').update(spec).digest('hex')
    const header = readFileSync(`${packageDir}${file}`, 'utf8').split('\n', 1)[0]
    expect(header).toContain(`openapi/${name}.openapi.json (sha256 ${sha})`)
  })

  test('behavior: re-running the generator reproduces the committed files', { timeout: 60_000 }, async () => {
    const run = promisify(execFile)
    const { stdout, stderr } = await run(process.execPath, ['scripts/generate.ts', '--check'], { cwd: packageDir })
    expect(`${stdout}${stderr}`).not.toMatch(/out of date/)
  })

  test('behavior: results keep unknown enum values and unknown fields; bigint and quoted numbers become numbers', () => {
    const balance = {
      address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
      name: 'Wrapped AVAX',
      symbol: 'WAVAX',
      decimals: 18,
      ercType: 'ERC-20',
      chainId: '43114',
      balance: '1000000000000000000',
      tokenReputation: 'Suspicious',
      listedOn: ['dex'],
    }
    expect(dataApi.zErc20TokenBalance().parse(balance)).toEqual(balance)
    expect(dataApi.zErc20TokenBalance().parse({ ...balance, tokenReputation: null }).tokenReputation).toBeNull()
    expect(dataApi.zChainStatus().parse('DEGRADED')).toBe('DEGRADED')
    expect(metricsApi.zMetricsValue().parse({ timestamp: 1724716800n, value: 9007199254740993n })).toEqual({
      timestamp: 1724716800,
      value: 9007199254740992,
    })
    expect(() => openEnum(['a', 'b']).parse(7)).toThrow()
    // A number sent as a string is that number; text that is no number is still refused.
    expect(jsonNumber(z.number()).parse('-42.42e1')).toBe(-424.2)
    expect(() => jsonNumber(z.number()).parse('7 apples')).toThrow()
    expect(() => jsonNumber(z.number()).parse('')).toThrow()
    expect(numericText(z.string()).parse(123)).toBe('123')
    expect(numericText(z.string()).parse(2n ** 70n)).toBe('1180591620717411303424')
  })
})

describe('operations match the OpenAPI descriptions', () => {
  test('default: every Data/Metrics operation but the seed-only avg_tps has its route in a description', () => {
    expect(described.length).toBe(ops.length - NOT_IN_SPEC.length)
    for (const op of described) expect(findSpecOperation(op.endpoint), op.endpoint).toBeDefined()
    expect(findSpecOperation('GET /v1/avg_tps/{chainId}')).toBeUndefined()
  })

  test.each(described.map((op) => [op.id, op] as const))(
    'default: %s has the parameters, required ones, enums and page sizes of its description',
    (_id, op) => {
      const { spec, operation } = specOf(op)
      // Path, query and JSON-body parameters alike: a write takes its body's fields as parameters (op.query aside).
      const parameters = describedParameters(spec, operation)
      const schema = paramsSchema(op)
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(parameters.map((p) => p.name).sort())
      expect((schema.required ?? []).sort()).toEqual(
        parameters
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      )
      const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name)
      if (operation.requestBody) expect([...(op.query ?? [])].sort(), 'op.query').toEqual(inQuery.sort())
      for (const parameter of parameters) {
        const specSchemas = parameter.schemas.map((s) => resolve(spec, s))
        const values = specSchemas.flatMap((specSchema) => {
          const items = specSchema.items ? resolve(spec, specSchema.items as Schema) : undefined
          return ((specSchema.enum ?? items?.enum) as unknown[] | undefined) ?? []
        })
        const property = schema.properties?.[parameter.name]
        if (values.length) expect(new Set(enumsOf(property)), parameter.name).toEqual(new Set(values))
        if (parameter.name === 'pageSize') {
          expect(property?.minimum, 'pageSize minimum').toBe(specSchemas[0]?.minimum)
          expect(property?.maximum, 'pageSize maximum').toBe(specSchemas[0]?.maximum)
        }
      }
    },
  )

  test.each(described.map((op) => [op.id, op] as const))(
    'default: %s accepts every success status of its description',
    (_id, op) => {
      const accepted = [200, ...(op.okStatuses ?? [])]
      for (const status of successStatuses(specOf(op).operation)) expect(accepted, `HTTP ${status}`).toContain(status)
    },
  )

  test.each(described.map((op) => [op.id, op] as const))(
    'default: %s returns its generated result schema, states its weight, paginates iff it takes pageToken',
    (_id, op) => {
      const { operation } = specOf(op)
      const generated = { ...dataApi, ...metricsApi } as Record<string, () => unknown>
      const name = `z${operation.operationId}Result`.replace(/-/g, '').toLowerCase()
      const match = Object.entries(generated).find(
        ([key, build]) => key.toLowerCase() === name && build() === op.result,
      )
      expect(match, `${op.id} uses z${operation.operationId}Result`).toBeDefined()
      const weight = operation['x-execution-weight']
      expect(describeOperation(op)).toContain(weight ? `Rate-limit weight ${weight}:` : 'Rate-limit weight: not stated')
      const hasToken = (operation.parameters ?? []).some((p) => p.name === 'pageToken')
      expect(op.pagination?.kind === 'pageToken', 'paginated by pageToken').toBe(hasToken)
    },
  )

  test.each(described.filter((op) => op.pagination).map((op) => [op.id, op] as const))(
    'default: %s pagination.items names an array of every response shape',
    (_id, op) => {
      const { spec, operation } = specOf(op)
      const field = (op.pagination as { items?: string }).items as string
      const top = resolve(spec, responseSchema(operation))
      const shapes = ((top.oneOf ?? top.anyOf) as Schema[] | undefined) ?? [top]
      for (const shape of shapes) {
        const resolved = resolve(spec, shape)
        const property = (resolved.properties as Record<string, Schema>)[field]
        expect(property?.type, `${field} of ${JSON.stringify(shape).slice(0, 60)}`).toBe('array')
        expect(resolved.required).toContain(field)
        expect((resolved.properties as Record<string, Schema>).nextPageToken).toBeDefined()
      }
    },
  )

  test.each(described.map((op) => [op.id, op] as const))(
    'behavior: %s parses a response built from its description unchanged',
    (_id, op) => {
      const { spec, operation } = specOf(op)
      const example = exampleOf(spec, responseSchema(operation))
      expect(example).toBeTypeOf('object')
      expect(op.result.parse(example)).toEqual(example)
    },
  )

  test('behavior: the client sends the example request of a description and returns its converted result', async () => {
    const { spec, operation } = specOf(catalog.find((op) => op.id === 'data.getChainInfo') as AnyOperation)
    const example = exampleOf(spec, responseSchema(operation)) as Record<string, unknown>
    const { client, fake } = createFakeClient({ 'GET /v1/chains/43114': { body: { ...example, future: 1 } } })
    await expect(client.data.getChainInfo({ chainId: 43114 })).resolves.toEqual({ ...example, future: 1 })
    expect(fake.last().url).toBe('https://data-api.avax.network/v1/chains/43114')
  })
})
