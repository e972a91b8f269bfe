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
