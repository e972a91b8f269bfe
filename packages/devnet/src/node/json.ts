/**
 * JSON in and out the way Go's encoding/json does it for the node: numbers keep their source text (the node echoes
 * `id` verbatim and parses u64 parameters from the digits), output escapes <, >, & like json.Encoder and ends with
 * a newline.
 */

/** A JSON number kept as written, so `12345678901234567890` and `1.0` survive a parse/serialise round trip. */
export class RawNumber {
  constructor(readonly source: string) {}
  toJSON(): unknown {
    return rawJSON(this.source)
  }
}

/**
 * A method's result already in JSON, for big listings whose text is only hex, cb58, digits and timestamps (nothing
 * json.Encoder would escape): writing it as text spares JSON.stringify a scan of every byte of a 1 MB page. As bytes
 * (ASCII) it also spares building the page as strings first; as JsonBytes with head room the JSON-RPC envelope is
 * written around it in place (no copy of the page).
 */
export class SerializedResult {
  constructor(readonly json: string | Buffer | JsonBytes) {}
}

/** ASCII JSON written straight into a growing Buffer: a page of 1024 containers makes no 1 KB string apiece. */
export class JsonBytes {
  private buf: Buffer
  private pos: number

  /** `headroom` bytes are kept free before the text, for `enclose` to write an envelope's head into. */
  constructor(
    capacity: number,
    private readonly headroom = 0,
  ) {
    this.buf = Buffer.allocUnsafe(capacity + headroom)
    this.pos = headroom
  }

  /** Room for n more bytes: growing doubles, so a caller that knows its size ahead calls this once, early. */
  ensure(n: number): this {
    if (this.pos + n <= this.buf.length) return this
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n))
    this.buf.copy(next, 0, 0, this.pos)
    this.buf = next
    return this
  }

  /** ASCII text (one byte a character). */
  text(value: string): this {
    this.ensure(value.length)
    this.pos += this.buf.write(value, this.pos, 'latin1')
    return this
  }

  /** Lower-case hex of bytes, with no "0x": Buffer's native hex (a JS loop into the buffer is slower), no concatenation. */
  hex(bytes: Uint8Array): this {
    return this.text(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'))
  }

  /** Bytes written, not counting the head room. */
  get length(): number {
    return this.pos - this.headroom
  }

  /** The bytes written (a view: no copy). */
  finish(): Buffer {
    return this.buf.subarray(this.headroom, this.pos)
  }

  /**
   * head + the text + tail, the head written into the head room when it fits (a view: no copy of the text). The tail
   * goes in as UTF-8: it carries the request's id, which may be any JSON string.
   */
  enclose(head: string, tail: string): Buffer {
    this.ensure(Buffer.byteLength(tail))
    this.pos += this.buf.write(tail, this.pos, 'utf8')
    if (head.length > this.headroom) return Buffer.concat([Buffer.from(head, 'latin1'), this.finish()])
    const start = this.headroom - head.length
    this.buf.write(head, start, 'latin1')
    return this.buf.subarray(start, this.pos)
  }
}

const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

type ReviverContext = { source?: string }

/** JSON.parse with every number wrapped in RawNumber. Throws SyntaxError like JSON.parse. */
export function parseJsonRaw(text: string): unknown {
  return JSON.parse(text, function revive(this: unknown, _key: string, value: unknown, context?: ReviverContext) {
    if (typeof value === 'number') return new RawNumber(context?.source ?? String(value))
    return value
  } as (this: unknown, key: string, value: unknown) => unknown)
}

const HTML_CHARS = /[<>&\u2028\u2029]/
const HTML_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** json.NewEncoder(w).Encode(v): compact JSON, HTML-safe escaping, trailing newline. */
export function goJson(value: unknown): string {
  const text = JSON.stringify(value)
  return `${HTML_CHARS.test(text) ? text.replace(/[<>&\u2028\u2029]/g, (c) => HTML_ESCAPES[c] as string) : text}\n`
}

/** Go's json type names for unmarshal error messages. */
export function goJsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof RawNumber) return 'number'
  if (typeof value === 'boolean') return 'bool'
  return typeof value
}

/** Go-style message for a body JSON.parse rejected, or undefined if the prefix before trailing data is valid. */
export function goSyntaxError(text: string, error: unknown): { message: string; retry?: string } {
  const message = error instanceof Error ? error.message : String(error)
  if (text.trim() === '') return { message: 'EOF' }
  // Go's decoder reads one value and ignores what follows: retry with the first value only.
  const trailing = /after JSON at position (\d+)/.exec(message)
  if (trailing) return { message: '', retry: text.slice(0, Number(trailing[1])) }
  if (/end of JSON input|Unterminated|Unexpected end/i.test(message)) return { message: 'unexpected EOF' }
  const at = /position (\d+)/.exec(message)
  const ch = at ? text.charAt(Number(at[1])) : (/token '?(.)'?/.exec(message)?.[1] ?? text.trim().charAt(0))
  return { message: `invalid character '${ch}' looking for beginning of value` }
}
