/** Go's time.RFC3339Nano in UTC: fraction with trailing zeros trimmed, omitted when zero. */
export function rfc3339Nano(seconds: number, nanos = 0): string {
  const base = secondsText(seconds)
  if (nanos === 0) return `${base}Z`
  // Trailing zeros trimmed by arithmetic: the index writes one timestamp a container, and a regex cost a tenth of it.
  let fraction = nanos
  let digits = 9
  while (fraction % 10 === 0) {
    fraction /= 10
    digits--
  }
  return `${base}.${String(fraction).padStart(digits, '0')}Z`
}

/** Go's time.RFC3339 (second precision), as used by health timestamps and peer times. */
export function rfc3339(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`
}

/** `YYYY-MM-DDTHH:MM:SS` of a unix time; the last one is kept, as an index page's containers share their seconds. */
let lastSeconds = Number.NaN
let lastText = ''
function secondsText(seconds: number): string {
  if (seconds !== lastSeconds) {
    lastText = new Date(seconds * 1000).toISOString().slice(0, 19)
    lastSeconds = seconds
  }
  return lastText
}
