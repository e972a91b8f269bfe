import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { withoutShippedSources } from './maps-without-shipped-sources.ts'

test('a map keeps the text of the sources the package does not ship and drops the copies of those it ships', () => {
  const map = {
    version: 3,
    sources: ['../../src/a.ts', '../../node_modules/zod/index.js', '../../src/b.ts'],
    sourcesContent: ['a', 'zod', 'b'],
    mappings: 'AAAA',
  }
  const shipped = (path: string) => path.startsWith('/pkg/src/')
  expect(withoutShippedSources(map, '/pkg/dist/bundled/x.mjs.map', shipped)).toEqual({
    ...map,
    sourcesContent: [null, 'zod', null],
  })
  // Paths resolve from the map's own folder: one level up, ../../src is outside the package.
  expect(withoutShippedSources(map, '/pkg/dist/x.mjs.map', shipped).sourcesContent).toEqual(['a', 'zod', 'b'])
  expect(withoutShippedSources({ sources: ['../src/a.ts'] }, '/pkg/dist/x.mjs.map', shipped)).toEqual({
    sources: ['../src/a.ts'],
  })
})

// The published packages that ship src/ beside their maps, as `npm pack` ships them (dist is built before the tests).
test.each(['core', 'devnet', 'mcp-server'])(
  "each source map of %s points to the sources the package ships and carries the text of only those it doesn't",
  async (name) => {
    const dir = fileURLToPath(new URL(`../packages/${name}`, import.meta.url))
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: dir,
    })
    const files = new Set((JSON.parse(stdout) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path))
    const maps = [...files].filter((path) => path.endsWith('.map'))
    expect(maps.length).toBeGreaterThan(0)
    const carried: string[] = []
    for (const mapPath of maps) {
      const map = JSON.parse(readFileSync(join(dir, mapPath), 'utf8')) as {
        sources: string[]
        sourcesContent?: (string | null)[]
      }
      map.sources.forEach((source, i) => {
        const path = normalize(join(dirname(mapPath), source))
        if (typeof map.sourcesContent?.[i] === 'string') {
          expect(files.has(path), `${mapPath} carries a copy of ${path}, which the package ships`).toBe(false)
          carried.push(source)
        } else {
          expect(files.has(path), `${mapPath} points to ${path}, which the package does not ship`).toBe(true)
        }
      })
    }
    // Only bundled dependencies (core's dist/bundled holds zod) keep their text.
    expect(carried.every((source) => source.includes('/node_modules/'))).toBe(true)
    if (name === 'core') expect(carried.some((source) => source.includes('/zod/'))).toBe(true)
  },
  // Listing a package with npm takes 2-5 s in a full run: the default 5 s was once too little.
  60_000,
)
