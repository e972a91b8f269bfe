import type {
  ICredentialDataDecryptedObject,
  ICredentialTestRequest,
  ICredentialType,
  IHttpRequestOptions,
  INodeProperties,
} from 'n8n-workflow'

const BASE_URL =
  '={{ ($credentials.baseUrl || "").trim() || ({ mainnet: "https://api.avax.network", fuji: "https://api.avax-test.network", local: "http://127.0.0.1:9650" })[$credentials.network] || "https://api.avax.network" }}'

export class AvalancheNodeApi implements ICredentialType {
  name = 'avalancheNodeApi'
  displayName = 'Avalanche Node API'
  icon = { light: 'file:avalanche.svg', dark: 'file:avalanche.dark.svg' } as const
  documentationUrl = 'https://build.avax.network/docs/api-reference'
  properties: INodeProperties[] = [
    {
      displayName: 'Network',
      name: 'network',
      type: 'options',
      default: 'mainnet',
      options: [
        { name: 'Mainnet (api.avax.network)', value: 'mainnet' },
        { name: 'Fuji Testnet (api.avax-test.network)', value: 'fuji' },
        { name: 'Local Node (127.0.0.1:9650)', value: 'local' },
      ],
      description: 'Public endpoint used when Base URL is empty',
    },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      placeholder: 'http://127.0.0.1:9650',
      description:
        'Node URL without /ext, e.g. your own AvalancheGo or an RPC provider. Overrides Network. A local node needs N8N_SSRF_ALLOWED_HOSTNAMES when SSRF protection is on.',
    },
    {
      displayName: 'Header Name',
      name: 'headerName',
      type: 'string',
      default: '',
      placeholder: 'x-api-key',
      description: 'Optional header sent with every request, for gated RPC endpoints',
    },
    {
      displayName: 'Header Value',
      name: 'headerSecret',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'Value of that header (kept secret)',
    },
  ]

  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    requestOptions: IHttpRequestOptions,
  ): Promise<IHttpRequestOptions> {
    const name = typeof credentials.headerName === 'string' ? credentials.headerName.trim() : ''
    if (!name) return requestOptions
    return { ...requestOptions, headers: { ...requestOptions.headers, [name]: String(credentials.headerSecret ?? '') } }
  }

  test: ICredentialTestRequest = {
    request: {
      baseURL: BASE_URL,
      url: '/ext/info',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion', params: {} },
      json: true,
    },
  }
}
