import { InvalidEncodingError } from '../errors.js'
import { concatBytes } from './hash.js'

/** Big-endian writer for the node's linear codec (`codec/linearcodec`): fixed-width integers, length-prefixed arrays. */
export class CodecWriter {
  private readonly parts: Uint8Array[] = []

  u8(value: number): this {
    this.parts.push(Uint8Array.of(value))
    return this
  }
  u16(value: number): this {
    const b = new Uint8Array(2)
    new DataView(b.buffer).setUint16(0, value)
    this.parts.push(b)
    return this
  }
  u32(value: number): this {
    const b = new Uint8Array(4)
    new DataView(b.buffer).setUint32(0, value)
    this.parts.push(b)
    return this
  }
  u64(value: bigint): this {
    const b = new Uint8Array(8)
    new DataView(b.buffer).setBigUint64(0, value)
    this.parts.push(b)
    return this
  }
  /** Fixed-length bytes (IDs, short IDs, signatures). */
  bytes(value: Uint8Array): this {
    this.parts.push(value)
    return this
  }
  /** Variable-length bytes: u32 length, then the bytes. */
  sizedBytes(value: Uint8Array): this {
    return this.u32(value.length).bytes(value)
  }
  array<T>(items: readonly T[], write: (writer: this, item: T) => void): this {
    this.u32(items.length)
    for (const item of items) write(this, item)
    return this
  }
  toBytes(): Uint8Array {
    return concatBytes(...this.parts)
  }
}

export class CodecReader {
  private offset = 0
  private readonly view: DataView
  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  }
  private take(n: number): number {
    if (this.offset + n > this.data.length) {
      throw new InvalidEncodingError(`codec: needs ${n} more bytes at offset ${this.offset} of ${this.data.length}`)
    }
    const at = this.offset
    this.offset += n
    return at
  }
  u8(): number {
    return this.view.getUint8(this.take(1))
  }
  u16(): number {
    return this.view.getUint16(this.take(2))
  }
  u32(): number {
    return this.view.getUint32(this.take(4))
  }
  u64(): bigint {
    return this.view.getBigUint64(this.take(8))
  }
  bytes(n: number): Uint8Array {
    const at = this.take(n)
    return this.data.subarray(at, at + n)
  }
  /** Passes over `n` bytes and returns their offset: reading them in place spares a view per field. */
  skip(n: number): number {
    return this.take(n)
  }
  /** Back to the first byte, to read the same buffer again (a decoder's scratch holding the next value). */
  rewind(): this {
    this.offset = 0
    return this
  }
  /** The bytes being read. */
  get source(): Uint8Array {
    return this.data
  }
  sizedBytes(): Uint8Array {
    return this.bytes(this.u32())
  }
  array<T>(read: (reader: this) => T): T[] {
    const count = this.u32()
    const items: T[] = []
    for (let i = 0; i < count; i++) items.push(read(this))
    return items
  }
  /** A linear-codec string: u16 length, then UTF-8 bytes. */
  str(): string {
    return new TextDecoder().decode(this.bytes(this.u16()))
  }
  /** Throws unless every byte was read: `what` names the structure in the error. */
  expectEnd(what: string): void {
    if (this.remaining !== 0) {
      throw new InvalidEncodingError(
        `${what}: ${this.remaining} unexpected bytes after its end at offset ${this.offset}`,
      )
    }
  }
  /** Bytes read so far. */
  get position(): number {
    return this.offset
  }
  get remaining(): number {
    return this.data.length - this.offset
  }
}
