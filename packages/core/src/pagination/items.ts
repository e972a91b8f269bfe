/**
 * The items of a walk's pages as one async iterator, in order, up to `limit`.
 *
 * Why not `for (…) yield* page`: an async generator costs a promise and several microtask turns per item, twice when
 * a generator wraps another (`.items()` over a walk): 0.35-0.6 µs an item, against 0.1 µs here, where an item of a
 * page already in hand is one resolved promise and only a page's end awaits the source.
 * Semantics are a generator's: `next()` calls are served in order even when not awaited, an error ends the walk, and
 * `return()` / `throw()` (a `break` out of `for await`) close the source, which stops its requests.
 */
export function itemsOf<P, T>(
  pages: AsyncGenerator<P, unknown, undefined>,
  itemsOfPage: (page: P) => readonly T[],
  limit?: number,
): AsyncGenerator<T, undefined, undefined> {
  return new PageItems(pages, itemsOfPage, limit)
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined })
const NO_ITEMS: readonly never[] = Object.freeze([])

class PageItems<P, T> implements AsyncGenerator<T, undefined, undefined> {
  readonly #pages: AsyncGenerator<P, unknown, undefined>
  readonly #itemsOfPage: (page: P) => readonly T[]
  #items: readonly T[] = NO_ITEMS
  #at = 0
  #left: number
  #done = false
  /** The pull of the next page while it runs: later `next()` calls wait for it, as a generator queues them. */
  #pulling: Promise<IteratorResult<T, undefined>> | undefined
  readonly #invalidLimit: RangeError | undefined

  constructor(
    pages: AsyncGenerator<P, unknown, undefined>,
    itemsOfPage: (page: P) => readonly T[],
    limit: number | undefined,
  ) {
    this.#pages = pages
    this.#itemsOfPage = itemsOfPage
    this.#left = limit ?? Number.POSITIVE_INFINITY
    // Thrown by the first next(), as the generator this replaces did.
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
      this.#invalidLimit = new RangeError(`limit must be a whole number >= 0, got ${limit}`)
    }
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#pulling) return this.#pulling.then(this.#nextAfter, this.#nextAfter)
    if (this.#done) return Promise.resolve(DONE)
    if (this.#invalidLimit) {
      this.#done = true
      void this.#pages.return(undefined).catch(() => {})
      return Promise.reject(this.#invalidLimit)
    }
    if (this.#left <= 0) return this.return()
    if (this.#at < this.#items.length) {
      this.#left--
      return Promise.resolve({ done: false, value: this.#items[this.#at++] as T })
    }
    const pull = this.#pull()
    this.#pulling = pull
    // Registered before any caller's reaction, so a queued next() sees the pull finished.
    pull.then(this.#pulled, this.#pulled)
    return pull
  }

  readonly #nextAfter = () => this.next()
  readonly #pulled = () => {
    this.#pulling = undefined
  }

  async #pull(): Promise<IteratorResult<T, undefined>> {
    // The page handed out is let go before waiting for the next: V8 collects it meanwhile (idle time is when it
    // finishes full GCs), instead of promoting it to the old generation and growing the young one.
    this.#items = NO_ITEMS
    try {
      for (;;) {
        const page = await this.#pages.next()
        if (page.done) {
          this.#done = true
          return DONE
        }
        this.#items = this.#itemsOfPage(page.value)
        this.#at = 0
        if (this.#items.length > 0) {
          this.#left--
          return { done: false, value: this.#items[this.#at++] as T }
        }
      }
    } catch (error) {
      this.#done = true
      throw error
    }
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    if (this.#pulling) await this.#pulling.catch(() => {})
    if (!this.#done) {
      this.#done = true
      this.#items = NO_ITEMS
      await this.#pages.return(undefined)
    }
    return DONE
  }

  async throw(error: unknown): Promise<IteratorResult<T, undefined>> {
    await this.return()
    throw error
  }

  [Symbol.asyncIterator](): this {
    return this
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return()
  }
}
