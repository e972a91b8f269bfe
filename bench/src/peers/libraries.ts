/**
 * The node JSON-RPC calls of the peer comparison, written for each library through its public API as its docs show,
 * pointed at the devnet. Each library (core and undici included) is imported only inside its own factory, so that a
 * worker process holds only the library it measures.
 */

/** The benchmarked mix, in rotation order. */
export const MIX = [
  'platform.getHeight',
  'avm.getTx',
  'platform.getCurrentValidators',
  'avm.getUTXOs',
  'index.getContainerByIndex',
] as const
export type MixCall = (typeof MIX)[number]

/** Wire checks beyond the mix: the calls the reference (node-rpc.md §6) says peers get wrong. */
export const CHECKS = [
  'index.getContainerRange (10 from 0)',
  'avm.getAllBalances (ewoq)',
  'platform.getBalance (ewoq)',
  'info.isBootstrapped (X)',
  'index.getContainerByIndex past the tip',
  'platform.getHeight while bootstrapping (503 text/plain)',
] as const
export type CheckName = (typeof CHECKS)[number]

export const LIBRARIES = ['core', 'raw', 'sdk-client', 'avalanchejs5', 'avalanche-v3'] as const
export type LibraryName = (typeof LIBRARIES)[number]

export const LIBRARY_LABELS: Record<LibraryName, string> = {
  core: '@avalanche-automation/core',
  raw: 'raw undici.request (ceiling)',
  'sdk-client': '@avalanche-sdk/client 0.1.1',
  avalanchejs5: '@avalabs/avalanchejs 5.2.0',
  'avalanche-v3': 'avalanche 3.16.0 (legacy v3)',
}

/** What the devnet holds, from its fixtures and one raw request each (so no client under test computes them). */
export interface PeerContext {
  url: string
  /** avm.getTx of txId as the node sends it (hex with checksum), from a raw request. */
  txHex: string
  /** A second devnet started with --bootstrapping. */
  bootstrappingUrl: string
  txId: string
  xAddress: string
  pAddress: string
  pHeight: number
  /** ewoq's P-Chain AVAX balance, decimal. */
  pBalance: string
  /** ewoq's X-Chain AVAX balance, decimal, and the AVAX asset ID. */
  xAvaxBalance: string
  avaxAssetId: string
  validatorCount: number
  /** Containers in index X/tx, and the ID of container 42. */
  indexCount: number
  index42Id: string
}

export interface Probe {
  run(): Promise<unknown>
  /** For a call expected to succeed: what is wrong with its result, if anything. */
  problem?(result: unknown): string | undefined
  /** For a call expected to throw: what is wrong with the error it threw, if anything. */
  errorProblem?(error: unknown): string | undefined
}

export interface Library {
  calls: Partial<Record<MixCall, Probe>>
  checks: Partial<Record<CheckName, Probe>>
  close?(): Promise<void>
}

// Results are peers' own shapes: read them structurally.
// biome-ignore lint/suspicious/noExplicitAny: peers' results are checked at run time
type Any = any

const same = (label: string, got: unknown, want: unknown) =>
  String(got) === String(want) ? undefined : `${label} ${String(got)}, expected ${String(want)}`
const hexTxProblem = (ctx: PeerContext, hex: unknown) =>
  typeof hex === 'string' && hex.toLowerCase() === ctx.txHex ? undefined : 'not the bytes the node sent'
const errorName = (error: unknown) => (error as Error)?.constructor?.name ?? typeof error
/** An error that says neither 503 nor bootstrapping has lost what the node said. */
const bootstrappingProblem = (error: unknown) =>
  /503|bootstrapping/i.test(`${(error as Error)?.message} ${(error as Any)?.details ?? ''}`)
    ? undefined
    : 'the 503 status and the node text are lost'
const mustThrow = (error: unknown) => (error ? undefined : 'threw nothing')

