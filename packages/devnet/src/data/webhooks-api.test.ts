import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WRITE_OPERATIONS } from './webhooks-api.js'

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
const spec: any = JSON.parse(
  readFileSync(new URL('../../../core/openapi/data-api.openapi.json', import.meta.url), 'utf8'),
)

describe('the write operations table', () => {
  it.each(WRITE_OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s: method, path, weight, parameters and success status as the description says',
    (_id, op) => {
      const described = spec.paths[op.path]?.[op.method.toLowerCase()]
      expect(described?.operationId).toBe(op.operationId)
      expect(op.weight).toBe(described['x-execution-weight'])
      const params = (described.parameters ?? []).map((p: { name: string; in: string; required?: boolean }) => [
        p.name,
        p.in,
        p.required === true,
      ])
      expect(op.params.map((p) => [p.name, p.in, p.required]).sort()).toEqual(params.sort())
      const success = Object.keys(described.responses).find((status) => status.startsWith('2'))
      expect(String(op.status ?? 200)).toBe(success)
    },
  )
})
