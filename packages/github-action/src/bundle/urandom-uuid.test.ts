import { expect, test } from 'vitest'
import { randomUUID } from './urandom-uuid.js'

test('randomUUID gives version 4 UUIDs from /dev/urandom, never the same twice', () => {
  const ids = Array.from({ length: 1000 }, randomUUID)
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(new Set(ids).size).toBe(ids.length)
  // 122 random bits each: across 1,000 of them the first hex digit takes all 16 values
  const digits = new Set(ids.map((id) => id[0]))
  expect(digits.size).toBe(16)
})
