/** Removes secrets from text that may reach a log, an error message or adapter output. */
const REDACTED = '[REDACTED]'
const secretQuery = /([?&](?:api[-_]?key|key|token|access[-_]?token|auth|password|secret)=)[^&#\s]*/gi
const urlCredentials = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s:]+(?::[^/@\s]*)?@/gi

/** Strips `user:pass@` and secret-looking query parameters from every URL in a text. */
export function redactUrl(text: string): string {
  return text.replace(urlCredentials, `$1${REDACTED}@`).replace(secretQuery, `$1${REDACTED}`)
}

export type Redactor = ((text: string) => string) & {
  /** Adds a secret learnt at run time (a webhook's shared secret from a response) to the values redacted. */
  remember?: (secret: string) => void
}

/** A redactor for URL credentials plus the given secret values (API keys, header tokens) and those it remembers. */
export function createRedactor(secrets: Iterable<string | undefined>): Redactor {
  const values = new Set([...secrets].filter(isSecretValue))
  const redact: Redactor = (text) => {
    let out = redactUrl(text)
    for (const secret of values) out = out.split(secret).join(REDACTED)
    return out
  }
  redact.remember = (secret) => {
    if (isSecretValue(secret)) values.add(secret)
  }
  return redact
}

const isSecretValue = (s: unknown): s is string => typeof s === 'string' && s.length >= 4
