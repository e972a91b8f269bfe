import { catalog } from '@avalanche-automation/core'
import * as z from 'zod'
import { checkKinds } from './checks/index.js'
import { common } from './config.js'
import { maintenanceWindow } from './maintenance.js'

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> }

/** Draft-07 JSON Schema of a zod type's input (what people write in YAML), without its own `$schema`. */
function jsonSchema(type: z.core.$ZodType): JsonSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(type, { io: 'input', target: 'draft-7', unrepresentable: 'any' })
  return schema as JsonSchema
}

/**
 * The JSON Schema of a checks file (checks.schema.json, shipped with the package): a list of checks or
 * `{checks, maintenance}`, each check's fields by its kind. Editors complete and validate YAML with it
 * (`# yaml-language-server: $schema=<url>`). Refinements that span fields are left to the Action's own validation.
 */
export async function checksFileSchema(): Promise<Record<string, unknown>> {
  await Promise.all(checkKinds.map((kind) => kind.prepare?.()))
  const base = jsonSchema(common)
  const kinds = checkKinds.map((kind) => {
    const own = jsonSchema(kind.fields)
    // A `call` names a read-only catalog operation: list them so that editors complete the name.
    if (kind.kind === 'call' && own.properties?.operation) {
      const ids = catalog.filter((op) => op.readOnly).map((op) => op.id)
      own.properties.operation = {
        type: 'string',
        enum: ids,
        description: 'A read-only operation of the core catalog.',
      }
    }
    return {
      if: { properties: { kind: { const: kind.kind } }, required: ['kind'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: {
        description: kind.summary,
        properties: { ...base.properties, ...own.properties, kind: { const: kind.kind, description: kind.summary } },
        ...(Array.isArray(own.required) && { required: ['id', 'kind', ...own.required] }),
        additionalProperties: false,
      },
    }
  })
  const checks = { type: 'array', minItems: 1, items: { $ref: '#/definitions/check' } }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/avalanche-automation/avalanche-automation/blob/main/packages/github-action/checks.schema.json',
    title: 'Avalanche chain checks',
    description: 'Checks of the avalanche-check GitHub Action and CLI: a list of checks, or {checks, maintenance}.',
    anyOf: [
      checks,
      {
        type: 'object',
        properties: {
          $schema: { type: 'string' },
          checks,
          maintenance: { type: 'array', items: { $ref: '#/definitions/maintenance' } },
        },
        required: ['checks'],
        additionalProperties: false,
      },
    ],
    definitions: {
      check: {
        type: 'object',
        properties: {
          ...base.properties,
          kind: { enum: checkKinds.map((k) => k.kind), description: 'What the check asserts.' },
        },
        required: ['id', 'kind'],
        allOf: kinds,
      },
      maintenance: {
        description: 'A maintenance window (UTC): its checks are not run, are reported as maintenance, fail nothing.',
        ...jsonSchema(maintenanceWindow()),
      },
    },
  }
}
