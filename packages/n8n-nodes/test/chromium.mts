/**
 * Debian's Chromium for the editor test, installed with apt when the machine has none (like n8n in n8n.mts, once,
 * before any test starts), and launched headless with a fresh profile.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type Browser, launch } from 'puppeteer-core'
import { n8nDir } from './n8n.mts'

/** `$AVALANCHE_CHROMIUM`, else Debian's `chromium` package. */
export const chromiumPath = process.env.AVALANCHE_CHROMIUM ?? '/usr/bin/chromium'

const say = (message: string) => process.stderr.write(`chromium: ${message}\n`)

function apt(args: string[], log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' })
    const child = spawn('apt-get', args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.pipe(out)
    child.stderr.pipe(out)
    child.on('error', reject)
    child.on('close', (code) => {
      out.end()
      if (code === 0) return resolve()
      const tail = readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
      reject(new Error(`apt-get ${args.join(' ')} failed with exit code ${code} (log: ${log})\n${tail}`))
    })
  })
}

/** Installs Debian's `chromium` unless it is there (needs root, as on CI and the dev machines). */
export async function ensureChromium(): Promise<void> {
  if (existsSync(chromiumPath)) return
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The editor test needs Chromium at ${chromiumPath}: install it (apt-get install chromium) or set AVALANCHE_CHROMIUM`,
    )
  }
  const log = join(dirname(n8nDir), 'chromium-install.log')
  mkdirSync(dirname(log), { recursive: true })
  const started = Date.now()
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`
  say(`installing Debian's chromium for the editor test (first run only: about a minute; log: ${log})`)
  await apt(['update'], log)
  say(`package lists updated (${elapsed()}); installing chromium`)
  await apt(['install', '-y', 'chromium'], log)
  if (!existsSync(chromiumPath))
    throw new Error(`apt-get installed chromium but ${chromiumPath} is missing (log: ${log})`)
  say(`chromium ready (${elapsed()})`)
}

/** A headless Chromium with a fresh profile, removed again on `close()`. */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
  const browser = await launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir: profile,
    defaultViewport: { width: 1600, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  browser.once('disconnected', () => rmSync(profile, { recursive: true, force: true }))
  return browser
}
