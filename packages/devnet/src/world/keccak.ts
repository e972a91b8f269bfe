/**
 * Keccak-256 (the pre-SHA-3 padding Ethereum uses; node:crypto only has SHA3-256). Only C-Chain block hashes need
 * it, so this is a straightforward 32-bit-lane implementation of keccak-f[1600].
 */
const RC_HI = new Uint32Array(24)
const RC_LO = new Uint32Array(24)
;(() => {
  let r = 1
  for (let i = 0; i < 24; i++) {
    let hi = 0
    let lo = 0
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) & 0xff
      if (r & 2) {
        const bit = (1 << j) - 1
        if (bit < 32) lo ^= 1 << bit
        else hi ^= 1 << (bit - 32)
      }
    }
    RC_HI[i] = hi
    RC_LO[i] = lo
  }
})()

const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
const PI = [0, 10, 20, 5, 15, 16, 1, 11, 21, 6, 7, 17, 2, 12, 22, 23, 8, 18, 3, 13, 14, 24, 9, 19, 4]

function keccakF(hi: Uint32Array, lo: Uint32Array): void {
  const bHi = new Uint32Array(25)
  const bLo = new Uint32Array(25)
  const cHi = new Uint32Array(5)
  const cLo = new Uint32Array(5)
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) {
      cHi[x] =
        (hi[x] as number) ^
        (hi[x + 5] as number) ^
        (hi[x + 10] as number) ^
        (hi[x + 15] as number) ^
        (hi[x + 20] as number)
      cLo[x] =
        (lo[x] as number) ^
        (lo[x + 5] as number) ^
        (lo[x + 10] as number) ^
        (lo[x + 15] as number) ^
        (lo[x + 20] as number)
    }
    for (let x = 0; x < 5; x++) {
      const h1 = cHi[(x + 1) % 5] as number
      const l1 = cLo[(x + 1) % 5] as number
      const dHi = (cHi[(x + 4) % 5] as number) ^ ((h1 << 1) | (l1 >>> 31))
      const dLo = (cLo[(x + 4) % 5] as number) ^ ((l1 << 1) | (h1 >>> 31))
      for (let y = 0; y < 25; y += 5) {
        hi[x + y] = (hi[x + y] as number) ^ dHi
        lo[x + y] = (lo[x + y] as number) ^ dLo
      }
    }
    for (let i = 0; i < 25; i++) {
      const r = ROTATIONS[i] as number
      const h = hi[i] as number
      const l = lo[i] as number
      let rh: number
      let rl: number
      if (r === 0) {
        rh = h
        rl = l
      } else if (r < 32) {
        rh = (h << r) | (l >>> (32 - r))
        rl = (l << r) | (h >>> (32 - r))
      } else if (r === 32) {
        rh = l
        rl = h
      } else {
        const s = r - 32
        rh = (l << s) | (h >>> (32 - s))
        rl = (h << s) | (l >>> (32 - s))
      }
      const target = PI[i] as number
      bHi[target] = rh
      bLo[target] = rl
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        hi[x + y] = (bHi[x + y] as number) ^ (~(bHi[((x + 1) % 5) + y] as number) & (bHi[((x + 2) % 5) + y] as number))
        lo[x + y] = (bLo[x + y] as number) ^ (~(bLo[((x + 1) % 5) + y] as number) & (bLo[((x + 2) % 5) + y] as number))
      }
    }
    hi[0] = (hi[0] as number) ^ (RC_HI[round] as number)
    lo[0] = (lo[0] as number) ^ (RC_LO[round] as number)
  }
}

export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136
  const padded = new Uint8Array(Math.floor(data.length / rate + 1) * rate)
  padded.set(data)
  padded[data.length] = (padded[data.length] as number) ^ 0x01
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80
  const hi = new Uint32Array(25)
  const lo = new Uint32Array(25)
  const view = new DataView(padded.buffer)
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) {
      lo[i] = (lo[i] as number) ^ view.getUint32(offset + i * 8, true)
      hi[i] = (hi[i] as number) ^ view.getUint32(offset + i * 8 + 4, true)
    }
    keccakF(hi, lo)
  }
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 4; i++) {
    outView.setUint32(i * 8, lo[i] as number, true)
    outView.setUint32(i * 8 + 4, hi[i] as number, true)
  }
  return out
}
