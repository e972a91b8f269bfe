import { describe, expect, it } from 'vitest'
import { ByteWriter, compareBytes } from './bytes.js'
import { type Output, sortOutputs, transferOutput, writeOutput } from './components.js'
import { below, randomBytes } from './random.js'

const bytesOf = (out: Output) => {
  const w = new ByteWriter()
  writeOutput(w, out)
  return w.finish()
}

describe('sortOutputs', () => {
  it('orders by codec bytes, with the amount shortcut for transfer outputs of one asset', () => {
    const assets = [randomBytes(1, 90, 0, 32), randomBytes(1, 90, 1, 32)]
    const owners = [randomBytes(1, 91, 0, 20), randomBytes(1, 91, 1, 20)]
    for (let round = 0; round < 200; round++) {
      const outputs: Output[] = Array.from({ length: 2 + (round % 15) }, (_, k) => {
        const n = round * 100 + k
        // Shared asset objects, equal amounts, an equal-bytes copy of an asset, stakeable and mint outputs.
        const asset = below(1, 92, n, 5) === 0 ? (assets[0] as Uint8Array).slice() : (assets[n % 2] as Uint8Array)
        const out = transferOutput(asset, BigInt(below(1, 93, n, 4)), owners[below(1, 94, n, 2)] as Uint8Array)
        if (below(1, 95, n, 7) === 0) return { ...out, stakeableLocktime: 5n }
        if (below(1, 96, n, 9) === 0) return { ...out, typeId: 6 as const }
        return out
      })
      const expected = [...outputs].sort((a, b) => compareBytes(bytesOf(a), bytesOf(b)))
      expect(sortOutputs(outputs).map(bytesOf)).toEqual(expected.map(bytesOf))
    }
  })
})
