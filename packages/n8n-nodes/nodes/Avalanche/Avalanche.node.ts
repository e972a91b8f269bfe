import type { AvalancheClient } from '@avalanche-automation/core'
import {
  type IDataObject,
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  NodeConnectionTypes,
  NodeOperationError,
} from 'n8n-workflow'
import { assertApi, CREDENTIAL_OF, credentials } from '../shared/authentication'
import { listSearch } from '../shared/listSearch'
import { OPERATION_BY_VALUE } from '../shared/operations'
import { shapeOutput, toNodeError } from '../shared/output'
import { actionProperties, actionSubtitle } from '../shared/properties'
import { readParams, records } from '../shared/run'
import { INCLUDE_SECRET, secretOutput } from '../shared/secrets'
import { clientFor } from '../shared/transport'

export class Avalanche implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Avalanche',
    name: 'avalanche',
    icon: { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: actionSubtitle(),
    description:
      'Query an Avalanche node (Info, Health, P-Chain, X-Chain, Index, Admin), the Data API and the Metrics API; manage Data API webhooks',
    defaults: { name: 'Avalanche' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials,
    properties: actionProperties(),
  }

  methods = { listSearch }

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData()
    const out: INodeExecutionData[] = []
    const clients = new Map<string, AvalancheClient>()
    // n8n names the tool variant of a node `<name>Tool` (the same test as its `@tool` display condition).
    const asTool = this.getNode().type.endsWith('Tool')
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      const pairedItem = { item: itemIndex }
      let labels: Record<string, string> = {}
      try {
        const resource = this.getNodeParameter('resource', itemIndex) as string
        const operation = this.getNodeParameter('operation', itemIndex) as string
        const spec = OPERATION_BY_VALUE.get(operation)
        if (!spec || spec.resource !== resource) {
          throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}" for resource "${resource}"`, {
            itemIndex,
          })
        }
        assertApi(this.getNode(), this.getNodeParameter('authentication', itemIndex, spec.api), spec.api, itemIndex)
        const credential = CREDENTIAL_OF[spec.api]
        let client = clients.get(credential)
        if (!client) {
          client = await clientFor(this, credential)
          clients.set(credential, client)
        }
        const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject
        const output = typeof options.output === 'string' ? options.output : 'simplified'
        let limit: number | undefined
        if (spec.paginated && !(this.getNodeParameter('returnAll', itemIndex, false) as boolean)) {
          limit = this.getNodeParameter('limit', itemIndex, 50) as number
        }
        const read = readParams(this, spec, itemIndex)
        labels = read.labels
        const includeSecret =
          spec.op.secretFields && (this.getNodeParameter(INCLUDE_SECRET, itemIndex, false) as boolean)
        const timeout = typeof options.timeout === 'number' ? { timeoutMs: options.timeout } : {}
        for await (const record of records(client, spec, read.params, limit, timeout)) {
          const json = shapeOutput(record, spec.value, output)
          out.push({
            json: spec.op.secretFields ? secretOutput(json, spec, includeSecret === true, asTool) : json,
            pairedItem,
          })
        }
      } catch (error) {
        const nodeError = toNodeError(this.getNode(), error, itemIndex, labels)
        if (this.continueOnFail()) {
          out.push({ json: { error: nodeError.message, description: nodeError.description ?? null }, pairedItem })
          continue
        }
        throw nodeError
      }
    }
    return [out]
  }
}
