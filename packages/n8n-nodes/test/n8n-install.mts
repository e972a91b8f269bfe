// Vitest global setup of this project: n8n and Chromium are installed before any test starts, not beside running
// tests.
import { ensureChromium } from './chromium.mts'
import { ensureN8n } from './n8n.mts'

export default async function setup(): Promise<void> {
  await ensureN8n()
  await ensureChromium()
}
