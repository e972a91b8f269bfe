import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { itemsOf } from './items.js'

/** A page source that records how far it ran and whether it was closed (its finally block). */
function source(pages: number[][], failAt?: number) {
  const log = { pulled: 0, closed: false }
  async function* run() {
    try {
      for (const [k, page] of pages.entries()) {
        await Promise.resolve()
        if (k === failAt) throw new Error(`page ${k} failed`)
        log.pulled++
        yield page
      }
    } finally {
      log.closed = true
    }
  }
  return { pages: run(), log }
}

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterator) out.push(item)
  return out
}

describe("itemsOf: the items of a walk's pages, with a generator's semantics", () => {
  test('every item in order, empty pages skipped', async () => {
    const { pages, log } = source([[1, 2], [], [3], [4, 5, 6]])
    expect(await collect(itemsOf(pages, (p) => p))).toEqual([1, 2, 3, 4, 5, 6])
    expect(log).toEqual({ pulled: 4, closed: true })
  })

  test('limit stops the walk and closes the source before it reads further pages', async () => {
    const { pages, log } = source([
      [1, 2],
      [3, 4],
      [5, 6],
    ])
    expect(await collect(itemsOf(pages, (p) => p, 3))).toEqual([1, 2, 3])
    expect(log).toEqual({ pulled: 2, closed: true })
  })

  test('limit 0 yields nothing; a limit past the end yields everything', async () => {
    const none = source([[1]])
    expect(await collect(itemsOf(none.pages, (p) => p, 0))).toEqual([])
    expect(none.log.pulled).toBe(0)
    expect(await none.pages.next()).toEqual({ done: true, value: undefined }) // closed before it started
    expect(await collect(itemsOf(source([[1], [2]]).pages, (p) => p, 10))).toEqual([1, 2])
  })

  test('an invalid limit rejects the first next() and closes the source', async () => {
    const { pages, log } = source([[1]])
    const items = itemsOf(pages, (p) => p, 1.5)
    await expect(items.next()).rejects.toThrow('limit must be a whole number >= 0, got 1.5')
    expect(await items.next()).toEqual({ done: true, value: undefined })
    expect(log.pulled).toBe(0)
  })

  test('break out of for await closes the source', async () => {
    const { pages, log } = source([
      [1, 2],
      [3, 4],
    ])
    const seen: number[] = []
    for await (const item of itemsOf(pages, (p) => p)) {
      seen.push(item)
      if (item === 2) break
    }
    expect(seen).toEqual([1, 2])
    expect(log).toEqual({ pulled: 1, closed: true })
  })

  test('an error of the source rejects once, after the items before it, then the walk is done', async () => {
    const items = itemsOf(source([[1], [2], [3]], 2).pages, (p) => p)
    expect(await items.next()).toEqual({ done: false, value: 1 })
    expect(await items.next()).toEqual({ done: false, value: 2 })
    await expect(items.next()).rejects.toThrow('page 2 failed')
    expect(await items.next()).toEqual({ done: true, value: undefined })
  })

  test('next() calls made without awaiting are answered in order, across page ends', async () => {
    const { pages } = source([[1], [2, 3], [], [4]])
    const items = itemsOf(pages, (p) => p)
    const results = await Promise.all(Array.from({ length: 6 }, () => items.next()))
    expect(results.map((r) => (r.done ? 'done' : r.value))).toEqual([1, 2, 3, 4, 'done', 'done'])
  })

  test('return() while a page is being read waits for it, then closes the source', async () => {
    const { pages, log } = source([[1], [2]])
    const items = itemsOf(pages, (p) => p)
    const first = items.next()
    const closed = items.return(undefined)
    expect(await first).toEqual({ done: false, value: 1 })
    expect(await closed).toEqual({ done: true, value: undefined })
    expect(log.closed).toBe(true)
    expect(await items.next()).toEqual({ done: true, value: undefined })
  })

  test('throw() closes the source and rejects with the error; await using closes it too', async () => {
    const thrown = source([[1], [2]])
    const items = itemsOf(thrown.pages, (p) => p)
    await items.next()
    await expect(items.throw(new Error('stop'))).rejects.toThrow('stop')
    expect(thrown.log.closed).toBe(true)

    const disposed = source([[1], [2]])
    {
      await using walk = itemsOf(disposed.pages, (p) => p)
      expect(await walk.next()).toEqual({ done: false, value: 1 })
    }
    expect(disposed.log.closed).toBe(true)
  })

  test('the page mapping runs once per page, when the page is reached', async () => {
    const mapped: number[] = []
    const items = itemsOf(source([[1, 2], [3]]).pages, (p) => {
      mapped.push(p.length)
      return p.map((n) => n * 10)
    })
    expect(await items.next()).toEqual({ done: false, value: 10 })
    expect(mapped).toEqual([2])
    expect(await collect(items)).toEqual([20, 30])
    expect(mapped).toEqual([2, 1])
  })
})

test('a page is let go once its items are handed out, before the next page arrives (V8 collects it while the walk waits)', async () => {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  let first: WeakRef<object[]> | undefined
  let collectedWhileWaiting: boolean | undefined
  const firstPage = () => {
    const page = [{ n: 1 }, { n: 2 }]
    first = new WeakRef(page)
    return page
  }
  async function* pages() {
    yield firstPage() // not bound to a name here: a generator's binding would keep the page for the whole body
    // The walk is waiting for this page: the consumer holds no item of the first one any more.
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    collectedWhileWaiting = first !== undefined && first.deref() === undefined
    yield [{ n: 3 }]
  }
  const items = itemsOf(pages(), (page: { n: number }[]) => page)
  const seen: number[] = []
  for (let next = await items.next(); !next.done; next = await items.next()) seen.push(next.value.n)
  expect(seen).toEqual([1, 2, 3])
  expect(collectedWhileWaiting).toBe(true)
})
