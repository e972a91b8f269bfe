import { parseArgs } from 'node:util'
import { type ApiKeyTier, LIVE_RATE_LIMITS } from './data/rate-limit.js'
import type { FaultOptions, FaultRate } from './faults.js'
import { type DevnetOptions, NUMERIC_OPTIONS } from './options.js'

export const USAGE = `Usage: avalanche-devnet [options]

Starts a deterministic local simulator of an Avalanche node (network 12345) and prints its URL.

Options:
${NUMERIC_OPTIONS.map((o) => `  ${`${o.flag} <n>`.padEnd(26)}${o.describe} (${o.min}-${o.max}, default ${o.defaultText ?? o.default})`).join('\n')}
  --cortina-at-genesis      no DAG era, like a local network (same as --x-dag-txs 0)
  --host <address>          bind address (default 127.0.0.1)
  --admin                   serve /ext/admin (like --api-admin-enabled)
  --index                   serve /ext/index/* (like --index-enabled)
  --bootstrapping           chains answer 503 "not done bootstrapping"

Data API and Metrics API (served on the same port, /v1/... and /v2/...):
  --api-key <key>[:tier]    accept this Data API key (tier full or limited, default full); repeatable
  --live-rate-limits        use the live budgets (6,000 compute units a minute without a key ...)
  --no-rate-limits          never answer 429 on its own
  --no-quirks               answer exactly as the OpenAPI descriptions say (default: like the live service,
                            which leaves out some required fields and types some numbers as strings)

Faults (each fires on every Nth request with --<fault>-every, or on the first N with --<fault>-first):
  --latency-ms <ms>         add latency (with --latency-every/--latency-first, else every request)
  --reset-every/-first <n>  cut the connection mid-body
  --rate-limit-every/-first <n>   429 with retry-after (--retry-after <s>, default 1)
  --http-error-every/-first <n>   5xx (--http-error-status 500|502|503|504, --http-error-body html|text|json)
  --truncate-every/-first <n>     200 with a truncated JSON body
  --bootstrapping-every/-first <n>  the node's bootstrapping 503
  --fault-paths <p1,p2>     only fault requests whose path starts with one of these prefixes
  --halt <chains>           chains that stop advancing with --block-interval: P,X,C or all

  -h, --help                show this help
`

/** A bad command line: the CLI prints it and exits with code 2. */
export class UsageError extends Error {}

