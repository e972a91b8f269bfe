type TypedArray = Uint8Array | Int32Array | Uint32Array | Float64Array | BigUint64Array

/**
 * `array` if it holds `length` items, else a copy at least twice as long: per-block and per-tx columns of a chain
 * that advances grow in amortized O(1) and store nothing per item beyond their own bytes.
 */
export function grown<T extends TypedArray>(array: T, length: number): T {
  if (array.length >= length) return array
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2, 16))
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