export const libraries: Record<LibraryName, (ctx: PeerContext) => Promise<Library>> = {
  async core(ctx) {
    const { createClient } = await import('@avalanche-automation/core')
    const client = createClient({ nodeUrl: ctx.url })
    const booting = createClient({ nodeUrl: ctx.bootstrappingUrl, retry: false })
    const avax = (r: Any) => r.balances.find((b: Any) => b.asset === 'AVAX' || b.asset === ctx.avaxAssetId)?.balance
    return {
      calls: {
        'platform.getHeight': {
          run: () => client.platform.getHeight(),
          problem: (r: Any) => same('height', r.height, ctx.pHeight),
        },
        'avm.getTx': {
          run: () => client.avm.getTx({ txID: ctx.txId, encoding: 'hex' }),
          problem: (r: Any) => hexTxProblem(ctx, r.tx),
        },
        'platform.getCurrentValidators': {
          run: () => client.platform.getCurrentValidators(),
          problem: (r: Any) => same('validators', r.validators.length, ctx.validatorCount),
        },
        'avm.getUTXOs': {
          run: () => client.avm.getUTXOs({ addresses: [ctx.xAddress], limit: 1024 }),
          problem: (r: Any) => same('utxos', r.utxos.length, 1024),
        },
        'index.getContainerByIndex': {
          run: () => client.index.getContainerByIndex({ indexName: 'X/tx', index: 42, encoding: 'hex' }),
          problem: (r: Any) => same('id', r.id, ctx.index42Id),
        },
      },
      checks: {
        'index.getContainerRange (10 from 0)': {
          run: () => client.index.getContainerRange({ indexName: 'X/tx', startIndex: 0, numToFetch: 10 }),
          problem: (r: Any) => same('containers', r.containers?.length, 10),
        },
        'avm.getAllBalances (ewoq)': {
          run: () => client.avm.getAllBalances({ address: ctx.xAddress }),
          problem: (r: Any) => same('AVAX balance', avax(r), ctx.xAvaxBalance),
        },
        'platform.getBalance (ewoq)': {
          run: () => client.platform.getBalance({ addresses: [ctx.pAddress] }),
          problem: (r: Any) => same('balance', r.balance, ctx.pBalance),
        },
        'info.isBootstrapped (X)': {
          run: () => client.info.isBootstrapped({ chain: 'X' }),
          problem: (r: Any) => same('isBootstrapped', r.isBootstrapped, true),
        },
        'index.getContainerByIndex past the tip': {
          run: () => client.index.getContainerByIndex({ indexName: 'X/tx', index: ctx.indexCount + 10 }),
          errorProblem: mustThrow,
        },
        'platform.getHeight while bootstrapping (503 text/plain)': {
          run: () => booting.platform.getHeight(),
          errorProblem: bootstrappingProblem,
        },
      },
      close: async () => {
        await client.close()
        await booting.close()
      },
    }
  },

  async raw(ctx) {
    // The ceiling: hand-written requests on one keep-alive pool, JSON.parse, no validation or conversion.
    const { Agent, request } = await import('undici')
    const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
    let id = 0
    const rpc = async (path: string, method: string, params: object) => {
      const res = await request(ctx.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        dispatcher: agent,
      })
      const body = (await res.body.json()) as { result?: unknown; error?: { message: string } }
      if (res.statusCode !== 200 || body.error)
        throw new Error(`raw call failed: ${res.statusCode} ${body.error?.message}`)
      return body.result as Any
    }
    return {
      calls: {
        'platform.getHeight': {
          run: () => rpc('/ext/bc/P', 'platform.getHeight', {}),
          problem: (r: Any) => same('height', r.height, ctx.pHeight),
        },
        'avm.getTx': {
          run: () => rpc('/ext/bc/X', 'avm.getTx', { txID: ctx.txId, encoding: 'hex' }),
          problem: (r: Any) => hexTxProblem(ctx, r.tx),
        },
        'platform.getCurrentValidators': {
          run: () => rpc('/ext/bc/P', 'platform.getCurrentValidators', {}),
          problem: (r: Any) => same('validators', r.validators.length, ctx.validatorCount),
        },
        'avm.getUTXOs': {
          run: () => rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: [ctx.xAddress], limit: 1024, encoding: 'hex' }),
          problem: (r: Any) => same('utxos', r.utxos.length, 1024),
        },
        'index.getContainerByIndex': {
          run: () => rpc('/ext/index/X/tx', 'index.getContainerByIndex', { index: '42', encoding: 'hex' }),
          problem: (r: Any) => same('id', r.id, ctx.index42Id),
        },
      },
      checks: {},
      close: () => agent.close(),
    }
  },

  async 'sdk-client'(ctx) {
    // README "Quick Start": createAvalancheClient with a known chain; the SDK derives /ext/bc/P etc. from the origin.
    const { createAvalancheClient } = await import('@avalanche-sdk/client')
    const { avalanche } = await import('@avalanche-sdk/client/chains')
    const client = createAvalancheClient({ chain: avalanche, transport: { type: 'http', url: ctx.url } })
    const booting = createAvalancheClient({ chain: avalanche, transport: { type: 'http', url: ctx.bootstrappingUrl } })
    const avax = (r: Any) =>
      r.balances?.find((b: Any) => b.asset === 'AVAX' || b.assetID === ctx.avaxAssetId || b.asset === ctx.avaxAssetId)
        ?.balance
    return {
      calls: {
        'platform.getHeight': {
          run: () => client.pChain.getHeight(),
          problem: (r: Any) => same('height', r.height, ctx.pHeight),
        },
        'avm.getTx': {
          run: () => client.xChain.getTx({ txID: ctx.txId, encoding: 'hex' }),
          problem: (r: Any) => hexTxProblem(ctx, r.tx),
        },
        'platform.getCurrentValidators': {
          run: () => client.pChain.getCurrentValidators({}),
          problem: (r: Any) => same('validators', r.validators.length, ctx.validatorCount),
        },
        'avm.getUTXOs': {
          run: () => client.xChain.getUTXOs({ addresses: [ctx.xAddress], limit: 1024 }),
          problem: (r: Any) => same('utxos', r.utxos.length, 1024),
        },
        'index.getContainerByIndex': {
          run: () => client.indexTx.xChain.getContainerByIndex({ index: 42, encoding: 'hex' }),
          problem: (r: Any) => same('id', r.id, ctx.index42Id),
        },
      },
      checks: {
        'index.getContainerRange (10 from 0)': {
          // Its documented parameters: {startIndex, endIndex, encoding} (the node wants numToFetch).
          run: () => client.indexTx.xChain.getContainerRange({ startIndex: 0, endIndex: 9, encoding: 'hex' }),
          problem: (r: Any) => same('containers', (r?.containers ?? r)?.length, 10),
        },
        'avm.getAllBalances (ewoq)': {
          // Its documented parameters: {addresses: string[]} (the node wants address: string).
          run: () => client.xChain.getAllBalances({ addresses: [ctx.xAddress] }),
          problem: (r: Any) => same('AVAX balance', avax(r), ctx.xAvaxBalance),
        },
        'platform.getBalance (ewoq)': {
          run: () => client.pChain.getBalance({ addresses: [ctx.pAddress] }),
          problem: (r: Any) => same('balance', r.balance, ctx.pBalance),
        },
        'info.isBootstrapped (X)': {
          run: () => client.info.isBootstrapped({ chain: 'X' }),
          problem: (r: Any) => same('isBootstrapped', r.isBootstrapped, true),
        },
        'index.getContainerByIndex past the tip': {
          run: () => client.indexTx.xChain.getContainerByIndex({ index: ctx.indexCount + 10, encoding: 'hex' }),
          errorProblem: mustThrow,
        },
        'platform.getHeight while bootstrapping (503 text/plain)': {
          run: () => booting.pChain.getHeight(),
          errorProblem: bootstrappingProblem,
        },
      },
    }
  },

  async avalanchejs5(ctx) {
    // README: new avm.AVMApi(baseURL), new pvm.PVMApi(baseURL), new info.InfoApi(baseURL). No index client.
    // Its ESM type declarations re-export './vms' without an extension, which NodeNext resolution cannot follow:
    // under this repo's TypeScript settings the module's types lack avm/pvm/info, so read it untyped.
    const { avm, info, pvm } = (await import('@avalabs/avalanchejs')) as Any
    const x = new avm.AVMApi(ctx.url)
    const p = new pvm.PVMApi(ctx.url)
    const i = new info.InfoApi(ctx.url)
    const booting = new pvm.PVMApi(ctx.bootstrappingUrl)
    const avax = (r: Any) => r.balances?.find((b: Any) => b.asset === 'AVAX' || b.asset === ctx.avaxAssetId)?.balance
    return {
      calls: {
        'platform.getHeight': { run: () => p.getHeight(), problem: (r: Any) => same('height', r.height, ctx.pHeight) },
        'avm.getTx': {
          // Always requests hex and returns the decoded SignedTx.
          run: () => x.getTx({ txID: ctx.txId }),
          problem: (r: Any) => (r?.unsignedTx ? undefined : 'no decoded transaction'),
        },
        'platform.getCurrentValidators': {
          run: () => p.getCurrentValidators(),
          problem: (r: Any) => same('validators', r.validators.length, ctx.validatorCount),
        },
        'avm.getUTXOs': {
          // Single page, decoded into Utxo objects.
          run: () => x.getUTXOs({ addresses: [ctx.xAddress], limit: 1024 } as Any),
          problem: (r: Any) => same('utxos', r.utxos.length, 1024),
        },
      },
      checks: {
        'avm.getAllBalances (ewoq)': {
          run: () => x.getAllBalances({ address: ctx.xAddress } as Any),
          problem: (r: Any) => same('AVAX balance', avax(r), ctx.xAvaxBalance),
        },
        'platform.getBalance (ewoq)': {
          run: () => p.getBalance({ addresses: [ctx.pAddress] }),
          problem: (r: Any) => same('balance', r.balance, ctx.pBalance),
        },
        'info.isBootstrapped (X)': {
          run: () => i.isBootstrapped('X'),
          problem: (r: Any) =>
            r?.isBootstrapped === true
              ? undefined
              : `got ${JSON.stringify(Object.keys(r ?? {}))} instead of {isBootstrapped} (it calls info.peers)`,
        },
        'platform.getHeight while bootstrapping (503 text/plain)': {
          run: () => booting.getHeight(),
          errorProblem: bootstrappingProblem,
        },
      },
    }
  },

  async 'avalanche-v3'(ctx) {
    // README: new Avalanche(host, port, protocol, networkID); avalanche.XChain(), .PChain(), .Index(), .Info().
    const v3 = (await import('avalanche')) as Any
    const Avalanche = v3.Avalanche ?? v3.default?.Avalanche
    const make = (href: string) => {
      const u = new URL(href)
      return new Avalanche(u.hostname, Number(u.port), u.protocol.replace(':', ''), 12345)
    }
    const av = make(ctx.url)
    const x = av.XChain()
    const p = av.PChain()
    const index = av.Index()
    const booting = make(ctx.bootstrappingUrl).PChain()
    return {
      calls: {
        'platform.getHeight': {
          run: () => p.getHeight(),
          problem: (r: Any) => same('height', r?.toString(10), ctx.pHeight),
        },
        'avm.getTx': { run: () => x.getTx(ctx.txId, 'hex'), problem: (r: Any) => hexTxProblem(ctx, r) },
        'platform.getCurrentValidators': {
          run: () => p.getCurrentValidators(),
          problem: (r: Any) => same('validators', r.validators.length, ctx.validatorCount),
        },
        'avm.getUTXOs': {
          // Single page, re-encoded and parsed into a UTXOSet.
          run: () => x.getUTXOs([ctx.xAddress], undefined, 1024),
          problem: (r: Any) => same('utxos', r.utxos.getAllUTXOs().length, 1024),
        },
        'index.getContainerByIndex': {
          run: () => index.getContainerByIndex('42', 'hex', '/ext/index/X/tx'),
          problem: (r: Any) => same('id', r?.id, ctx.index42Id),
        },
      },
      checks: {
        'index.getContainerRange (10 from 0)': {
          run: () => index.getContainerRange(0, 10, 'hex', '/ext/index/X/tx'),
          problem: (r: Any) => same('containers', (Array.isArray(r) ? r : r?.containers)?.length, 10),
        },
        'avm.getAllBalances (ewoq)': {
          run: () => x.getAllBalances(ctx.xAddress),
          problem: (r: Any) =>
            same(
              'AVAX balance',
              (Array.isArray(r) ? r : r?.balances)?.find((b: Any) => b.asset === 'AVAX' || b.asset === ctx.avaxAssetId)
                ?.balance,
              ctx.xAvaxBalance,
            ),
        },
        'platform.getBalance (ewoq)': {
          // 3.16 sends {address}; nodes since v1.9.8 read {addresses}.
          run: () => p.getBalance(ctx.pAddress),
          problem: (r: Any) => same('balance', r?.balance?.toString?.(10) ?? r?.balance, ctx.pBalance),
        },
        'info.isBootstrapped (X)': {
          run: () => av.Info().isBootstrapped('X'),
          problem: (r: Any) => same('isBootstrapped', r, true),
        },
        'index.getContainerByIndex past the tip': {
          run: () => index.getContainerByIndex(String(ctx.indexCount + 10), 'hex', '/ext/index/X/tx'),
          errorProblem: mustThrow,
        },
        'platform.getHeight while bootstrapping (503 text/plain)': {
          run: () => booting.getHeight(),
          errorProblem: bootstrappingProblem,
        },
      },
    }
  },
}

