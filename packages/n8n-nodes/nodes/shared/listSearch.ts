import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow'
import type { Locator } from './operations'
import { toNodeError } from './output'
import { clientFor, DATA_CREDENTIAL, NODE_CREDENTIAL } from './transport'

/** Keeps the items whose name or ID contains the typed filter (case-insensitive), in name order. */
function matching(items: INodeListSearchItems[], filter: string | undefined): INodeListSearchResult {
  const needle = filter?.trim().toLowerCase()
  const results = needle
    ? items.filter((i) => i.name.toLowerCase().includes(needle) || String(i.value).toLowerCase().includes(needle))
    : items
  return { results: results.sort((a, b) => a.name.localeCompare(b.name)) }
}

async function searchEvmChains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
  try {
    const client = await clientFor(this, DATA_CREDENTIAL)
    const { chains } = await client.data.listChains()
    return matching(
      chains.map((c) => ({ name: `${c.chainName} (${c.chainId})`, value: c.chainId })),
      filter,
    )
  } catch (error) {
    throw toNodeError(this.getNode(), error, 0)
  }
}

async function searchBlockchains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
  try {
    const client = await clientFor(this, NODE_CREDENTIAL)
    const { blockchains: chains } = await client.platform.getBlockchains()
    return matching(
      chains.map((c) => ({ name: `${c.name} (${c.id})`, value: c.id })),
      filter,
    )
  } catch (error) {
    throw toNodeError(this.getNode(), error, 0)
  }
}

/** The node's `methods.listSearch`: one search per resource locator kind. */
export const listSearch: Record<
  Locator,
  (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>
> = { searchEvmChains, searchBlockchains }
