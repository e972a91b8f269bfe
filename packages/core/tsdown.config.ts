import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'
import { arrowsAsFunctions } from '../../scripts/arrows-as-functions.ts'
import { mapsWithoutShippedSources } from '../../scripts/maps-without-shipped-sources.ts'

// The package ships src/: its maps point there rather than carry a copy (zod's text, not shipped, stays in them).
const maps = mapsWithoutShippedSources(fileURLToPath(new URL('.', import.meta.url)))
// Both builds of what Node loads (dist/bundled) are without comments and whitespace (names kept: `minify`), for Node
// compiles what it reads and the JSDoc is in the types; ASCII only (\uffff escaped), for V8 then keeps each module's
// source as one-byte text, half the memory of two-byte; and declare module-level arrows as function expressions, which
// V8 skims until they run (scripts/arrows-as-functions.ts).
const minify = { compress: false, mangle: false, codegen: { removeWhitespace: true } }

export default defineConfig([
  {
    // index.node: Node's entry (types of the module-sync condition), with undici as the default transport; index:
    // bundlers'. entry/*: the lean entry points (./node, ./data, ./data/evm, ./metrics), one service each;
    // entry/*.node: their Node twins.
    entry: ['src/index.ts', 'src/index.node.ts', 'src/entry/*.ts', '!src/**/*.test.ts'],
    // One output file per source module, as in src: a bundler then drops every module a program does not reach
    // (sideEffects: false), which it cannot do inside one chunk holding the whole catalog.
    unbundle: true,
    root: 'src',
    format: ['esm', 'cjs'],
    fixedExtension: true,
    dts: true,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    plugins: [maps],
  },
  {
    // What Node itself loads (the module-sync condition): each entry as a few modules with zod inside. Node resolves,
    // reads and compiles every module file on its own: the 180 files of core, zod and @scure/base (a dependency then)
    // were two thirds of the CPU time of a program making one call (bench/results/latest.md, cold start).
    // Their types are the unbundled build's; zod's own copy stays a dependency for bundlers and for those types.
    entry: {
      index: 'src/index.node.ts',
      node: 'src/entry/node.node.ts',
      data: 'src/entry/data.node.ts',
      'data-evm': 'src/entry/data-evm.node.ts',
      metrics: 'src/entry/metrics.node.ts',
    },
    outDir: 'dist/bundled',
    clean: false,
    format: ['esm'],
    fixedExtension: true,
    dts: false,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    // zod is loaded when a schema is first built (./src/zod-on-demand.ts): a call without parameters builds none.
    alias: { 'zod/mini': fileURLToPath(new URL('src/zod-on-demand.ts', import.meta.url)) },
    deps: { alwaysBundle: ['zod', /^zod\//] },
    minify,
    outputOptions: { chunkFileNames: 'core-[hash].mjs', charset: 'ascii' },
    plugins: [arrowsAsFunctions(), maps],
  },
  {
    // The zod that ./src/zod-on-demand.ts loads: what core calls of zod/mini, as CommonJS (a synchronous require).
    entry: { zod: 'src/zod-subset.ts' },
    outDir: 'dist/bundled',
    clean: false,
    format: ['cjs'],
    fixedExtension: true,
    dts: false,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    deps: { alwaysBundle: ['zod', /^zod\//] },
    minify,
    outputOptions: { charset: 'ascii' },
    plugins: [arrowsAsFunctions(), maps],
  },
])
