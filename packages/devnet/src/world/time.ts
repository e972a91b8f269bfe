/** Go's time.RFC3339Nano in UTC: fraction with trailing zeros trimmed, omitted when zero. */
export function rfc3339Nano(seconds: number, nanos = 0): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19)
  if (nanos === 0) return `${base}Z`
  return `${base}.${String(nanos).padStart(9, '0').replace(/0+$/, '')}Z`
}

/** Go's time.RFC3339 (second precision), as used by health timestamps and peer times. */
export function rfc3339(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`
}
