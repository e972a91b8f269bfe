import { type AvalancheClient, createClient, type Sleep, type Transport } from '@avalanche-automation/core'
import type {
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  IPollFunctions,
  IWebhookFunctions,
} from 'n8n-workflow'
import { sleep } from 'n8n-workflow'

export type AvalancheFunctions =
  | IExecuteFunctions
  | IPollFunctions
  | ILoadOptionsFunctions
  | IHookFunctions
  | IWebhookFunctions

export const NODE_CREDENTIAL = 'avalancheNodeApi'
export const DATA_CREDENTIAL = 'avalancheDataApi'

export const DEFAULT_NODE_URLS: Record<string, string> = {
  mainnet: 'https://api.avax.network',
  fuji: 'https://api.avax-test.network',
  local: 'http://127.0.0.1:9650',
}
export const DEFAULT_DATA_API_URL = 'https://data-api.avax.network'
export const DEFAULT_METRICS_API_URL = 'https://metrics.avax.network'

/**
 * Core's transport seam built on n8n's request helper: n8n applies the credential (headers), its proxy settings and
 * its SSRF policy. Every status comes back as a response and the body stays text, so core parses u64 values losslessly.
 */
export function n8nTransport(fns: AvalancheFunctions, credentialType: string): Transport {
  return async (request) => {
    const options: IHttpRequestOptions = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      json: false,
      encoding: 'text',
    }
    if (request.body !== undefined) options.body = request.body
    if (request.signal) options.abortSignal = request.signal
    // A failure without a response (refused, reset, aborted) propagates as is: core classifies it for its retries.
    const response: { statusCode?: number; headers?: Record<string, unknown>; body?: unknown } =
      await fns.helpers.httpRequestWithAuthentication.call(fns, credentialType, options)
    const headers: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value == null ? undefined : String(value)
    }
    const body = response.body
    const text =
      typeof body === 'string'
        ? body
        : body instanceof Uint8Array
          ? new TextDecoder().decode(body)
          : body == null
            ? ''
            : JSON.stringify(body)
    return { status: response.statusCode ?? 0, headers, body: text }
  }
}

/** n8n's `sleep` (no timers in community code), honouring the abort signal before and after the wait. */
export const n8nSleep: Sleep = async (ms, signal) => {
  if (signal?.aborted) throw signal.reason
  await sleep(ms)
  if (signal?.aborted) throw signal.reason
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** The node API's base URL from the credential: the Base URL of a Custom network, else the network's endpoint. */
export function nodeBaseUrl(credentials: Record<string, unknown>): string {
  if (credentials.network === 'custom') {
    const url = text(credentials.baseUrl)
    if (!url) throw new Error('The Avalanche Node API credential has the Custom network but no Base URL: enter one')
    return url
  }
  return DEFAULT_NODE_URLS[String(credentials.network)] ?? DEFAULT_NODE_URLS.mainnet ?? 'https://api.avax.network'
}

/** A client whose every request goes through the credential of `credentialType`. */
export async function clientFor(fns: AvalancheFunctions, credentialType: string): Promise<AvalancheClient> {
  const credentials = (await fns.getCredentials(credentialType)) as Record<string, unknown>
  const transport = n8nTransport(fns, credentialType)
  if (credentialType === NODE_CREDENTIAL) {
    return createClient({ network: 'custom', nodeUrl: nodeBaseUrl(credentials), transport, sleep: n8nSleep })
  }
  return createClient({
    network: 'custom',
    dataApiUrl: text(credentials.dataApiUrl) ?? DEFAULT_DATA_API_URL,
    metricsApiUrl: text(credentials.metricsApiUrl) ?? DEFAULT_METRICS_API_URL,
    transport,
    sleep: n8nSleep,
  })
}
