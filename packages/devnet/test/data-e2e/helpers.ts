import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AvalancheClient, type ClientOptions, createClient } from '@avalanche-automation/core'
import { fixedRandom, noSleep } from '../helpers.js'

export { collect, type ErrorClass, rejection } from '../helpers.js'

import type { Devnet } from '../../src/index.js'

/** A core client whose node, Data API and Metrics API URLs are all the devnet; retries do not wait. */
export function dataClient(devnet: Devnet, options: ClientOptions = {}): AvalancheClient {
  return createClient({
    nodeUrl: devnet.url,
    dataApiUrl: devnet.url,
    metricsApiUrl: devnet.url,
    sleep: noSleep,
    random: fixedRandom,
    ...options,
  })
}

/** The raw JSON body of a devnet GET (to compare what core returns with what was sent). */
export async function raw(devnet: Devnet, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${devnet.url}${path}`)
  return { status: response.status, body: await response.json() }
}

/** One POST a webhook receiver got. */
export interface Delivery {
  at: number
  body: string
  signature: string | string[] | undefined
  json: { webhookId: string; eventType: string; messageId: string; event: { transaction: Record<string, unknown> } }
}

/**
 * A local webhook receiver: records every delivery; `answer` decides each reply (a status, or 'hang' to never
 * answer); `reset` forgets the deliveries, answers 200 again and drops the hanging replies.
 */
export async function webhookReceiver() {
  const hanging: ServerResponse[] = []
  const inbox = {
    url: '',
    deliveries: [] as Delivery[],
    answer: (() => 200) as (delivery: Delivery) => number | 'hang',
    reset() {
      inbox.deliveries.length = 0
      inbox.answer = () => 200
      for (const res of hanging.splice(0)) res.destroy()
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const delivery = { at: Date.now(), body, signature: req.headers['x-signature'], json: JSON.parse(body) }
      inbox.deliveries.push(delivery)
      const reply = inbox.answer(delivery)
      if (reply === 'hang') return void hanging.push(res)
      res.writeHead(reply, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  inbox.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return inbox
}

/** Waits until `condition` holds (polling every 10 ms); fails after `ms`. */
export async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting for deliveries')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
