import { describe, expect, it } from 'vitest'
import { parseCliArgs, USAGE, UsageError } from './cli-args.js'
import { run } from './cli-main.js'
import { defaultXDagTxs } from './world/world.js'

// biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
const jsonOf = async (res: Response): Promise<any> => res.json()

function capture() {
  const out = { stdout: '', stderr: '' }
  const io = {
    stdout: (text: string) => {
      out.stdout += text
    },
    stderr: (text: string) => {
      out.stderr += text
    },
  }
  return { out, io }
}

describe('cli', () => {
  it('prints usage with --help and exits 0', async () => {
    const { out, io } = capture()
    expect(await run(['--help'], io)).toBe(0)
    expect(out.stdout).toBe(USAGE)
    expect(USAGE).toContain('--x-txs <n>')
  })

  it('names the flag and its range for a bad value, exit code 2', async () => {
    const { out, io } = capture()
    expect(await run(['--port', 'abc'], io)).toBe(2)
    expect(out.stderr).toContain('--port must be an integer from 0 to 65535 (got "abc")')
    const small = capture()
    expect(await run(['--x-txs', '5'], small.io)).toBe(2)
    expect(small.out.stderr).toMatch(/--x-txs must be an integer from \d+ to 16000000 \(got "5"\)/)
    const unknown = capture()
    expect(await run(['--nope'], unknown.io)).toBe(2)
    expect(unknown.out.stderr).toContain("Unknown option '--nope'")
  })

  it('--block-interval takes a duration and starts the chains advancing; --halt names the chains that stop', async () => {
    expect(parseCliArgs(['--block-interval', '2s'])).toMatchObject({ blockInterval: 2000 })
    expect(parseCliArgs(['--block-interval', '250ms'])).toMatchObject({ blockInterval: 250 })
    expect(parseCliArgs(['--block-interval', '1m', '--halt', 'p,x'])).toMatchObject({
      blockInterval: 60_000,
      faults: { halt: ['P', 'X'] },
    })
    expect(parseCliArgs(['--halt', 'all'])).toMatchObject({ faults: { halt: ['P', 'X', 'C'] } })
    expect(() => parseCliArgs(['--block-interval', 'soon'])).toThrow(
      '--block-interval must be a duration such as 500ms, 2s or 1m, at most 60 m (got "soon")',
    )
    expect(() => parseCliArgs(['--halt', 'Q'])).toThrow('--halt must be "all" or a list of chains from P, X, C')
    const { out, io } = capture()
    const devnet = await run(['--block-interval', '20ms', '--x-txs', '2000'], io)
    if (typeof devnet === 'number') throw new Error(`exit ${devnet}`)
    try {
      expect(out.stderr).toContain('live: every chain advances a round every 20 ms')
      await new Promise((resolve) => setTimeout(resolve, 120))
      expect(devnet.tip().round).toBeGreaterThan(0)
    } finally {
      await devnet.close()
    }
  })

  it('starts a devnet, printing the URL alone on the first stdout line', async () => {
    const { out, io } = capture()
    const devnet = await run(['--seed', '3', '--index', '--x-txs', '2000'], io)
    if (typeof devnet === 'number') throw new Error(`exit ${devnet}`)
    try {
      expect(out.stdout).toBe(`${devnet.url}\n`)
      expect(devnet.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(out.stderr).toContain('seed 3')
      expect(devnet.fixtures.x.txCount).toBe(2000)
      const res = await fetch(`${devnet.url}/ext/index/X/tx`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"index.getLastAccepted"}',
      })
      // X/tx holds the DAG era only: by default the setup txs and a fifth of the others.
      const dagTxs = defaultXDagTxs(2000, 3000)
      expect(dagTxs).toBeLessThan(600)
      expect((await jsonOf(res)).result.index).toBe(String(dagTxs - 1))
    } finally {
      await devnet.close()
    }
  })

  it('turns fault flags into fault options', () => {
    expect(
      parseCliArgs([
        '--latency-ms',
        '50',
        '--rate-limit-every',
        '3',
        '--retry-after',
        '2',
        '--fault-paths',
        '/ext/bc/X',
      ]),
    ).toEqual({
      admin: false,
      index: false,
      bootstrapping: false,
      faults: {
        latency: { paths: ['/ext/bc/X'], ms: 50 },
        rateLimit: { every: 3, paths: ['/ext/bc/X'], retryAfter: 2 },
      },
    })
    expect(() => parseCliArgs(['--http-error-first', '1', '--http-error-status', '501'])).toThrow(UsageError)
    expect(
      parseCliArgs(['--http-error-first', '1', '--http-error-status', '500', '--http-error-body', 'json']),
    ).toMatchObject({
      faults: { httpError: { first: 1, status: 500, body: 'json' } },
    })
    expect(() => parseCliArgs(['--latency-every', '2'])).toThrow('--latency-every/--latency-first need --latency-ms')
  })

  it('turns the era flags into xDagTxs and cortinaAtGenesis, and refuses a DAG era without a linear one', async () => {
    expect(parseCliArgs(['--x-dag-txs', '700'])).toMatchObject({ xDagTxs: 700 })
    expect(parseCliArgs(['--cortina-at-genesis'])).toMatchObject({ cortinaAtGenesis: true })
    expect(USAGE).toContain('--x-dag-txs <n>')
    expect(USAGE).toContain('--cortina-at-genesis')
    const tooMany = capture()
    expect(await run(['--x-txs', '300', '--utxos-per-address', '20', '--x-dag-txs', '300'], tooMany.io)).toBe(2)
    expect(tooMany.out.stderr).toContain('--x-dag-txs must be an integer from 0 to 299 (got "300")')
    const both = capture()
    expect(await run(['--cortina-at-genesis', '--x-dag-txs', '5'], both.io)).toBe(2)
    expect(both.out.stderr).toContain('cortinaAtGenesis means no DAG era, but xDagTxs is 5')
  })

  it('turns Data API flags into keys, rate limits and the EVM size', () => {
    expect(
      parseCliArgs(['--api-key', 'abc', '--api-key', 'lim:limited', '--live-rate-limits', '--evm-txs', '1000']),
    ).toMatchObject({
      apiKeys: { abc: 'full', lim: 'limited' },
      rateLimits: { unauthenticated: 6_000, full: 20_000, limited: 8_000, metrics: 8_000, windowMs: 60_000 },
      evmTxs: 1000,
    })
    expect(parseCliArgs(['--no-rate-limits'])).toMatchObject({ rateLimits: false })
    expect(() => parseCliArgs(['--api-key', 'k:admin'])).toThrow('--api-key must be')
    expect(() => parseCliArgs(['--live-rate-limits', '--no-rate-limits'])).toThrow(UsageError)
  })
})
