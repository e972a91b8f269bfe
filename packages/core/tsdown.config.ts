import { defineConfig } from 'tsdown'

export default defineConfig({
  // index.node: the entry Node loads (module-sync condition), with undici as the default transport; index: bundlers'.
  // entry/*: the lean entry points (./node, ./data, ./data/evm, ./metrics), one service each; entry/*.node: their
  // module-sync twins, with undici as the default transport.
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
})
