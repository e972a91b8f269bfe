/**
 * Stands in for `crypto` in @actions/core's file commands (tsdown.config.ts), which import it for one call:
 * `randomUUID()`, the delimiter of each output written to $GITHUB_OUTPUT. Loading node:crypto costs a run 4-5 ms of CPU
 * (bench/results/client-profile.md); 16 bytes of /dev/urandom are the same randomness on Linux and macOS runners, and
 * where there is no /dev/urandom (Windows) node:crypto is loaded after all.
 */
import { closeSync, openSync, readSync } from 'node:fs'

export function randomUUID(): string {
  const bytes = urandom(16)
  if (!bytes) return process.getBuiltinModule('node:crypto').randomUUID()
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40 // version 4
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80 // the RFC 9562 variant
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function urandom(length: number): Buffer | undefined {
  let fd: number
  try {
    fd = openSync('/dev/urandom', 'r')
  } catch {
    return undefined
  }
  try {
    const bytes = Buffer.alloc(length)
    return readSync(fd, bytes, 0, length, null) === length ? bytes : undefined
  } finally {
    closeSync(fd)
  }
}
