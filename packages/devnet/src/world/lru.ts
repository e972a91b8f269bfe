/** A small insertion-ordered LRU: Map keeps order, re-inserting on hit moves an entry to the back. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>()
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key)
    if (value !== undefined) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next()
      if (!oldest.done) this.map.delete(oldest.value)
    }
    this.map.set(key, value)
  }

  getOrCreate(key: K, create: () => V): V {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const value = create()
    this.set(key, value)
    return value
  }

  clear(): void {
    this.map.clear()
  }
}
