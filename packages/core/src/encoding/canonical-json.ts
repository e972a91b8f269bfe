import { InvalidEncodingError } from '../errors.js'

/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): the form the Webhooks API signs (builders-hub webhook-api/
 * webhooks-signature.mdx, `json-canonicalize`). Object keys sorted by their UTF-16 code units (section 3.2.3; JS
 * string comparison is exactly that), numbers as ECMAScript's Number::toString (3.2.2.3; `JSON.stringify` of a
 * finite number), strings with only `"`, `\` and control characters escaped (3.2.2.2), no whitespace.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidEncodingError(`${value} has no JSON form (RFC 8785 3.2.2.3)`)
    return JSON.stringify(value) // ECMAScript Number::toString; -0 becomes 0
  }
  if (typeof value === 'string') return canonicalString(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${canonicalString(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  throw new InvalidEncodingError(`a ${typeof value} has no JSON form`)
}

/** Lone surrogates are not I-JSON (RFC 7493 2.1), which JCS requires: refused rather than escaped. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function canonicalString(text: string): string {
  if (LONE_SURROGATE.test(text)) {
    throw new InvalidEncodingError('a string holds a lone UTF-16 surrogate (not I-JSON, RFC 8785 3.2.2.2)')
  }
  // JSON.stringify escapes exactly `"`, `\` and U+0000..U+001F (\b \t \n \f \r, else \u00xx in lower case).
  return JSON.stringify(text)
}