/** One line for an outcome: `ok`, `ok: throws X`, `wrong: ...`, `fails: ...`. */
export async function verify(probe: Probe, printed: () => string[]): Promise<string> {
  const expectError = probe.errorProblem !== undefined
  let result: unknown
  try {
    result = await probe.run()
  } catch (error) {
    const text = describeError(error)
    if (!expectError) return `fails: ${text}`
    const problem = probe.errorProblem?.(error)
    return problem ? `fails: ${text} (${problem})` : `ok: throws ${text}`
  }
  const logged = printed()
  const note = logged.length ? `; the error was only printed: ${clip(logged.join(' | '), 120)}` : ''
  if (expectError)
    return `wrong: resolved ${clip(JSON.stringify(result) ?? 'undefined', 60)} instead of throwing${note}`
  let problem: string | undefined
  try {
    problem = probe.problem?.(result)
  } catch (error) {
    problem = `unexpected result shape (${(error as Error).message})`
  }
  return problem ? `wrong: ${problem}${note}` : 'ok'
}

export function describeError(error: unknown): string {
  const e = error as Any
  const code = e?.rpcCode ?? e?.status ?? (typeof e?.code === 'number' ? e.code : undefined) ?? e?.response?.status
  const message = String(e?.details && e?.shortMessage ? `${e.shortMessage} ${e.details}` : (e?.message ?? e))
  // Devnet ports change from run to run: keep the reported text stable.
  const text = message.replace(/\s+/g, ' ').replace(/http:\/\/127\.0\.0\.1:\d+/g, '<devnet>')
  return `${errorName(error)}${code !== undefined ? ` (${code})` : ''}: ${clip(text, 140)}`
}

export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text)
