import { canonicalJson } from './encoding/canonical-json.js'
import { nodeCrypto } from './encoding/hash.js'
import { AvalancheError, InvalidParamsError } from './errors.js'

/**
 * The two ways the `x-signature` header of a webhook delivery is computed (data-api.md 0c):
 * - `canonical`, the service's documentation (builders-hub webhook-api/webhooks-signature.mdx): base64 of
 *   HMAC-SHA256 keyed by the shared secret decoded from hex, over the RFC 8785 canonical JSON of the payload;
 * - `raw`, the official SDK (`@avalanche-sdk/chainkit` hooks/webhook-security.ts, used by `validateWebhook`): base64
 *   of HMAC-SHA256 keyed by the secret's UTF-8 bytes, over the body exactly as received.
 */
export type WebhookSignatureScheme = 'canonical' | 'raw'

export type WebhookSignatureProblem = 'missing' | 'malformed' | 'mismatch'

/** A webhook delivery whose `x-signature` header is absent, not a base64 HMAC-SHA256, or not made with the secret. */
export class WebhookSignatureError extends AvalancheError {
  static override readonly errorName = 'WebhookSignatureError'
  readonly problem: WebhookSignatureProblem
  constructor(problem: WebhookSignatureProblem, message: string) {
    super('WEBHOOK_SIGNATURE', message)
    this.problem = problem
  }
}

/** The header's name (lower case, as Node reports request headers). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature'

/** Standard base64 of 32 bytes: 43 characters and one `=` (the padding may be left out). */
const BASE64_32 = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=?$/
const HEX = /^(?:[0-9a-fA-F]{2})+$/

/** The `x-signature` value for `rawBody` under one scheme (the devnet signs with it; tests forge with it). */
export function signWebhookPayload(
  rawBody: string | Uint8Array,
  secret: string,
  scheme: WebhookSignatureScheme = 'canonical',
): string {
  const mac = scheme === 'canonical' ? canonicalMac(rawBody, secret) : rawMac(rawBody, secret)
  if (!mac) {
    throw new InvalidParamsError('signWebhookPayload', [
      { path: 'rawBody', message: 'the canonical scheme needs a JSON body and a hex secret' },
    ])
  }
  return mac.toString('base64')
}

/**
 * Checks the `x-signature` header of a webhook delivery against the body as received and the account's shared secret
 * (data.getSharedSecret), accepting either scheme the service is documented to use, compared in constant time.
 * Answers the scheme that matched; throws WebhookSignatureError saying whether the header was missing, malformed
 * or made with another secret or body. Neither the secret nor the header appears in any message.
 *
 * @example
 * // In the receiver, with the body as raw text (express.text({ type: '*\/*' }) or the raw request stream):
 * verifyWebhookSignature(body, request.headers['x-signature'], secret)
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string,
): WebhookSignatureScheme {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new InvalidParamsError('verifyWebhookSignature', [
      { path: 'secret', message: "expected the account's shared secret (data.getSharedSecret), a non-empty string" },
    ])
  }
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new InvalidParamsError('verifyWebhookSignature', [
      { path: 'rawBody', message: 'expected the request body as received (a string or bytes), not parsed JSON' },
    ])
  }
  const header = Array.isArray(signatureHeader) ? signatureHeader : [signatureHeader]
  const values = header.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
  if (values.length === 0) {
    throw new WebhookSignatureError('missing', `The webhook request has no ${WEBHOOK_SIGNATURE_HEADER} header`)
  }
  if (values.length > 1) {
    throw new WebhookSignatureError(
      'malformed',
      `The webhook request has ${values.length} ${WEBHOOK_SIGNATURE_HEADER} headers; expected one`,
    )
  }
  const text = (values[0] as string).trim()
  if (!BASE64_32.test(text)) {
    throw new WebhookSignatureError(
      'malformed',
      `The ${WEBHOOK_SIGNATURE_HEADER} header is not a base64 HMAC-SHA256 (44 characters of standard base64)`,
    )
  }
  const given = Buffer.from(text, 'base64')
  // Both schemes are always computed and compared, so the time taken says nothing of which one came close.
  const canonical = canonicalMac(rawBody, secret)
  const raw = rawMac(rawBody, secret)
  const { timingSafeEqual } = nodeCrypto()
  const canonicalMatch = canonical ? timingSafeEqual(given, canonical) : false
  const rawMatch = timingSafeEqual(given, raw)
  if (canonicalMatch) return 'canonical'
  if (rawMatch) return 'raw'
  throw new WebhookSignatureError(
    'mismatch',
    `The ${WEBHOOK_SIGNATURE_HEADER} header does not match the body under this secret (neither the documented canonical-JSON scheme nor the SDK's raw-body scheme): the body was changed, or it was signed with another (e.g. rotated) secret`,
  )
}

/** The documented scheme; undefined when the secret is not hex or the body not JSON (then only `raw` applies). */
function canonicalMac(rawBody: string | Uint8Array, secret: string): Buffer | undefined {
  if (!HEX.test(secret)) return undefined
  let payload: unknown
  try {
    payload = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'))
  } catch {
    return undefined
  }
  let canonical: string
  try {
    canonical = canonicalJson(payload)
  } catch {
    return undefined
  }
  return nodeCrypto().createHmac('sha256', Buffer.from(secret, 'hex')).update(canonical, 'utf8').digest()
}

function rawMac(rawBody: string | Uint8Array, secret: string): Buffer {
  return nodeCrypto().createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody).digest()
}
