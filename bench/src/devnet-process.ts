/** Runs the devnet CLI in its own process, so that the client under test and the server each get a core. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../../packages/devnet/dist/cli.mjs', import.meta.url))

export interface DevnetProcess {
  url: string
  stop(): Promise<void>
}

export async function spawnDevnet(args: string[]): Promise<DevnetProcess> {
  const child: ChildProcess = spawn(process.execPath, [cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const [url] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`devnet exited before printing its URL: ${stderr}`)
    }),
  ])) as [string]
  return {
    url: url.trim(),
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}
