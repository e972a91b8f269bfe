import { grown } from '../world/growable.js'

/** An append-only list of 32-bit integers in one typed array that doubles when full (4 bytes an entry). */
export class GrowingInt32 {
  private data = new Int32Array(0)
  length = 0

  push(value: number): void {
    this.data = grown(this.data, this.length + 1)
    this.data[this.length++] = value
  }

  at(i: number): number {
    return this.data[i] as number
  }

  last(): number | undefined {
    return this.length ? this.data[this.length - 1] : undefined
  }

  /** The entries so far, as a view (no copy): later pushes do not show in it. */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}
