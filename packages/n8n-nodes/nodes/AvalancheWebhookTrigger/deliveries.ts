import { WebhookSignatureError } from '@avalanche-automation/core'
import type { IDataObject } from 'n8n-workflow'

/** How many messageIds per webhook are remembered as emitted (the service retries a message for up to a day). */
export const REMEMBERED_MESSAGES = 1000
/** A signature that does not match the cached secret re-reads it at most this often (the secret may have rotated). */
export const SECRET_REFRESH_MS = 60_000
/** Checks the header's form only: no delivery is signed with it. */
const PLACEHOLDER_SECRET = '00'

/**
 * The account's shared secret per webhook, in this process's memory only. It is read when first needed and again
 * when a signature stops matching (a rotation), but at most once a minute, so forged deliveries cannot make the node
 * call the API at their pace. A missing or malformed signature never causes a read.
 */
export class SecretCache {
  private readonly entries = new Map<string, { secret: string; readAt: number }>()

  set(webhookId: string, secret: string): void {
    this.entries.set(webhookId, { secret, readAt: Date.now() })
  }

  forget(webhookId: string): void {
    this.entries.delete(webhookId)
  }

  /**
   * Checks a delivery with `check` (verifyWebhookSignature with a secret): answers the problem (missing, malformed or
   * mismatched signature), or undefined when the delivery is signed with the account's secret.
   */
  async verify(
    webhookId: string,
    check: (secret: string) => unknown,
    source: { fetch: () => Promise<string> },
  ): Promise<WebhookSignatureError | undefined> {
    const entry = this.entries.get(webhookId)
    // Without a cached secret the header's form is checked first: a delivery without one never causes a read.
    const first = problemOf(check, entry?.secret ?? PLACEHOLDER_SECRET)
    if (!first) return undefined
    const stale = !entry || Date.now() - entry.readAt >= SECRET_REFRESH_MS
    if (first.problem !== 'mismatch' || !stale) return first
    const secret = await source.fetch()
    this.set(webhookId, secret)
    return problemOf(check, secret)
  }
}

/** The signature problem `check` finds with `secret` (a secret it cannot use, e.g. empty, counts as a mismatch). */
function problemOf(check: (secret: string) => unknown, secret: string): WebhookSignatureError | undefined {
  try {
    check(secret)
    return undefined
  } catch (error) {
    if (WebhookSignatureError.isInstance(error)) return error
    return new WebhookSignatureError('mismatch', `The delivery could not be checked: ${(error as Error).message}`)
  }
}

/**
 * The messageIds emitted last, per webhook, both in memory (deliveries handled at the same time by this process each
 * see the workflow's static data as it was loaded) and in the node's static data (kept across restarts).
 */
export class RecentIds {
  private readonly emitted = new Map<string, string[]>()

  /** Records `messageId`; false when it was emitted before. */
  add(webhookId: string, messageId: string, state: IDataObject & { seen?: string[] }): boolean {
    const memory = this.emitted.get(webhookId) ?? []
    const stored = Array.isArray(state.seen) ? state.seen : []
    if (memory.includes(messageId) || stored.includes(messageId)) return false
    this.emitted.set(webhookId, [...memory, messageId].slice(-REMEMBERED_MESSAGES))
    state.seen = [...stored, messageId].slice(-REMEMBERED_MESSAGES)
    return true
  }
}
