import * as z from 'zod/mini'
import { defineCheck } from './types.js'

/**
 * A Data API webhook still delivers: getWebhook answers status active. The service deactivates a webhook whose
 * deliveries keep failing (data-api.md 0c), and a user can deactivate one; either way status is inactive.
 */
export const webhook = defineCheck({
  kind: 'webhook',
  family: 'Webhooks',
  summary:
    'A Data API webhook subscription is active: the service has not deactivated its delivery (getWebhook status), optionally to the expected URL.',
  fields: () =>
    z.strictObject({
      webhookId: z
        .string()
        .check(
          z.minLength(1, { error: 'expected the webhook ID (data.createWebhook or data.listWebhooks answers it)' }),
        ),
      url: z.optional(z.url({ error: 'expected the receiver URL the webhook should deliver to' })),
    }),
  expected: (spec) => (spec.url ? `active, delivering to ${spec.url}` : 'active'),
  async run(spec, { client, call }) {
    const hook = (await client.data.getWebhook({ id: spec.webhookId }, call)) as {
      status: string
      url: string
      name?: string
    }
    const problems: string[] = []
    if (hook.status !== 'active') problems.push(`${hook.status} (deliveries stopped)`)
    if (spec.url !== undefined && hook.url !== spec.url) problems.push(`delivering to ${hook.url}`)
    return {
      ok: problems.length === 0,
      observed: problems.length ? problems.join(', ') : `active, delivering to ${hook.url}`,
      details: `webhook ${spec.webhookId}${hook.name ? ` (${hook.name})` : ''}`,
    }
  },
})
