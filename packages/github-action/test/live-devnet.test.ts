import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@avalanche-automation/core'
import { startDevnet } from '@avalanche-automation/devnet'
import { describe, expect, it } from 'vitest'
import { type CliIo, main } from '../src/cli-main.js'

/** The CLI against a devnet whose chains really advance (`blockInterval`, `advance()`), and one whose chains halt. */
const capture = () => {
  const io = { out: '', err: '' }
  const cli: CliIo = { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t), isTTY: false, env: {} }
  return { io, cli }
}

const checksFile = (checks: string[]) => {
  const file = join(mkdtempSync(join(tmpdir(), 'live-')), 'checks.yml')
  writeFileSync(file, `checks:\n${checks.map((c) => `  - ${c}\n`).join('')}`)
  return file
}

describe('avalanche-check on a live devnet', () => {
  it('progress checks pass while the chains advance and fail, saying by how much, once they halt', async () => {
    const devnet = await startDevnet({ index: true, blockInterval: 40 })
    try {
      const file = checksFile([
        '{id: p-progress, kind: chain-progress, chain: P, window: 400ms, minIncrease: 1}',
        '{id: x-progress, kind: chain-progress, chain: X, window: 400ms, minIncrease: 1}',
        '{id: x-index, kind: index-progress, index: X/block, window: 400ms, minIncrease: 1}',
      ])
      const live = capture()
      expect(await main(['-c', file, '--node-url', devnet.url], live.cli)).toBe(0)
      expect(live.io.out).toMatch(/3\/3 passed/)

      devnet.setFaults({ halt: true })
      const halted = capture()
      expect(await main(['-c', file, '--node-url', devnet.url], halted.cli)).toBe(1)
      const { p, x } = devnet.tip()
      expect(halted.io.out).toContain(
        `p-progress (chain-progress): observed ${p} → ${p} (+0 in 400 ms); expected P height +1 in 400 ms`,
      )
      expect(halted.io.out).toContain(`x-progress (chain-progress): observed ${x} → ${x} (+0 in 400 ms)`)
      expect(halted.io.out).toContain(`x-index (index-progress): observed ${x - 1} → ${x - 1} (+0 in 400 ms)`)
    } finally {
      await devnet.close()
    }
  })

  it('finds what was added after it started: new X and P transactions, the index caught up', async () => {
    const devnet = await startDevnet({ index: true })
    const client = createClient({ nodeUrl: devnet.url })
    try {
      const tip = devnet.advance(3)
      const { block: xBlock } = await client.avm.getBlockByHeight({ height: tip.x, encoding: 'json' })
      const { block: pBlock } = await client.platform.getBlockByHeight({ height: tip.p, encoding: 'json' })
      const xTx = (xBlock as { txs: { id: string }[] }).txs[0]?.id
      const pTx = (pBlock as { txs: { id: string }[] }).txs[0]?.id
      const file = checksFile([
        `{id: new-x-tx, kind: tx-accepted, chain: X, txId: ${xTx}}`,
        `{id: new-p-tx, kind: tx-accepted, chain: P, txId: ${pTx}}`,
        '{id: p-index, kind: index-caught-up, index: P/block, maxLag: 0}',
      ])
      const { io, cli } = capture()
      expect(await main(['-c', file, '--node-url', devnet.url], cli)).toBe(0)
      expect(io.out).toMatch(/3\/3 passed/)
    } finally {
      await client.close()
      await devnet.close()
    }
  })
})
