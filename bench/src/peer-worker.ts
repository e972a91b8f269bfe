/**
 * One library in its own process, driven over IPC by peers-jsonrpc.ts, so that its memory figures are its own and
 * the orchestrator can alternate rounds between libraries:
 *   node peer-worker.ts <library>      (context arrives with the first message)
 * Messages: {type: 'init', ctx} -> {verified}, {type: 'round', calls, concurrency, durationMs} -> Throughput,
 * {type: 'stop'} -> {peakRssMb, peakHeapMb, blocked}.
 */

import { sampleMemory, throughput } from './measure.ts'
import { blockedSummary, installFetchGuard } from './peers/fetch-guard.ts'
import {
  CHECKS,
  type Library,
  type LibraryName,
  libraries,
  MIX,
  type MixCall,
  type PeerContext,
  verify,
} from './peers/libraries.ts'

installFetchGuard()
const name = process.argv[2] as LibraryName
const memory = sampleMemory()
let library: Library | undefined

// Libraries that swallow errors print them instead: keep what they print, to report it.
let printed: string[] = []
for (const method of ['log', 'warn', 'error'] as const) {
  console[method] = (...args: unknown[]) => {
    printed.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' '))
  }
}
const takePrinted = () => {
  const out = printed
  printed = []
  return out
}

type Message =
  | { id: number; type: 'init'; ctx: PeerContext }
  | { id: number; type: 'round'; calls: MixCall[]; concurrency: number; durationMs: number }
  | { id: number; type: 'stop' }

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'init': {
      const verified: Record<string, string> = {}
      try {
        library = await libraries[name](message.ctx)
      } catch (error) {
        // A library that could not be installed or loaded here is reported, not dropped.
        for (const call of [...MIX, ...CHECKS]) verified[call] = `not available: ${(error as Error).message}`
        return { verified }
      }
      for (const call of MIX) {
        const probe = library.calls[call]
        takePrinted()
        verified[call] = probe ? await verify(probe, takePrinted) : 'n/a (no such method)'
      }
      for (const check of CHECKS) {
        const probe = library.checks[check]
        takePrinted()
        verified[check] = probe ? await verify(probe, takePrinted) : 'n/a (no such method)'
      }
      return { verified }
    }
    case 'round': {
      const lib = library as Library
      const tasks = message.calls.map((call) => (lib.calls[call] as { run(): Promise<unknown> }).run)
      let i = 0
      const result = await throughput(
        () => (tasks[i++ % tasks.length] as () => Promise<unknown>)(),
        message.concurrency,
        message.durationMs,
      )
      takePrinted()
      return result
    }
    case 'stop': {
      await library?.close?.()
      return { ...memory.stop(), blocked: blockedSummary() }
    }
  }
}

process.on('message', (message: Message) => {
  handle(message).then(
    (value) => process.send?.({ id: message.id, ok: true, value }),
    (error: Error) => process.send?.({ id: message.id, ok: false, error: `${error.name}: ${error.message}` }),
  )
})
process.on('disconnect', () => process.exit(0))