const FAULT_FLAGS = ['latency', 'reset', 'rate-limit', 'http-error', 'truncate', 'bootstrapping'] as const

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max} (got "${text}")`)
  }
  return value
}

/** A duration in ms from `250ms`, `2s`, `1m` or a plain number of milliseconds. */
function duration(flag: string, text: string | undefined, maxMs: number): number | undefined {
  if (text === undefined) return undefined
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim())
  const unit: Record<string, number> = { ms: 1, s: 1_000, m: 60_000 }
  const ms = match ? Math.round(Number(match[1]) * (unit[match[2] ?? 'ms'] as number)) : Number.NaN
  if (!(ms >= 0 && ms <= maxMs)) {
    throw new UsageError(
      `${flag} must be a duration such as 500ms, 2s or 1m, at most ${maxMs / 60_000} m (got "${text}")`,
    )
  }
  return ms
}

/** Parses the command line into devnet options ('help' for -h/--help). */
export function parseCliArgs(argv: string[]): DevnetOptions | 'help' {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    host: { type: 'string' },
    admin: { type: 'boolean' },
    index: { type: 'boolean' },
    bootstrapping: { type: 'boolean' },
    'cortina-at-genesis': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    'latency-ms': { type: 'string' },
    'retry-after': { type: 'string' },
    'http-error-status': { type: 'string' },
    'http-error-body': { type: 'string' },
    'fault-paths': { type: 'string' },
    'api-key': { type: 'string', multiple: true },
    'live-rate-limits': { type: 'boolean' },
    'no-rate-limits': { type: 'boolean' },
    'no-quirks': { type: 'boolean' },
    halt: { type: 'string' },
  }
  for (const o of NUMERIC_OPTIONS) options[o.flag.slice(2)] = { type: 'string' }
  for (const f of FAULT_FLAGS) {
    options[`${f}-every`] = { type: 'string' }
    options[`${f}-first`] = { type: 'string' }
  }
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return 'help'
  const str = (name: string) => values[name] as string | undefined

  const result: DevnetOptions = {
    admin: values.admin === true,
    index: values.index === true,
    bootstrapping: values.bootstrapping === true,
  }
  const host = str('host')
  if (host !== undefined) result.host = host
  if (values['cortina-at-genesis'] === true) result.cortinaAtGenesis = true
  for (const o of NUMERIC_OPTIONS) {
    const text = str(o.flag.slice(2))
    const value = o.key === 'blockInterval' ? duration(o.flag, text, o.max) : integer(o.flag, text, o.min, o.max)
    if (value !== undefined) result[o.key] = value
  }

  const paths = str('fault-paths')
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const rate = (name: string): FaultRate | undefined => {
    const every = integer(`--${name}-every`, str(`${name}-every`), 1, 1_000_000_000)
    const first = integer(`--${name}-first`, str(`${name}-first`), 0, 1_000_000_000)
    if (every === undefined && first === undefined) return undefined
    const out: FaultRate = {}
    if (every !== undefined) out.every = every
    if (first !== undefined) out.first = first
    if (paths) out.paths = paths
    return out
  }
  const faults: FaultOptions = {}
  const latencyMs = integer('--latency-ms', str('latency-ms'), 0, 600_000)
  if (latencyMs !== undefined) faults.latency = { ...(rate('latency') ?? (paths ? { paths } : {})), ms: latencyMs }
  else if (rate('latency')) throw new UsageError('--latency-every/--latency-first need --latency-ms')
  const reset = rate('reset')
  if (reset) faults.reset = reset
  const rateLimit = rate('rate-limit')
  if (rateLimit) {
    const retryAfter = integer('--retry-after', str('retry-after'), 0, 86_400)
    faults.rateLimit = retryAfter === undefined ? rateLimit : { ...rateLimit, retryAfter }
  }
  const httpError = rate('http-error')
  if (httpError) {
    const status = str('http-error-status')
    if (status !== undefined && !['500', '502', '503', '504'].includes(status)) {
      throw new UsageError(`--http-error-status must be 500, 502, 503 or 504 (got "${status}")`)
    }
    const body = str('http-error-body')
    if (body !== undefined && body !== 'html' && body !== 'text' && body !== 'json') {
      throw new UsageError(`--http-error-body must be html, text or json (got "${body}")`)
    }
    faults.httpError = {
      ...httpError,
      ...(status ? { status: Number(status) as 500 | 502 | 503 | 504 } : {}),
      ...(body ? { body } : {}),
    }
  }
  const truncate = rate('truncate')
  if (truncate) faults.truncate = truncate
  const bootstrapping = rate('bootstrapping')
  if (bootstrapping) faults.bootstrapping = bootstrapping
  const halt = str('halt')
  if (halt !== undefined) {
    const chains = halt.toUpperCase() === 'ALL' ? ['P', 'X', 'C'] : halt.split(',').map((c) => c.trim().toUpperCase())
    if (chains.length === 0 || !chains.every((c) => c === 'P' || c === 'X' || c === 'C')) {
      throw new UsageError(`--halt must be "all" or a list of chains from P, X, C, e.g. "P,X" (got "${halt}")`)
    }
    faults.halt = chains as ('P' | 'X' | 'C')[]
  }
  if (Object.keys(faults).length > 0) result.faults = faults

  const keys = values['api-key'] as string[] | undefined
  if (keys?.length) {
    const apiKeys: Record<string, ApiKeyTier> = {}
    for (const entry of keys) {
      const colon = entry.lastIndexOf(':')
      const tier = colon > 0 ? entry.slice(colon + 1) : 'full'
      const key = colon > 0 ? entry.slice(0, colon) : entry
      if (!key || (tier !== 'full' && tier !== 'limited')) {
        throw new UsageError(`--api-key must be <key> or <key>:full or <key>:limited (got "${entry}")`)
      }
      apiKeys[key] = tier
    }
    result.apiKeys = apiKeys
  }
  if (values['live-rate-limits'] && values['no-rate-limits']) {
    throw new UsageError('--live-rate-limits and --no-rate-limits exclude each other')
  }
  if (values['live-rate-limits']) result.rateLimits = { ...LIVE_RATE_LIMITS }
  if (values['no-rate-limits']) result.rateLimits = false
  if (values['no-quirks']) result.quirks = false
  return result
}
