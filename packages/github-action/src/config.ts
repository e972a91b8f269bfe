import { parse as parseYaml } from 'yaml'
import * as z from 'zod/mini'
import { checkKinds, findKind } from './checks/index.js'
import type { CheckKind } from './checks/types.js'
import { type MaintenanceWindow, parseMaintenanceWindow } from './maintenance.js'
import { duration } from './units.js'

/** Fields every check has, whatever its kind. */
export const common = z.strictObject({
  id: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'expected letters, digits, ".", "_" or "-", e.g. "p-chain-progress"' }),
    ),
  kind: z.string(),
  name: z.optional(z.string().check(z.minLength(1))),
  severity: z._default(z.enum(['error', 'warning'], { error: 'expected error or warning' }), 'error'),
  timeout: z._default(duration, 30_000),
})

export type Severity = 'error' | 'warning'

export interface CheckSpec {
  id: string
  kind: CheckKind
  name: string | undefined
  severity: Severity
  /** Milliseconds for the whole check, retries and windows included. */
  timeout: number
  /** The kind's own fields, validated and with defaults applied. */
  fields: unknown
}

/** A checks file that does not validate; `problems` lists each check, field and fix, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Invalid checks:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const COMMON_KEYS = Object.keys(common.shape)

/** `0x52C8…` stays text: addresses, hashes and tokens are hex, and YAML would read them as (huge) integers. */
const keepHexAsText = (tags: unknown[]) =>
  tags.filter((t) => {
    const tag = t as { tag?: string; format?: string }
    return !(tag.tag === 'tag:yaml.org,2002:int' && (tag.format === 'HEX' || tag.format === 'OCT'))
  }) as never

/** Parses YAML (or JSON) checks: a list, or `{ checks: [...] }`. Rejects with a ConfigError naming every problem. */
export async function parseChecks(text: string, source = 'checks'): Promise<CheckSpec[]> {
  return (await parseChecksFile(text, source)).checks
}

/** A checks file: its checks and its maintenance windows (UTC). */
export interface ChecksFile {
  checks: CheckSpec[]
  maintenance: MaintenanceWindow[]
}

const FILE_KEYS = ['$schema', 'checks', 'maintenance']

/** Parses a checks file: a list of checks, or `{checks, maintenance}`. Rejects with a ConfigError naming every problem. */
export async function parseChecksFile(text: string, source = 'checks'): Promise<ChecksFile> {
  let document: unknown
  try {
    document = parseYaml(text, { customTags: keepHexAsText })
  } catch (error) {
    throw new ConfigError([`${source}: not valid YAML: ${(error as Error).message.split('\n')[0]}`])
  }
  const file = Array.isArray(document) ? { checks: document } : ((document ?? {}) as Record<string, unknown>)
  const list = file.checks
  if (!Array.isArray(list) || list.length === 0) {
    throw new ConfigError([
      `${source}: expected a list of checks (or "checks:" with a list), each with an id and a kind`,
    ])
  }
  const unknown = Object.keys(file).filter((key) => !FILE_KEYS.includes(key))
  if (unknown.length) {
    throw new ConfigError(
      unknown.map((key) => `${source}: ${key}: unknown key; a checks file has checks and maintenance`),
    )
  }
  const checks = await validateChecks(list, source)
  return { checks, maintenance: validateMaintenance(file.maintenance, checks, source) }
}

function validateMaintenance(raw: unknown, checks: CheckSpec[], source: string): MaintenanceWindow[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) throw new ConfigError([`${source}: maintenance: expected a list of windows`])
  const problems: string[] = []
  const windows: MaintenanceWindow[] = []
  const ids = new Set(checks.map((c) => c.id))
  for (const [i, entry] of raw.entries()) {
    const label = `${source}: maintenance[${i}]`
    const parsed = parseMaintenanceWindow(entry)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.')
        problems.push(`${label}: ${field ? `${field}: ` : ''}${issue.message}`)
      }
      continue
    }
    for (const id of parsed.data.checks ?? []) {
      if (!ids.has(id)) problems.push(`${label}: checks: no check has id "${id}"`)
    }
    windows.push(parsed.data)
  }
  if (problems.length) throw new ConfigError(problems)
  return windows
}

/**
 * Validates checks (entries as parsed from YAML), loading first what their kinds need for it (a `call` check: the
 * catalog). Rejects with a ConfigError naming every problem.
 */
export async function validateChecks(list: unknown[], source = 'checks'): Promise<CheckSpec[]> {
  const named = new Set(list.map((entry) => (entry as { kind?: unknown } | null)?.kind))
  await Promise.all(checkKinds.filter((kind) => named.has(kind.kind)).map((kind) => kind.prepare?.()))
  const problems: string[] = []
  const specs: CheckSpec[] = []
  const ids = new Set<string>()
  for (const [i, raw] of list.entries()) {
    const entry = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined
    const label = `${source}[${i}]${typeof entry?.id === 'string' ? ` (id "${entry.id}")` : ''}`
    if (!entry) {
      problems.push(`${label}: expected a mapping with id, kind and the kind's fields`)
      continue
    }
    const kind = typeof entry.kind === 'string' ? findKind(entry.kind) : undefined
    if (!kind) {
      problems.push(
        `${label}: kind: ${entry.kind === undefined ? 'missing' : `unknown kind ${JSON.stringify(entry.kind)}`}; use one of ${checkKinds.map((k) => k.kind).join(', ')}`,
      )
      continue
    }
    const base: Record<string, unknown> = {}
    const own: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(entry)) (COMMON_KEYS.includes(key) ? base : own)[key] = value
    const head = common.safeParse(base)
    const body = kind.fields.safeParse(own)
    const known = [...COMMON_KEYS, ...fieldNames(kind)].join(', ')
    for (const issue of [...(head.error?.issues ?? []), ...(body.error?.issues ?? [])]) {
      const field = issue.path.join('.')
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          problems.push(`${label}: ${key}: unknown field for kind ${kind.kind}; fields: ${known}`)
      } else if (issue.code !== 'custom' && issue.path.length === 1 && entry[String(issue.path[0])] === undefined) {
        problems.push(`${label}: ${field}: required for kind ${kind.kind}`)
      } else problems.push(`${label}: ${field ? `${field}: ` : ''}${issue.message}`)
    }
    if (!head.success || !body.success) continue
    if (ids.has(head.data.id)) {
      problems.push(`${label}: id: "${head.data.id}" is used twice; ids must be unique`)
      continue
    }
    ids.add(head.data.id)
    specs.push({
      id: head.data.id,
      kind,
      name: head.data.name,
      severity: head.data.severity,
      timeout: head.data.timeout,
      fields: body.data,
    })
  }
  if (problems.length) throw new ConfigError(problems)
  return specs
}

function fieldNames(kind: CheckKind): string[] {
  let schema = kind.fields as unknown as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown } }
  // Unwrap refinements and pipes down to the strict object.
  for (let i = 0; i < 5 && !schema.shape; i++) schema = (schema.def?.in ?? schema.def?.schema ?? {}) as typeof schema
  return Object.keys(schema.shape ?? {})
}
