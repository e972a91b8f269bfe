import type { AvalancheClient } from '@avalanche-automation/core'
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow'
import type { Locator } from './operations'
import { toNodeError } from './output'
import { clientFor, DATA_CREDENTIAL, NODE_CREDENTIAL } from './transport'

/** The most webhooks the list offers (a page of 100 is one request; the account's plan caps how many it has). */
const WEBHOOKS_LISTED = 500

type Search = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>

/** A list search: the entries `load` reads with the credential, those containing the typed filter, by name. */
function search(credential: string, load: (client: AvalancheClient) => Promise<INodeListSearchItems[]>): Search {
  return async function (this: ILoadOptionsFunctions, filter?: string) {
    try {
      const needle = filter?.trim().toLowerCase()
      const items = await load(await clientFor(this, credential))
      const results = needle
        ? items.filter((i) => i.name.toLowerCase().includes(needle) || String(i.value).toLowerCase().includes(needle))
        : items
      return { results: results.sort((a, b) => a.name.localeCompare(b.name)) }
    } catch (error) {
      throw toNodeError(this.getNode(), error, 0)
    }
  }
}

/** The node's `methods.listSearch`: one search per resource locator kind. */
export const listSearch: Record<Locator, Search> = {
  searchEvmChains: search(DATA_CREDENTIAL, async (client) =>
    ((await client.data.listChains()).chains ?? []).map((c) => ({
      name: `${c.chainName} (${c.chainId})`,
      value: c.chainId,
    })),
  ),
  searchBlockchains: search(NODE_CREDENTIAL, async (client) =>
    (await client.platform.getBlockchains()).blockchains.map((c) => ({ name: `${c.name} (${c.id})`, value: c.id })),
  ),
  searchWebhooks: search(DATA_CREDENTIAL, async (client) => {
    const webhooks: INodeListSearchItems[] = []
    for await (const w of client.data.listWebhooks.items({}, { limit: WEBHOOKS_LISTED })) {
      webhooks.push({ name: `${w.name || w.url || w.id} (${w.status ?? 'status unknown'})`, value: w.id })
    }
    return webhooks
  }),
}
