import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'
import { mapsWithoutShippedSources } from '../../scripts/maps-without-shipped-sources.ts'

// The package ships src/: its maps point there rather than carry a copy.
const maps = mapsWithoutShippedSources(fileURLToPath(new URL('.', import.meta.url)))

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    fixedExtension: true,
    dts: true,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    plugins: [maps],
  },
  {
    entry: ['src/cli.ts'],
    format: ['esm'],
    fixedExtension: true,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    plugins: [maps],
  },
])
