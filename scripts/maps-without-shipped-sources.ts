/**
 * A rolldown plugin for packages that ship their sources beside their dist (core ships src/): each source map keeps
 * the text of the sources the package does not ship (a bundled dependency such as zod) and drops the copy of those it
 * does, which a debugger then reads through the map's `sources` path. The copies were 1.7 of core's 8.7 MB as
 * installed (bench/results/latest.md, package cost), 2.0 of the devnet's 5.1 MB.
 */
import { existsSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { Plugin } from 'rolldown'

interface RawMap {
  sources: string[]
  sourcesContent?: (string | null)[]
}

/** The map with `null` for each source that `shipped(absolutePath)` says the package ships. */
export function withoutShippedSources(map: RawMap, mapPath: string, shipped: (path: string) => boolean): RawMap {
  const content = map.sourcesContent
  if (!content) return map
  return {
    ...map,
    sourcesContent: map.sources.map((source, i) =>
      shipped(resolve(dirname(mapPath), source)) ? null : (content[i] ?? null),
    ),
  }
}

/**
 * `packageDir`: the package's absolute path. A source in it, outside node_modules, counts as shipped (its `files`
 * list ships src/ and npm always ships package.json); scripts/maps-without-shipped-sources.test.ts checks each map
 * against what `npm pack` ships.
 */
export function mapsWithoutShippedSources(packageDir: string): Plugin {
  const root = resolve(packageDir)
  const shipped = (path: string) => {
    const inside = relative(root, path)
    return (
      !inside.startsWith('..') && !isAbsolute(inside) && !inside.split(sep).includes('node_modules') && existsSync(path)
    )
  }
  return {
    name: 'maps-without-shipped-sources',
    generateBundle(options, bundle) {
      const outDir = resolve(options.dir ?? dirname(options.file ?? '.'))
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.map')) continue
        const map = JSON.parse(String(file.source)) as RawMap
        file.source = JSON.stringify(withoutShippedSources(map, resolve(outDir, file.fileName), shipped))
      }
    },
  }
}
