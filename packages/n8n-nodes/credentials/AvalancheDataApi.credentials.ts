import type {
  ICredentialDataDecryptedObject,
  ICredentialTestRequest,
  ICredentialType,
  IHttpRequestOptions,
  INodeProperties,
} from 'n8n-workflow'

export class AvalancheDataApi implements ICredentialType {
  name = 'avalancheDataApi'
  displayName = 'Avalanche Data API'
  icon = { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' } as const
  documentationUrl = 'https://developers.avacloud.io/data-api/overview'
  properties: INodeProperties[] = [
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'AvaCloud API key (optional: without it the unauthenticated rate limits apply)',
    },
    {
      displayName: 'Data API Base URL',
      name: 'dataApiUrl',
      type: 'string',
      default: 'https://data-api.avax.network',
    },
    {
      displayName: 'Metrics API Base URL',
      name: 'metricsApiUrl',
      type: 'string',
      default: 'https://metrics.avax.network',
    },
  ]

  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    requestOptions: IHttpRequestOptions,
  ): Promise<IHttpRequestOptions> {
    const key = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : ''
    if (!key) return requestOptions
    return {
      ...requestOptions,
      headers: { ...requestOptions.headers, 'x-glacier-api-key': key, 'x-data-api-key': key },
    }
  }

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{ $credentials.dataApiUrl || "https://data-api.avax.network" }}',
      url: '/v1/chains',
      method: 'GET',
    },
  }
}
