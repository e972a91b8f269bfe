type TypedArray = Uint8Array | Int32Array | Uint32Array | Float64Array | BigUint64Array

/**
 * `array` if it holds `length` items, else a copy a quarter longer: per-block and per-tx columns of a chain that
 * advances grow in amortized O(1) and store nothing per item beyond their own bytes. A quarter, not double: a column
 * then holds on average ~12% unused room instead of ~50%, for copying each item ~5 times in all instead of ~2.
 */
export function grown<T extends TypedArray>(array: T, length: number): T {
  if (array.length >= length) return array
  const next = new (array.constructor as new (length: number) => T)(
    Math.max(length, Math.ceil(array.length * 1.25), 16),
  )
  next.set(array as never)
  return next
}

/** Index of the first item > target in an ascending column of `count` items. */
export function upperBoundOf(column: ArrayLike<number>, count: number, target: number): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((column[mid] as number) <= target) lo = mid + 1
    else hi = mid
  }
  return lo
}
