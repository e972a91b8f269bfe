import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { InvalidParamsError } from './errors.js'
import { signWebhookPayload, verifyWebhookSignature, WebhookSignatureError } from './webhook-signature.js'

// The secret of the documentation's example (builders-hub webhook-api/webhooks-signature.mdx).
const SECRET = 'c13cc017c4ed63bcc842c8edfb49df37512280326a32826de3b885340b8a3d53'
const BODY =
  '{ "webhookId": "w-1", "eventType": "address_activity", "messageId": "m-1", "event": {"transaction": {"value": "1", "blockNumber": "7"}} }'
const CANONICAL =
  '{"event":{"transaction":{"blockNumber":"7","value":"1"}},"eventType":"address_activity","messageId":"m-1","webhookId":"w-1"}'

/** The documentation's Node sample: HMAC keyed by the hex-decoded secret over the canonical payload. */
const docsSignature = (secret: string, canonical: string) =>
  createHmac('sha256', Buffer.from(secret, 'hex')).update(canonical).digest('base64')

/** chainkit's WebhookSecurity.sign: WebCrypto HMAC keyed by the secret's UTF-8 bytes over the body bytes. */
async function chainkitSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))
  return btoa(String.fromCharCode(...mac))
}

function problem(run: () => unknown): WebhookSignatureError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError)
    return error as WebhookSignatureError
  }
  throw new Error('expected a WebhookSignatureError')
}

describe('verifyWebhookSignature', () => {
  test("accepts the documented scheme (hex key, RFC 8785 payload) whatever the body's key order and spacing", () => {
    const header = docsSignature(SECRET, CANONICAL)
    expect(verifyWebhookSignature(BODY, header, SECRET)).toBe('canonical')
    expect(verifyWebhookSignature(Buffer.from(BODY), [header], SECRET)).toBe('canonical')
    expect(signWebhookPayload(BODY, SECRET)).toBe(header)
  })

  test("accepts chainkit's scheme (UTF-8 key, raw body), also with a secret that is not hex", async () => {
    expect(verifyWebhookSignature(BODY, await chainkitSignature(SECRET, BODY), SECRET)).toBe('raw')
    expect(verifyWebhookSignature(BODY, await chainkitSignature('not hex!', BODY), 'not hex!')).toBe('raw')
    expect(signWebhookPayload(BODY, SECRET, 'raw')).toBe(await chainkitSignature(SECRET, BODY))
  })

  test('a forged signature (another secret, or a changed body) is a mismatch', async () => {
    const forged = docsSignature('00'.repeat(32), CANONICAL)
    expect(problem(() => verifyWebhookSignature(BODY, forged, SECRET)).problem).toBe('mismatch')
    const changed = BODY.replace('"1"', '"2"')
    expect(problem(() => verifyWebhookSignature(changed, docsSignature(SECRET, CANONICAL), SECRET)).problem).toBe(
      'mismatch',
    )
    // The raw scheme covers the bytes: re-spacing breaks it.
    const raw = await chainkitSignature(SECRET, BODY)
    expect(problem(() => verifyWebhookSignature(BODY.replace(' ', '  '), raw, SECRET)).problem).toBe('mismatch')
  })

  test('a missing header and a malformed one are told apart; neither message holds the secret or the header', () => {
    for (const header of [undefined, null, '', '  ', []]) {
      const error = problem(() => verifyWebhookSignature(BODY, header as never, SECRET))
      expect(error.problem).toBe('missing')
      expect(error.message).toMatch(/no x-signature header/)
    }
    const good = docsSignature(SECRET, CANONICAL)
    for (const header of ['abc', `${good}AAAA`, good.replace(/[A-Za-z]/, '-'), 'sha256=abc', [good, good]]) {
      const error = problem(() => verifyWebhookSignature(BODY, header, SECRET))
      expect(error.problem, String(header)).toBe('malformed')
      expect(error.message).not.toContain(SECRET)
      expect(error.message).not.toContain(good)
    }
    // Unpadded base64 of the right signature is still that signature.
    expect(verifyWebhookSignature(BODY, good.replace(/=$/, ''), SECRET)).toBe('canonical')
  })

  test('an empty secret or a parsed body is refused, naming the input', () => {
    expect(() => verifyWebhookSignature(BODY, 'x', '')).toThrow(InvalidParamsError)
    expect(() => verifyWebhookSignature(JSON.parse(BODY), 'x', SECRET)).toThrow(
      /rawBody: expected the request body as received/,
    )
  })
})
