/**
 * The first `length` bytes of a response body as UTF-8 text, without a leading byte order mark, as undici's
 * `body.text()` and fetch's `text()` decode it: both transports then hand the same text to JSON.parse.
 */
export function utf8Text(bytes: Buffer, length: number): string {
  const start = length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  return bytes.toString('utf8', start, length)
}
