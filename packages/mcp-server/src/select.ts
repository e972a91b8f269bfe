import { compositeTools } from './composite.js'
import type { ToolSelection, Toolset } from './config.js'
import { DIRECT_TOOLS } from './direct-tools.js'
import { discoveryTools, type Scope } from './discovery.js'
import { catalogTools, type ToolDefinition, toolName } from './tools.js'

/** VS Code refuses more than 128 tools in one request; no configuration lists more. */
export const MAX_TOOLS = 128

export interface Selected extends Scope {
  /** The listed tools, in `tools/list` order: discovery, composite, then catalog order. */
  tools: ToolDefinition[]
  /** Toolsets that were asked for in full but listed compactly to stay within MAX_TOOLS. */
  collapsed: Toolset[]
}

export interface ToolUniverse {
  catalog: readonly ToolDefinition[]
  composite: readonly ToolDefinition[]
  discovery: readonly ToolDefinition[]
  /** Tool names listed even when their toolset is not expanded. */
  direct: readonly string[]
}

export const defaultUniverse = (): ToolUniverse => ({
  catalog: catalogTools(),
  composite: compositeTools,
  discovery: discoveryTools,
  direct: DIRECT_TOOLS.map(toolName),
})

/**
 * The tools a selection lists and reaches. Listed: the discovery tools, the composite tools of reachable toolsets,
 * the direct tools of reachable toolsets, every operation of expanded toolsets, and every allowed write of a
 * reachable toolset (avalanche_call_operation runs reads only). Reachable: every operation and composite tool of a
 * reachable toolset. What changes something is dropped from both in read-only mode, and outside admin (whose
 * toolset needs --enable-admin) unless writes are enabled. Should the list pass MAX_TOOLS, the largest expanded
 * toolsets have their reads listed compactly instead (still reachable), largest first.
 */
export function selectTools(selection: ToolSelection, universe: ToolUniverse = defaultUniverse()): Selected {
  const allowed = (t: ToolDefinition) =>
    t.annotations.readOnlyHint || (!selection.readOnly && (t.toolset === 'admin' || selection.writes))
  const reach = new Set(selection.reach)
  const expanded = new Set(selection.expanded)
  const direct = new Set(universe.direct)
  const reachable = [...universe.composite, ...universe.catalog].filter((t) => reach.has(t.toolset) && allowed(t))
  const collapsed: Toolset[] = []
  const list = () => [
    ...universe.discovery,
    ...universe.composite.filter((t) => reach.has(t.toolset) && allowed(t)),
    ...universe.catalog.filter(
      (t) =>
        reach.has(t.toolset) &&
        allowed(t) &&
        (expanded.has(t.toolset) || direct.has(t.name) || !t.annotations.readOnlyHint),
    ),
  ]
  let tools = list()
  while (tools.length > MAX_TOOLS && expanded.size) {
    const count = (set: Toolset) => universe.catalog.filter((t) => t.toolset === set).length
    const largest = [...expanded].sort((a, b) => count(b) - count(a))[0] as Toolset
    expanded.delete(largest)
    collapsed.push(largest)
    tools = list()
  }
  if (tools.length > MAX_TOOLS) throw new Error(`${tools.length} tools even with every toolset compact`)
  return {
    tools,
    listed: new Set(tools.map((t) => t.name)),
    reachable: new Map(reachable.map((t) => [t.name, t])),
    collapsed,
  }
}

/** A stable key for a selection (servers and tool lists are cached per selection). */
export function selectionKey(selection: ToolSelection): string {
  return `${selection.reach.join(',')}|${selection.expanded.join(',')}|${selection.readOnly ? 'ro' : 'rw'}|${selection.writes ? 'w' : ''}`
}
