import { describe, expect, it } from 'vitest'
import { ConfigError, parseChecksFile } from './config.js'
import { activeMaintenance } from './maintenance.js'

const FILE = `
checks:
  - { id: ready, kind: health }
  - { id: boot, kind: bootstrapped }
maintenance:
  - name: node upgrade
    from: 2026-11-24T10:00:00Z
    to: 2026-11-24T12:00:00Z
    checks: [ready]
  - name: sunday restart
    weekly: { days: [sunday], from: "23:30", to: "01:00" }
`

const at = (iso: string) => Date.parse(iso)

describe('maintenance windows', () => {
  it('one-off ranges for some checks, weekly windows (past midnight) for all, in UTC', async () => {
    const { checks, maintenance } = await parseChecksFile(FILE, 'checks.yml')
    expect(checks.map((c) => c.id)).toEqual(['ready', 'boot'])
    expect(activeMaintenance(maintenance, 'ready', at('2026-11-24T11:00:00Z'))).toBe(
      'node upgrade until 2026-11-24T12:00:00Z',
    )
    expect(activeMaintenance(maintenance, 'boot', at('2026-11-24T11:00:00Z'))).toBeUndefined()
    expect(activeMaintenance(maintenance, 'ready', at('2026-11-24T12:00:00Z'))).toBeUndefined()
    // 2026-11-22 is a Sunday: the window runs 23:30 Sunday to 01:00 Monday.
    expect(activeMaintenance(maintenance, 'boot', at('2026-11-22T23:45:00Z'))).toBe(
      'sunday restart until 2026-11-23T01:00:00Z',
    )
    expect(activeMaintenance(maintenance, 'boot', at('2026-11-23T00:59:00Z'))).toBe(
      'sunday restart until 2026-11-23T01:00:00Z',
    )
    expect(activeMaintenance(maintenance, 'boot', at('2026-11-23T01:00:00Z'))).toBeUndefined()
    expect(activeMaintenance(maintenance, 'boot', at('2026-11-23T23:45:00Z'))).toBeUndefined()
  })

  it('bad windows name the window, the field and the fix', async () => {
    const problems = async (text: string) => {
      try {
        await parseChecksFile(text, 'checks.yml')
      } catch (error) {
        if (error instanceof ConfigError) return error.problems
      }
      throw new Error('expected a ConfigError')
    }
    const checks = 'checks:\n  - { id: ready, kind: health }\n'
    expect(
      await problems(`${checks}maintenance:\n  - { from: "2026-11-24 10:00", to: 2026-11-24T12:00:00Z }\n`),
    ).toEqual([
      'checks.yml: maintenance[0]: from: expected a UTC time like "2026-11-24T10:00:00Z" (with Z or an offset)',
    ])
    expect(
      await problems(`${checks}maintenance:\n  - { from: 2026-11-24T12:00:00Z, to: 2026-11-24T10:00:00Z }\n`),
    ).toEqual(['checks.yml: maintenance[0]: to: to must be after from'])
    expect(
      await problems(
        `${checks}maintenance:\n  - { weekly: { days: [sun], from: "2:00", to: "03:00" }, checks: [nope] }\n`,
      ),
    ).toEqual([
      'checks.yml: maintenance[0]: weekly.days.0: expected one of sunday, monday, tuesday, wednesday, thursday, friday, saturday',
      'checks.yml: maintenance[0]: weekly.from: expected a UTC time of day like "02:30"',
    ])
    expect(
      await problems(
        `${checks}maintenance:\n  - { weekly: { days: [sunday], from: "02:00", to: "03:00" }, checks: [nope] }\n`,
      ),
    ).toEqual(['checks.yml: maintenance[0]: checks: no check has id "nope"'])
    expect(await problems(`${checks}maintainance: []\n`)).toEqual([
      'checks.yml: maintainance: unknown key; a checks file has checks and maintenance',
    ])
  })
})
