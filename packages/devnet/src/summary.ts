/**
 * `avalanche-devnet summary`: the README's main job. Starts a devnet with admin and index on, reads every service
 * it serves through the core client, and prints what it found. Walking the funded address's UTXOs shows a progress
 * bar; the walk's sum is checked against the node's own balance method.
 */
import { parseArgs } from 'node:util'
import { type AvalancheClient, createClient, formatAmount } from '@avalanche-automation/core'
import { startDevnet } from './devnet.js'
import { OptionError } from './options.js'

const USAGE = `Usage: avalanche-devnet summary [--seed <n>] [--x-txs <n>] [--utxos-per-address <n>]

Starts the devnet, reads every service it serves through @avalanche-automation/core and prints a summary.
`

export async function main(args: string[]): Promise<number> {
  let flags: { seed?: string; 'x-txs'?: string; 'utxos-per-address'?: string; help?: boolean }
  try {
    flags = parseArgs({
      args,
      options: {
        seed: { type: 'string' },
        'x-txs': { type: 'string' },
        'utxos-per-address': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    process.stderr.write(`avalanche-devnet summary: ${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (flags.help) {
    process.stdout.write(USAGE)
    return 0
  }
  const numbers: Record<string, number> = {}
  for (const [flag, key] of [
    ['seed', 'seed'],
    ['x-txs', 'xTxs'],
    ['utxos-per-address', 'utxosPerAddress'],
  ] as const) {
    const text = flags[flag]
    if (text === undefined) continue
    if (!/^\d+$/.test(text)) {
      process.stderr.write(`avalanche-devnet summary: --${flag} must be a whole number (got "${text}")\n`)
      return 2
    }
    numbers[key] = Number(text)
  }
  let devnet: Awaited<ReturnType<typeof startDevnet>>
  try {
    devnet = await startDevnet({ ...numbers, admin: true, index: true })
  } catch (error) {
    if (!(error instanceof OptionError)) throw error
    process.stderr.write(`avalanche-devnet summary: ${error.option.flag} must be from ${error.min} to ${error.max}\n`)
    return 2
  }
  const client = createClient({ nodeUrl: devnet.url })
  try {
    const funded = devnet.fixtures.accounts.ewoq.x
    await printSummary(client, devnet.url, funded)
    return 0
  } finally {
    await client.close()
    await devnet.close()
  }
}

const out = (label: string, text: string) => process.stdout.write(`${label.padEnd(10)}${text}\n`)
const n = (value: bigint | number) => value.toLocaleString('en-US')

async function printSummary(client: AvalancheClient, url: string, funded: string): Promise<void> {
  const [version, network, nodeId, readiness, liveness, bootstrapped] = await Promise.all([
    client.info.getNodeVersion(),
    client.info.getNetworkName(),
    client.info.getNodeID(),
    client.health.getReadiness(),
    client.health.getLiveness(),
    Promise.all(['P', 'X', 'C'].map((chain) => client.info.isBootstrapped({ chain }))),
  ])
  const networkId = (await client.info.getNetworkID()).networkID
  process.stdout.write(`Avalanche devnet at ${url}\n\n`)
  out('Node', `${version.version}, network ${network.networkName} (${networkId}), ${nodeId.nodeID}`)
  const done = ['P', 'X', 'C'].filter((_, i) => bootstrapped[i]?.isBootstrapped)
  out(
    'Health',
    `${readiness.healthy ? 'ready' : 'NOT ready'}, ${liveness.healthy ? 'live' : 'NOT live'}, bootstrapped: ${done.join(' ')}`,
  )

  const [pHeight, validators, supply, blockchains] = await Promise.all([
    client.platform.getHeight(),
    client.platform.getCurrentValidators(),
    client.platform.getCurrentSupply(),
    client.platform.getBlockchains(),
  ])
  out(
    'P-Chain',
    `height ${n(pHeight.height)}, ${validators.validators.length} Primary Network validators, supply ${formatAmount(supply.supply, 9)} AVAX, ${blockchains.blockchains.length} blockchains`,
  )
  const [xHeight, fee] = await Promise.all([client.avm.getHeight(), client.avm.getTxFee()])
  out('X-Chain', `height ${n(xHeight.height)}, tx fee ${formatAmount(fee.txFee, 9)} AVAX`)

  const indexes = await Promise.all(
    (['X/tx', 'X/block', 'P/block', 'C/block', 'X/vtx'] as const).map(async (indexName) => {
      try {
        const last = await client.index.getLastAccepted({ indexName })
        return `${indexName} #${n(last.index)}`
      } catch {
        return `${indexName} empty`
      }
    }),
  )
  out('Index', indexes.join(', '))
  const loggers = await client.admin.getLoggerLevel()
  out('Admin', `${Object.keys(loggers.loggerLevels).length} loggers`)

  // The node's per-asset balances give the walk's size up front (mint outputs, which hold no balance, come on top).
  const { balances } = await client.avm.getAllBalances({ address: funded })
  let expected = 0
  for (const { asset } of balances)
    expected += (await client.avm.getBalance({ address: funded, assetID: asset })).utxoIDs.length
  const bar = progressBar(`UTXOs of ${funded}`, expected)
  const sums = new Map<string, bigint>()
  let count = 0
  for await (const utxo of client.avm.getUTXOs.items({ addresses: [funded] })) {
    count++
    sums.set(utxo.assetId, (sums.get(utxo.assetId) ?? 0n) + (utxo.amount ?? 0n))
    bar.update(count)
  }
  bar.done()
  const avax = (await client.avm.getAssetDescription({ assetID: 'AVAX' })).assetID
  const avaxBalance = await client.avm.getBalance({ address: funded, assetID: avax })
  const agrees = avaxBalance.balance === (sums.get(avax) ?? 0n)
  out(
    'Funded',
    `${funded}: ${n(count)} UTXOs in ${sums.size} assets, ${formatAmount(sums.get(avax) ?? 0n, 9)} AVAX (${agrees ? 'equals' : 'DIFFERS from'} avm.getBalance)`,
  )
}

/** A progress bar on stderr: redrawn in place on a terminal, a line per quarter otherwise (CI logs). */
function progressBar(label: string, expected: number) {
  let total = expected
  const tty = process.stderr.isTTY
  let lastQuarter = -1
  let seen = 0
  const render = (value: number) => {
    total = Math.max(total, value)
    const ratio = total > 0 ? Math.min(1, value / total) : 1
    const width = 30
    const filled = Math.round(ratio * width)
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${n(value)}/${n(total)}`
  }
  return {
    update(value: number) {
      seen = value
      if (tty) process.stderr.write(`\r${render(value)}`)
      else {
        const quarter = Math.floor((value / Math.max(total, 1)) * 4)
        if (quarter > lastQuarter && quarter < 4) {
          lastQuarter = quarter
          process.stderr.write(`${render(value)}\n`)
        }
      }
    },
    done() {
      process.stderr.write(tty ? '\n' : `${render(seen)}\n`)
    },
  }
}
