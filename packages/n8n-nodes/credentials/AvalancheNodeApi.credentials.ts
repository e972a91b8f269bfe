import type {
  ICredentialDataDecryptedObject,
  ICredentialTestRequest,
  ICredentialType,
  IHttpRequestOptions,
  INodeProperties,
} from 'n8n-workflow'

// The same choice as nodeBaseUrl() in nodes/shared/transport.ts, for n8n's credential test.
const BASE_URL =
  '={{ $credentials.network === "custom" ? ($credentials.baseUrl || "").trim() : ({ fuji: "https://api.avax-test.network", local: "http://127.0.0.1:9650" })[$credentials.network] || "https://api.avax.network" }}'

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
        { name: 'Custom (Base URL)', value: 'custom' },
      ],
      description: "Avalanche's public API of a network, a node on this machine, or any node URL (Custom)",
    },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      required: true,
      placeholder: 'http://127.0.0.1:9650',
      displayOptions: { show: { network: ['custom'] } },
      description:
        'Node URL without /ext, e.g. your own AvalancheGo or an RPC provider. A node on a private address needs N8N_SSRF_ALLOWED_HOSTNAMES when SSRF protection is on.',
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
