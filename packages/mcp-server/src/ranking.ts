/**
 * How the default configuration's direct tools are chosen, measured on the catalog (not used at run time: the
 * result is committed in direct-tools.ts, and a test checks that it still follows from the catalog).
 *
 * 1. Eligible: read-only, not deprecated, no optional node API (`--index-enabled`, admin), in a toolset the default
 *    reaches (not webhooks: a Data API account's own subscriptions are no first call), and every required
 *    parameter is something a user's question carries (an address, a node ID, a transaction ID or hash, a block ID,
 *    number or height, a chain alias or EVM chain ID) or a closed choice (an enum such as network or blockchainId):
 *    the assistant can call it first, without a lookup.
 * 2. Ranked by fan-out: how many other operations take, as a required parameter, a field its result holds (matched
 *    by name: `nodeID` in a result feeds every operation that needs a `nodeID`). A question rarely ends with one
 *    call; the best first call is the one whose answer opens the most next calls. Ties keep catalog order.
 * 3. Taken in that order while the default `tools/list` stays within 25 tools and 24,000 bytes (1,000 bytes kept
 *    free under the 25 KB goal for wording changes); a tool that would not fit is passed over for the next one.
 */
import type { AnyOperation } from '@avalanche-automation/core'
import * as z from 'zod'
import { DEFAULT_TOOLSETS, toolsetOf } from './toolsets.js'

export const DEFAULT_LIST_MAX_TOOLS = 25
export const DEFAULT_LIST_MAX_BYTES = 24_000

/** Required parameters a user's question carries (lower case, singular). */
const QUESTION_INPUTS = new Set([
  'address',
  'nodeid',
  'txid',
  'txhash',
  'blockid',
  'blocknumber',
  'height',
  'chainid',
  'chain',
  'alias',
])

/** `nodeIDs` → `nodeid`, `addresses` → `address`: one spelling for matching parameters to result fields. */
const normal = (name: string) => {
  const lower = name.toLowerCase()
  if (lower.endsWith('ids')) return lower.slice(0, -1)
  if (/(ss|as)es$/.test(lower)) return lower.slice(0, -2) // addresses, aliases
  return /[^aius]s$/.test(lower) ? lower.slice(0, -1) : lower // not alias, status, address
}

interface Shape {
  required: { name: string; closed: boolean }[]
  outputs: Set<string>
}

function shapeOf(op: AnyOperation): Shape {
  const input = z.toJSONSchema(op.params, { io: 'input', unrepresentable: 'any' }) as {
    required?: string[]
    properties?: Record<string, { enum?: unknown[]; type?: unknown }>
  }
  const outputs = new Set<string>()
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const field of Object.keys(value)) outputs.add(normal(field))
      }
      visit(value)
    }
  }
  visit(z.toJSONSchema(op.result, { io: 'input', unrepresentable: 'any' }))
  const required = (input.required ?? []).map((name) => {
    const property = input.properties?.[name]
    return { name: normal(name), closed: Array.isArray(property?.enum) || property?.type === 'boolean' }
  })
  return { required, outputs }
}

export interface RankedOperation {
  id: string
  fanOut: number
}

/** The eligible operations, most fan-out first (catalog order among equals). */
export function rankDirectOperations(catalog: readonly AnyOperation[]): RankedOperation[] {
  const usable = catalog.filter(
    (op) => op.readOnly && !op.deprecated && !op.requires && DEFAULT_TOOLSETS.includes(toolsetOf(op)),
  )
  const shapes = new Map(usable.map((op) => [op.id, shapeOf(op)]))
  const eligible = usable.filter((op) =>
    shapes.get(op.id)?.required.every((p) => p.closed || QUESTION_INPUTS.has(p.name)),
  )
  return eligible
    .map((op) => {
      const outputs = shapes.get(op.id)?.outputs ?? new Set()
      const fanOut = usable.filter(
        (other) => other !== op && shapes.get(other.id)?.required.some((p) => !p.closed && outputs.has(p.name)),
      ).length
      return { id: op.id, fanOut }
    })
    .sort((a, b) => b.fanOut - a.fanOut)
}

/**
 * The ranked operations taken in order while `measure` (the default list's tool count and bytes with those direct
 * tools) stays within the limits.
 */
export function fitDirectTools(
  ranked: readonly RankedOperation[],
  measure: (ids: readonly string[]) => { tools: number; bytes: number },
): string[] {
  const chosen: string[] = []
  for (const { id } of ranked) {
    const size = measure([...chosen, id])
    if (size.tools <= DEFAULT_LIST_MAX_TOOLS && size.bytes <= DEFAULT_LIST_MAX_BYTES) chosen.push(id)
  }
  return chosen
}
