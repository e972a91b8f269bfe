/**
 * Stands in for the SDK's Ajv validator in the CLI bundle (tsdown.config.ts): the SDK's Server uses a JSON Schema
 * validator only to check elicitation answers, and this server sends no elicitation requests.
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('the avalanche-mcp CLI bundles no JSON Schema validator: it sends no elicitation requests')
  }
}
