import type {
  ICredentialDataDecryptedObject,
  IDataObject,
  IExecuteFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
  IPollFunctions,
} from 'n8n-workflow'
import { AvalancheDataApi } from '../credentials/AvalancheDataApi.credentials'
import { AvalancheNodeApi } from '../credentials/AvalancheNodeApi.credentials'

export type Credentials = Partial<Record<'avalancheNodeApi' | 'avalancheDataApi', ICredentialDataDecryptedObject>>

const credentialTypes = { avalancheNodeApi: new AvalancheNodeApi(), avalancheDataApi: new AvalancheDataApi() }

export interface RequestLog {
  credentialType: string
  options: IHttpRequestOptions
  /** The body the service answered, when one arrived in full. */
  responseBody?: string
}

/** n8n's request helper as the nodes use it, performed with fetch after the credential's `authenticate`. */
export function httpRequestWithAuthentication(credentials: Credentials, log: RequestLog[] = []) {
  return async (credentialType: string, requestOptions: IHttpRequestOptions) => {
    const type = credentialTypes[credentialType as keyof typeof credentialTypes]
    const data = credentials[credentialType as keyof Credentials]
    if (!type || !data) throw new Error(`no credential ${credentialType}`)
    const options = await type.authenticate(data, requestOptions)
    const entry: RequestLog = { credentialType, options }
    log.push(entry)
    const response = await fetch(options.url, {
      method: options.method ?? 'GET',
      headers: options.headers as Record<string, string>,
      body: (options.body as string | undefined) ?? null,
      signal: (options.abortSignal as AbortSignal | undefined) ?? null,
    })
    const body = await response.text()
    entry.responseBody = body
    if (!options.returnFullResponse || !options.ignoreHttpStatusErrors)
      throw new Error('nodes must ask for full responses')
    return { statusCode: response.status, headers: Object.fromEntries(response.headers), body }
  }
}

const node: INode = {
  id: 'node-1',
  name: 'Avalanche',
  type: 'avalanche',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
}

function parameterReader(parameters: IDataObject[]) {
  return (name: string, itemIndex: number, fallback?: unknown, options?: { extractValue?: boolean }) => {
    const value = (parameters[itemIndex] ?? parameters[0])?.[name]
    // As n8n does: `extractValue` turns a resource locator ({ __rl, mode, value }) into its value, and fails for a
    // parameter the node does not show (n8n-core's extract-value.ts: "Could not find property").
    if (options?.extractValue && value === undefined) throw new Error(`Could not find property (${name})`)
    if (options?.extractValue && value && typeof value === 'object' && '__rl' in value) return value.value
    if (value !== undefined) return value
    if (fallback !== undefined) return fallback
    throw new Error(`Could not get parameter "${name}"`)
  }
}

/**
 * A fake IExecuteFunctions: one parameter set per input item (or one for all), real HTTP through the credential.
 * `nodeType` runs it as another type (n8n's AI tool variant is `<type>Tool`).
 */
export function executeFunctions(options: {
  parameters: IDataObject[]
  credentials: Credentials
  items?: number
  continueOnFail?: boolean
  log?: RequestLog[]
  nodeType?: string
}): IExecuteFunctions {
  const items: INodeExecutionData[] = Array.from({ length: options.items ?? options.parameters.length }, () => ({
    json: {},
  }))
  const fns = {
    getInputData: () => items,
    getNodeParameter: parameterReader(options.parameters),
    getNode: () => (options.nodeType ? { ...node, type: options.nodeType } : node),
    getCredentials: async (type: string) => {
      const data = options.credentials[type as keyof Credentials]
      if (!data) throw new Error(`no credential ${type}`)
      return data
    },
    continueOnFail: () => options.continueOnFail ?? false,
    helpers: { httpRequestWithAuthentication: httpRequestWithAuthentication(options.credentials, options.log) },
  }
  return fns as unknown as IExecuteFunctions
}

/** A fake IPollFunctions whose static data persists across polls (pass the same `staticData`). */
export function pollFunctions(options: {
  parameters: IDataObject
  credentials: Credentials
  staticData: IDataObject
  mode?: 'manual' | 'trigger'
}): IPollFunctions {
  const read = parameterReader([options.parameters])
  const fns = {
    getNodeParameter: (name: string, fallback?: unknown, options?: { extractValue?: boolean }) =>
      read(name, 0, fallback, options),
    getNode: () => ({ ...node, name: 'Avalanche Trigger', type: 'avalancheTrigger' }),
    getMode: () => options.mode ?? 'trigger',
    getWorkflowStaticData: () => options.staticData,
    getCredentials: async (type: string) => {
      const data = options.credentials[type as keyof Credentials]
      if (!data) throw new Error(`no credential ${type}`)
      return data
    },
    helpers: { httpRequestWithAuthentication: httpRequestWithAuthentication(options.credentials) },
  }
  return fns as unknown as IPollFunctions
}

/** A fake ILoadOptionsFunctions, for the resource locators' list searches. */
export function loadOptionsFunctions(credentials: Credentials): ILoadOptionsFunctions {
  const fns = {
    getNode: () => node,
    getCredentials: async (type: string) => {
      const data = credentials[type as keyof Credentials]
      if (!data) throw new Error(`no credential ${type}`)
      return data
    },
    helpers: { httpRequestWithAuthentication: httpRequestWithAuthentication(credentials) },
  }
  return fns as unknown as ILoadOptionsFunctions
}
