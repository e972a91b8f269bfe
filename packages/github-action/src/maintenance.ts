import * as z from 'zod/mini'

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
const DAY_MS = 86_400_000

const INSTANT = 'expected a UTC time like "2026-11-24T10:00:00Z" (with Z or an offset)'

/** The windows' schemas, built the first time a checks file has maintenance windows (most runs have none). */
let built: ReturnType<typeof buildSchemas> | undefined
const schemas = () => {
  built ??= buildSchemas()
  return built
}
function buildSchemas() {
  const instant = z.pipe(
    z.string({ error: INSTANT }),
    z.transform((text, ctx) => {
      const ms = /(Z|[+-]\d\d:?\d\d)$/.test(text) ? Date.parse(text) : Number.NaN
      if (Number.isNaN(ms)) ctx.issues.push({ code: 'custom', message: INSTANT, input: text })
      return ms
    }),
  )

  /** "HH:MM" (UTC) as minutes since midnight; "24:00" ends a day. */
  const clock = z.pipe(
    z
      .string({ error: 'expected a UTC time of day like "02:30"' })
      .check(z.regex(/^([01]\d|2[0-4]):[0-5]\d$/, { error: 'expected a UTC time of day like "02:30"' })),
    z.transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3))),
  )

  const scope = {
    name: z.optional(z.string().check(z.minLength(1))),
    /** Check ids the window covers; every check when omitted. */
    checks: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  }

  const oneOff = z.strictObject({ ...scope, from: instant, to: instant }).check(
    z.refine((w) => !(Number.isFinite(w.from) && Number.isFinite(w.to)) || w.to > w.from, {
      error: 'to must be after from',
      path: ['to'],
    }),
  )

  const weekly = z.strictObject({
    ...scope,
    weekly: z.strictObject({
      days: z.array(z.enum(DAYS, { error: `expected one of ${DAYS.join(', ')}` })).check(z.minLength(1)),
      from: clock,
      /** Before `from`: the window runs past midnight into the next day. */
      to: clock,
    }),
  })
  return { oneOff, weekly, window: z.union([oneOff, weekly]) }
}

/** One maintenance window of the checks file: a one-off UTC range (`from`, `to`) or a weekly one (`weekly`). */
export const maintenanceWindow = () => schemas().window

/** Validates one window against the form its keys choose, so that the errors name the wrong field. */
export const parseMaintenanceWindow = (entry: unknown) =>
  entry && typeof entry === 'object' && 'weekly' in entry
    ? schemas().weekly.safeParse(entry)
    : schemas().oneOff.safeParse(entry)

export type MaintenanceWindow = z.output<ReturnType<typeof maintenanceWindow>>

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

/** When the window holds `now`, its end (ms); otherwise undefined. */
function endOf(window: MaintenanceWindow, now: number): number | undefined {
  if ('from' in window) return now >= window.from && now < window.to ? window.to : undefined
  const { days, from, to } = window.weekly
  const length = ((to - from + 1440) % 1440 || 1440) * 60_000
  // The window that started today or, running past midnight, yesterday.
  for (const back of [0, 1]) {
    const day = new Date(Math.floor(now / DAY_MS) * DAY_MS - back * DAY_MS)
    if (!days.includes(DAYS[day.getUTCDay()] as (typeof DAYS)[number])) continue
    const start = day.getTime() + from * 60_000
    if (now >= start && now < start + length) return start + length
  }
  return undefined
}

/** The first window covering check `id` at `now`, said for the report ("name until <time>"), or undefined. */
export function activeMaintenance(windows: MaintenanceWindow[], id: string, now: number): string | undefined {
  for (const [i, window] of windows.entries()) {
    if (window.checks && !window.checks.includes(id)) continue
    const end = endOf(window, now)
    if (end !== undefined) return `${window.name ?? `window ${i + 1}`} until ${iso(end)}`
  }
  return undefined
}
